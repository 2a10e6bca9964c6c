"""The saved state replays the affinity its attack used, in every branch of step 3.

§ruling-saved-state-replays, §ruling-remove-absent, §ruling-one-modifier and
§ruling-modifier-durations together: over every native affinity, history of earlier
modifiers, modifier (grant or removal, each affinity, each duration, with or without a
lock), stance and ignore flags, the next attack meets the affinity this one met, unless
this one's own modifier changed it and lasted only this attack; an expired modifier
leaves the native affinity (under the locks that remain).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.affinity import Action, Affinity, Duration, Modifier, State, calculate

NATIVES = list(Affinity)
TARGETS = [affinity for affinity in Affinity if affinity is not Affinity.NORMAL]
DURATIONS = list(Duration)

every_modifier = st.one_of(
    st.builds(Modifier, st.just("grant"), st.sampled_from(TARGETS), duration=st.sampled_from(DURATIONS)),
    st.builds(
        Modifier,
        st.just("remove"),
        st.sampled_from(TARGETS),
        lock=st.booleans(),
        duration=st.sampled_from(DURATIONS),
    ),
)


@st.composite
def histories(draw: st.DrawFn, native: Affinity) -> State:
    """The state one NPC carries after a few earlier attacks of the same type."""
    state = State()
    for modifier in draw(st.lists(every_modifier, max_size=4)):
        guarding = draw(st.booleans())
        state = calculate(0, "fire", native, guarding=guarding, state=state, modifier=modifier).state
    return state


def met(native: Affinity, state: State) -> Affinity:
    """The affinity an attack with no modifier, no stance and no ignore flag meets."""
    return calculate(10, "fire", native, state=state).affinity


def changes_nothing(modifier: Modifier, native: Affinity, state: State) -> bool:
    """A modifier stopped by a lock, or a removal of an affinity the NPC does not have."""
    if state.of("fire").locked(modifier.affinity):
        return True
    return modifier.action is Action.REMOVE and met(native, state) is not modifier.affinity


def native_under_locks(native: Affinity, state: State) -> Affinity:
    return Affinity.NORMAL if state.of("fire").locked(native) else native


@given(data=st.data(), native=st.sampled_from(NATIVES), modifier=every_modifier, guarding=st.booleans(),
       ignores=st.sets(st.sampled_from(TARGETS)))
def test_the_next_attack_meets_the_affinity_this_attack_met(data, native, modifier, guarding, ignores):
    before = data.draw(histories(native))
    attack = calculate(
        10, "fire", native, guarding=guarding, state=before, modifier=modifier, ignores=ignores
    )
    plain = calculate(10, "fire", native, state=before, modifier=modifier)  # no stance, nothing ignored
    assert attack.state == plain.state  # neither guarding nor ignore flags are saved
    lasting = modifier.duration is not Duration.THIS_ATTACK
    if lasting or changes_nothing(modifier, native, before):
        assert met(native, attack.state) is plain.affinity
    else:
        assert attack.state.of("fire").modifier is None  # it replaced the saved one, and ends now
        assert met(native, attack.state) is native_under_locks(native, attack.state)


@given(data=st.data(), native=st.sampled_from(NATIVES), modifier=every_modifier,
       ending=st.sampled_from(DURATIONS))
def test_what_expires_leaves_the_native_affinity_and_the_rest_replays(data, native, modifier, ending):
    attack = calculate(10, "fire", native, state=data.draw(histories(native)), modifier=modifier)
    saved = attack.state.of("fire").modifier
    after = attack.state.expire(ending)
    lasting = {lock for lock in attack.state.of("fire").locks
               if ending is not Duration.SCENE and lock.duration is not ending}
    assert after.of("fire").locks == lasting  # a lock ends with its own duration, or with the scene
    if saved is None or ending is Duration.SCENE or saved.duration is ending:
        # No modifier left: the native affinity, under the locks that outlast the expiry (a lock
        # that ends now frees the native affinity even when no modifier was saved).
        assert met(native, after) is native_under_locks(native, after)
    else:
        assert met(native, after) is met(native, attack.state)


@pytest.mark.parametrize("duration", DURATIONS)
@pytest.mark.parametrize("lock", [False, True])
def test_removing_what_a_scene_long_grant_hides_keeps_the_grant(duration, lock):
    """The review's case: VU granted for the scene, then RS removed: VU's damage now and next."""
    granted = calculate(10, "fire", "Normal", modifier=Modifier("grant", "VU", duration="scene"))
    removal = Modifier("remove", "RS", lock=lock, duration=duration)
    now = calculate(10, "fire", "Normal", state=granted.state, modifier=removal)
    vu = 10 * Affinity.VU.multiplier
    assert (now.final, calculate(10, "fire", "Normal", state=now.state).final) == (vu, vu)
    assert now.state.of("fire").modifier == Modifier("grant", "VU", duration="scene")
