"""What a hit lands on: the defender's pools, defenses and wounds, as immutable values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.checks import collection, flag, nonblank, settle, whole_number
from rules.errors import RulesError, RulesTypeError, concerning, shown
from rules.vocabulary import bare_effect_name
from rules.words import normalise, parse_word

__all__ = [
    "DEFAULT_ORDER",
    "NON_STACKING",
    "Defender",
    "Immunity",
    "Location",
    "OneTime",
    "Pool",
    "check_stacking",
    "effect_word",
    "invulnerable",
    "non_stacking_name",
    "read_defender",
]


class Location(StrEnum):
    """A legal hit location, and so the place a wound is taken."""

    RIGHT_LEG = "right leg"
    LEFT_LEG = "left leg"
    RIGHT_ARM = "right arm"
    LEFT_ARM = "left arm"
    TORSO = "torso"

    @classmethod
    def parse(cls, value: object) -> Location:
        """Read a location as players say it: ``"Left Arm"``, ``"left-arm"``, ``"torso"``."""
        return parse_word(cls, value, "hit location")


class Pool(StrEnum):
    """A pool that takes damage one for one before a wound."""

    MAGIC_ARMOR = "magic armor"
    MONSTROUS_ARMOR = "monstrous armor"
    PHYSICAL_ARMOR = "physical armor"
    NATURAL_ARMOR = "natural armor"
    BODY = "body"

    @classmethod
    def parse(cls, value: object) -> Pool:
        """Read a pool name: ``"Magic Armor"``, ``"magic_armor"``, ``"body"``."""
        return parse_word(cls, value, "pool")

    @property
    def field(self) -> str:
        """The `Defender` field that holds this pool, e.g. ``"magic_armor"``."""
        return self.value.replace(" ", "_")

    @property
    def is_armor(self) -> bool:
        """Whether this is one of the armor pools that Pierce bypasses."""
        return self is not Pool.BODY


DEFAULT_ORDER = (
    Pool.MAGIC_ARMOR,
    Pool.MONSTROUS_ARMOR,
    Pool.PHYSICAL_ARMOR,
    Pool.NATURAL_ARMOR,
    Pool.BODY,
)
"""The order pools take damage in: monstrous armor sits right after magic armor."""

NON_STACKING = (
    ("Poison Immunity", "spell"),
    ("Battle Mastery", "spell"),
    ("Nature Immunity", "magic items"),
    ("Mind Blank", "spell"),
    ("Arcane Antiviral", "rare ritual"),
    ("Elemental Shelter", "rare ritual"),
    ("Vulnerability Trap", "rare trap"),
)
"""The effects of which a defender may have only one at a time, with what each is."""

_NON_STACKING_KEYS = {normalise(name): name for name, _ in NON_STACKING}


def non_stacking_name(name: str) -> str | None:
    """Return the listed non-stacking effect this name refers to, if any.

    Examples:
        >>> non_stacking_name("The Rare Arcane Antiviral Ritual"), non_stacking_name("Spirit Shield")
        ('Arcane Antiviral', None)

    """
    return _NON_STACKING_KEYS.get(bare_effect_name(name))


def effect_word(value: object, what: str = "effect") -> str:
    """Read an effect or trait as a lower-case word: ``"Poison"`` -> ``"poison"``."""
    return normalise(nonblank(value, what, such_as="a word such as 'poison'"))


def _effect_set(values: object, what: str) -> frozenset[str]:
    words = (values,) if isinstance(values, str) else collection(values, what)  # one word alone
    return frozenset(effect_word(value, what) for value in words)


def _name(value: object, what: str, example: str) -> str:
    return " ".join(nonblank(value, what, such_as=f"a name such as {shown(example)}").split())


@dataclass(frozen=True, slots=True)
class Immunity:
    """An ongoing prevention effect: it stops every hit that carries one of its effects.

    ``Immunity("Poison Immunity")`` stops ``"poison"``: a name ending in "Immunity"
    says what it stops. Any other name needs ``against``.

    Examples:
        >>> Immunity("Poison Immunity").against
        frozenset({'poison'})

    """

    name: str
    against: frozenset[str] = frozenset()
    stacks: bool = field(default=False, kw_only=True)

    def __post_init__(self) -> None:
        name = _name(self.name, "An immunity's name", "Poison Immunity")
        against = _effect_set(self.against, f"what {shown(name)} stops")
        words = bare_effect_name(name).split()
        if not against and len(words) > 1 and words[-1] == "immunity":
            against = frozenset({" ".join(words[:-1])})
        if not against:
            msg = f"Cannot tell what {shown(name)} stops: write Immunity({shown(name)}, against={{'poison'}})"
            raise RulesError(msg)
        settle(self, name=name, against=against, stacks=flag(self.stacks, "stacks"))

    def stops(self, effect: str | None) -> bool:
        """Whether this immunity stops a hit carrying this effect (plain damage: ``None``)."""
        return effect in self.against


@dataclass(frozen=True, slots=True)
class OneTime:
    """A limited-use prevention effect: it stops one whole hit and is then used up.

    With ``against`` empty it stops any hit; otherwise only hits carrying one of those
    effects, which makes it more limited.
    """

    name: str
    level: int = 1
    against: frozenset[str] = frozenset()
    stacks: bool = field(default=False, kw_only=True)

    def __post_init__(self) -> None:
        name = _name(self.name, "A one-time effect's name", "Spirit Shield")
        settle(
            self,
            name=name,
            level=whole_number(self.level, f"The level of {shown(name)}"),
            against=_effect_set(self.against, f"what {shown(name)} stops"),
            stacks=flag(self.stacks, "stacks"),
        )

    def stops(self, effect: str | None) -> bool:
        """Whether this effect would prevent a hit carrying this effect."""
        return not self.against or effect in self.against

    @property
    def reach(self) -> float:
        """How many kinds of hit it applies to (any hit: infinite); fewer is more limited."""
        return len(self.against) if self.against else float("inf")


Effect = Immunity | OneTime


@dataclass(frozen=True, slots=True)
class Defender:
    """The character a hit lands on. Never changed: a hit returns a new defender.

    Attributes:
        magic_armor: Points of magic armor.
        physical_armor: Points of ordinary physical armor.
        natural_armor: Points of natural armor.
        monstrous_armor: Points of monstrous armor (the monstrous rule applies to them).
        body: Body points.
        immunities: Ongoing prevention effects, in the order received.
        one_time: Limited-use prevention effects, in the order received.
        wounds: The wounds taken so far, in order.
        requires: A damage requirement: only hits carrying one of these effects can
            hurt this defender (empty: no requirement).
        next_hit: A pool that takes the next damaging hit first, if an effect says so.
        order: The order the pools take damage in, if an effect changes it.

    """

    magic_armor: int = 0
    physical_armor: int = 0
    natural_armor: int = 0
    monstrous_armor: int = 0
    body: int = 0
    immunities: tuple[Immunity, ...] = ()
    one_time: tuple[OneTime, ...] = ()
    wounds: tuple[Location, ...] = ()
    requires: frozenset[str] = frozenset()
    next_hit: Pool | None = None
    order: tuple[Pool, ...] = DEFAULT_ORDER

    def __post_init__(self) -> None:
        for pool in Pool:
            with concerning(pool.field):
                whole_number(getattr(self, pool.field), pool.field)
        set_ = object.__setattr__
        with concerning("immunities"):
            set_(self, "immunities", tuple(map(_immunity, collection(self.immunities, "immunities"))))
        with concerning("one_time"):
            set_(self, "one_time", tuple(map(_one_time, collection(self.one_time, "one_time"))))
        with concerning("wounds"):
            set_(self, "wounds", tuple(map(Location.parse, collection(self.wounds, "wounds"))))
        with concerning("requires"):
            set_(self, "requires", _effect_set(self.requires, "requires"))
        if self.next_hit is not None:
            set_(self, "next_hit", Pool.parse(self.next_hit))
        set_(self, "order", _order(self.order))
        check_stacking(self.effects)
        stopped = self.stops_everything()
        if stopped:
            msg = (
                f"This defender would be invulnerable: it requires {stopped} and "
                "is immune to all of it. Add effects with gain(), which prevents the last one"
            )
            raise RulesError(msg, concerns="requires")

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Every defensive effect up: immunities, then one-time effects."""
        return (*self.immunities, *self.one_time)

    def pool(self, pool: Pool) -> int:
        """Return the points left in one pool."""
        value: int = getattr(self, pool.field)
        return value

    def with_pools(self, points: Mapping[Pool, int]) -> Defender:
        """Return a copy with the given pools set, e.g. ``{Pool.BODY: 2}``."""
        def get(pool: Pool) -> int:
            return points.get(pool, self.pool(pool))

        return replace(
            self,
            magic_armor=get(Pool.MAGIC_ARMOR),
            physical_armor=get(Pool.PHYSICAL_ARMOR),
            natural_armor=get(Pool.NATURAL_ARMOR),
            monstrous_armor=get(Pool.MONSTROUS_ARMOR),
            body=get(Pool.BODY),
        )

    def stops_everything(self) -> str:
        """Return the requirement if it and the immunities stop every hit, else ``""``."""
        return invulnerable(self.requires, self.immunities)

    def __str__(self) -> str:
        parts = [f"{pool.value} {self.pool(pool)}" for pool in self.order if self.pool(pool)]
        parts += [f"{location.value} wound" for location in self.wounds]
        return ", ".join(parts) or "no pools left"


