"""The traits of a stat block: Resist, Vulnerable, immunities, triggers and trait sets.

Each trait is an immutable value whose ``str`` is the line a stat block prints,
and `parse_trait` reads that line back to an equal trait.

Examples:
    >>> str(Resist("fire", 10, "no advantage"))
    'Resist Fire 10 (No Advantage)'
    >>> for trait in TraitSet("swarm").traits:
    ...     print(trait)
    Resist All (No Burst/Blast)
    Vulnerable All (Burst/Blast)
    Vulnerable Poison
    Condition Immune: Forced Movement (No Burst/Blast)

"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import ClassVar

from rules.checks import HALF, nonblank, part_down, whole_number
from rules.errors import RulesError
from rules.resistances.vocabulary import (
    CharacterCondition,
    Condition,
    DamageType,
    Keyword,
    Scope,
    is_scope_word,
    parse_scope,
)
from rules.words import parse_word, part_word

__all__ = [
    "ConditionImmunity",
    "DamageImmunity",
    "DamageTrigger",
    "NondamageImmunity",
    "Resist",
    "Template",
    "Trait",
    "TraitSet",
    "Vulnerable",
]


def _limit(value: object, trait: str) -> int | None:
    return None if value is None else whole_number(value, f"The limit of {trait}", minimum=1)


def _condition(value: Condition | str | None) -> Condition | None:
    return None if value is None else Condition.parse(value)


def _suffix(condition: Condition | None) -> str:
    return "" if condition is None else f" ({condition.value})"


@dataclass(frozen=True, slots=True)
class _Graded:
    """What Resist and Vulnerable share: a damage type or scope, a limit, a condition."""

    damage_type: DamageType | Scope
    limit: int | None = None
    condition: Condition | None = None

    WORD: ClassVar[str] = ""
    SHARE: ClassVar[Fraction]
    """The share of the damage it mitigates or adds before its limit (each trait states its own)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "damage_type", parse_scope(self.damage_type))
        object.__setattr__(self, "limit", _limit(self.limit, self.WORD))
        object.__setattr__(self, "condition", _condition(self.condition))

    def covers(self, kind: DamageType) -> bool:
        """Whether the trait can apply to damage of this type (its condition aside)."""
        if isinstance(self.damage_type, Scope):
            return self.damage_type.covers(kind)
        return self.damage_type is kind

    def amount(self, damage: int) -> int:
        """What it mitigates or adds against one attack: its share, rounded down, or the limit."""
        part = part_down(damage, self.SHARE)
        return part if self.limit is None else min(part, self.limit)

    @classmethod
    def share_word(cls) -> str:
        """The word for `SHARE` that step texts and pages use: ``"half"``."""
        return part_word(cls.SHARE)

    def __str__(self) -> str:
        limit = "" if self.limit is None else f" {self.limit}"
        return f"{self.WORD} {self.damage_type.value}{limit}{_suffix(self.condition)}"


@dataclass(frozen=True, slots=True)
class Resist(_Graded):
    """Resistance: mitigates half the damage of its type, or its limit if lower (§trait-resist).

    Args:
        damage_type: A damage type, ``"all"`` or ``"non-physical"``.
        limit: The most it mitigates, or ``None`` for no limit.
        condition: When it applies, e.g. ``"no advantage"``; ``None`` for always.

    """

    WORD: ClassVar[str] = "Resist"
    SHARE: ClassVar[Fraction] = HALF  # the one place Resist's share is stated (§trait-resist)


@dataclass(frozen=True, slots=True)
class Vulnerable(_Graded):
    """Vulnerability: adds half the damage of its type, or its limit if lower (§trait-vulnerable).

    Args:
        damage_type: A damage type, ``"all"`` or ``"non-physical"``.
        limit: The most it adds, or ``None`` for no limit.
        condition: When it applies, e.g. ``"critical"``; ``None`` for always.

    """

    WORD: ClassVar[str] = "Vulnerable"
    SHARE: ClassVar[Fraction] = HALF  # the one place Vulnerable's share is stated (§trait-vulnerable)


