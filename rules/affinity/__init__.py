"""The affinity damage flowchart: an NPC's affinity to a damage type scales the damage.

`calculate` runs the seven steps of the flowchart in order, one helper per step,
and returns an `AffinityResult` whose steps cite the rules on ``affinity.md``.

Examples:
    >>> calculate(10, "fire", "RS").final
    5

"""

from __future__ import annotations

from rules.affinity.state import Lock, State
from rules.affinity.steps import AffinityResult, calculate, multiplier_table
from rules.affinity.vocabulary import Action, Affinity, Duration, Modifier

__all__ = [
    "Action",
    "Affinity",
    "AffinityResult",
    "Duration",
    "Lock",
    "Modifier",
    "State",
    "calculate",
    "multiplier_table",
]
