"""Taking damage, rule by rule (docs/taking-damage.md), plus its invariants."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RulesError, RulesTypeError
from rules.taking_damage import (
    DEFAULT_ORDER,
    Defender,
    Immunity,
    Location,
    OneTime,
    Pool,
    gain,
    in_doubt,
    take_hit,
)
from rules.taking_damage.hit import MONSTROUS_TO

SHIELD = OneTime("Spirit Shield", level=3)


def anchors(result):
    return [step.rule.anchor for step in result.steps]


def pools(defender):
    return {pool: defender.pool(pool) for pool in Pool}


# The seed's worked examples


def test_four_damage_against_magic_physical_and_body():
    after = take_hit(Defender(magic_armor=2, physical_armor=1, body=3), 4).defender
    assert (after.magic_armor, after.physical_armor, after.body) == (0, 0, 2)


def test_four_pierce_against_monstrous_armor_and_body():
    result = take_hit(Defender(monstrous_armor=4, body=4), 4, pierce=True)
    assert (result.defender.monstrous_armor, result.defender.body, result.wound) == (4, 0, None)


def test_four_damage_against_magic_and_monstrous_armor():
    """Magic armor takes 2; the 2 that reach monstrous armor become MONSTROUS_TO (docs/taking-damage.md
    states the seed's figures, checked against the rule there)."""
    result = take_hit(Defender(magic_armor=2, monstrous_armor=3), 4)
    reduced = min(2, MONSTROUS_TO)
    assert (result.defender.magic_armor, result.defender.monstrous_armor) == (0, 3 - reduced)
    by_the_rule = (("monstrous rule", 2 - reduced),) if reduced < 2 else ()
    assert result.absorbed == (("magic armor", 2), *by_the_rule, ("monstrous armor", reduced))


def test_four_poison_against_poison_immunity_is_no_effect():
    healer = Defender(body=3, immunities=["Poison Immunity"])
    result = take_hit(healer, 4, effect="Poison")
    assert (result.call, result.defender, result.wound) == ("No Effect", healer, None)


# The order


def test_the_steps_run_in_the_order_of_the_rules():
    # one point past what the monstrous rule leaves reaches monstrous armor, which takes the rest
    result = take_hit(Defender(magic_armor=1, monstrous_armor=MONSTROUS_TO, body=2, requires={"silver"}),
                      MONSTROUS_TO + 2, effect="silver")
    assert anchors(result) == [
        "ongoing-prevention", "damage-requirements", "one-time-prevention", "damage-reduction",
        "pool-magic-armor", "monstrous-rule", "pool-monstrous-armor",
    ]


def test_pools_take_damage_magic_monstrous_physical_natural_then_body():
    assert DEFAULT_ORDER == (Pool.MAGIC_ARMOR, Pool.MONSTROUS_ARMOR, Pool.PHYSICAL_ARMOR,
                             Pool.NATURAL_ARMOR, Pool.BODY)
    full = Defender(magic_armor=1, physical_armor=1, natural_armor=1, body=1)
    taken = [name for name, _ in take_hit(full, 5, location="right arm").absorbed]
    assert taken == ["magic armor", "physical armor", "natural armor", "body", "wound"]


def test_an_immunity_is_checked_before_a_one_time_effect():
    both = Defender(body=3, immunities=["Poison Immunity"], one_time=[SHIELD])
    assert take_hit(both, 4, effect="poison").defender.one_time == (SHIELD,)


def test_an_immunity_does_not_stop_a_hit_without_its_effect():
    assert take_hit(Defender(body=3, immunities=["Poison Immunity"]), 2).defender.body == 1


def test_a_hit_without_the_required_effect_is_no_effect():
    wraith = Defender(body=5, requires={"silver"})
    assert take_hit(wraith, 3).call == "No Effect"
    assert take_hit(wraith, 3, effect="Silver").defender.body == take_hit(Defender(body=5), 3).defender.body


def test_a_one_time_effect_prevents_the_whole_hit_once():
    first = take_hit(Defender(body=3, one_time=[SHIELD]), 9)
    assert (first.call, first.defender.one_time, first.defender.body) == ("No Effect", (), 3)
    assert take_hit(first.defender, 9).wound is Location.TORSO


def test_the_higher_level_one_time_effect_goes_first():
    low, high = OneTime("Low", level=1), OneTime("High", level=4)
    assert take_hit(Defender(one_time=[low, high]), 2).defender.one_time == (low,)


def test_at_equal_level_the_more_limited_one_time_effect_goes_first():
    broad = OneTime("Broad", level=2)
    narrow = OneTime("Narrow", level=2, against={"poison", "disease"})
    narrower = OneTime("Narrower", level=2, against={"poison"})
    left = take_hit(Defender(one_time=[broad, narrow, narrower]), 2, effect="poison").defender
    assert left.one_time == (broad, narrow)


def test_a_one_time_effect_that_does_not_apply_is_kept():
    ward = OneTime("Poison Ward", level=5, against={"poison"})
    result = take_hit(Defender(body=3, one_time=[ward]), 2)
    assert (result.defender.one_time, result.defender.body) == ((ward,), 1)


# The monstrous rule and Pierce


@pytest.mark.parametrize("beyond", [1, 2, 6, 49])
def test_damage_reaching_monstrous_armor_becomes_what_the_rule_leaves(beyond):
    """However much reaches monstrous armor, it takes MONSTROUS_TO and nothing passes on."""
    armored = Defender(monstrous_armor=MONSTROUS_TO + 2, physical_armor=2, body=2)
    result = take_hit(armored, MONSTROUS_TO + beyond)
    assert pools(result.defender) == pools(Defender(monstrous_armor=2, physical_armor=2, body=2))
    assert result.wound is None


def test_spent_monstrous_armor_reduces_nothing():
    result = take_hit(Defender(monstrous_armor=0, body=2), 5)
    assert (result.defender.body, result.wound) == (0, Location.TORSO)


def test_damage_stopped_by_magic_armor_is_not_reduced():
    behind = take_hit(Defender(magic_armor=5, monstrous_armor=3), 4).defender
    alone = take_hit(Defender(magic_armor=5), 4).defender
    assert (behind.magic_armor, behind.monstrous_armor) == (alone.magic_armor, 3)


@given(st.integers(1, 20), st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
def test_pierce_never_touches_armor(amount, magic, monstrous, natural):
    before = Defender(magic_armor=magic, monstrous_armor=monstrous, natural_armor=natural, body=3)
    after = take_hit(before, amount, pierce=True).defender
    assert [after.pool(p) for p in Pool if p.is_armor] == [before.pool(p) for p in Pool if p.is_armor]
    assert after.body == max(0, 3 - amount)


def test_pierce_is_still_stopped_by_prevention():
    assert take_hit(Defender(body=3, one_time=[SHIELD]), 4, pierce=True).call == "No Effect"


# Wounds


def test_body_at_exactly_zero_is_no_wound_until_the_next_hit():
    at_zero = take_hit(Defender(body=4), 4)
    assert (at_zero.defender.body, at_zero.wound) == (0, None)
    assert "ruling-body-at-zero" in anchors(at_zero)
    assert take_hit(at_zero.defender, 1, location="left leg").wound is Location.LEFT_LEG


def test_a_single_hit_causes_one_wound_at_the_location_hit():
    result = take_hit(Defender(), 2, location="Left Arm")
    assert result.defender.wounds == (Location.LEFT_ARM,)


def test_in_doubt_take_a_torso_wound_with_every_pool_empty():
    result = in_doubt(Defender(magic_armor=1, monstrous_armor=2, body=3, one_time=[SHIELD]))
    assert result.wound is Location.TORSO
    assert set(pools(result.defender).values()) == {0}
    assert result.defender.one_time == (SHIELD,)


# Changing the order


def test_the_next_hit_pool_goes_first_and_overflow_continues():
    marked = Defender(magic_armor=2, body=3, next_hit="body")
    first = take_hit(marked, 4)
    assert pools(first.defender)[Pool.MAGIC_ARMOR] == 1
    assert (first.defender.body, first.defender.next_hit) == (0, None)


def test_a_prevented_hit_does_not_spend_the_next_hit_redirection():
    marked = Defender(body=3, next_hit="body", one_time=[SHIELD])
    assert take_hit(marked, 2).defender.next_hit is Pool.BODY


def test_an_effect_can_reorder_the_pools():
    ablative = Defender(magic_armor=2, monstrous_armor=MONSTROUS_TO + 1,
                        order=["monstrous armor", "magic armor", "physical armor", "natural armor",
                               "body"])
    result = take_hit(ablative, 4)
    assert (result.defender.monstrous_armor, result.defender.magic_armor) == (1, 2)
    assert "changed-damage-order" in anchors(result)


# Gaining defenses


def test_the_effect_that_would_make_a_defender_invulnerable_is_prevented():
    spirit = Defender(body=4, requires={"silver"}, immunities=["Poison Immunity"])
    result = gain(spirit, "Silver Immunity")
    assert (result.prevented, result.defender) == (True, spirit)


def test_an_effect_that_leaves_a_way_through_is_gained():
    result = gain(Defender(requires={"silver", "fire"}), "Silver Immunity")
    assert not result.prevented
    assert result.defender.immunities == (Immunity("Silver Immunity"),)


def test_gaining_never_changes_the_defender_passed_in():
    before = Defender(body=2)
    gain(before, SHIELD)
    assert before.one_time == ()


@pytest.mark.parametrize("second", ["Battle Mastery", "Mind Blank", "Arcane Antiviral",
                                    "The Rare Elemental Shelter Ritual", "Vulnerability Trap",
                                    "Nature Immunity Magic Items", "Poison Immunity Spell"])
def test_two_listed_effects_may_not_stack(second):
    held = Defender(immunities=["Poison Immunity"])
    with pytest.raises(RulesError, match="may not stack with 'Poison Immunity'"):
        gain(held, Immunity(second, against={"x"}))


def test_an_ability_can_let_a_listed_effect_stack():
    held = Defender(immunities=["Poison Immunity"])
    assert len(gain(held, OneTime("Mind Blank", stacks=True)).defender.one_time) == 1


def test_unlisted_effects_stack_freely():
    assert len(Defender(immunities=["Poison Immunity", "Fire Immunity", "Cold Immunity"]).immunities) == 3


# Bad input


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: take_hit(Defender(), -1), "amount must be 0 or more, not -1"),
        (lambda: take_hit(Defender(), True), "amount must be a whole number, not True"),
        (lambda: take_hit(Defender(), 1, location="head"), "Unknown hit location 'head'"),
        (lambda: take_hit(Defender(), 1, effect=""), "effect must be a word"),
        (lambda: take_hit(Defender(), 1, pierce="yes"), "pierce must be True or False, not 'yes'"),
        (lambda: Defender(body=-3), "body must be 0 or more, not -3"),
        (lambda: Defender(magic_armor=1.5), "magic_armor must be a whole number, not 1.5"),
        (lambda: Defender(wounds=["tail"]), "Unknown hit location 'tail'"),
        (lambda: Defender(order=["body"]), "order must list each of the five pools once"),
        (lambda: Defender(one_time=["Spirit Shield"]), "one_time effects must be OneTime"),
        (lambda: Defender(requires={"silver"}, immunities=["Silver Immunity"]), "invulnerable"),
        (lambda: Defender(immunities=["Mind Blank"]), "Cannot tell what 'Mind Blank' stops"),
        (lambda: OneTime("Shield", level=-2), "level of 'Shield' must be 0 or more, not -2"),
    ],
)
def test_bad_input_is_refused_with_a_message_naming_it(call, message):
    with pytest.raises(RulesError, match=message):
        call()


