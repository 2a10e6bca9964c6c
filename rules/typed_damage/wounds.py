"""Wound tracks for typed damage: the simple track (one box per point) and the severity track.

A track is never changed: `WoundTrack.take` returns a new one.

Examples:
    >>> WoundTrack.simple().take(5).status
    'Hurt'

"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import pairwise

from rules.checks import collection, nonblank, settle, whole_number
from rules.errors import RulesError, RulesTypeError, shown
from rules.tables import Table
from rules.words import parse_word

__all__ = ["TrackKind", "WoundLevel", "WoundTrack", "severity_track_table", "simple_track_table"]


class TrackKind(Enum):
    """How a track takes damage: a box per point, or one box at the hit's severity."""

    SIMPLE = "simple"
    SEVERITY = "severity"


@dataclass(frozen=True, slots=True)
class WoundLevel:
    """A row of a wound track.

    Attributes:
        name: The level, e.g. ``"Hurt"``.
        boxes: How many boxes the row has.
        penalty: The penalty to all actions; ``None`` for the level that takes a character out.
        least: On the severity track, the least damage of a hit that lands on this row.

    """

    name: str
    boxes: int
    penalty: int | None
    least: int = 0

    def __post_init__(self) -> None:
        name = nonblank(self.name, "A wound level's name", such_as="a name such as 'Hurt'")
        whole_number(self.boxes, "A wound level's boxes", minimum=1)
        if self.penalty is not None:
            whole_number(self.penalty, "A wound level's penalty", minimum=None)
        whole_number(self.least, "A wound level's least damage")
        settle(self, name=name)  # boxes, penalty and least stay as given: the checks return them unchanged

    @property
    def effect(self) -> str:
        """The row's effect as the track prints it."""
        if self.penalty is None:
            return "Taken out"
        return f"{self.penalty} to all actions" if self.penalty else "No penalty"


def _check_rows(kind: TrackKind, levels: tuple[WoundLevel, ...]) -> None:
    """Every row can be reached: the taken-out row comes last, each severity row needs more damage.

    A row the rules could never check would print on the track and never be reached.
    """
    for level in levels[:-1]:
        if level.penalty is None:
            msg = (
                f"{level.name} takes the character out (penalty None), so it must be the track's "
                f"last row, not before {levels[-1].name}"
            )
            raise RulesError(msg)
    if kind is TrackKind.SEVERITY:
        for before, after in pairwise(levels):
            if after.least <= before.least:
                msg = (
                    f"On a severity track each row needs more damage than the one before: "
                    f"{after.name} ({after.least}) after {before.name} ({before.least}) could never "
                    f"take a hit of its own"
                )
                raise RulesError(msg)


_SIMPLE = (
    WoundLevel("Scratched", 4, 0),
    WoundLevel("Hurt", 3, -1),
    WoundLevel("Injured", 2, -2),
    WoundLevel("Critically Injured", 1, -4),
    WoundLevel("Incapacitated", 1, None),
)
_SEVERITY = (
    WoundLevel("Scratched", 2, 0, 1),
    WoundLevel("Hurt", 2, -1, 3),
    WoundLevel("Injured", 1, -2, 4),
    WoundLevel("Critically Injured", 1, -4, 5),
    WoundLevel("Incapacitated", 1, None, 7),
)


