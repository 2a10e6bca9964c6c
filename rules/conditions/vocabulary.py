"""The closed vocabularies of conditions: conditions, penalty types, cover, concealment, skills.

Every enum reads the words players write, case-insensitively (`rules.words.parse_word`).

Examples:
    >>> Condition.parse(" Prone "), PenaltyType.parse(None), Cover.parse("superior-cover")
    (<Condition.PRONE: 'prone'>, <PenaltyType.UNTYPED: 'untyped'>, <Cover.SUPERIOR: 'superior cover'>)

"""

from __future__ import annotations

from enum import Enum
from typing import Self

from rules.conditions.rulebook import LIST_PAGE
from rules.tables import Table
from rules.vocabulary import SOURCE_NAMES, Condition
from rules.words import parse_word

__all__ = [
    "SOURCE_NAMES",
    "Concealment",
    "Condition",
    "Cover",
    "Defense",
    "PenaltyType",
    "Skill",
    "source_table",
]


def source_table() -> Table:
    """The conditions that depend on their source, and what the source is called.

    Examples:
        >>> print(source_table())
        Condition                                  Its source is the
        -----------------------------------------  -----------------
        [Dominated](conditions-list.md#dominated)  dominator
        [Grabbed](conditions-list.md#grabbed)      grabber
        [Marked](conditions-list.md#marked)        marker
        [Swallowed](conditions-list.md#swallowed)  swallower

    """
    rows = [
        (f"[{condition.title}]({LIST_PAGE}#{condition.value})", name)
        for condition, name in SOURCE_NAMES.items()
    ]
    return Table.of(("Condition", "Its source is the"), rows)


class PenaltyType(Enum):
    """How a penalty stacks: penalties of one type do not stack; untyped ones do."""

    COVER = "cover"
    CONCEALMENT = "concealment"
    POWER = "power"
    MARK = "mark"
    UNTYPED = "untyped"

    @classmethod
    def parse(cls, value: PenaltyType | str | None) -> PenaltyType:
        """Read a penalty type; ``None`` is an untyped penalty."""
        if value is None:
            return cls.UNTYPED
        aliases = {"none": cls.UNTYPED}  # pragma: no mutate (aliases match case-blind)
        return parse_word(cls, value, "penalty type", aliases=aliases)


class _Screen(Enum):
    """What Cover and Concealment share: none, the plain level (-2), the better one (-5).

    Each subclass lists its three levels in that order; the plain level's value names
    the penalty type, and the better level may be called by its first word alone.
    """

    @classmethod
    def parse(cls, value: object) -> Self:
        """Read a level: ``None`` or ``"none"``, the plain level, the better one or its first word."""
        none, plain, better = tuple(cls)
        if value is None:
            return none
        return parse_word(cls, value, plain.value, aliases={better.value.split()[0]: better})

    @property
    def penalty(self) -> int:
        """The penalty to the attack roll: 0, -2 or -5."""
        return (0, -2, -5)[tuple(type(self)).index(self)]


class Cover(_Screen):
    """How much cover a target has against one attacker; the value is its attack penalty's name.

    ``Cover.parse`` reads ``None`` or ``"none"``, ``"cover"``, ``"superior"`` or
    ``"superior cover"``.
    """

    NONE = "none"
    COVER = "cover"
    SUPERIOR = "superior cover"


class Concealment(_Screen):
    """How well a target is hidden from one attacker.

    ``Concealment.parse`` reads ``None`` or ``"none"``, ``"concealment"``, ``"total"`` or
    ``"total concealment"``.
    """

    NONE = "none"
    CONCEALMENT = "concealment"
    TOTAL = "total concealment"


class Defense(Enum):
    """The four defenses."""

    AC = "ac"
    FORTITUDE = "fortitude"
    REFLEX = "reflex"
    WILL = "will"

    @classmethod
    def parse(cls, value: Defense | str) -> Defense:
        """Read a defense: ``"AC"``, ``"Fortitude"``, ``"fort"``, ``"ref"``..."""
        # no mutate: aliases match case-blind, so "FORT" reads like "fort"
        aliases = {"fort": cls.FORTITUDE, "ref": cls.REFLEX, "armor class": cls.AC}  # pragma: no mutate
        return parse_word(cls, value, "defense", aliases=aliases)

    @property
    def title(self) -> str:
        """The defense as players write it: ``"AC"``, ``"Reflex"``."""
        return "AC" if self is Defense.AC else self.value.capitalize()


class Skill(Enum):
    """The skills an escape check may use, each against one defense of the source."""

    ACROBATICS = "acrobatics"
    ATHLETICS = "athletics"

    @classmethod
    def parse(cls, value: Skill | str) -> Skill:
        """Read the escape check's skill."""
        return parse_word(cls, value, "escape skill")

    @property
    def against(self) -> Defense:
        """The source's defense the check is made against: Reflex or Fortitude."""
        return Defense.REFLEX if self is Skill.ACROBATICS else Defense.FORTITUDE
