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

    cyrus = {"weapon": "Shortsword: 3-", "margin": "2"}
    murphy = {"weapon": "Target Pistol: 3B", "margin": "1"}
    muldoon = "Armor of Muldoon: --**++(H vs. Arrows)"
    return [
        hit("seed worked example: Cyrus's shortsword against leather, roll [-][ ][ ][+]",
            **cyrus, armor="Leather: +-*", roll="[-][ ][ ][+]"),
        hit("seed worked example: Cyrus against chainmail", **cyrus, armor="Chainmail: ---*++", roll="-+"),
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


SITUATIONS: tuple[Situation, ...] = (*_resistances(), *_typed_damage())
"""Every situation, grouped by system."""
