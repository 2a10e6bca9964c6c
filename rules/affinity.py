"""The affinity damage flowchart: an NPC's affinity to a damage type scales the damage.

`calculate` runs the seven steps of the flowchart in order, one helper per step,
and returns an `AffinityResult` whose steps cite the rules on ``affinity.md``.

>>> calculate(10, "fire", "RS").final
5
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import TypeVar

from rules.errors import RulesError
from rules.explain import Explained, Rule, Step
from rules.tables import Table

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

PAGE = "affinity.md"
INITIAL = Rule(PAGE, "initial-affinity", "Step 1: initial affinity")
LOCKS = Rule(PAGE, "affinity-locks", "Locks")
GUARDING = Rule(PAGE, "guarding", "Step 2: guarding")
MODIFIERS = Rule(PAGE, "attack-modifiers", "Step 3: attack modifiers")
IGNORE = Rule(PAGE, "ignore-flags", "Step 4: ignore flags")
MULTIPLIER = Rule(PAGE, "multipliers", "Step 5: multiplier")
FINAL = Rule(PAGE, "final-damage", "Step 6: final damage")
SAVE = Rule(PAGE, "save-state", "Step 7: save the state")
UNTYPED = Rule(PAGE, "ruling-untyped-affinity", "Ruling: untyped damage")
REMOVE_ABSENT = Rule(PAGE, "ruling-remove-absent", "Ruling: removing what is not there")


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
        if isinstance(value, Affinity):
            return value
        if isinstance(value, str):
            found = _AFFINITY_WORDS.get(value.strip().lower())
            if found is not None:
                return found
        msg = f"Unknown affinity {value!r}: use one of VU, RS, IM, AB or Normal"
        raise RulesError(msg)

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
        Affinity.VU: ("vu", "vulnerable", "vulnerability", "weak"),
        Affinity.NORMAL: ("normal", "none", "-"),
        Affinity.RS: ("rs", "resist", "resistance", "resistant"),
        Affinity.IM: ("im", "immune", "immunity"),
        Affinity.AB: ("ab", "absorb", "absorption", "absorbs"),
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


E = TypeVar("E", bound=Enum)


def _parse_enum(kind: type[E], value: E | str, what: str) -> E:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        for member in kind:
            if member.value == value.strip().lower():
                return member
    choices = ", ".join(repr(member.value) for member in kind)
    msg = f"Unknown {what} {value!r}: use one of {choices}"
    raise RulesError(msg)


@dataclass(frozen=True, slots=True)
class Modifier:
    """An attack's modifier: grant or remove one affinity, optionally locking a removal.

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
        object.__setattr__(self, "action", _parse_enum(Action, self.action, "modifier action"))
        object.__setattr__(self, "affinity", Affinity.parse(self.affinity))
        object.__setattr__(self, "duration", _parse_enum(Duration, self.duration, "duration"))
        if self.affinity is Affinity.NORMAL:
            msg = "A modifier grants or removes VU, RS, IM or AB, not 'Normal'"
            raise RulesError(msg)
        if self.lock and self.action is Action.GRANT:
            msg = f"Only a removal can lock: cannot lock a grant of {self.affinity.value}"
            raise RulesError(msg)

    def __str__(self) -> str:
        locked = " with lock" if self.lock else ""
        return f"{self.action.value} {self.affinity.value}{locked} ({self.duration.value})"


@dataclass(frozen=True, slots=True)
class Lock:
    """A locked removal: the affinity cannot be had again while the lock lasts."""

    affinity: Affinity
    duration: Duration


