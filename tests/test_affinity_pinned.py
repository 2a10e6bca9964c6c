"""The affinity rules' behaviour, pinned: each refusal, each field of a result, each table as text.

These checks were the programmers' section of docs/affinity.md, which keeps a few examples of the
error format and of a result. Each test names the rule or the input it checks.
"""

from __future__ import annotations

from math import floor

from rules.affinity import Affinity, Lock, Modifier, State, calculate, multiplier_table
from rules.affinity.state import TypeState
from tests.pinned import refusal


def test_a_bad_value_is_refused_with_a_message_naming_it():
    # moved from docs/affinity.md#affinity-errors
    """Input the rules cannot use is refused with a message that names it, never turned into a number."""
    assert (
        refusal(lambda: calculate(10, "fire", "resistent"))
        == "RulesError: Unknown affinity 'resistent': use one of 'VU', 'Normal', 'RS', 'IM' or 'AB'"
    )
    assert refusal(lambda: calculate(-3, "fire", "RS")) == "RulesError: base_damage must be 0 or more, not -3"
    assert refusal(lambda: calculate(-1, "fire", "RS")) == "RulesError: base_damage must be 0 or more, not -1"
    assert (
        refusal(lambda: calculate(10, " ", "RS"))
        == "RulesError: damage_type must be a word such as 'fire' or None for untyped, not ' '"
    )
    assert (
        refusal(lambda: calculate(7.5, "fire", "RS"))
        == "RulesTypeError: base_damage must be a whole number, not 7.5"
    )
    assert (
        refusal(lambda: Modifier("steal", "RS"))
        == "RulesError: Unknown modifier action 'steal': use one of 'grant' or 'remove'"
    )
    assert refusal(lambda: Modifier("grant", "VU", duration="forever")) == (
        "RulesError: Unknown duration 'forever': use one of 'this attack', 'until next turn', "
        "'until next round' or 'scene'"
    )
    assert (
        refusal(lambda: calculate(10, "fire", "RS", ignores={"Normal"}))
        == "RulesError: An attack can ignore VU, RS, IM or AB, not 'Normal'"
    )


def test_an_input_of_the_wrong_kind_is_named_with_what_it_should_be():
    # moved from docs/affinity.md#affinity-errors
    """Each input of the wrong kind is named, with what it should be."""
    assert (
        refusal(lambda: calculate(10, "fire", "RS", guarding="yes"))
        == "RulesTypeError: guarding must be True or False, not 'yes'"
    )
    assert (
        refusal(lambda: calculate(10, "fire", "RS", ignores="RS"))
        == "RulesTypeError: ignores must be a list or a set, such as ['RS'], not the text 'RS'"
    )
    assert (
        refusal(lambda: calculate(10, "fire", "RS", modifier="VU"))
        == "RulesTypeError: modifier must be a Modifier(...), not 'VU'"
    )
    assert refusal(lambda: calculate(10, "fire", "RS", state={"fire": "VU"})) == (
        "RulesTypeError: state must be the State a previous result saved (result.state), not {'fire': 'VU'}"
    )
    assert refusal(lambda: calculate(10, "fire", 2)) == (
        "RulesTypeError: native must be an affinity or a mapping of damage type to affinity, not 2"
    )
    assert (
        refusal(lambda: calculate(10, "fire", {"fire": "RS", "Fire": "VU"}))
        == "RulesError: native gives one key twice, as 'fire' and as 'Fire': give it once"
    )
    assert (
        refusal(lambda: Modifier("grant", "VU", lock="yes"))
        == "RulesTypeError: lock must be True or False, not 'yes'"
    )
    assert (
        refusal(lambda: Modifier("grant", "Normal"))
        == "RulesError: A modifier grants or removes VU, RS, IM or AB, not 'Normal'"
    )
    assert refusal(lambda: calculate(10, "fire", "RS").state.expire("forever")) == (
        "RulesError: Unknown duration 'forever': use one of 'this attack', 'until next turn', "
        "'until next round' or 'scene'"
    )


def test_the_multiplier_table_prints_as_the_page_shows_it():
    # moved from docs/affinity.md#affinity-tables-in-code
    """Each table on the page is computed from the rules' own data; here is each one as the code prints
    it. From Step 5: multiplier (#multipliers).
    """
    # The multipliers are the rules' own (one source); the layout and the words are what this pins.
    vu, normal, rs, im, ab = (affinity.multiplier for affinity in Affinity)
    rows = [
        ("VU", vu, f"{floor(9 * vu)} damage"),
        ("Normal", normal, f"{floor(9 * normal)} damage"),
        ("RS", rs, f"{floor(9 * rs)} damage"),
        ("IM", im, "No effect"),
        ("AB", ab, f"Heals {-9 * ab}"),
    ]
    assert str(multiplier_table()) == "\n".join(
        [
            "Affinity  Multiplier  9 damage becomes",
            "--------  ----------  ----------------",
            *(f"{name:<8}  {multiplier!s:<10}  {becomes}" for name, multiplier, becomes in rows),
        ]
    )


def test_an_affinity_may_be_written_as_a_word():
    # moved from docs/affinity.md#affinity-inputs-in-code
    """An affinity may also be written as a word, `"resistant"` for RS."""
    assert calculate(10, "fire", "resistant").affinity.value == "RS"


