"""The affinity flowchart, rule by rule (docs/affinity.md), plus its invariants."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.affinity import Affinity, Duration, Modifier, State, calculate
from rules.errors import RulesError, RulesTypeError

AFFINITIES = ["VU", "Normal", "RS", "IM", "AB"]


def anchors(result):
    return [step.rule.anchor for step in result.steps]


def test_the_steps_run_in_the_flowcharts_order():
    result = calculate(10, "fire", "RS", guarding=True, modifier=Modifier("grant", "VU"))
    assert anchors(result) == [
        "initial-affinity", "guarding", "attack-modifiers", "ignore-flags",
        "multipliers", "final-damage", "save-state",
    ]


@pytest.mark.parametrize(
    ("native", "final", "display"),
    [("VU", 20, "20 damage"), ("Normal", 10, "10 damage"), ("RS", 5, "5 damage"),
     ("IM", 0, "No effect"), ("AB", -10, "Heals 10")],
)
def test_each_affinity_has_its_multiplier(native, final, display):
    result = calculate(10, "fire", native)
    assert (result.final, result.display, result.affinity) == (final, display, Affinity.parse(native))


def test_affinity_words_are_read_in_any_case():
    assert calculate(10, "Fire", "resist").affinity is Affinity.RS
    assert calculate(10, "FIRE", {"fire": "vu"}).affinity is Affinity.VU


@pytest.mark.parametrize(
    ("native", "guarded"), [("VU", "Normal"), ("Normal", "RS"), ("RS", "RS"), ("IM", "IM"), ("AB", "AB")]
)
def test_guarding_shifts_vulnerable_and_normal_only(native, guarded):
    assert calculate(10, "ice", native, guarding=True).affinity.value == guarded


def test_guarding_cannot_give_a_locked_resistance():
    locked = calculate(0, "ice", "RS", modifier=Modifier("remove", "RS", lock=True, duration="scene"))
    assert calculate(10, "ice", "Normal", guarding=True, state=locked.state).final == 10


def test_a_lock_stops_a_later_grant_and_keeps_the_old_modifier():
    lock = Modifier("remove", "RS", lock=True, duration="scene")
    locked = calculate(0, "ice", "RS", modifier=lock)
    grant = Modifier("grant", "RS", duration="scene")
    blocked = calculate(10, "ice", "RS", state=locked.state, modifier=grant)
    assert blocked.final == 10
    assert blocked.state == locked.state


def test_a_new_modifier_replaces_the_saved_one():
    first = calculate(0, "ice", "Normal", modifier=Modifier("grant", "IM", duration="scene"))
    vulnerable = Modifier("grant", "VU", duration="scene")
    second = calculate(10, "ice", "Normal", state=first.state, modifier=vulnerable)
    assert second.final == 20
    assert str(second.state) == "ice: grant VU (scene)"


def test_state_is_kept_per_damage_type():
    fire = calculate(0, "fire", "Normal", modifier=Modifier("grant", "VU", duration="scene"))
    assert calculate(10, "ice", "Normal", state=fire.state).final == 10
    assert calculate(10, "fire", "Normal", state=fire.state).final == 20


def test_ignoring_an_affinity_the_target_lacks_changes_nothing():
    assert calculate(10, "fire", "VU", ignores={"RS", "IM", "AB"}).final == 20


def test_expiry_ends_only_matching_durations():
    turn = calculate(0, "fire", "Normal", modifier=Modifier("grant", "VU", duration="until next turn"))
    assert turn.state.expire("until next round") == turn.state
    assert turn.state.expire("until next turn") == State()


def test_results_explain_every_step_with_a_citation():
    text = calculate(9, "fire", "RS").explain()
    assert text.splitlines()[-1] == "= 4 damage"
    assert "(§multipliers): RS multiplies by 1/2" in text


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: calculate(True, "fire", "RS"), "base_damage must be a whole number, not True"),
        (lambda: calculate(3, "", "RS"), "damage_type must be a word"),
        (lambda: calculate(3, "fire", 7), "native must be an affinity or a mapping"),
        (lambda: calculate(3, "fire", {"fire": "hot"}), "Unknown affinity 'hot'"),
        (lambda: Modifier("grant", "Normal"), "not 'Normal'"),
        (lambda: State().expire("forever"), "Unknown duration 'forever'"),
    ],
)
def test_bad_input_is_refused_with_a_message_naming_it(call, message):
    with pytest.raises(RulesError, match=message.replace("(", r"\(")):
        call()


def test_a_modifier_must_be_a_modifier():
    with pytest.raises(RulesTypeError, match="modifier must be a Modifier"):
        calculate(3, "fire", "RS", modifier="grant VU")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: calculate(10, "fire", "Normal", guarding="no"), "guarding must be True or False, not 'no'"),
        (lambda: calculate(10, "fire", "RS", state="x"), "state must be the State a previous result saved"),
        (lambda: calculate(10, "fire", "RS", ignores=None), "ignores must be a list or a set, not None"),
        (lambda: calculate(10, "fire", "RS", ignores="RS"),
         r"ignores must be a list or a set, such as \['RS'\], not the text 'RS'"),
        (lambda: calculate("10", "fire", "RS"), "base_damage must be a whole number, not '10'"),
        (lambda: calculate(10, 5, "RS"),
         "damage_type must be a word such as 'fire' or None for untyped, not 5"),
        (lambda: calculate(10, "fire", None), "native must be an affinity or a mapping"),
        (lambda: calculate(10, "fire", {"fire": 2}), "Unknown affinity 2"),
        (lambda: calculate(10, "fire", "RS", ignores=[None]), "Unknown affinity None"),
        (lambda: Modifier("remove", "RS", lock="yes"), "lock must be True or False, not 'yes'"),
        (lambda: Modifier(None, "RS"), "Unknown modifier action None"),
        (lambda: State().expire(3), "Unknown duration 3"),
    ],
)
def test_an_input_of_the_wrong_type_is_a_rules_type_error(call, message):
    with pytest.raises(RulesTypeError, match=message):
        call()


@pytest.mark.parametrize(
    "written", ["until next turn", "Until-Next-Turn", "until_next_turn", " UNTIL  next turn "]
)
def test_a_duration_reads_with_spaces_hyphens_or_underscores(written):
    assert Modifier("grant", "VU", duration=written).duration is Duration.UNTIL_NEXT_TURN


modifiers = st.builds(
    lambda action, affinity, lock, duration: Modifier(
        action, affinity, lock=lock and action == "remove", duration=duration
    ),
    st.sampled_from(["grant", "remove"]),
    st.sampled_from(["VU", "RS", "IM", "AB"]),
    st.booleans(),
    st.sampled_from(["this attack", "until next turn", "until next round", "scene"]),
)


@st.composite
def histories(draw):
    """A state reached by a few earlier attacks on the same NPC."""
    state = State()
    for modifier in draw(st.lists(modifiers, max_size=4)):
        kind = draw(st.sampled_from(["fire", "ice"]))
        state = calculate(0, kind, draw(st.sampled_from(AFFINITIES)), state=state, modifier=modifier).state
    return state


@given(
    damage=st.integers(0, 500),
    native=st.sampled_from(AFFINITIES),
    guarding=st.booleans(),
    state=histories(),
    modifier=st.none() | modifiers,
    ignores=st.sets(st.sampled_from(["VU", "RS", "IM", "AB"])),
)
def test_final_damage_is_base_times_the_multiplier_of_the_final_affinity(
    damage, native, guarding, state, modifier, ignores
):
    before = state
    result = calculate(
        damage, "fire", native, guarding=guarding, state=state, modifier=modifier, ignores=ignores
    )
    assert result.multiplier == result.affinity.multiplier
    assert result.final == int(damage * result.multiplier // 1)
    assert abs(result.final) <= 2 * damage
    assert result.affinity.value not in ignores
    assert state == before  # the state passed in is never changed
    assert result.state.expire("scene") == State()


@given(damage=st.integers(0, 500), state=histories())
def test_a_locked_affinity_is_never_the_final_one(damage, state):
    result = calculate(damage, "fire", "RS", guarding=True, state=state)
    assert not state.of("fire").locked(result.affinity)


@given(damage=st.integers(0, 500))
def test_resistance_never_does_more_than_half(damage):
    assert calculate(damage, "fire", "RS").final == damage // 2
    assert calculate(damage, "fire", "RS").final * 2 <= damage


def test_multipliers_are_exact_fractions():
    assert [Affinity.parse(a).multiplier for a in AFFINITIES] == [
        Fraction(2), Fraction(1), Fraction(1, 2), Fraction(0), Fraction(-1)
    ]