@dataclass(frozen=True, slots=True)
class TypeState:
    """What the saved state holds for one damage type: the modifier in force and the locks."""

    modifier: Modifier | None = None
    locks: frozenset[Lock] = frozenset()

    def __str__(self) -> str:
        parts = [str(self.modifier)] if self.modifier else []
        parts += [
            f"{lock.affinity.value} locked ({lock.duration.value})"
            for lock in sorted(self.locks, key=lambda lock: lock.affinity.value)
        ]
        return "; ".join(parts)

    def locked(self, affinity: Affinity) -> bool:
        """Whether a lock forbids this affinity."""
        return any(lock.affinity is affinity for lock in self.locks)


@dataclass(frozen=True, slots=True)
class State:
    """The affinity modifiers and locks an NPC carries between attacks, per damage type.

    A state is never changed: `calculate` returns a new one in ``result.state``.
    """

    types: tuple[tuple[str, TypeState], ...] = ()

    def __str__(self) -> str:
        if not self.types:
            return "nothing saved"
        return " | ".join(f"{kind}: {entry}" for kind, entry in self.types)

    def of(self, damage_type: str) -> TypeState:
        """The saved modifier and locks for one damage type."""
        return dict(self.types).get(_damage_type(damage_type), TypeState())

    def with_type(self, damage_type: str, entry: TypeState) -> State:
        """A new state with one damage type's entry replaced (dropped when empty)."""
        entries = dict(self.types)
        entries.pop(damage_type, None)
        if entry.modifier is not None or entry.locks:
            entries[damage_type] = entry
        return State(tuple(sorted(entries.items())))

    def expire(self, duration: Duration | str) -> State:
        """A new state without the modifiers and locks that end now.

        ``"until next turn"`` and ``"until next round"`` end only what lasts exactly
        that long; ``"scene"`` ends everything (see §ruling-modifier-durations).
        """
        ending = _parse_enum(Duration, duration, "duration")
        state = State()
        for damage_type, entry in self.types:
            modifier = entry.modifier
            if ending is Duration.SCENE or (modifier is not None and modifier.duration is ending):
                modifier = None
            locks = frozenset(
                lock
                for lock in entry.locks
                if ending is not Duration.SCENE and lock.duration is not ending
            )
            state = state.with_type(damage_type, TypeState(modifier, locks))
        return state


@dataclass(frozen=True, slots=True)
class AffinityResult(Explained):
    """The outcome of one attack: final damage (negative heals), affinity and new state."""

    final: int
    affinity: Affinity
    multiplier: Fraction
    state: State
    steps: tuple[Step, ...]

    @property
    def display(self) -> str:
        """What to announce: ``"12 damage"``, ``"No effect"`` or ``"Heals 5"``."""
        if self.final > 0:
            return f"{self.final} damage"
        if self.final == 0:
            return "No effect"
        return f"Heals {-self.final}"

    @property
    def outcome(self) -> str:
        """The announced result, for `explain`."""
        return self.display


def calculate(
    base_damage: int,
    damage_type: str | None,
    native: Affinity | str | Mapping[str, Affinity | str],
    *,
    guarding: bool = False,
    state: State | None = None,
    modifier: Modifier | None = None,
    ignores: Iterable[Affinity | str] = (),
) -> AffinityResult:
    """Run the affinity flowchart for one attack on one NPC.

    Args:
        base_damage: The attack's damage before affinity, a whole number of 0 or more.
        damage_type: The element, e.g. ``"fire"``; ``None`` or ``"untyped"`` for untyped damage.
        native: The NPC's native affinity to this attack's type, or a mapping of
            damage type to affinity (types it does not list are Normal).
        guarding: Whether the NPC is guarding.
        state: The saved state from the NPC's previous attack, if any.
        modifier: The modifier this attack grants or removes, if any.
        ignores: The affinities this attack ignores, e.g. ``{"RS", "IM"}``.

    Returns:
        The final damage, the affinity and multiplier used, the state to save, and the steps.

    Raises:
        RulesError: An unknown affinity, action or duration; negative or non-integer damage.

    """
    damage = _base_damage(base_damage)
    kind = _damage_type(damage_type)
    native_affinity = _native_affinity(native, kind)
    ignored = frozenset(_ignorable(value) for value in ignores)
    if modifier is not None and not isinstance(modifier, Modifier):
        msg = f"modifier must be a Modifier(...), not {modifier!r}"
        raise TypeError(msg)
    before = state if state is not None else State()
    entry = before.of(kind)

    steps: list[Step] = []
    if damage_type is None or kind == "untyped":
        steps.append(Step(UNTYPED, f"untyped damage has native affinity {native_affinity.value}"))
    affinity = _initial_affinity(native_affinity, entry, steps)
    affinity = _guard(affinity, entry, guarding=guarding, steps=steps)
    affinity, entry = _apply_modifier(affinity, entry, modifier, steps)
    affinity = _apply_ignores(affinity, ignored, steps)
    multiplier = affinity.multiplier
    steps.append(Step(MULTIPLIER, f"{affinity.value} multiplies by {multiplier}"))
    final = _final_damage(damage, affinity, steps)
    after = _save_state(before, kind, entry, steps)
    return AffinityResult(final, affinity, multiplier, after, tuple(steps))


