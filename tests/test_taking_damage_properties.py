"""Invariants of taking a hit (hypothesis): every point goes somewhere, more never helps.

Every point of a hit is taken by exactly one thing (a prevention, the monstrous rule, a
pool or the wound); more damage never leaves more in a pool; more armor never lets more
reach the body; defenders and results are read-only.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.taking_damage import DEFAULT_ORDER, Defender, Pool, take_hit
from rules.taking_damage.hit import POOL_RULES

pool = st.integers(0, 6)
defenders = st.builds(
    Defender, magic_armor=pool, physical_armor=pool, natural_armor=pool, monstrous_armor=pool, body=pool
)
amounts = st.integers(0, 40)


@given(defenders, amounts, st.booleans())
def test_every_point_of_a_hit_is_taken_once(defender, amount, pierce):
    result = take_hit(defender, amount, pierce=pierce)
    assert sum(points for _, points in result.absorbed) == amount
    assert result.start + sum(result.changes) == 0


@given(defenders, amounts, st.integers(0, 20), st.booleans())
def test_more_damage_never_leaves_more_in_a_pool(defender, amount, more, pierce):
    low = take_hit(defender, amount, pierce=pierce).defender
    high = take_hit(defender, amount + more, pierce=pierce).defender
    for each in DEFAULT_ORDER:
        assert high.pool(each) <= low.pool(each)
    assert len(high.wounds) >= len(low.wounds)


@given(
    defenders,
    amounts,
    st.sampled_from([Pool.MAGIC_ARMOR, Pool.PHYSICAL_ARMOR, Pool.NATURAL_ARMOR]),
    st.integers(1, 5),
)
def test_more_armor_never_lets_more_reach_the_body(defender, amount, armor, extra):
    more = defender.with_pools({armor: defender.pool(armor) + extra})
    assert take_hit(more, amount).defender.body >= take_hit(defender, amount).defender.body


def test_defenders_results_and_tables_are_read_only():
    result = take_hit(Defender(body=3), 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.defender.body = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.wound = None  # type: ignore[misc]
    with pytest.raises(TypeError):
        POOL_RULES[Pool.BODY] = POOL_RULES[Pool.MAGIC_ARMOR]  # type: ignore[index]