def test_a_result_carries_its_situation_and_its_changes():
    # moved from docs/affinity.md#affinity-inputs-in-code
    """A result also carries its situation in one line (the worked examples show it), and the damage the
    steps start from, each change they make, and where they end.
    """
    vu, im, ab = (10 * affinity.multiplier for affinity in (Affinity.VU, Affinity.IM, Affinity.AB))
    hit = calculate(10, "fire", "Normal", guarding=True, modifier=Modifier("grant", "VU"), ignores={"IM"})
    assert (
        hit.situation == "10 fire damage against native Normal (guarding; grant VU (this attack); ignores IM)"
    )
    assert (hit.start, hit.changes, hit.end) == (10, (vu - 10,), vu)
    assert calculate(10, "fire", "RS").situation == "10 fire damage against native RS"
    assert (
        calculate(10, "fire", "Normal", ignores={"RS", "IM"}).situation
        == "10 fire damage against native Normal (ignores IM, RS)"
    )
    healed = calculate(10, "fire", "AB")
    assert (healed.start, healed.changes, healed.end) == (10, (ab - 10,), ab)
    assert str(healed.steps[5]) == (
        f"Step 6: final damage (§final-damage): 10 x {Affinity.AB.multiplier} = {ab}: heals {-ab}"
    )
    blocked = calculate(10, "fire", "IM")
    assert (blocked.start, blocked.changes, blocked.end) == (10, (im - 10,), im)
    assert str(blocked.steps[5]) == (
        f"Step 6: final damage (§final-damage): 10 x {Affinity.IM.multiplier} = {im}: No effect"
    )
    assert [
        calculate(10, "ice", native, guarding=True).steps[1].rule.anchor for native in ("VU", "Normal", "RS")
    ] == ["guarding", "guarding", "guarding"]
    locked = calculate(10, "fire", "RS", modifier=Modifier("remove", "RS", lock=True, duration="scene")).state
    assert calculate(10, "fire", "Normal", guarding=True, state=locked).steps[1].rule.anchor == "guarding"
    untyped = calculate(10, None, "Normal", modifier=Modifier("grant", "VU", duration="scene"))
    assert untyped.situation == "10 untyped damage against native Normal (grant VU (scene))"
    assert str(untyped.state) == "untyped: grant VU (scene)"
    assert (
        calculate(10, "fire", "Normal", state=untyped.state).situation
        == "10 fire damage against native Normal (saved: untyped: grant VU (scene))"
    )


def test_a_saved_state_built_by_hand_replays_like_a_returned_one():
    # moved from docs/affinity.md#affinity-inputs-in-code
    """A saved state is usually the one a result returns, but it can be built by hand, one `TypeState` per
    damage type; a modifier built by hand is read against the native affinity, unless the affinity it
    left is given too.
    """
    by_hand = State(
        (
            ("ice", TypeState(Modifier("grant", "VU", duration="scene"))),
            ("fire", TypeState(locks={Lock("RS", "scene"), Lock("AB", "until next round")})),
        )
    )
    assert str(by_hand) == "fire: AB locked (until next round); RS locked (scene) | ice: grant VU (scene)"
    assert str(by_hand.expire("until next round")) == "fire: RS locked (scene) | ice: grant VU (scene)"
    assert calculate(10, "ice", "RS", state=by_hand).final == 10 * Affinity.VU.multiplier  # the grant replays
    replay = TypeState(Modifier("remove", "VU", duration="scene"), affinity="normal")
    replayed = calculate(10, "fire", "RS", state=State((("fire", replay),)))
    assert replayed.final == 10 * Affinity.NORMAL.multiplier  # removing VU left Normal, not the native RS
    assert refusal(lambda: State((("fire", "VU"),))) == (
        "RulesTypeError: A state's types are (damage type, TypeState) pairs, as result.state "
        "holds them, not ('fire', 'VU')"
    )
    assert refusal(lambda: State(5)) == "RulesTypeError: types must be a list or a set, not 5"
    assert (
        refusal(lambda: State((("fire", TypeState()), ("FIRE", TypeState()))))
        == "RulesError: A state gives each damage type once, not ['fire', 'fire']"
    )
    assert (
        refusal(lambda: TypeState(modifier="VU"))
        == "RulesTypeError: modifier must be a Modifier(...) or None, not 'VU'"
    )
    assert (
        refusal(lambda: TypeState(locks=["RS"])) == "RulesTypeError: locks must be Lock(...) values, not 'RS'"
    )
    assert refusal(lambda: TypeState(locks=5)) == "RulesTypeError: locks must be a list or a set, not 5"
    assert refusal(lambda: Lock("RS", "forever")) == (
        "RulesError: Unknown duration 'forever': use one of 'this attack', 'until next turn', "
        "'until next round' or 'scene'"
    )


def test_a_modifier_that_outlasts_an_expiry_keeps_the_affinity_it_left():
    # moved from docs/affinity.md#affinity-inputs-in-code
    """A modifier that outlasts an expiry keeps the affinity it left, and the next attack starts from that
    (here Normal, not the native RS: see the saved state replays (#ruling-saved-state-replays)).
    """
    first = calculate(10, "fire", "RS", modifier=Modifier("grant", "VU", duration="scene"))
    second = calculate(
        10, "fire", "RS", state=first.state, modifier=Modifier("remove", "VU", duration="until next round")
    )
    normal = 10 * Affinity.NORMAL.multiplier
    assert (second.final, str(second.state)) == (normal, "fire: remove VU (until next round)")
    assert calculate(10, "fire", "RS", state=second.state.expire("until next turn")).final == normal