def test_a_defender_that_is_not_one_is_a_type_error():
    with pytest.raises(RulesTypeError, match="defender must be a Defender"):
        take_hit({"body": 3}, 1)


# Invariants over any hit

EFFECTS = st.sampled_from([None, "poison", "silver", "fire"])
ONE_TIMES = st.lists(
    st.builds(OneTime, st.sampled_from(["Shield", "Ward", "Aegis"]), st.integers(0, 3),
              st.sampled_from([frozenset(), frozenset({"poison"}), frozenset({"fire", "silver"})])),
    max_size=2,
)


@st.composite
def defenders(draw):
    pool_points = {pool.field: draw(st.integers(0, 6)) for pool in Pool}
    requires = draw(st.sampled_from([frozenset(), frozenset({"silver"})]))
    immunities = draw(st.sampled_from([(), ("Poison Immunity",), ("Fire Immunity",)]))
    return Defender(
        **pool_points,
        immunities=immunities,
        one_time=draw(ONE_TIMES),
        wounds=draw(st.lists(st.sampled_from(list(Location)), max_size=2)),
        requires=requires,
        next_hit=draw(st.none() | st.sampled_from(list(Pool))),
        order=draw(st.permutations(list(Pool))),
    )


HITS = {
    "defender": defenders(),
    "amount": st.integers(0, 25),
    "effect": EFFECTS,
    "pierce": st.booleans(),
    "location": st.sampled_from(list(Location)),
}


