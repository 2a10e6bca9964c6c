"""Typed damage: a weapon's hit against armor, counted on the Fudge dice rolled, with the exact odds.

The player gives the weapon and the armor in their notation (as the character sheet writes
them), the margin of success, and the roll. `rules.typed_damage.damage` answers; the chart is
`rules.typed_damage.distribution`: the exact chance of each damage before the dice are rolled.
"""

from __future__ import annotations

from types import MappingProxyType

from calculators.fields import Calculator, Field
from calculators.form import Form
from calculators.results import explained, odds
from rules.typed_damage import damage, dice_pool, distribution, parse_armor, parse_weapon, read_roll

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
          hint="One face per die: - (slashing), blank (impact), + (piercing), e.g. [-][ ][ ][+]",
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
    "and the odds of every result.",
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
        hit = damage(weapon, armor, roll, margin, mode=mode, source=source, strength=strength)
    if pool > MOST_CHARTED_DICE:
        return explained(hit)
    with form.concerning(None):
        chances = distribution(weapon, armor, margin, mode=mode, source=source, strength=strength)
    dice = "1 die" if pool == 1 else f"{pool} dice"
    title = f"The chance of each damage, rolling {dice}"
    return explained(hit, odds(title, [(f"{amount} damage", chance) for amount, chance in chances.items()]))
