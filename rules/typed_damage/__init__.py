"""Typed damage with Fudge dice: notation, resolution, exact odds and wound tracks.

A weapon rolls its dice plus the margin of success, less the armor that matches
its damage type, and counts the faces of its type: ``[-]`` slashing, ``[ ]``
impact, ``[+]`` piercing. See ``docs/typed-damage.md``.

Examples:
    >>> from rules.typed_damage import damage
    >>> damage("Shortsword: 3-", "Leather: +-*", "-  +", margin=2).final
    1

"""

from __future__ import annotations

from rules.typed_damage.equipment import Armor, DamageType, Face, Mode, Weapon
from rules.typed_damage.notation import parse_armor, parse_weapon
from rules.typed_damage.odds import distribution, expected_damage
from rules.typed_damage.resolve import DamageResult, Plan, damage, dice_pool, plan, read_roll
from rules.typed_damage.wounds import TrackKind, WoundLevel, WoundTrack

__all__ = [
    "Armor",
    "DamageResult",
    "DamageType",
    "Face",
    "Mode",
    "Plan",
    "TrackKind",
    "Weapon",
    "WoundLevel",
    "WoundTrack",
    "damage",
    "dice_pool",
    "distribution",
    "expected_damage",
    "parse_armor",
    "parse_weapon",
    "plan",
    "read_roll",
]
