"""The affinity flowchart, rule by rule (docs/affinity.md), plus its invariants."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.affinity import Affinity, Duration, Modifier, State, calculate
from rules.affinity.state import TypeState
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


def _shown(final):
    return f"{final} damage" if final > 0 else "No effect" if final == 0 else f"Heals {-final}"


@pytest.mark.parametrize("native", AFFINITIES)
def test_each_affinity_multiplies_by_its_own_multiplier_rounding_down(native):
    affinity = Affinity.parse(native)
    for damage in range(12):
        result = calculate(damage, "fire", native)
        assert (result.final, result.affinity) == (damage * affinity.multiplier // 1, affinity)
        assert result.display == _shown(result.final)


def test_the_affinities_run_from_most_damage_to_healing():
    multipliers = [Affinity.parse(a).multiplier for a in AFFINITIES]
    assert all(isinstance(m, Fraction) for m in multipliers)
    assert multipliers == sorted(multipliers, reverse=True) and len(set(multipliers)) == len(multipliers)
    vulnerable, normal, resistant, immune, absorbing = multipliers
    assert vulnerable > normal == 1 > resistant > immune == 0 > absorbing


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
    assert (second.final, second.affinity) == (calculate(10, "ice", "VU").final, Affinity.VU)
    assert str(second.state) == "ice: grant VU (scene)"


def test_state_is_kept_per_damage_type():
    fire = calculate(0, "fire", "Normal", modifier=Modifier("grant", "VU", duration="scene"))
    assert calculate(10, "ice", "Normal", state=fire.state).final == calculate(10, "ice", "Normal").final
    assert calculate(10, "fire", "Normal", state=fire.state).final == calculate(10, "fire", "VU").final


@pytest.mark.parametrize("native", AFFINITIES)
@pytest.mark.parametrize("removed", ["VU", "RS", "IM", "AB"])
def test_a_removal_built_by_hand_takes_away_only_the_native_affinity_it_names(native, removed):
    """A saved removal with no affinity left beside it is read against the native affinity, as
    the attack that made it would have read it (§ruling-remove-absent): Normal if it names the
    native affinity, the native affinity unchanged if not."""
    removal = Modifier("remove", removed, duration="scene")
    by_hand = State((("fire", TypeState(removal)),))
    replayed = calculate(10, "fire", native, state=by_hand)
    assert replayed.affinity == calculate(10, "fire", native, modifier=removal).affinity
    assert (replayed.affinity is Affinity.NORMAL) == (native in {removed, "Normal"})


def test_ignoring_an_affinity_the_target_lacks_changes_nothing():
    assert calculate(10, "fire", "VU", ignores={"RS", "IM", "AB"}) == calculate(10, "fire", "VU")


def test_expiry_ends_only_matching_durations():
    turn = calculate(0, "fire", "Normal", modifier=Modifier("grant", "VU", duration="until next turn"))
    assert turn.state.expire("until next round") == turn.state
    assert turn.state.expire("until next turn") == State()


def test_results_explain_every_step_with_a_citation():
    result = calculate(9, "fire", "RS")
    text = result.explain()
    assert text.splitlines()[-1] == f"= {result.display}"
    assert f"(§multipliers): RS multiplies by {Affinity.RS.multiplier}" in text


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
    assert abs(result.final) <= max(abs(affinity.multiplier) for affinity in Affinity) * damage
    assert result.affinity.value not in ignores
    assert state == before  # the state passed in is never changed
    assert result.state.expire("scene") == State()


@given(damage=st.integers(0, 500), state=histories())
def test_a_locked_affinity_is_never_the_final_one(damage, state):
    result = calculate(damage, "fire", "RS", guarding=True, state=state)
    assert not state.of("fire").locked(result.affinity)


@given(damage=st.integers(0, 500))
def test_more_damage_never_hurts_less_and_a_stronger_affinity_never_hurts_more(damage):
    finals = [calculate(damage, "fire", native).final for native in AFFINITIES]
    assert finals == sorted(finals, reverse=True)  # VU, Normal, RS, IM, AB
    more = [calculate(damage + 1, "fire", native).final for native in AFFINITIES]
    assert [later >= now for now, later in zip(finals[:-1], more[:-1], strict=True)] == [True] * 4
    assert more[-1] <= finals[-1]  # absorbing heals more
