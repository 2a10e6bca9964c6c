"""The seven steps of the affinity flowchart, one helper each, and `calculate`, which runs them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.affinity import rulebook as rb
from rules.affinity.state import Lock, State, TypeState, read_damage_type
from rules.affinity.vocabulary import Action, Affinity, Duration, Modifier
from rules.checks import collection, distinct, flag, whole_number
from rules.errors import RulesError, RulesTypeError, concerning, shown
from rules.explain import Explained, Step
from rules.tables import Table

__all__ = ["AffinityResult", "calculate", "multiplier_table"]


@dataclass(frozen=True, slots=True)
class AffinityResult(Explained):
    """The outcome of one attack: final damage (negative heals), affinity and new state."""

    final: int
    affinity: Affinity
    multiplier: Fraction
    state: State
    steps: tuple[Step, ...]

    @property
    def answer(self) -> int:
        """The damage dealt (negative heals): `final`."""
        return self.final

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
        RulesError: An unknown affinity, action or duration; negative damage.
        RulesTypeError: Damage that is not a whole number, ``guarding`` that is not a
            bool, a ``state`` or ``modifier`` of the wrong type, ``ignores`` given as text.

    """
    with concerning("base_damage"):
        damage = whole_number(base_damage, "base_damage")
    with concerning("damage_type"):
        kind = read_damage_type(damage_type)
    with concerning("native"):
        native_affinity = _native_affinity(native, kind)
    with concerning("guarding"):
        is_guarding = flag(guarding, "guarding")
    with concerning("ignores"):
        ignored = frozenset(_ignorable(value) for value in collection(ignores, "ignores"))
    with concerning("state"):
        entry, before = _saved(state, kind)
    if modifier is not None and not isinstance(modifier, Modifier):
        msg = f"modifier must be a Modifier(...), not {shown(modifier)}"
        raise RulesTypeError(msg, concerns="modifier")

    steps: list[Step] = []
    if kind == "untyped":
        steps.append(Step(rb.UNTYPED, f"untyped damage has native affinity {native_affinity.value}"))
    unguarded = _initial_affinity(native_affinity, entry, steps)
    affinity = _guard(unguarded, entry, guarding=is_guarding, steps=steps)
    affinity, entry = _apply_modifier(affinity, unguarded, entry, modifier, steps)
    affinity = _apply_ignores(affinity, ignored, steps)
    multiplier = affinity.multiplier
    steps.append(Step(rb.MULTIPLIER, f"{affinity.value} multiplies by {multiplier}"))
    final = _final_damage(damage, affinity, steps)
    after = _save_state(before, kind, entry, steps)
    facts = [
        *(["guarding"] if is_guarding else []),
        *([f"saved: {before}"] if before.types else []),
        *([str(modifier)] if modifier is not None else []),
        *([f"ignores {', '.join(sorted(each.value for each in ignored))}"] if ignored else []),
    ]
    more = f" ({'; '.join(facts)})" if facts else ""
    situation = f"{damage} {kind} damage against native {native_affinity.value}{more}"
    return AffinityResult(
        final, affinity, multiplier, after, tuple(steps), situation=situation, start=damage
    )


def multiplier_table() -> Table:
    """Step 5's multipliers, with what each does to 9 damage, as the affinity page shows them."""
    rows = []
    for affinity in Affinity:
        example = calculate(9, "fire", affinity)  # pragma: no mutate (every damage type gives the same row)
        rows.append((affinity.value, str(affinity.multiplier), example.display))
    return Table.of(("Affinity", "Multiplier", "9 damage becomes"), rows)


def _saved(state: object, kind: str) -> tuple[TypeState, State]:
    """The saved entry for this damage type, and the whole state (empty if none is given)."""
    if state is None:
        return TypeState(), State()
    if not isinstance(state, State):
        msg = f"state must be the State a previous result saved (result.state), not {shown(state)}"
        raise RulesTypeError(msg)
    return state.of(kind), state


def _native_affinity(native: object, kind: str) -> Affinity:
    if isinstance(native, Mapping):
        # every entry read, not only this attack's: a table is refused wherever it is wrong
        read = distinct(native, "native", read_damage_type)
        table = {key: Affinity.parse(value) for key, value in read.items()}
        return table.get(kind, Affinity.NORMAL)
    if isinstance(native, (Affinity, str)):
        return Affinity.parse(native)
    msg = f"native must be an affinity or a mapping of damage type to affinity, not {shown(native)}"
    raise RulesTypeError(msg)


def _ignorable(value: Affinity | str) -> Affinity:
    affinity = Affinity.parse(value)
    if affinity is Affinity.NORMAL:
        msg = "An attack can ignore VU, RS, IM or AB, not 'Normal'"
        raise RulesError(msg)
    return affinity


def _modified(affinity: Affinity, modifier: Modifier | None) -> Affinity:
    """The affinity a modifier leaves on top of ``affinity``: a grant sets, a removal takes away."""
    if modifier is None:
        return affinity
    if modifier.action is Action.GRANT:
        return modifier.affinity
    return Affinity.NORMAL if affinity is modifier.affinity else affinity


