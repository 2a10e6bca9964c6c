"""The closed vocabularies of the resistances system, read from the words players write.

Every enum here parses case-insensitively with ``parse`` (`rules.words.parse_word`);
an unknown word is a `RulesError` that names it and lists the words that would work.

Examples:
    >>> DamageType.parse("FIRE")
    <DamageType.FIRE: 'Fire'>
    >>> Condition.parse("no burst or blast")
    <Condition.NO_AREA: 'No Burst/Blast'>

"""

from __future__ import annotations

from enum import Enum

from rules.errors import RulesError, shown
from rules.vocabulary import CharacterCondition
from rules.words import choices, normalise, parse_word

__all__ = [
    "CharacterCondition",
    "Condition",
    "DamageType",
    "Keyword",
    "Scope",
    "is_scope_word",
    "normalise",
    "parse_scope",
]


class DamageType(Enum):
    """A damage type; physical is the type of damage that names none (§physical-damage)."""

    PHYSICAL = "Physical"
    ACID = "Acid"
    COLD = "Cold"
    FIRE = "Fire"
    FORCE = "Force"
    LIGHTNING = "Lightning"
    NECROTIC = "Necrotic"
    POISON = "Poison"
    PSYCHIC = "Psychic"
    RADIANT = "Radiant"
    THUNDER = "Thunder"

    @classmethod
    def parse(cls, value: DamageType | str) -> DamageType:
        """Read one damage type, e.g. ``"fire"`` or ``"Physical"``, in any case."""
        if is_scope_word(value):
            msg = f"{shown(value)} is not one damage type: it may only follow Resist or Vulnerable"
            raise RulesError(msg)
        return parse_word(cls, value, "damage type")


class Scope(Enum):
    """The damage a Resist or Vulnerable may name besides one damage type."""

    ALL = "All"
    NON_PHYSICAL = "Non-physical"

    def covers(self, kind: DamageType) -> bool:
        """Whether damage of this type falls in the scope."""
        return self is Scope.ALL or kind is not DamageType.PHYSICAL


_SCOPE_WORDS = {"all": Scope.ALL, "non physical": Scope.NON_PHYSICAL, "nonphysical": Scope.NON_PHYSICAL}


def is_scope_word(value: object) -> bool:
    """Whether the text names a scope (``"all"``, ``"non-physical"``) rather than a damage type."""
    return isinstance(value, str) and normalise(value) in _SCOPE_WORDS


def parse_scope(value: DamageType | Scope | str) -> DamageType | Scope:
    """Read what a Resist or Vulnerable names: a damage type, ``"all"`` or ``"non-physical"``."""
    if isinstance(value, (DamageType, Scope)):
        return value
    if isinstance(value, str) and is_scope_word(value):
        return _SCOPE_WORDS[normalise(value)]
    try:
        return DamageType.parse(value)
    except RulesError as error:
        msg = f"Unknown damage type {shown(value)}: use 'All', 'Non-physical' or one of {choices(DamageType)}"
        raise type(error)(msg) from None


class Condition(Enum):
    """When a Resist, Vulnerable or Condition Immunity applies (§trait-conditions).

    Every condition has its opposite, and either may go on any trait
    (§ruling-conditions-either-trait).
    """

    ADVANTAGE = "Advantage"
    NO_ADVANTAGE = "No Advantage"
    CRITICAL = "Critical"
    NOT_CRITICAL = "Not Critical"
    ONGOING = "Ongoing"
    NOT_ONGOING = "Not Ongoing"
    SILVERED = "Silvered"
    NOT_SILVERED = "Not Silvered"
    PARAGON = "Paragon"
    NOT_PARAGON = "Not Paragon"
    EPIC = "Epic"
    NOT_EPIC = "Not Epic"
    AREA = "Burst/Blast"
    NO_AREA = "No Burst/Blast"

    @classmethod
    def parse(cls, value: Condition | str) -> Condition:
        """Read a condition: ``"no advantage"``, ``"Not Silvered"``, ``"no burst or blast"``..."""
        return parse_word(cls, value, "condition", aliases=_CONDITION_WORDS)


_CONDITION_WORDS = {
    "burst or blast": Condition.AREA,
    "no burst or blast": Condition.NO_AREA,
    "not burst or blast": Condition.NO_AREA,
    "not advantage": Condition.NO_ADVANTAGE,
    "combat advantage": Condition.ADVANTAGE,
    "no combat advantage": Condition.NO_ADVANTAGE,
    "not burst/blast": Condition.NO_AREA,
    "no critical": Condition.NOT_CRITICAL,
    "no ongoing": Condition.NOT_ONGOING,
}


class Keyword(Enum):
    """An attack keyword a Nondamage Immunity can name: a damage type's or an effect's.

    Physical is a damage type but not a keyword (§ruling-physical-not-a-keyword).
    """

    ACID = "Acid"
    COLD = "Cold"
    FIRE = "Fire"
    FORCE = "Force"
    LIGHTNING = "Lightning"
    NECROTIC = "Necrotic"
    POISON = "Poison"
    PSYCHIC = "Psychic"
    RADIANT = "Radiant"
    THUNDER = "Thunder"
    CHARM = "Charm"
    CONJURATION = "Conjuration"
    DISEASE = "Disease"
    FEAR = "Fear"
    GAZE = "Gaze"
    ILLUSION = "Illusion"
    POLYMORPH = "Polymorph"
    SLEEP = "Sleep"
    TELEPORTATION = "Teleportation"
    ZONE = "Zone"

    @classmethod
    def parse(cls, value: Keyword | str) -> Keyword:
        """Read an attack keyword such as ``"charm"`` or ``"Poison"``."""
        if isinstance(value, str) and normalise(value) == "physical":
            msg = (
                "'physical' is a damage type, not an attack keyword: name a keyword such as "
                "Fear (§ruling-physical-not-a-keyword)"
            )
            raise RulesError(msg)
        return parse_word(cls, value, "keyword")
