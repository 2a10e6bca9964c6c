"""Invariants of typed damage (hypothesis): armor, margins, the odds and the wound tracks.

More armor never lets more through; a wound track conserves every point up to its boxes;
the closed-form odds agree with the brute-force sum; values and tables are read-only.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.typed_damage import WoundTrack, damage, dice_pool, distribution, expected_damage, plan
from rules.typed_damage.odds import convolve, mode_distribution
from rules.typed_damage.samples import SAMPLE_ARMOR, SAMPLE_WEAPONS
from tests.test_typed_damage import armors, margins, symbols, weapons

points = st.integers(0, 20)


@given(weapons, armors, margins, symbols)
def test_more_armor_never_gives_more_dice(weapon, armor, margin, extra):
    more = armor.replace("(", extra + "(", 1) if "(" in armor else armor + extra
    assert dice_pool(weapon, more, margin) <= dice_pool(weapon, armor, margin)


@given(weapons, armors, margins, st.data())
def test_damage_never_exceeds_the_successes_nor_the_pool(weapon, armor, margin, data):
    pool = dice_pool(weapon, armor, margin)
    roll = data.draw(st.text(alphabet="- *+", min_size=pool, max_size=pool))
    result = damage(weapon, armor, roll, margin)
    assert 0 <= result.final <= result.successes <= result.pool


@given(weapons, armors, st.integers(0, 12))
def test_the_closed_form_odds_agree_with_repeated_convolution(weapon, armor, margin):
    before = plan(weapon, armor, margin)
    hits = len(before.mode.succeeds_on)
    die = {
        amount: chance for amount, chance in ((0, Fraction(3 - hits, 3)), (1, Fraction(hits, 3))) if chance
    }
    successes = {0: Fraction(1)}
    for _ in range(before.pool):
        successes = convolve(successes, die)
    slow: dict[int, Fraction] = {}
    for amount, chance in successes.items():
        kept = max(amount - before.removes, 0)
        slow[kept] = slow.get(kept, Fraction(0)) + chance
    assert distribution(weapon, armor, margin) == dict(sorted(slow.items()))
    assert expected_damage(weapon, armor, margin) == sum(k * p for k, p in slow.items())


@given(st.lists(points, max_size=6))
def test_the_simple_track_checks_one_box_per_point_up_to_its_boxes(hits):
    track = WoundTrack.simple()
    for hit in hits:
        track = track.take(hit)
    capacity = sum(level.boxes for level in track.levels)
    assert sum(track.checked) == min(sum(hits), capacity)
    assert track == WoundTrack.simple().take(sum(hits))  # the points, not the hits, count


def _worst(track: WoundTrack) -> int:
    """The most severe row with a checked box (-1 when unhurt)."""
    return max((row for row, ticks in enumerate(track.checked) if ticks), default=-1)


@given(st.lists(points, max_size=6), points)
def test_a_harder_hit_never_leaves_a_track_less_hurt(hits, extra):
    for start in (WoundTrack.simple(), WoundTrack.severity()):
        track = start
        for hit in hits:
            track = track.take(hit)
        softer, harder = track.take(extra), track.take(extra + 1)
        assert _worst(harder) >= _worst(softer)
        assert _worst(softer) >= _worst(track)


def test_values_and_sample_tables_are_read_only():
    with pytest.raises(TypeError):
        SAMPLE_WEAPONS["Fist"] = "9*"  # type: ignore[index]
    with pytest.raises(TypeError):
        SAMPLE_ARMOR["Leather"] = ""  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        damage("3-", None, "-+-").armor.slashing = 9  # type: ignore[misc]
    assert mode_distribution(plan("2-", None).mode, 2) == distribution("2-", None)