@given(**HITS)
def test_every_point_of_the_hit_is_accounted_for(defender, amount, effect, pierce, location):
    result = take_hit(defender, amount, effect=effect, pierce=pierce, location=location)
    assert sum(points for _, points in result.absorbed) == amount
    taken = dict(result.absorbed)
    for pool in Pool:
        assert defender.pool(pool) - result.defender.pool(pool) == taken.get(pool.value, 0)


@given(**HITS)
def test_no_pool_goes_negative(defender, amount, effect, pierce, location):
    after = take_hit(defender, amount, effect=effect, pierce=pierce, location=location).defender
    assert all(after.pool(pool) >= 0 for pool in Pool)


@given(**HITS)
def test_a_hit_causes_at_most_one_wound_where_it_landed(defender, amount, effect, pierce, location):
    result = take_hit(defender, amount, effect=effect, pierce=pierce, location=location)
    new_wounds = result.defender.wounds[len(defender.wounds):]
    assert result.defender.wounds[: len(defender.wounds)] == defender.wounds
    assert new_wounds == (() if result.wound is None else (location,))


@given(**HITS)
def test_the_defender_passed_in_is_never_changed(defender, amount, effect, pierce, location):
    snapshot = dataclasses.astuple(defender)
    copy = dataclasses.replace(defender)
    result = take_hit(defender, amount, effect=effect, pierce=pierce, location=location)
    assert dataclasses.astuple(defender) == snapshot
    assert defender == copy
    assert result.before is defender
    with pytest.raises(dataclasses.FrozenInstanceError):
        defender.body = 99  # type: ignore[misc]


