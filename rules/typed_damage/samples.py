"""The sample weapons and armor of typed damage, and the tables that show them.

Examples:
    >>> SAMPLE_WEAPONS["Longsword"]
    '4-/2+'

"""

from __future__ import annotations

from types import MappingProxyType

from rules.tables import Table
from rules.typed_damage.armor import dice_text
from rules.typed_damage.equipment import DamageType, Face
from rules.typed_damage.notation import parse_weapon
from rules.typed_damage.resolve import plan

__all__ = ["SAMPLE_ARMOR", "SAMPLE_WEAPONS", "armor_table", "face_table", "weapon_table"]

SAMPLE_WEAPONS = MappingProxyType({
    "Fist": "0*",
    "Gauntlet": "1*",
    "Dagger": "2-/1+",
    "Stiletto": "2+",
    "Light Club": "2*",
    "Shortsword": "3-/2+",
    "Truncheon": "3*",
    "Mace": "4*",
    "Longsword": "4-/2+",
    "Rapier": "3+",
    "Spear": "4+",
    "Shuriken": "1-",
    "Dart": "1+",
    "Self Bow": "2+",
    "Shortbow": "3+",
    "Longbow": "4+",
    "Crossbow": "4+",
})
"""Weapon name -> notation, as the sample table lists them."""

SAMPLE_ARMOR = MappingProxyType({
    "Padded": "*",
    "Leather": "+",
    "Studded Leather": "*+",
    "Light Chain": "-*++",
    "Full Chain": "---*++",
    "Breastplate": "**++",
    "Field Plate": "--***++",
})
"""Armor name -> notation, as the sample table lists them."""

def face_table() -> Table:
    """The three faces of a Fudge die, the damage type each counts for, and the sample weapons of it."""
    rows = []
    for face in Face:
        kind = DamageType(face.value)
        written = "" if str(face) == f"[{face.value}]" else f" (written `{face.value}`)"
        weapons = [
            name for name, text in SAMPLE_WEAPONS.items()
            if any(mode.kind is kind for mode in parse_weapon(text).modes)
        ]
        rows.append((f"`{face}`{written}", f"{kind.word} (`{kind.value}`)", ", ".join(weapons)))
    return Table.of(("Face", "Type", "Sample weapons"), rows)


def weapon_table() -> Table:
    """The sample weapons: notation, and what each mode rolls and counts."""
    rows = []
    for name, text in SAMPLE_WEAPONS.items():
        modes = [f"{dice_text(mode.dice)} {mode.kind.word}, counts {mode.success_faces}"
                 for mode in parse_weapon(text).modes]
        rows.append((name, text, "; or ".join(modes)))
    return Table.of(("Weapon", "Notation", "Rolls"), rows)


def armor_table() -> Table:
    """The sample armor: notation, and the dice it stops of each damage type."""
    kinds = (DamageType.SLASHING, DamageType.IMPACT, DamageType.PIERCING, DamageType.BALLISTIC)
    rows = [
        (name, text, *(plan(f"1{kind.value}", text).protection for kind in kinds))
        for name, text in SAMPLE_ARMOR.items()
    ]
    headers = ("Armor", "Notation", *(f"Stops {kind.word} ({kind.value})" for kind in kinds))
    return Table.of(headers, rows)