def multiplier_table() -> Table:
    """Step 5's multipliers, with what each does to 9 damage, as the affinity page shows them."""
    rows = []
    for affinity in Affinity:
        example = calculate(9, "fire", affinity)
        rows.append((affinity.value, str(affinity.multiplier), example.display))
    return Table.of(("Affinity", "Multiplier", "9 damage becomes"), rows)


def _base_damage(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        msg = f"base_damage must be a whole number, not {value!r}"
        raise RulesError(msg)
    if value < 0:
        msg = f"base_damage must be 0 or more, not {value}"
        raise RulesError(msg)
    return value


def _damage_type(value: object) -> str:
    if value is None:
        return "untyped"
    if not isinstance(value, str) or not value.strip():
        msg = f"damage_type must be a word such as 'fire' or None for untyped, not {value!r}"
        raise RulesError(msg)
    return value.strip().lower()


def _native_affinity(native: object, kind: str) -> Affinity:
    if isinstance(native, Mapping):
        table = {_damage_type(key): Affinity.parse(value) for key, value in native.items()}
        return table.get(kind, Affinity.NORMAL)
    if isinstance(native, (Affinity, str)):
        return Affinity.parse(native)
    msg = f"native must be an affinity or a mapping of damage type to affinity, not {native!r}"
    raise RulesError(msg)


def _ignorable(value: Affinity | str) -> Affinity:
    affinity = Affinity.parse(value)
    if affinity is Affinity.NORMAL:
        msg = "An attack can ignore VU, RS, IM or AB, not 'Normal'"
        raise RulesError(msg)
    return affinity


def _current_affinity(native: Affinity, modifier: Modifier | None) -> Affinity:
    """The affinity a saved (or new) modifier leaves on top of the native one."""
    if modifier is None:
        return native
    if modifier.action is Action.GRANT:
        return modifier.affinity
    return Affinity.NORMAL if native is modifier.affinity else native


def _initial_affinity(native: Affinity, entry: TypeState, steps: list[Step]) -> Affinity:
    """Step 1: the native affinity, or the current one if a modifier is saved; locks apply."""
    affinity = _current_affinity(native, entry.modifier)
    if entry.modifier is None:
        steps.append(Step(INITIAL, f"no saved modifier, so the native affinity {native.value}"))
    else:
        steps.append(Step(INITIAL, f"saved modifier {entry.modifier} gives {affinity.value}"))
    if entry.locked(affinity):
        steps.append(Step(LOCKS, f"{affinity.value} is locked out, so Normal"))
        return Affinity.NORMAL
    return affinity


def _guard(affinity: Affinity, entry: TypeState, *, guarding: bool, steps: list[Step]) -> Affinity:
    """Step 2: guarding turns VU into Normal and Normal into RS (unless RS is locked)."""
    if not guarding:
        steps.append(Step(GUARDING, "not guarding: no change"))
        return affinity
    if affinity is Affinity.VU:
        steps.append(Step(GUARDING, "guarding turns VU into Normal"))
        return Affinity.NORMAL
    if affinity is Affinity.NORMAL:
        if entry.locked(Affinity.RS):
            steps.append(Step(GUARDING, "guarding, but RS is locked: stays Normal"))
            return affinity
        steps.append(Step(GUARDING, "guarding turns Normal into RS"))
        return Affinity.RS
    steps.append(Step(GUARDING, f"guarding leaves {affinity.value} unchanged"))
    return affinity


def _apply_modifier(
    affinity: Affinity,
    entry: TypeState,
    modifier: Modifier | None,
    steps: list[Step],
) -> tuple[Affinity, TypeState]:
    """Step 3: a grant or removal replaces the previous modifier, unless a lock stops it."""
    if modifier is None:
        steps.append(Step(MODIFIERS, "the attack has no modifier: no change"))
        return affinity, entry
    target = modifier.affinity
    if entry.locked(target):
        why = "cannot be granted" if modifier.action is Action.GRANT else "is already removed"
        steps.append(Step(MODIFIERS, f"{target.value} is locked and {why}: no change"))
        return affinity, entry
    if modifier.action is Action.GRANT:
        steps.append(Step(MODIFIERS, f"{modifier} sets {target.value}"))
        new_affinity = target
    elif affinity is target:
        steps.append(Step(MODIFIERS, f"{modifier} takes {target.value} away: Normal"))
        new_affinity = Affinity.NORMAL
    else:
        steps.append(
            Step(REMOVE_ABSENT, f"{modifier}: there is no {target.value} to take away")
        )
        new_affinity = affinity
    locks = entry.locks
    if modifier.lock:
        locks = locks | {Lock(target, modifier.duration)}
        steps.append(Step(LOCKS, f"{target.value} is locked ({modifier.duration.value})"))
    return new_affinity, replace(entry, modifier=modifier, locks=locks)


def _apply_ignores(affinity: Affinity, ignored: frozenset[Affinity], steps: list[Step]) -> Affinity:
    """Step 4: an attack that ignores the affinity treats it as Normal."""
    if affinity in ignored:
        steps.append(Step(IGNORE, f"the attack ignores {affinity.value}: Normal"))
        return Affinity.NORMAL
    steps.append(Step(IGNORE, f"nothing ignored: stays {affinity.value}"))
    return affinity


def _final_damage(damage: int, affinity: Affinity, steps: list[Step]) -> int:
    """Step 6: base damage times the multiplier; RS rounds down (§ruling-rs-rounds-down)."""
    scaled = damage * affinity.multiplier
    final = scaled.numerator // scaled.denominator  # floor: RS rounds down
    if final < 0:
        steps.append(Step(FINAL, f"{damage} x {affinity.multiplier} = {final}: heals {-final}"))
    elif final == 0:
        steps.append(Step(FINAL, f"{damage} x {affinity.multiplier} = 0: No effect"))
    else:
        steps.append(Step(FINAL, f"{damage} x {affinity.multiplier} = {final}"))
    return final


def _save_state(before: State, kind: str, entry: TypeState, steps: list[Step]) -> State:
    """Step 7: keep what outlasts this attack; a this-attack modifier is not saved."""
    modifier = entry.modifier
    if modifier is not None and modifier.duration is Duration.THIS_ATTACK:
        modifier = None
    locks = frozenset(lock for lock in entry.locks if lock.duration is not Duration.THIS_ATTACK)
    saved = TypeState(modifier, locks)
    after = before.with_type(kind, saved)
    if after == before:
        steps.append(Step(SAVE, "nothing changes in the saved state"))
    else:
        steps.append(Step(SAVE, f"{kind}: {str(saved) or 'modifier cleared'}"))
    return after
