"""Typed damage: a weapon's hit against armor, counted on the Fudge dice rolled, with the exact odds.

The player gives the weapon and the armor in their notation (as the character sheet writes
them), the margin of success, and the roll. `rules.typed_damage.damage` answers; the chart is
`rules.typed_damage.distribution`: the exact chance of each damage before the dice are rolled.
Without a roll (the field left blank while there are dice to roll), the answer is the chances
alone: of at least 1 damage, of each damage, and of each wound level it leaves a fresh
character at, on either track (`rules.typed_damage.WoundTrack` taking each damage).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from calculators.fields import Calculator, Field
from calculators.form import Form
from calculators.results import explained, odds, steps_of
from rules.typed_damage import (
    Plan,
    WoundTrack,
    damage,
    dice_pool,
    distribution,
    parse_armor,
    parse_weapon,
    plan,
    read_roll,
)

__all__ = ["CALCULATOR", "MOST_CHARTED_DICE", "solve"]

MOST_CHARTED_DICE = 40
"""The largest pool charted: one bar per damage; a larger pool is answered without the chart."""

FIELDS = (
    Field("weapon", "Weapon", "text", "Shortsword: 3-/2+",
          hint="Its notation: dice and face, e.g. 3-, Longsword: 4-/2+, Pistol: 4B(AP)",
          rule="weapon-notation"),
    Field("armor", "Armor worn", "text", "Bandit's Leather: +-*",
          hint="Its notation, e.g. +-*, BBBB*, EEEEE(Fire), --**++(H vs. Arrows); blank for none",
          rule="armor-notation"),
    Field("margin", "Margin of success", "number", "2", hint="How much the attack roll beat the defense",
          rule="dice-pool"),
    Field("roll", "The dice rolled", "text", "[-][ ][ ][+]",
          hint="One face per die: - (slashing), blank (impact), + (piercing), e.g. [-][ ][ ][+]; "
          "leave it empty for the chances before the roll",
          rule="counting-successes"),
    Field("mode", "Weapon mode", "number", "0", hint="0 for the first mode written, 1 for the second",
          rule="weapon-modes"),
    Field("source", "What the attack is", "text",
          hint="For armor hardened against it or an energy type, e.g. arrow or fire", rule="hardened-armor"),
    Field("strength", "Strength (in lieu of the margin)", "number",
          hint="Optional rule: leave blank to use the margin", rule="strength-for-damage"),
)

_PLAIN = MappingProxyType({field.name: field.default for field in FIELDS})


def _preset(**values: str) -> MappingProxyType[str, str]:
    return MappingProxyType({**_PLAIN, **values})


CALCULATOR = Calculator(
    system="typed-damage",
    page="typed-damage.md",
    title="Work out a hit",
    intro="Enter the weapon, the armor, the margin of success and the dice rolled to see the damage "
    "and the odds of every result; leave the dice empty to see your chances before you roll.",
    fields=FIELDS,
    presets=(
        # Named and written as the sample tables name and write them (§ruling-sample-names).
        ("Cyrus's shortsword against the bandit's leather", _preset()),
        ("Cyrus's shortsword against full chain",
         _preset(armor="Full Chain: ---*++", roll="[-][+]")),
        ("Officer Murphy's pistol against the leather jacket",
         _preset(weapon="Target Pistol: 3B", armor="Tough Leather Jacket: -*", margin="1", roll="-+ *")),
        ("Officer Murphy's pistol against the bulletproof vest",
         _preset(weapon="Target Pistol: 3B", armor="Bulletproof Vest: BBBB*", margin="1", roll="")),
        ("Arias's Firebolt against Protection from Fire",
         _preset(weapon="Firebolt: 4E+", armor="Protection from Fire: EEEEE(Fire)", roll="+", source="fire")),
        ("An arrow against the Armor of Muldoon",
         _preset(weapon="Arrow: 4+", armor="Armor of Muldoon: --**++(H vs. Arrows)", margin="0",
                 roll="[-][+][+][*]", source="arrow")),
        ("The knife against the shield belt",
         _preset(weapon="Knife: 2+", armor="Shield Belt: XXXXXX", roll="")),
    ),
)


def solve(form: Form) -> dict[str, object]:
    """The damage of the hit, explained, and the exact chance of each damage before the roll."""
    with form.concerning("weapon"):
        weapon = parse_weapon(form.text("weapon"))
    with form.concerning("armor"):
        armor = parse_armor(form.text("armor"))
    margin = form.number("margin")
    mode = form.number("mode")
    strength = form.number_or_none("strength")
    source = form.text("source") or None
    with form.concerning("roll"):
        roll = read_roll(form.text("roll", strip=False))
    inputs = {"mode": "mode", "source": "source", "strength": "strength", "margin": "margin"}
    with form.concerning("roll", inputs=inputs):
        pool = dice_pool(weapon, armor, margin, mode=mode, source=source, strength=strength)
        if not roll and pool:  # not rolled yet: the chances alone
            return _chances(plan(weapon, armor, margin, mode=mode, source=source, strength=strength),
                            distribution(weapon, armor, margin, mode=mode, source=source, strength=strength))
        hit = damage(weapon, armor, roll, margin, mode=mode, source=source, strength=strength)
    if pool > MOST_CHARTED_DICE:
        return explained(hit)
    with form.concerning(None):
        chances = distribution(weapon, armor, margin, mode=mode, source=source, strength=strength)
    dice = "1 die" if pool == 1 else f"{pool} dice"
    title = f"The chance of each damage, rolling {dice}"
    return explained(hit, odds(title, [(f"{amount} damage", chance) for amount, chance in chances.items()]))


def _chances(before: Plan, chances: Mapping[int, Fraction]) -> dict[str, object]:
    """The chances before the roll: of at least 1 damage, of each damage, of each wound level."""
    pool = before.pool
    dice = "1 die" if pool == 1 else f"{pool} dice"
    hurt = 1 - chances.get(0, Fraction(0))
    worn = str(before.armor) or "no armor"
    return {
        "ok": True,
        "situation": f"Weapon {before.weapon} against {worn}, before the roll",
        "steps": steps_of(before.steps),
        "outcome": f"Rolling {dice}: at least 1 damage {_chance(hurt)}",
        "odds": odds(f"The chance of each damage, rolling {dice}",
                     [(f"{amount} damage", chance) for amount, chance in chances.items()]),
        "charts": [_wound_levels("simple", chances), _wound_levels("severity", chances)],
    }


def _wound_levels(track: str, chances: Mapping[int, Fraction]) -> dict[str, object]:
    """Where this hit leaves an unhurt character on a track: each level's chance, in the track's order."""
    fresh = WoundTrack.simple() if track == "simple" else WoundTrack.severity()
    levels: dict[str, Fraction] = {}
    for amount, chance in chances.items():
        status = fresh.take(amount).status
        levels[status] = levels.get(status, Fraction(0)) + chance
    return odds(f"An unhurt character on the {track} wound track, after this hit", list(levels.items()))


def _chance(chance: Fraction) -> str:
    return f"{chance.numerator}/{chance.denominator} ({float(chance):.1%})"
