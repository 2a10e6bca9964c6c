"""The words of the affinity flowchart: affinities, modifier actions, durations, and `Modifier`."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from rules.checks import flag, settle
from rules.errors import RulesError
from rules.words import parse_word

__all__ = ["Action", "Affinity", "Duration", "Modifier"]


class Affinity(Enum):
    """How an NPC takes one damage type; the value is the abbreviation the tables use."""

    VU = "VU"
    NORMAL = "Normal"
    RS = "RS"
    IM = "IM"
    AB = "AB"

    @classmethod
    def parse(cls, value: Affinity | str) -> Affinity:
        """Read an affinity as players write it: ``"rs"``, ``"Resist"``, ``"normal"``..."""
        return parse_word(cls, value, "affinity", aliases=_AFFINITY_WORDS)

    @property
    def multiplier(self) -> Fraction:
        """Step 5's multiplier for this affinity."""
        return _MULTIPLIERS[self]


_MULTIPLIERS = {
    Affinity.VU: Fraction(2),
    Affinity.NORMAL: Fraction(1),
    Affinity.RS: Fraction(1, 2),
    Affinity.IM: Fraction(0),
    Affinity.AB: Fraction(-1),
}
_AFFINITY_WORDS = {
    word: affinity
    for affinity, words in {
        Affinity.VU: ("vulnerable", "vulnerability", "weak"),
        Affinity.NORMAL: ("none", "-"),
        Affinity.RS: ("resist", "resistance", "resistant"),
        Affinity.IM: ("immune", "immunity"),
        Affinity.AB: ("absorb", "absorption", "absorbs"),
    }.items()
    for word in words
}


class Action(Enum):
    """What an attack modifier does to an affinity."""

    GRANT = "grant"
    REMOVE = "remove"


class Duration(Enum):
    """How long a modifier, and a lock it sets, stays in the saved state."""

    THIS_ATTACK = "this attack"
    UNTIL_NEXT_TURN = "until next turn"
    UNTIL_NEXT_ROUND = "until next round"
    SCENE = "scene"


@dataclass(frozen=True, slots=True)
class Modifier:
    """An attack's modifier: grant or remove one affinity, optionally locking a removal.

    Examples:
        >>> modifier = Modifier("Remove", "resist", lock=True, duration="Scene")
        >>> modifier.affinity, modifier.duration
        (<Affinity.RS: 'RS'>, <Duration.SCENE: 'scene'>)
        >>> print(modifier)
        remove RS with lock (scene)

    """

    action: Action
    affinity: Affinity
    lock: bool = field(default=False, kw_only=True)
    duration: Duration = field(default=Duration.THIS_ATTACK, kw_only=True)

    def __post_init__(self) -> None:
        settle(
            self,
            action=parse_word(Action, self.action, "modifier action"),
            affinity=Affinity.parse(self.affinity),
            lock=flag(self.lock, "lock"),
            duration=parse_word(Duration, self.duration, "duration"),
        )
        if self.affinity is Affinity.NORMAL:
            msg = "A modifier grants or removes VU, RS, IM or AB, not 'Normal'"
            raise RulesError(msg)
        if self.lock and self.action is Action.GRANT:
            msg = f"Only a removal can lock: cannot lock a grant of {self.affinity.value}"
            raise RulesError(msg)

    def __str__(self) -> str:
        locked = " with lock" if self.lock else ""
        return f"{self.action.value} {self.affinity.value}{locked} ({self.duration.value})"
