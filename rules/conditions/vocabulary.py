"""The closed vocabularies of conditions: conditions, penalty types, cover, concealment, skills.

Every enum reads the words players write, case-insensitively:

>>> Condition.parse(" Prone "), PenaltyType.parse(None), Cover.parse("superior cover")
(<Condition.PRONE: 'prone'>, <PenaltyType.UNTYPED: 'untyped'>, <Cover.SUPERIOR: 'superior cover'>)
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

from rules.errors import RulesError

__all__ = [
    "SOURCE_NAMES",
    "Concealment",
    "Condition",
    "Cover",
    "Defense",
    "PenaltyType",
    "Skill",
]

E = TypeVar("E", bound=Enum)


def parse_word(kind: type[E], value: object, what: str, aliases: dict[str, E] | None = None) -> E:
    """Read one member of ``kind`` from its value or an alias, or raise a `RulesError` naming it."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        word = " ".join(value.strip().lower().replace("_", " ").split())
        for member in kind:
            if member.value == word:
                return member
        if aliases and word in aliases:
            return aliases[word]
    choices = ", ".join(repr(member.value) for member in kind)
    msg = f"Unknown {what} {value!r}: use one of {choices}"
    raise RulesError(msg)


class Condition(Enum):
    """The seventeen conditions; the value is the name players write."""

    BLINDED = "blinded"
    DAZED = "dazed"
    DEAFENED = "deafened"
    DOMINATED = "dominated"
    EXILED = "exiled"
    GRABBED = "grabbed"
    HELPLESS = "helpless"
    IMMOBILIZED = "immobilized"
    MARKED = "marked"
    PETRIFIED = "petrified"
    PRONE = "prone"
    RESTRAINED = "restrained"
    SLOWED = "slowed"
    STUNNED = "stunned"
    SWALLOWED = "swallowed"
    UNCONSCIOUS = "unconscious"
    WEAKENED = "weakened"

    @classmethod
    def parse(cls, value: Condition | str) -> Condition:
        """Read a condition: ``"Prone"``, ``"removed from game"`` (the old name of exiled)..."""
        return parse_word(cls, value, "condition", _CONDITION_ALIASES)

    @property
    def title(self) -> str:
        """The condition's name as a heading writes it, e.g. ``"Prone"``."""
        return self.value.capitalize()

    @property
    def source_name(self) -> str | None:
        """What the source of this condition is called (``"grabber"``), or None if it needs none."""
        return SOURCE_NAMES.get(self)


_CONDITION_ALIASES = {
    "removed from game": Condition.EXILED,
    "immobilised": Condition.IMMOBILIZED,
    "slow": Condition.SLOWED,
    "stun": Condition.STUNNED,
    "daze": Condition.DAZED,
    "blind": Condition.BLINDED,
    "deaf": Condition.DEAFENED,
    "weaken": Condition.WEAKENED,
}

SOURCE_NAMES = {
    Condition.DOMINATED: "dominator",
    Condition.GRABBED: "grabber",
    Condition.MARKED: "marker",
    Condition.SWALLOWED: "swallower",
}
"""The source-dependent conditions and what their source is called."""


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
        return parse_word(cls, value, "penalty type", {"none": cls.UNTYPED})


class Cover(Enum):
    """How much cover a target has against one attacker; the value is its attack penalty's name."""

    NONE = "none"
    COVER = "cover"
    SUPERIOR = "superior cover"

    @classmethod
    def parse(cls, value: Cover | str | None) -> Cover:
        """Read cover: ``None`` or ``"none"``, ``"cover"``, ``"superior"``/``"superior cover"``."""
        if value is None:
            return cls.NONE
        return parse_word(cls, value, "cover", {"superior": cls.SUPERIOR})

    @property
    def penalty(self) -> int:
        """The cover penalty to the attack roll: 0, -2 or -5."""
        return {Cover.NONE: 0, Cover.COVER: -2, Cover.SUPERIOR: -5}[self]


class Concealment(Enum):
    """How well a target is hidden from one attacker."""

    NONE = "none"
    CONCEALMENT = "concealment"
    TOTAL = "total concealment"

    @classmethod
    def parse(cls, value: Concealment | str | None) -> Concealment:
        """Read concealment: ``None`` or ``"none"``, ``"concealment"``, ``"total"``."""
        if value is None:
            return cls.NONE
        return parse_word(cls, value, "concealment", {"total": cls.TOTAL})

    @property
    def penalty(self) -> int:
        """The concealment penalty to the attack roll: 0, -2 or -5."""
        return {Concealment.NONE: 0, Concealment.CONCEALMENT: -2, Concealment.TOTAL: -5}[self]


class Defense(Enum):
    """The four defenses."""

    AC = "ac"
    FORTITUDE = "fortitude"
    REFLEX = "reflex"
    WILL = "will"

    @classmethod
    def parse(cls, value: Defense | str) -> Defense:
        """Read a defense: ``"AC"``, ``"Fortitude"``, ``"fort"``, ``"ref"``..."""
        aliases = {"fort": cls.FORTITUDE, "ref": cls.REFLEX, "armor class": cls.AC}
        return parse_word(cls, value, "defense", aliases)

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
