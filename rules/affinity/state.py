"""What an NPC carries between attacks: per damage type, the modifier in force and the locks."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.affinity.vocabulary import Affinity, Duration, Modifier
from rules.checks import collection, nonblank, settle
from rules.errors import RulesError, RulesTypeError, shown
from rules.words import normalise, parse_word

__all__ = ["Lock", "State", "TypeState", "read_damage_type"]


def read_damage_type(value: object) -> str:
    """A damage type as the state keys it: ``"fire"``; ``None`` is ``"untyped"``."""
    if value is None:
        return "untyped"
    # Read as every system reads a word (`rules.words.normalise`): "Cold-Iron" is "cold iron".
    return normalise(nonblank(value, "damage_type", such_as="a word such as 'fire' or None for untyped"))


@dataclass(frozen=True, slots=True)
class Lock:
    """A locked removal: the affinity cannot be had again while the lock lasts."""

    affinity: Affinity
    duration: Duration

    def __post_init__(self) -> None:
        settle(
            self,
            affinity=Affinity.parse(self.affinity),
            duration=parse_word(Duration, self.duration, "duration"),
        )


@dataclass(frozen=True, slots=True)
class TypeState:
    """What the saved state holds for one damage type: the modifier in force and the locks.

    Attributes:
        modifier: The modifier in force, if any.
        locks: The locked affinities.
        affinity: The affinity the modifier left when it was applied (before guarding),
            which the next attack starts from (§ruling-saved-state-replays); ``None``
            for a state built by hand, which reads the modifier against the native affinity.

    """

    modifier: Modifier | None = None
    locks: frozenset[Lock] = frozenset()
    affinity: Affinity | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.modifier is not None and not isinstance(self.modifier, Modifier):
            msg = f"modifier must be a Modifier(...) or None, not {shown(self.modifier)}"
            raise RulesTypeError(msg)
        settle(
            self,
            locks=frozenset(_lock(lock) for lock in collection(self.locks, "locks")),
            affinity=None if self.affinity is None else Affinity.parse(self.affinity),
        )

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

    def __post_init__(self) -> None:
        entries = tuple(map(_entry, collection(self.types, "types")))
        kinds = [kind for kind, _ in entries]
        if len(set(kinds)) != len(kinds):
            msg = f"A state gives each damage type once, not {shown(kinds)}"
            raise RulesError(msg)
        settle(self, types=tuple(sorted(entries)))

    def __str__(self) -> str:
        if not self.types:
            return "nothing saved"
        return " | ".join(f"{kind}: {entry}" for kind, entry in self.types)

    def of(self, damage_type: str | None) -> TypeState:
        """The saved modifier and locks for one damage type."""
        return dict(self.types).get(read_damage_type(damage_type), TypeState())

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
        ending = parse_word(Duration, duration, "duration")
        state = State()
        for kind, entry in self.types:
            modifier = entry.modifier
            affinity = entry.affinity
            if ending is Duration.SCENE or (modifier is not None and modifier.duration is ending):
                modifier, affinity = None, None
            locks = frozenset(
                lock
                for lock in entry.locks
                if ending is not Duration.SCENE and lock.duration is not ending
            )
            state = state.with_type(kind, TypeState(modifier, locks, affinity))
        return state


def _lock(value: object) -> Lock:
    if not isinstance(value, Lock):
        msg = f"locks must be Lock(...) values, not {shown(value)}"
        raise RulesTypeError(msg)
    return value


def _entry(value: object) -> tuple[str, TypeState]:
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], TypeState)):
        msg = (
            "A state's types are (damage type, TypeState) pairs, as result.state holds them, "
            f"not {shown(value)}"
        )
        raise RulesTypeError(msg)
    return read_damage_type(value[0]), value[1]