@given(**HITS)
def test_no_effect_is_called_exactly_when_nothing_was_taken(defender, amount, effect, pierce,
                                                             location):
    result = take_hit(defender, amount, effect=effect, pierce=pierce, location=location)
    took = pools(result.defender) != pools(defender) or result.wound is not None
    assert (result.call == "No Effect") == (not took)


@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 25))
def test_plain_pools_take_one_point_per_point_of_damage(magic, physical, natural, body, amount):
    # Brute force: without monstrous armor, Pierce or defenses, pools soak min(amount, total).
    defender = Defender(magic_armor=magic, physical_armor=physical, natural_armor=natural, body=body)
    result = take_hit(defender, amount)
    total = magic + physical + natural + body
    left = sum(pools(result.defender).values())
    assert left == max(0, total - amount)
    assert (result.wound is not None) == (amount > total)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Defender(immunities="Poison Immunity"),
         r"immunities must be a list or a set, such as \['Poison"),
        (lambda: Defender(wounds="torso"), r"wounds must be a list or a set, such as \['torso'\]"),
        (lambda: Defender(order="body"), r"order must be a list or a set, such as \['body'\]"),
        (lambda: Defender(one_time=None), "one_time must be a list or a set, not None"),
        (lambda: Defender(body="3"), "body must be a whole number, not '3'"),
        (lambda: Defender(immunities=[5]), "immunities must be Immunity"),
        (lambda: take_hit(Defender(), "4"), "amount must be a whole number, not '4'"),
        (lambda: take_hit(Defender(), 1, pierce=1), "pierce must be True or False, not 1"),
        (lambda: take_hit(Defender(), 1, effect=5), "effect must be a word such as 'poison', not 5"),
        (lambda: take_hit(Defender(), 1, location=None), "Unknown hit location None"),
        (lambda: in_doubt(None), "defender must be a Defender"),
        (lambda: gain("me", "Poison Immunity"), "defender must be a Defender"),
        (lambda: gain(Defender(), 5), "effect must be an Immunity, a OneTime or an immunity's name, not 5"),
        (lambda: Immunity("Poison Immunity", stacks="yes"), "stacks must be True or False, not 'yes'"),
        (lambda: OneTime("Spirit Shield", level="1"),
         "The level of 'Spirit Shield' must be a whole number, not '1'"),
        (lambda: Immunity(None), "An immunity's name must be a name such as 'Poison Immunity', not None"),
    ],
)
def test_an_input_of_the_wrong_type_is_a_rules_type_error(call, message):
    with pytest.raises(RulesTypeError, match=message):
        call()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Immunity(" "), "An immunity's name must be a name such as 'Poison Immunity', not ' '"),
        (lambda: OneTime(""), "A one-time effect's name must be a name such as 'Spirit Shield', not ''"),
        (lambda: Defender(next_hit="shield"), "Unknown pool 'shield'"),
    ],
)
def test_a_blank_name_or_unknown_word_is_refused_naming_it(call, message):
    with pytest.raises(RulesError, match=message) as refused:
        call()
    assert not isinstance(refused.value, TypeError)


@pytest.mark.parametrize("written", ["Left Arm", "left-arm", "LEFT_ARM", "  left   arm "])
def test_a_location_reads_with_spaces_hyphens_or_underscores(written):
    assert take_hit(Defender(), 1, location=written).wound is Location.LEFT_ARM


@pytest.mark.parametrize(
    ("given", "concerns"),
    [
        *(({field: -1}, field) for field in ("magic_armor", "monstrous_armor", "physical_armor",
                                             "natural_armor", "body")),
        ({"immunities": 5}, "immunities"),
        ({"one_time": 5}, "one_time"),
        ({"one_time": [""]}, "one_time"),
        ({"wounds": ["elbow"]}, "wounds"),
        ({"requires": 5}, "requires"),
        ({"immunities": ["Poison Immunity", "Poison Immunity"]}, "immunities"),  # they may not stack
    ],
    ids=lambda value: next(iter(value)) if isinstance(value, dict) else None,
)
def test_a_defenders_bad_input_is_refused_naming_the_field_it_concerns(given, concerns):
    """A refusal carries the input it concerns as data, so a calculator puts it on that field."""
    with pytest.raises(RulesError) as refused:
        Defender(**given)
    assert refused.value.concerns == concerns
