"""What the damage is: its amount and types, and the circumstances a condition can test.

`Attack` changes its damage types as the rules say (`gains`, `becomes`, `plus`), always
returning a new value.

Examples:
    >>> print(Attack(10).gains("fire"))
    10 Physical and Fire
    >>> print(Attack(10, ["fire", "cold"]).becomes("radiant"))
    10 Radiant

"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.checks import flag, whole_number
from rules.errors import RulesError, RulesTypeError, concerning, shown
from rules.resistances.vocabulary import Condition, DamageType

__all__ = ["Attack", "Circumstances", "choose_damage_type", "read_amount", "read_types"]

PARAGON_LEVEL = 11
EPIC_LEVEL = 21


def read_amount(value: object, what: str = "amount") -> int:
    """A damage figure: a whole number, 0 or more."""
    return whole_number(value, what)


def read_types(value: object) -> tuple[DamageType, ...]:
    """The damage types as listed, in order, repeats kept: one type or several, any case."""
    if value is None:
        return ()
    if isinstance(value, (str, DamageType)):
        return (DamageType.parse(value),)
    if isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray)):
        return tuple(DamageType.parse(kind) for kind in value)
    msg = f"Damage types must be a word such as 'fire' or a list of them, not {shown(value)}"
    raise RulesTypeError(msg)


def _types(value: object) -> tuple[DamageType, ...]:
    # empty means physical (§physical-damage); a repeat counts once (§ruling-type-listed-twice)
    return tuple(dict.fromkeys(read_types(value))) or (DamageType.PHYSICAL,)


def choose_damage_type(choice: DamageType | str, *, including_physical: bool = False) -> DamageType:
    """The damage type a player picks when an effect says "choose a damage type".

    Args:
        choice: The type picked, e.g. ``"cold"``.
        including_physical: Whether the effect says "including physical".

    Raises:
        RulesError: The choice is not a damage type, or is physical when that is not allowed.

    """
    kind = DamageType.parse(choice)
    allowed = flag(including_physical, "including_physical")
    if kind is DamageType.PHYSICAL and not allowed:
        msg = (
            "Physical cannot be chosen: only an effect that says 'choose a damage type, "
            "including physical' allows it (§choose-a-damage-type)"
        )
        raise RulesError(msg)
    return kind


@dataclass(frozen=True, slots=True)
class Attack:
    """Damage on its way to a creature: an amount and its damage types (physical if none).

    Args:
        amount: The damage, a whole number of 0 or more.
        types: One type or several; none means physical.

    """

    amount: int
    types: tuple[DamageType, ...] = (DamageType.PHYSICAL,)

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", read_amount(self.amount))
        object.__setattr__(self, "types", _types(self.types))

    def __str__(self) -> str:
        return f"{self.amount} " + " and ".join(kind.value for kind in self.types)

    def gains(self, kind: DamageType | str) -> Attack:
        """The attack gains a damage type: it keeps its types and adds the new one (§changing-damage-type)."""
        return Attack(self.amount, (*self.types, DamageType.parse(kind)))

    def becomes(self, kind: DamageType | str) -> Attack:
        """The attack becomes a damage type instead of its previous ones (§changing-damage-type)."""
        return Attack(self.amount, (DamageType.parse(kind),))

    def plus(self, extra: int, types: Iterable[DamageType | str] | str | None = None) -> Attack:
        """Extra damage: untyped extra keeps the types; typed extra adds its types (§extra-damage)."""
        with concerning("types"):
            more = read_types(types)
        with concerning("extra"):  # the extra is what takes the sum above 10**100
            added = read_amount(extra, "extra damage")
            total = read_amount(self.amount + added, "damage with its extra damage")
        return Attack(total, (*self.types, *more))


_FACTS = {
    Condition.ADVANTAGE: ("with Combat Advantage", "without Combat Advantage"),
    Condition.CRITICAL: ("from a critical hit", "not from a critical hit"),
    Condition.ONGOING: ("ongoing damage", "not ongoing damage"),
    Condition.SILVERED: ("from a silvered weapon or implement", "not silvered"),
    Condition.PARAGON: ("from a level {level} attacker",) * 2,
    Condition.EPIC: ("from a level {level} attacker",) * 2,
    Condition.AREA: ("from a burst or blast", "not from a burst or blast"),
}
_OPPOSITE = {
    Condition.NO_ADVANTAGE: Condition.ADVANTAGE,
    Condition.NOT_CRITICAL: Condition.CRITICAL,
    Condition.NOT_ONGOING: Condition.ONGOING,
    Condition.NOT_SILVERED: Condition.SILVERED,
    Condition.NOT_PARAGON: Condition.PARAGON,
    Condition.NOT_EPIC: Condition.EPIC,
    Condition.NO_AREA: Condition.AREA,
}


@dataclass(frozen=True, slots=True)
class Circumstances:
    """The facts about the damage that a trait's condition can test (§trait-conditions).

    Args:
        advantage: The attack has Combat Advantage.
        critical: The attack is a critical hit.
        ongoing: The damage is ongoing damage.
        silvered: The attack uses a silvered weapon or implement.
        attacker_level: The attacker's level (Paragon is 11 or higher, Epic 21 or higher).
        area: The attack is a burst or blast.
        environmental: The damage comes from the environment, not from an attack.

    """

    advantage: bool = False
    critical: bool = False
    ongoing: bool = False
    silvered: bool = False
    attacker_level: int = 1
    area: bool = False
    environmental: bool = False

    def __post_init__(self) -> None:
        for name in ("advantage", "critical", "ongoing", "silvered", "area", "environmental"):
            object.__setattr__(self, name, flag(getattr(self, name), name))
        whole_number(self.attacker_level, "attacker_level", minimum=1)
        attack_only = [name for name in ("advantage", "critical", "silvered") if getattr(self, name)]
        if self.environmental and attack_only:
            msg = (
                f"Environmental damage is not an attack, so it cannot have {', '.join(attack_only)} "
                "(§ruling-environmental-circumstances)"
            )
            raise RulesError(msg)

    @property
    def words(self) -> tuple[str, ...]:
        """The facts that differ from a plain attack, in words: ``("a critical hit",)``."""
        facts = (
            (self.advantage, "with Combat Advantage"),
            (self.critical, "a critical hit"),
            (self.ongoing, "ongoing"),
            (self.silvered, "silvered"),
            (self.attacker_level != 1, f"from a level {self.attacker_level} attacker"),
            (self.area, "a burst or blast"),
            (self.environmental, "environmental"),
        )
        return tuple(text for holds, text in facts if holds)

    @classmethod
    def given(cls, circumstances: object, flags: Circumstances) -> Circumstances:
        """The circumstances passed as one value, or else as separate flags (not both)."""
        if circumstances is None:
            return flags
        if not isinstance(circumstances, Circumstances):
            msg = f"circumstances must be a Circumstances(...), not {shown(circumstances)}"
            raise RulesTypeError(msg)
        if flags != cls():
            msg = "Give the circumstances either as one Circumstances(...) or as flags, not both"
            raise RulesError(msg)
        return circumstances

    def _holds(self, condition: Condition) -> bool:
        facts = {
            Condition.ADVANTAGE: self.advantage,
            Condition.CRITICAL: self.critical,
            Condition.ONGOING: self.ongoing,
            Condition.SILVERED: self.silvered,
            Condition.PARAGON: self.attacker_level >= PARAGON_LEVEL,
            Condition.EPIC: self.attacker_level >= EPIC_LEVEL,
            Condition.AREA: self.area,
        }
        return facts[condition]

    def meets(self, condition: Condition | None) -> bool:
        """Whether the damage meets a condition; no condition is always met."""
        if condition is None:
            return True
        if condition in _OPPOSITE:
            return not self._holds(_OPPOSITE[condition])
        return self._holds(condition)

    def describe(self, condition: Condition) -> str:
        """The fact that decides the condition, in words: ``"without Combat Advantage"``."""
        base = _OPPOSITE.get(condition, condition)
        when_true, when_false = _FACTS[base]
        text = when_true if self._holds(base) else when_false
        return text.format(level=self.attacker_level)
