"""Invariants of the affinity flowchart, on generated attacks and saved states (hypothesis).

The saved state replays the affinity of the attack that saved it; guarding is never saved;
more base damage never moves the result the other way; results and tables are read-only.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.affinity import Affinity, Duration, Modifier, State, calculate
from tests.test_affinity import AFFINITIES, histories, modifiers

lasting = modifiers.filter(lambda modifier: modifier.duration is not Duration.THIS_ATTACK)


@given(
    damage=st.integers(0, 300),
    native=st.sampled_from(AFFINITIES),
    state=histories(),
    modifier=st.none() | lasting,
)
def test_the_saved_state_replays_the_affinity_of_the_attack_that_saved_it(damage, native, state, modifier):
    saving = calculate(damage, "fire", native, state=state, modifier=modifier)
    replay = calculate(damage, "fire", native, state=saving.state)
    assert replay.affinity is saving.affinity
    assert replay.final == saving.final
    assert replay.state == saving.state  # replaying changes nothing


@given(
    damage=st.integers(0, 300),
    native=st.sampled_from(AFFINITIES),
    state=histories(),
    modifier=st.none() | modifiers,
)
def test_guarding_is_never_saved(damage, native, state, modifier):
    guarded = calculate(damage, "fire", native, guarding=True, state=state, modifier=modifier)
    unguarded = calculate(damage, "fire", native, state=state, modifier=modifier)
    assert guarded.state == unguarded.state


@given(
    damage=st.integers(0, 300),
    more=st.integers(0, 300),
    native=st.sampled_from(AFFINITIES),
    guarding=st.booleans(),
    state=histories(),
    modifier=st.none() | modifiers,
)
def test_more_base_damage_never_moves_the_result_the_other_way(
    damage, more, native, guarding, state, modifier
):
    def run(amount):
        return calculate(amount, "fire", native, guarding=guarding, state=state, modifier=modifier)

    low, high = run(damage), run(damage + more)
    assert low.affinity is high.affinity  # the amount never changes the affinity
    if high.multiplier >= 0:
        assert high.final >= low.final
    else:
        assert high.final <= low.final


def test_results_states_and_modifiers_are_read_only():
    result = calculate(10, "fire", "RS", modifier=Modifier("remove", "RS", lock=True, duration="scene"))
    for value, field in ((result, "final"), (result.state, "types"), (Modifier("grant", "VU"), "lock")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, None)
    assert isinstance(result.state.types, tuple)
    assert isinstance(State().types, tuple)
    assert Affinity.RS.multiplier.denominator == 2  # a Fraction: immutable
