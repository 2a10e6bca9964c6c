"""Taking damage in a live-action game: what a hit does, step by step (``taking-damage.md``).

A hit is checked against ongoing prevention (immunities, damage requirements), then
one-time prevention, then damage reduction (the monstrous rule); what gets through
is taken one for one by magic armor, monstrous armor, physical armor, natural armor
and body, and anything left is a single wound at the location hit.

Examples:
    >>> result = take_hit(Defender(magic_armor=2, physical_armor=1, body=3), 4)
    >>> result.defender.body, result.call, result.wound
    (2, None, None)

"""

from __future__ import annotations

from rules.taking_damage.defender import (
    DEFAULT_ORDER,
    NON_STACKING,
    Defender,
    Immunity,
    Location,
    OneTime,
    Pool,
)
from rules.taking_damage.effects import GainResult, gain
from rules.taking_damage.hit import (
    NO_EFFECT,
    HitResult,
    in_doubt,
    non_stacking_table,
    order_table,
    take_hit,
)

__all__ = [
    "DEFAULT_ORDER",
    "NON_STACKING",
    "NO_EFFECT",
    "Defender",
    "GainResult",
    "HitResult",
    "Immunity",
    "Location",
    "OneTime",
    "Pool",
    "gain",
    "in_doubt",
    "non_stacking_table",
    "order_table",
    "take_hit",
]