@dataclass(frozen=True, slots=True)
class WoundTrack:
    """A character's wounds: the rows of the track and how many boxes of each are checked."""

    kind: TrackKind
    levels: tuple[WoundLevel, ...]
    checked: tuple[int, ...]

    def __post_init__(self) -> None:
        kind = parse_word(TrackKind, self.kind, "wound track kind")
        levels = tuple(map(_level, collection(self.levels, "A wound track's levels")))
        if not levels:
            msg = "A wound track has one or more levels, not none"
            raise RulesError(msg)
        counts = collection(self.checked, "A wound track's checked boxes")
        checked = tuple(whole_number(ticks, "A count of checked boxes") for ticks in counts)
        if len(checked) != len(levels):
            count = f"a count of checked boxes per level ({len(levels)})"
            msg = f"A wound track has {count}, not {shown(checked)}"
            raise RulesError(msg)
        for level, ticks in zip(levels, checked, strict=True):  # pragma: no mutate (lengths checked above)
            if ticks > level.boxes:
                msg = f"{level.name} has {level.boxes} boxes: {ticks} cannot be checked"
                raise RulesError(msg)
        _check_rows(kind, levels)
        settle(self, kind=kind, levels=levels, checked=checked)

    @classmethod
    def simple(cls) -> WoundTrack:
        """The simple track: each point of damage checks the next box."""
        return cls(TrackKind.SIMPLE, _SIMPLE, (0,) * len(_SIMPLE))

    @classmethod
    def severity(cls) -> WoundTrack:
        """The severity track: a hit checks one box at the row its damage reaches."""
        return cls(TrackKind.SEVERITY, _SEVERITY, (0,) * len(_SEVERITY))

    def take(self, damage: int) -> WoundTrack:
        """The track after a hit of ``damage`` points (0 checks nothing).

        Raises:
            RulesError: Damage that is not a whole number of 0 or more.

        """
        if whole_number(damage, "damage") == 0:
            return self
        if self.kind is TrackKind.SIMPLE:
            return self._fill(damage)
        reached = [number for number, level in enumerate(self.levels) if level.least <= damage]
        return self._check_from(max(reached)) if reached else self  # below the first row: no box

    def _fill(self, points: int) -> WoundTrack:
        """Check the first ``points`` free boxes, row by row: one step per row, not per point.

        Beyond the last box the character is already taken out, so the rest is lost.
        """
        checked = []
        for level, ticks in zip(self.levels, self.checked, strict=True):  # pragma: no mutate (one per level)
            taken = min(level.boxes - ticks, points)
            points -= taken
            checked.append(ticks + taken)
        return WoundTrack(self.kind, self.levels, tuple(checked))

    def _check_from(self, row: int) -> WoundTrack:
        """Check the first free box in this row or a more severe one (§ruling-wounds-overflow)."""
        for number in range(row, len(self.levels)):
            if self.checked[number] < self.levels[number].boxes:
                checked = list(self.checked)
                checked[number] += 1
                return WoundTrack(self.kind, self.levels, tuple(checked))
        return self

    @property
    def _worst(self) -> WoundLevel | None:
        hurt = [level for level, ticks in zip(self.levels, self.checked, strict=True) if ticks]
        return hurt[-1] if hurt else None

    @property
    def status(self) -> str:
        """The most severe row with a checked box, or ``"Unhurt"``."""
        worst = self._worst
        return worst.name if worst else "Unhurt"

    @property
    def penalty(self) -> int | None:
        """The penalty to all actions of the most severe checked row; ``None`` once taken out."""
        worst = self._worst
        return worst.penalty if worst else 0

    @property
    def taken_out(self) -> bool:
        """Whether the box that takes the character out is checked."""
        worst = self._worst
        return worst is not None and worst.penalty is None

    def __str__(self) -> str:
        width = max(level.boxes for level in self.levels) * 3
        lines = []
        for level, ticks in zip(self.levels, self.checked, strict=True):  # pragma: no mutate (one per level)
            boxes = ("[x]" * ticks + "[ ]" * (level.boxes - ticks)).ljust(width)
            lines.append(f"{boxes} {level.name.ljust(18)} {level.effect}")
        return "\n".join(lines)


def _level(value: object) -> WoundLevel:
    if not isinstance(value, WoundLevel):
        msg = f"A wound track's levels must be rows such as WoundLevel('Hurt', 3, -1), not {shown(value)}"
        raise RulesTypeError(msg)
    return value


def _damage_range(track: tuple[WoundLevel, ...], row: int) -> str:
    least = track[row].least
    if row + 1 == len(track):
        return f"{least}+"
    most = track[row + 1].least - 1
    return str(least) if least == most else f"{least}-{most}"


def simple_track_table() -> Table:
    """The simple wound track as a table."""
    rows = [(level.boxes, level.name, level.effect) for level in _SIMPLE]
    return Table.of(("Boxes", "Level", "Effect"), rows)


def severity_track_table() -> Table:
    """The severity wound track as a table, with the damage that lands on each row."""
    rows = [
        (_damage_range(_SEVERITY, number), level.boxes, level.name, level.effect)
        for number, level in enumerate(_SEVERITY)
    ]
    return Table.of(("Damage", "Boxes", "Level", "Effect"), rows)
