"""Properties of stacking and of condition instances, checked over many generated cases."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.conditions import (
    EFFECTS,
    ESCAPABLE,
    Combatant,
    Condition,
    PenaltyType,
    after_damage,
    allowed_actions,
    can_flank,
    damage_dealt,
    damage_taken,
    grants_combat_advantage,
    movement,
    stack_penalties,
    total_defense,
)
from rules.conditions.effects import CONDITION_RULES, condition_table
from rules.conditions.vocabulary import SOURCE_NAMES

TYPES = [None, "cover", "concealment", "power", "mark"]
penalty = st.tuples(st.sampled_from(TYPES), st.integers(min_value=-10, max_value=0))
penalties = st.lists(penalty, max_size=8)
SOURCES = ["ogre", "troll", "fighter", None]
# Unconscious also adds a prone instance, so it is checked on its own in test_conditions.py.
ADDABLE = [condition for condition in Condition if condition is not Condition.UNCONSCIOUS]


def _instance() -> st.SearchStrategy[tuple[Condition, str | None]]:
    def with_source(condition: Condition) -> st.SearchStrategy[tuple[Condition, str | None]]:
        choices = [s for s in SOURCES if s is not None] if condition.source_name else SOURCES
        if condition is Condition.SWALLOWED:
            choices = ["worm"]  # only one swallower at a time
        return st.tuples(st.just(condition), st.sampled_from(choices))

    return st.sampled_from(ADDABLE).flatmap(with_source)


def build(instances: list[tuple[Condition, str | None]]) -> Combatant:
    combatant = Combatant("Ari")
    for condition, source in instances:
        combatant = combatant.add(condition, source=source)
    return combatant


def by_brute_force(pairs: list[tuple[str | None, int]]) -> int:
    total = sum(value for kind, value in pairs if kind is None)
    for kind in TYPES[1:]:
        values = [value for other, value in pairs if other == kind]
        total += min(values, default=0)
    return total


@given(penalties, st.randoms())
def test_stacking_does_not_depend_on_order(pairs, random):
    shuffled = list(pairs)
    random.shuffle(shuffled)
    assert stack_penalties(shuffled) == stack_penalties(pairs)


@given(
    st.sampled_from([t for t in PenaltyType if t is not PenaltyType.UNTYPED]),
    st.integers(-10, 0),
    st.integers(-10, 0),
)
def test_two_penalties_of_a_type_never_exceed_the_larger(kind, first, second):
    assert stack_penalties([(kind.value, first), (kind.value, second)]) == min(first, second)


@given(penalties)
def test_stacking_matches_a_plain_count(pairs):
    assert stack_penalties(pairs) == by_brute_force(pairs)


@given(st.lists(_instance(), max_size=6), _instance())
def test_adding_then_saving_one_instance_leaves_the_others(existing, extra):
    before = build(existing)
    condition, source = extra
    after = before.add(condition, source=source).save(condition, source=source)
    assert Counter(after.instances) == Counter(before.instances)


@given(st.lists(_instance(), min_size=1, max_size=6), st.data())
def test_a_save_ends_exactly_one_instance(existing, data):
    before = build(existing)
    condition = data.draw(st.sampled_from(before.conditions))
    after = before.save(condition)
    assert after.count(condition) == before.count(condition) - 1
    assert len(after.instances) == len(before.instances) - 1


@given(st.lists(_instance(), max_size=6), st.sampled_from(list(Condition)))
def test_ending_a_condition_type_ends_all_of_it_and_nothing_else(existing, condition):
    before = build(existing)
    after = before.end(condition)
    assert not after.has(condition)
    kept = [i for i in before.instances if i.condition is not condition]
    assert list(after.instances) == kept


@given(st.lists(_instance(), max_size=6), st.sampled_from(["ogre", "troll", "worm"]))
def test_an_escape_frees_only_from_the_chosen_source(existing, source):
    before = build(existing).add("grabbed", source=source)
    after = before.escape(source)
    assert source not in after.sources("grabbed") + after.sources("swallowed")
    gone = [i for i in before.instances if i.condition in ESCAPABLE and i.source == source]
    assert Counter(after.instances) == Counter(before.instances) - Counter(gone)


@given(penalties, penalty)
def test_adding_a_penalty_never_raises_the_total(pairs, extra):
    assert stack_penalties([*pairs, extra]) <= stack_penalties(pairs)


@given(st.integers(0, 500), st.integers(0, 100), st.booleans(), st.booleans())
def test_more_damage_dealt_or_taken_is_never_less(damage, more, weakened, petrified):
    who = Combatant("Ari")
    who = who.add("weakened") if weakened else who
    who = who.add("petrified") if petrified else who
    for rule in (damage_dealt, damage_taken):
        assert rule(who, damage + more).value >= rule(who, damage).value


@given(st.lists(_instance(), max_size=6), st.integers(-5, 20))
def test_damage_ends_at_most_one_unconscious_instance(existing, hit_points):
    before = build(existing).add("unconscious")
    after = after_damage(before, hit_points).combatant
    ended = before.count("unconscious") - after.count("unconscious")
    assert ended == (1 if hit_points >= 1 else 0)


def test_results_and_public_tables_are_read_only():
    result = total_defense({"AC": 16})
    with pytest.raises(TypeError):
        result.scores["AC"] = 99  # type: ignore[index]
    for table in (EFFECTS, CONDITION_RULES, SOURCE_NAMES):
        with pytest.raises(TypeError):
            table[Condition.PRONE] = None  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.steps = ()  # type: ignore[misc]


def _alone(condition):
    return Combatant("X").add(condition, "Ogre" if condition.source_name else None)


def _moves_in_words(allowed):
    parts = []
    if not allowed.can_move:
        parts.append("cannot move")
    elif allowed.crawl_only:
        parts.append("crawl only")
    elif allowed.square_cost == 2:
        parts.append("each square costs 2")
    if allowed.ignores_forced_movement:
        parts.append("ignores forced movement")
    return "; ".join(parts) or "—"


def test_the_at_a_glance_table_says_what_the_rules_answer():
    """Each row of the conditions' at-a-glance table, against the questions asked of that condition alone:
    movement, flanking and combat advantage (a table beside the rules, tested against them)."""
    table = condition_table()
    for condition, row in zip(Condition, table.rows, strict=True):
        cells = dict(zip(table.headers, row, strict=True))
        assert cells["Condition"].startswith(f"[{condition.title}]")
        who = _alone(condition)
        assert cells["Movement"] == _moves_in_words(movement(who)), condition
        assert (cells["Cannot flank"] == "yes") is not bool(can_flank(who)), condition
        near = bool(grants_combat_advantage(who, adjacent=True))
        far = bool(grants_combat_advantage(who, adjacent=False))
        expected = "yes" if far else "to adjacent enemies" if near else "—"
        assert cells["Grants combat advantage"] == expected, condition
        no_actions = allowed_actions(who).outcome.startswith("actions: none")
        assert (cells["Actions"].split(";")[0] == "none") is no_actions, condition