def read_defender(value: object) -> Defender:
    """Accept a `Defender`; anything else is refused, naming the input."""
    if not isinstance(value, Defender):
        msg = f"defender must be a Defender(...), such as Defender(body=3), not {shown(value)}"
        raise RulesTypeError(msg)
    return value


def invulnerable(requires: frozenset[str], immunities: Iterable[Immunity]) -> str:
    """Return the required effects if no hit gets past them and the immunities, else ``""``.

    A hit without a required effect fails the requirement; if an immunity also
    stops every required effect, nothing can get through. Both come already read, as
    a `Defender` holds them.

    Examples:
        >>> invulnerable(frozenset({"silver"}), [Immunity("Silver Immunity")])
        'silver'

    """
    held = tuple(immunities)
    if requires and all(any(i.stops(word) for i in held) for word in requires):
        return " or ".join(sorted(requires))
    return ""


def _immunity(value: object) -> Immunity:
    if isinstance(value, Immunity):
        return value
    if isinstance(value, str):
        return Immunity(value)
    msg = f"immunities must be Immunity(...) or names such as 'Poison Immunity', not {shown(value)}"
    raise RulesTypeError(msg)


def _one_time(value: object) -> OneTime:
    if isinstance(value, OneTime):
        return value
    msg = f"one_time effects must be OneTime(name, level), not {shown(value)}"
    raise RulesTypeError(msg)


def _order(values: object) -> tuple[Pool, ...]:
    order = tuple(Pool.parse(value) for value in collection(values, "order"))
    if sorted(order) != sorted(Pool):
        msg = f"order must list each of the five pools once, not {[p.value for p in order]}"
        raise RulesError(msg)
    return order


def check_stacking(effects: Iterable[Effect]) -> None:
    """Refuse two listed non-stacking effects at once, unless one of them ``stacks``.

    The effects come already read, as a `Defender` holds them.

    Raises:
        RulesError: Two effects from the list, naming both; it concerns the input of the
            second (``"immunities"`` or ``"one_time"``), where the clash shows.

    """
    held: Effect | None = None
    for effect in effects:
        if effect.stacks or non_stacking_name(effect.name) is None:
            continue
        if held is not None:
            msg = (
                f"{shown(effect.name)} may not stack with {shown(held.name)}: both are on the "
                "non-stacking list. Tip: if an ability lets it stack, mark the effect as stacking"
            )
            raise RulesError(msg, concerns="one_time" if isinstance(effect, OneTime) else "immunities")
        held = effect
