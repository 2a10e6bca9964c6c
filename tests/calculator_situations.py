"""Situations every calculator is tried on: the seeds' worked examples, their edges, and bad input.

Shared by the Python tests (`tests/test_calculators.py`, which check each answer against the
rules called directly) and the browser tests (which check the page's answer under Pyodide
against `calculators.answer` in CPython). A situation gives only the fields it sets; the
others take their default. ``refused`` names the field a bad input must be refused on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Situation:
    system: str
    values: Mapping[str, str]
    why: str
    refused: str = field(default="", kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))


def _resistances() -> list[Situation]:
    def hit(why: str, *, refused: str = "", **values: str) -> Situation:
        return Situation("resistances", values, why, refused=refused)

    creature = "Resist Fire (Advantage)\nResist 10 Fire\nResist 5 All"
    return [
        hit("seed worked example: 17 fire against Resist Fire and Vulnerable 5 Fire",
            damage="17", types="fire", traits="Resist Fire\nVulnerable 5 Fire"),
        hit("seed worked example: 27 fire without Combat Advantage", damage="27", types="fire",
            traits=creature),
        hit("seed worked example: 27 fire with Combat Advantage", damage="27", types="fire",
            traits=creature, advantage="yes"),
        hit("seed worked example: 17 fire and cold against Resist Fire, Vulnerable 5 Cold",
            damage="17", types="fire,cold", traits="Resist Fire\nVulnerable 5 Cold"),
        hit("seed worked example: 17 fire, cold and acid against an immunity and two vulnerabilities",
            damage="17", types="fire,cold,acid",
            traits="Damage Immune: Fire\nVulnerable 5 Cold\nVulnerable Acid"),
        hit("seed worked example: 17 fire and cold against Resist Fire and Resist All 5",
            damage="17", types="fire,cold", traits="Resist Fire\nResist All 5"),
        hit("edge: a limit larger than half the damage", damage="27", types="fire",
            traits="Resist Fire 20"),
        hit("edge: no type named is physical", damage="12", types="", traits="Resist Physical"),
        hit("edge: no traits at all", damage="9", types="cold", traits=""),
        hit("edge: zero damage", damage="0", types="fire", traits="Vulnerable Fire"),
        hit("edge: environmental damage against an unlimited resistance", damage="15", types="fire",
            traits="Resist Fire", environmental="yes"),
        hit("edge: environmental with a limit", damage="15", types="fire", traits="Resist Fire 10",
            environmental="yes"),
        hit("edge: Resistance Reduction against a limited resistance", damage="20", types="fire",
            traits="Resist Fire 10", reduction="Fire 5"),
        hit("edge: an Epic vulnerability and a level 20 attacker", damage="20", types="fire",
            traits="Vulnerable Fire (Epic)", level="20"),
        hit("edge: a Not Silvered resistance against a silvered weapon", damage="27", types="acid",
            traits="Resist All 5 (Not Silvered)", silvered="yes"),
        hit("edge: immunity beats vulnerability", damage="17", types="fire",
            traits="Damage Immune: Fire\nVulnerable Fire"),
        hit("edge: the limit written after the type", damage="27", types="fire", traits="Resist Fire 10"),
        hit("bad input: damage that is not a number", damage="lots", refused="damage"),
        hit("bad input: negative damage", damage="-3", refused="damage"),
        hit("bad input: a misspelt damage type in a trait line", traits="Resist 10 Fyre", refused="traits"),
        hit("bad input: an unknown damage type", types="fire,fyre", refused="types"),
        hit("bad input: an attacker of level 0", level="0", refused="level"),
        hit("bad input: Combat Advantage on environmental damage", advantage="yes", environmental="yes",
            refused="environmental"),
        hit("bad input: Resistance Reduction that cannot be read", reduction="five", refused="reduction"),
        hit("bad input: the invalid 'Damage Immune: All'", traits="Damage Immune: All", refused="traits"),
    ]


def _typed_damage() -> list[Situation]:
    def hit(why: str, *, refused: str = "", **values: str) -> Situation:
        return Situation("typed-damage", values, why, refused=refused)

    cyrus = {"weapon": "Shortsword: 3-/2+", "margin": "2"}
    murphy = {"weapon": "Target Pistol: 3B", "margin": "1"}
    muldoon = "Armor of Muldoon: --**++(H vs. Arrows)"
    return [
        hit("seed worked example: Cyrus's shortsword against leather, roll [-][ ][ ][+]",
            **cyrus, armor="Bandit's Leather: +-*", roll="[-][ ][ ][+]"),
        hit("seed worked example: Cyrus against chainmail (Full Chain)", **cyrus, armor="Full Chain: ---*++",
            roll="-+"),
        hit("seed worked example: Cyrus against super-heavy plate, the one-die minimum",
            **cyrus, armor="Super-Heavy Plate: ------****++++", roll="-"),
        hit("seed worked example: Officer Murphy against the leather jacket",
            **murphy, armor="Tough Leather Jacket: -*", roll="-+ *"),
        hit("seed worked example: Officer Murphy against the bulletproof vest (no dice)",
            **murphy, armor="Bulletproof Vest: BBBB*", roll=""),
        hit("seed worked example: Arias's Firebolt against Protection from Fire", weapon="Firebolt: 4E+",
            armor="Protection from Fire: EEEEE(Fire)", margin="2", roll="+", source="fire"),
        hit("seed worked example: the Armor of Muldoon against an arrow rolling [-][+][+][*]",
            weapon="Arrow: 4+", armor=muldoon, margin="0", roll="[-][+][+][*]", source="arrow"),
        hit("seed worked example: Rocket Risanto's foam, first hit", weapon="Fire: 4E+*(Fire)",
            armor="Fire Retardant Foam: EEEEEEEEEE(Fire, Ab)", margin="0", roll=""),
        hit("seed worked example: the knife against the shield belt", weapon="Knife: 2+",
            armor="Shield Belt: XXXXXX", margin="2", roll=""),
        hit("edge: no armor", weapon="Dagger: 2-/1+", armor="", margin="0", roll="-+"),
        hit("edge: the second mode of a weapon", weapon="Longsword: 4-/2+", armor="", margin="0",
            mode="1", roll="++"),
        hit("edge: Strength in lieu of the margin", weapon="Mace: 4*", armor="", margin="1",
            strength="2", roll="  +-  "),
        hit("edge: armor-piercing against hardened armor", weapon="Pistol: 4B(AP)",
            armor="Tank Hull: BBB(H)", margin="0", roll="+"),
        hit("edge: a pool too large to chart", weapon="50+", armor="", margin="0", roll="+" * 50),
        hit("bad input: a roll with the wrong number of dice", **cyrus, armor="Leather: +-*", roll="-+",
            refused="roll"),
        hit("bad input: a weapon that cannot be read", weapon="Shortsword: 3x", refused="weapon"),
        hit("bad input: armor that cannot be read", armor="--q+", refused="armor"),
        hit("bad input: a face that is not on a Fudge die", roll="[-][ ][ ][x]", refused="roll"),
        hit("bad input: a negative margin", margin="-1", refused="margin"),
        hit("bad input: a mode the weapon does not have", mode="3", refused="mode"),
    ]


def _taking_damage() -> list[Situation]:
    def hit(why: str, *, refused: str = "", **values: str) -> Situation:
        pools = {"magic-armor": "0", "monstrous-armor": "0", "physical-armor": "0", "natural-armor": "0"}
        return Situation("taking-damage", {**pools, **values}, why, refused=refused)

    return [
        hit("seed worked example: 4 damage against 2 magic armor, 1 physical armor and 3 body",
            damage="4", **{"magic-armor": "2", "physical-armor": "1"}, body="3"),
        hit("seed worked example: 4 Pierce against 4 monstrous armor and 4 body",
            damage="4", pierce="yes", **{"monstrous-armor": "4"}, body="4"),
        hit("seed worked example: 4 damage against 2 magic armor and 3 monstrous armor",
            damage="4", **{"magic-armor": "2", "monstrous-armor": "3"}, body="0"),
        hit("seed worked example: 4 Poison against Poison Immunity", damage="4", effect="Poison", body="3",
            immunities="Poison Immunity"),
        hit("edge: an immunity does nothing against plain damage", damage="2", body="3",
            immunities="Poison Immunity"),
        hit("edge: a one-time effect stops the whole hit", damage="5", body="3",
            **{"one-time": "Spirit Shield"}),
        hit("edge: a hit that does not meet the damage requirement", damage="3", body="5", requires="silver"),
        hit("edge: a hit that meets the damage requirement", damage="3", effect="Silver", body="5",
            requires="silver"),
        hit("edge: body reaches exactly 0", damage="3", body="3"),
        hit("edge: damage left over is a wound where the hit landed", damage="9", body="1",
            location="right leg"),
        hit("edge: a zero-damage hit", damage="0", body="3"),
        hit("edge: natural armor after physical armor", damage="3",
            **{"physical-armor": "2", "natural-armor": "2"}, body="3"),
        hit("bad input: damage that is not a number", damage="four", refused="damage"),
        hit("bad input: a location that cannot be hit", location="head", refused="location"),
        hit("bad input: an immunity whose name does not say what it stops", immunities="Spirit Shield",
            refused="immunities"),
        hit("bad input: negative body", body="-1", refused="body"),
        hit("bad input: a requirement the defender is immune to (invulnerable)", requires="silver",
            immunities="Silver Immunity", refused="requires"),
        hit("bad input: two non-stacking effects", immunities="Poison Immunity\nPoison Immunity",
            refused="immunities"),
    ]


def _affinity() -> list[Situation]:
    def attack(why: str, *, refused: str = "", **values: str) -> Situation:
        return Situation("affinity", {name.replace("_", "-"): value for name, value in values.items()}, why,
                         refused=refused)

    return [
        attack("worked example: 12 fire against RS", damage="12", type="fire", native="RS"),
        attack("worked example: guarding turns Normal into RS", damage="10", type="ice", native="Normal",
               guarding="yes"),
        attack("worked example: guarding turns VU into Normal", damage="10", type="ice", native="VU",
               guarding="yes"),
        attack("worked example: a grant of VU", damage="10", native="Normal", modifier="grant",
               modifier_affinity="VU"),
        attack("worked example: removing IM", damage="10", native="IM", modifier="remove",
               modifier_affinity="IM"),
        attack("worked example: a locked removal of RS holds on the next hit", damage="10", native="RS",
               earlier="remove", earlier_affinity="RS", earlier_lock="yes"),
        attack("worked example: a flash of VU over a locked removal", damage="10", native="RS",
               earlier="remove", earlier_affinity="RS", earlier_lock="yes", modifier="grant",
               modifier_affinity="VU"),
        attack("worked example: guarding cannot give a locked RS", damage="10", native="Normal",
               guarding="yes", earlier="remove", earlier_affinity="RS", earlier_lock="yes"),
        attack("worked example: ignoring RS", damage="10", native="RS", ignores="RS"),
        attack("edge: absorbing heals", damage="9", native="AB"),
        attack("edge: 1 damage resisted rounds down to no effect", damage="1", native="RS"),
        attack("edge: untyped damage", damage="10", type="", native="RS"),
        attack("edge: zero damage", damage="0", native="VU"),
        attack("edge: a grant lasting the scene", damage="10", native="Normal", modifier="grant",
               modifier_affinity="VU", duration="scene"),
        attack("bad input: negative damage", damage="-5", refused="damage"),
        attack("bad input: a grant cannot lock", modifier="grant", lock="yes", refused="lock"),
        attack("bad input: ignoring Normal", ignores="Normal", refused="ignores"),
        attack("bad input: an affinity that does not exist", native="XX", refused="native"),
        attack("bad input: a duration that does not exist", modifier="grant", duration="forever",
               refused="duration"),
    ]


def _monsters() -> list[Situation]:
    def monster(why: str, *, refused: str = "", **values: str) -> Situation:
        return Situation("monsters", {name.replace("_", "-"): value for name, value in values.items()}, why,
                         refused=refused)

    return [
        monster("seed role table: a brute with average defense 16", role="Brute", average="16"),
        monster("seed role table: a soldier", role="Soldier", average="16"),
        monster("seed variety option: a controller with +1 Fortitude and -1 Will", role="Controller",
                average="16", plus="fortitude", minus="will"),
        monster("seed group table: a shadow undead", role="Lurker", average="18", groups="Undead,Shadow"),
        monster("seed group table: an undead of level 5, old rules", role="Brute", average="15",
                groups="Undead", old_rules="yes", level="5"),
        monster("seed group table: an undead of level 12, old rules", role="Brute", average="15",
                groups="Undead", old_rules="yes", level="12"),
        monster("seed group table: a shadow undead of level 24, old rules", role="Artillery", average="30",
                groups="Undead,Shadow", old_rules="yes", level="24"),
        monster("edge: the level counts for nothing under the new rules", role="Brute", average="15",
                groups="Undead", level="24"),
        monster("edge: a group resisting and another vulnerable to one type", role="Skirmisher", average="14",
                groups="Plant,Fire"),
        monster("edge: a swarm", role="Skirmisher", average="14", groups="Swarm"),
        monster("edge: a rank is not a role", role="Solo Lurker", average="20"),
        monster("edge: an elite leader", role="Elite Lurker (Leader)", average="20"),
        monster("edge: a negative average defense", role="Soldier", average="-2"),
        monster("bad input: a role that does not exist", role="Wizard", refused="role"),
        monster("bad input: only a +1", plus="will", refused="plus"),
        monster("bad input: only a -1", minus="will", refused="minus"),
        monster("bad input: one defense takes both", plus="will", minus="will", refused="plus"),
        monster("bad input: level 0 under the old rules", groups="Undead", old_rules="yes", level="0",
                refused="level"),
        monster("bad input: an average that is not a number", average="x", refused="average"),
        monster("bad input: a group that does not exist", groups="Undead,Goblin", refused="groups"),
    ]


def _conditions() -> list[Situation]:
    def attack(why: str, *, refused: str = "", **values: str) -> Situation:
        return Situation("conditions", {name.replace("_", "-"): value for name, value in values.items()}, why,
                         refused=refused)

    return [
        attack("seed stacking: prone and blinded against a target in cover", attacker="Ari",
               attacker_conditions="Prone\nBlinded", target="Orc", cover="cover"),
        attack("seed stacking: a restrained, prone archer against a prone orc at range", attacker="Archer",
               attacker_conditions="Restrained\nProne", target="Orc", target_conditions="Prone", adjacent="",
               cover="none", concealment="concealment", other="power -1\n-1"),
        attack("seed mark violation: a marked orc attacks the wizard", attacker="Orc",
               attacker_conditions="Marked (fighter)", target="Wizard", cover="cover"),
        attack("seed mark violation: the attack targets the marker", attacker="Orc",
               attacker_conditions="Marked (fighter)", target="fighter", cover="cover"),
        attack("seed mark violation: an area attack that includes the marker", attacker="Orc",
               attacker_conditions="Marked (fighter)", target="Wizard", also_targets="fighter", cover="none"),
        attack("seed several markers: marked twice, one mark penalty", attacker="Orc",
               attacker_conditions="Marked (fighter)\nMarked (paladin)", target="Wizard", cover="none"),
        attack("seed stacking: superior cover, total concealment, a power and a mark", attacker="Orc",
               attacker_conditions="Marked (fighter)", target="Wizard", cover="superior cover",
               concealment="total concealment", other="power -2"),
        attack("edge: a prone target gives an adjacent attacker no cover", target_conditions="Prone",
               attacker_conditions="", cover="cover", adjacent="yes"),
        attack("edge: a prone target gains cover against a distant attacker", target_conditions="Prone",
               attacker_conditions="", cover="none", adjacent=""),
        attack("edge: nothing at all", attacker_conditions="", cover="none"),
        attack("edge: untyped penalties add up", attacker_conditions="", cover="none",
               other="-1\n-1\nuntyped -2"),
        attack("edge: two grabbers", attacker_conditions="Grabbed (ogre)\nGrabbed (troll)", cover="none"),
        attack("bad input: marked without a marker", attacker_conditions="Marked",
               refused="attacker-conditions"),
        attack("bad input: a condition that does not exist", target_conditions="Sleepy",
               refused="target-conditions"),
        attack("bad input: a penalty written as a positive number", other="power 2", refused="other"),
        attack("bad input: a penalty that cannot be read", other="a lot", refused="other"),
        attack("bad input: an attacker without a name", attacker=" ", refused="attacker"),
        attack("bad input: cover that does not exist", cover="half", refused="cover"),
    ]


SITUATIONS: tuple[Situation, ...] = (
    *_resistances(), *_monsters(), *_affinity(), *_conditions(), *_typed_damage(), *_taking_damage(),
)
"""Every situation, grouped by system."""