def _initial_affinity(native: Affinity, entry: TypeState, steps: list[Step]) -> Affinity:
    """Step 1: the native affinity, or the one the saved modifier left; locks apply.

    A saved modifier replays the affinity it left when applied (§ruling-saved-state-replays),
    not its action against the native affinity: a removal that took away a granted RS
    leaves Normal, even where the native affinity is VU.
    """
    saved = entry.affinity
    affinity = _modified(native, entry.modifier) if saved is None else saved
    if entry.modifier is None:
        steps.append(Step(rb.INITIAL, f"no saved modifier, so the native affinity {native.value}"))
    else:
        steps.append(Step(rb.INITIAL, f"saved modifier {entry.modifier} gives {affinity.value}"))
    if entry.locked(affinity):
        steps.append(Step(rb.LOCKS, f"{affinity.value} is locked out, so Normal"))
        return Affinity.NORMAL
    return affinity


def _guard(affinity: Affinity, entry: TypeState, *, guarding: bool, steps: list[Step]) -> Affinity:
    """Step 2: guarding turns VU into Normal and Normal into RS (unless RS is locked)."""
    if not guarding:
        steps.append(Step(rb.GUARDING, "not guarding: no change"))
        return affinity
    if affinity is Affinity.VU:
        steps.append(Step(rb.GUARDING, "guarding turns VU into Normal"))
        return Affinity.NORMAL
    if affinity is Affinity.NORMAL:
        if entry.locked(Affinity.RS):
            steps.append(Step(rb.GUARDING, "guarding, but RS is locked: stays Normal"))
            return affinity
        steps.append(Step(rb.GUARDING, "guarding turns Normal into RS"))
        return Affinity.RS
    steps.append(Step(rb.GUARDING, f"guarding leaves {affinity.value} unchanged"))
    return affinity


def _apply_modifier(
    affinity: Affinity,
    unguarded: Affinity,
    entry: TypeState,
    modifier: Modifier | None,
    steps: list[Step],
) -> tuple[Affinity, TypeState]:
    """Step 3: a grant or removal replaces the previous modifier, unless a lock stops it.

    The entry keeps what the modifier leaves of the affinity before guarding: guarding
    is this attack's stance, never saved (§ruling-saved-state-replays).
    """
    if modifier is None:
        steps.append(Step(rb.MODIFIERS, "the attack has no modifier: no change"))
        return affinity, entry
    target = modifier.affinity
    if entry.locked(target):
        why = "cannot be granted" if modifier.action is Action.GRANT else "is already removed"
        steps.append(Step(rb.MODIFIERS, f"{target.value} is locked and {why}: no change"))
        return affinity, entry
    if modifier.action is Action.GRANT:
        steps.append(Step(rb.MODIFIERS, f"{modifier} sets {target.value}"))
        new_affinity = target
    elif affinity is target:
        steps.append(Step(rb.MODIFIERS, f"{modifier} takes {target.value} away: Normal"))
        new_affinity = Affinity.NORMAL
    else:
        steps.append(
            Step(rb.REMOVE_ABSENT, f"{modifier}: there is no {target.value} to take away")
        )
        new_affinity = affinity
    locks = entry.locks
    if modifier.lock:
        locks = locks | {Lock(target, modifier.duration)}
        steps.append(Step(rb.LOCKS, f"{target.value} is locked ({modifier.duration.value})"))
    if modifier.action is Action.REMOVE and unguarded is not target:
        # Nothing to take away: the affinity in force stays, and so does the modifier
        # that gives it, with its own duration (§ruling-remove-absent).
        return new_affinity, replace(entry, locks=locks)
    saved = _modified(unguarded, modifier)
    return new_affinity, replace(entry, modifier=modifier, locks=locks, affinity=saved)


def _apply_ignores(affinity: Affinity, ignored: frozenset[Affinity], steps: list[Step]) -> Affinity:
    """Step 4: an attack that ignores the affinity treats it as Normal."""
    if affinity in ignored:
        steps.append(Step(rb.IGNORE, f"the attack ignores {affinity.value}: Normal"))
        return Affinity.NORMAL
    steps.append(Step(rb.IGNORE, f"nothing ignored: stays {affinity.value}"))
    return affinity


def _final_damage(damage: int, affinity: Affinity, steps: list[Step]) -> int:
    """Step 6: base damage times the multiplier, rounded down (§ruling-rs-rounds-down).

    Every multiplier is applied the same way, so RS's 1/2 gives `half_down`'s figure.
    """
    multiplier = affinity.multiplier
    final = damage * multiplier.numerator // multiplier.denominator  # rounds down, as half_down
    change = final - damage
    if final < 0:
        steps.append(Step(rb.FINAL, f"{damage} x {multiplier} = {final}: heals {-final}", change=change))
    elif final == 0:
        steps.append(Step(rb.FINAL, f"{damage} x {multiplier} = 0: No effect", change=change))
    else:
        steps.append(Step(rb.FINAL, f"{damage} x {multiplier} = {final}", change=change))
    return final


def _save_state(before: State, kind: str, entry: TypeState, steps: list[Step]) -> State:
    """Step 7: keep what outlasts this attack; a this-attack modifier is not saved."""
    modifier = entry.modifier
    if modifier is not None and modifier.duration is Duration.THIS_ATTACK:
        modifier = None
    locks = frozenset(lock for lock in entry.locks if lock.duration is not Duration.THIS_ATTACK)
    saved = TypeState(modifier, locks, entry.affinity if modifier is not None else None)
    after = before.with_type(kind, saved)
    if after == before:
        steps.append(Step(rb.SAVE, "nothing changes in the saved state"))
    else:
        steps.append(Step(rb.SAVE, f"{kind}: {str(saved) or 'modifier cleared'}"))
    return after
