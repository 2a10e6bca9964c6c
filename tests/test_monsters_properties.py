"""Invariants of monster design, checked on generated monsters and populations (hypothesis)."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.monsters import (
    DEFAULT_POPULATION,
    GROUP_TABLE,
    ROLE_TABLE,
    Defense,
    MonsterGroup,
    Role,
    SharedShift,
    design_defenses,
    expected_multipliers,
    limit_for_level,
    role_defenses,
    traits_for,
    variable_resistance,
    vary_defenses,
)
from rules.monsters.data import DAMAGE_TYPES, ELEMENTAL
from rules.resistances import DamageType, Resist, Vulnerable, parse_trait, take_damage

roles = st.sampled_from(list(Role))
pairs = st.lists(st.sampled_from(list(Defense)), min_size=2, max_size=2, unique=True)
group_lists = st.lists(st.sampled_from(list(MonsterGroup)), max_size=5)
levels = st.integers(min_value=1, max_value=40)


@given(roles, pairs)
def test_the_variety_option_keeps_the_total_and_moves_two_defenses_by_one(role, pair):
    plus, minus = pair
    before = role_defenses(role)
    after = vary_defenses(role, plus=plus, minus=minus)
    assert sum(after.values()) == sum(before.values())
    assert after[plus] == before[plus] + 1
    assert after[minus] == before[minus] - 1
    assert {defense for defense in after if after[defense] != before[defense]} == {plus, minus}


@given(roles, st.integers(min_value=10, max_value=50), pairs)
def test_scores_stay_within_two_of_the_average(role, average, pair):
    result = design_defenses(role, average, plus=pair[0], minus=pair[1])
    assert all(abs(score - average) <= 2 for score in result.scores.values())
    assert sum(result.scores.values()) == 3 * average + sum(role_defenses(role).values())


@given(group_lists)
def test_merged_lines_are_unique_and_each_reads_as_a_trait(groups):
    lines = traits_for(groups)
    assert len(lines) == len(set(lines))
    for line in lines:
        assert str(parse_trait(line)) == line


@given(group_lists, st.sampled_from(list(DamageType)))
def test_a_monster_takes_half_more_or_less_as_its_groups_say(groups, kind):
    resisted = any(kind in GROUP_TABLE[group].resist for group in groups)
    vulnerable = any(kind in GROUP_TABLE[group].vulnerable for group in groups)
    # what a trait without a limit takes or adds: its share of 20, as the resistance rules state it
    expected = 20 - Resist(kind).amount(20) * resisted + Vulnerable(kind).amount(20) * vulnerable
    assert take_damage(20, kind, traits_for(groups)).final == expected


@given(group_lists, levels)
def test_without_the_new_rules_every_line_has_the_tier_limit(groups, level):
    limit = limit_for_level(level)
    assert limit == limit_for_level(1) * min((level + 9) // 10, 3)  # the tier: heroic, paragon, epic
    for old, new in zip(traits_for(groups, level=level, new_rules=False), traits_for(groups), strict=True):
        assert old == f"{new} {limit}"


@given(levels, levels)
def test_the_limit_never_falls_as_the_level_rises(low, high):
    low, high = sorted((low, high))
    assert limit_for_level(low) <= limit_for_level(high)


@given(st.sets(st.sampled_from(ELEMENTAL), min_size=1), st.integers(min_value=0, max_value=2**32))
def test_variable_resistance_is_reproducible_and_never_one_type_twice(types, seed):
    resisted, vulnerable = variable_resistance(types, random.Random(seed))
    assert resisted in types
    assert vulnerable in ELEMENTAL and vulnerable is not resisted
    assert variable_resistance(sorted(types, key=str), random.Random(seed)) == (resisted, vulnerable)


shares = st.dictionaries(
    st.sampled_from([group.value for group in MonsterGroup]),
    st.integers(min_value=0, max_value=5).map(lambda n: Fraction(n, 100)),
    max_size=17,
)


# The share of 20 damage one unlimited group trait takes away or adds (the resistance rules' own figures).
MITIGATED, ADDED = Fraction(Resist("all").amount(20), 20), Fraction(Vulnerable("all").amount(20), 20)


@settings(deadline=None, max_examples=min(60, settings().max_examples))  # 17 kinds x 10 types; fewer in dev
@given(shares)
def test_expected_multipliers_are_the_weighted_trait_amounts(population):
    result = expected_multipliers(population)
    for kind in DAMAGE_TYPES:
        shift = sum(
            (
                share
                * (
                    Fraction(kind in GROUP_TABLE[MonsterGroup(name)].vulnerable) * ADDED
                    - Fraction(kind in GROUP_TABLE[MonsterGroup(name)].resist) * MITIGATED
                )
                for name, share in population.items()
            ),
            Fraction(0),
        )
        assert result[kind] == 1 + shift
        assert 1 - MITIGATED <= result[kind] <= 1 + ADDED


@given(st.sampled_from(list(Role)), st.integers(-20, 60), st.integers(0, 20))
def test_a_higher_average_raises_every_defense_by_as_much(role, average, more):
    low, high = design_defenses(role, average), design_defenses(role, average + more)
    assert [b - a for a, b in zip(low.scores.values(), high.scores.values(), strict=True)] == [more] * 3


@given(st.lists(st.sampled_from(list(MonsterGroup)), min_size=1, max_size=3), st.randoms())
def test_a_shared_shift_gives_every_holder_the_same_lines_and_replaces_the_last(groups, rng):
    band = SharedShift(("Barlgura", "Vrock", "Hezrou"))
    first = band.use("Vrock", ["fire", "cold"], rng)
    second = first.use(["Barlgura", "Hezrou"], ["thunder"], rng)
    assert first.traits_of("Barlgura") == first.traits_of("Hezrou") == first.traits
    assert second.traits == ("Resist Thunder", str(Vulnerable(second.vulnerable)))
    assert second.user in {"Barlgura", "Hezrou"}
    assert second.traits_of("Goblin") == ()


def test_public_tables_are_read_only():
    for table, key in (
        (GROUP_TABLE, MonsterGroup.FEY),
        (ROLE_TABLE, Role.BRUTE),
        (DEFAULT_POPULATION, "Undead"),
    ):
        with pytest.raises(TypeError):
            table[key] = None
    with pytest.raises(dataclasses.FrozenInstanceError):
        design_defenses("Soldier", 16).fortitude = 0
