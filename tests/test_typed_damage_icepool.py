"""Exact odds of typed damage, checked against an independent dice library (icepool).

The rules decide the pool, the faces that count and what hardened armor removes
(`plan`); icepool then does the probability on its own, and must agree with
`distribution` exactly, for every sample weapon mode against every sample armor.
"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from rules.typed_damage import distribution, expected_damage, parse_weapon, plan
from rules.typed_damage.samples import SAMPLE_ARMOR, SAMPLE_WEAPONS

HARDENED = {"hardened vs arrows": "--**++(H vs. Arrows)", "hardened": "**(H)"}
CASES = [
    (weapon, mode, armor, margin, source)
    for weapon in SAMPLE_WEAPONS.values()
    for mode in range(len(parse_weapon(weapon).modes))
    for armor in [None, *SAMPLE_ARMOR.values(), *HARDENED.values()]
    for margin in (0, 2)
    for source in (None, "arrow")
]


def icepool_odds(weapon: str, armor: str | None, margin: int, mode: int, source: str | None):
    decided = plan(weapon, armor, margin, mode=mode, source=source)
    hits = len(decided.mode.succeeds_on)
    die = icepool.Die({1: hits, 0: 3 - hits})
    removes = decided.regular + decided.special if decided.hardened else 0
    damage = (decided.pool @ die).map(lambda successes: max(successes - removes, 0))
    return {outcome: Fraction(quantity, damage.denominator()) for outcome, quantity in damage.items()}


@pytest.mark.parametrize("name", sorted(SAMPLE_WEAPONS))
def test_distribution_agrees_with_icepool(name):
    weapon = SAMPLE_WEAPONS[name]
    for _, mode, armor, margin, source in [case for case in CASES if case[0] == weapon]:
        ours = distribution(weapon, armor, margin, mode=mode, source=source)
        theirs = icepool_odds(weapon, armor, margin, mode, source)
        case = f"{name} {weapon} mode {mode} vs {armor!r} at margin {margin}, source {source}"
        assert {k: v for k, v in ours.items() if v} == {k: v for k, v in theirs.items() if v}, case
        mean = sum(outcome * chance for outcome, chance in theirs.items())
        assert expected_damage(weapon, armor, margin, mode=mode, source=source) == mean, case


def test_the_cases_cover_every_sample_and_hardened_armor():
    assert len(CASES) >= 400
    assert any(plan(w, a, m, mode=o, source=s).hardened for w, o, a, m, s in CASES)
