"""The rules and rulings of ``typed-damage.md`` that a resolution step can cite."""

from __future__ import annotations

from rules.explain import Rule

PAGE = "typed-damage.md"

MODE = Rule(PAGE, "weapon-modes", "Weapon modes")
POOL = Rule(PAGE, "dice-pool", "Dice pool")
STRENGTH = Rule(PAGE, "strength-for-damage", "Strength for damage")
REGULAR = Rule(PAGE, "regular-armor", "Regular armor")
FLOOR = Rule(PAGE, "one-die-minimum", "At least one die")
COUNT = Rule(PAGE, "counting-successes", "Counting successes")
BALLISTIC = Rule(PAGE, "ballistic-damage", "Ballistic damage")
ENERGY = Rule(PAGE, "energy-damage", "Energy damage")
ARMOR_PIERCING = Rule(PAGE, "armor-piercing", "Armor piercing")
UNIVERSAL = Rule(PAGE, "universal-armor", "Universal armor")
HARDENED = Rule(PAGE, "hardened-armor", "Hardened armor")
ABLATIVE = Rule(PAGE, "ablative-armor", "Ablative armor")
NO_ARMOR = Rule(PAGE, "no-armor", "No armor")

BALLISTIC_VS_REGULAR = Rule(
    PAGE, "ruling-ballistic-vs-regular-armor", "Ruling: ballistic against regular armor"
)
SPECIAL_TO_ZERO = Rule(PAGE, "ruling-special-armor-to-zero", "Ruling: special armor can leave 0 dice")
ENERGY_TYPES = Rule(PAGE, "ruling-energy-types", "Ruling: energy types must match")
ABLATIVE_WEAR = Rule(PAGE, "ruling-ablative-wear", "Ruling: what ablative armor loses")