@dataclass(frozen=True, slots=True)
class DamageImmunity:
    """Damage Immunity: the creature ignores all damage of one type (§trait-damage-immunity).

    Args:
        damage_type: One damage type; "all" is not valid (§ruling-no-immunity-to-all).

    """

    damage_type: DamageType

    def __post_init__(self) -> None:
        if is_scope_word(self.damage_type):
            msg = (
                f"Damage Immune: {self.damage_type} is not valid: a Damage Immunity names one "
                "damage type, never all of them (§ruling-no-immunity-to-all)"
            )
            raise RulesError(msg)
        object.__setattr__(self, "damage_type", DamageType.parse(self.damage_type))

    def __str__(self) -> str:
        return f"Damage Immune: {self.damage_type.value}"


@dataclass(frozen=True, slots=True)
class ConditionImmunity:
    """Condition Immunity: the creature ignores one condition, or forced movement.

    Args:
        condition: A condition such as ``"stunned"``, or ``"forced movement"``.
        when: When the immunity applies, e.g. ``"no burst/blast"``; ``None`` for always.

    """

    condition: CharacterCondition
    when: Condition | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "condition", CharacterCondition.parse(self.condition))
        object.__setattr__(self, "when", _condition(self.when))

    def __str__(self) -> str:
        return f"Condition Immune: {self.condition.value}{_suffix(self.when)}"


@dataclass(frozen=True, slots=True)
class NondamageImmunity:
    """Nondamage Immunity: the creature ignores every effect but damage of attacks with a keyword.

    Args:
        keyword: The attack keyword, such as ``"charm"`` or ``"poison"``.

    """

    keyword: Keyword

    def __post_init__(self) -> None:
        object.__setattr__(self, "keyword", Keyword.parse(self.keyword))

    def __str__(self) -> str:
        return f"Nondamage Immune: {self.keyword.value}"


@dataclass(frozen=True, slots=True)
class DamageTrigger:
    """Damage Trigger: an effect that follows damage of one type, once it is resolved.

    Args:
        damage_type: The damage type that sets it off.
        effect: What happens, in the stat block's words.

    """

    damage_type: DamageType
    effect: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "damage_type", DamageType.parse(self.damage_type))
        effect = nonblank(self.effect, "A Damage Trigger's effect", such_as="what happens, in words")
        object.__setattr__(self, "effect", effect)

    def __str__(self) -> str:
        return f"Damage Trigger {self.damage_type.value}: {self.effect}"


class Template(Enum):
    """A keyword that stands for a set of traits."""

    INSUBSTANTIAL = "Insubstantial"
    SWARM = "Swarm"
    REGIMENT = "Regiment"


def _swarm_like(vulnerable_to: DamageType) -> tuple[Trait, ...]:
    return (
        Resist(Scope.ALL, condition=Condition.NO_AREA),
        Vulnerable(Scope.ALL, condition=Condition.AREA),
        Vulnerable(vulnerable_to),
        ConditionImmunity(CharacterCondition.FORCED_MOVEMENT, Condition.NO_AREA),
    )


@dataclass(frozen=True, slots=True)
class TraitSet:
    """Insubstantial, Swarm or Regiment: one word on the stat block for several traits.

    Args:
        template: Which set: ``"insubstantial"``, ``"swarm"`` or ``"regiment"``.

    """

    template: Template

    def __post_init__(self) -> None:
        object.__setattr__(self, "template", parse_word(Template, self.template, "trait set"))

    @property
    def traits(self) -> tuple[Trait, ...]:
        """The traits the word stands for (§trait-insubstantial, §trait-swarm, §trait-regiment)."""
        if self.template is Template.INSUBSTANTIAL:
            return (
                Resist(DamageType.PHYSICAL),
                Resist(Scope.NON_PHYSICAL, condition=Condition.NO_ADVANTAGE),
                Vulnerable(Scope.ALL, condition=Condition.ADVANTAGE),
            )
        if self.template is Template.SWARM:
            return _swarm_like(DamageType.POISON)
        return _swarm_like(DamageType.PSYCHIC)

    def __str__(self) -> str:
        return self.template.value


Trait = (
    Resist | Vulnerable | DamageImmunity | ConditionImmunity | NondamageImmunity | DamageTrigger | TraitSet
)
