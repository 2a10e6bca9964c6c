"""A value built in code is refused exactly where its notation or its rule would refuse it.

The fourth review's cases, one per kind of value: armor and weapon modes (their notes read
by the one `armor_note` / `mode_note`), custom wound tracks, native affinity tables, and a
shared Variable Resistance. The round trips over random fields are in `test_round_trips.py`.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.affinity import calculate
from rules.errors import NotationError, RulesError
from rules.monsters.data import ELEMENTAL
from rules.monsters.variable import SharedShift
from rules.resistances import DamageType as ResistType
from rules.typed_damage import Armor, DamageType, Mode, damage, parse_armor
from rules.typed_damage.wounds import WoundLevel, WoundTrack


@pytest.mark.parametrize(
    "fields",
    [{"slashing": 2, "energy_types": ("Fire",)}, {"energy": 1, "energy_types": ("Ab",)},
     {"energy": 1, "energy_types": ("H",)}, {"energy": 1, "energy_types": ("H vs. Arrows",)},
     {"slashing": 1, "hardened": True, "hardened_vs": ("Arrows)",)}, {"slashing": 1, "name": "Vest: old"}],
)
def test_armor_built_in_code_is_refused_where_its_notation_would_be(fields):
    with pytest.raises(RulesError):
        Armor(**fields)


def test_a_mode_note_that_reads_as_armor_piercing_is_refused():
    with pytest.raises(RulesError, match="armor piercing"):
        Mode(3, DamageType.SLASHING, notes=("AP",))


@pytest.mark.parametrize(
    "written", ["--(H, H vs. Arrows)", "--(H vs. Arrows, H)", "BBH--(H)", "--(Ab, Ab)", "--(H, H)"]
)
def test_notes_that_would_lose_something_are_refused(written):
    with pytest.raises(NotationError):
        parse_armor(written)


@pytest.mark.parametrize("spacing", [" ", "  ", "\t"])
def test_h_vs_reads_with_any_spacing(spacing):
    assert parse_armor(f"--(H{spacing}vs. Arrows)") == parse_armor("--(H vs. Arrows)")


def test_ablative_wear_of_the_last_e_leaves_armor_that_prints_as_notation():
    worn = Armor(energy=1, energy_types=("Fire",), ablative=True, name="Foam")
    after = damage("Fire: 4E+(Fire)", worn, "+++").armor
    assert after.energy == 0
    assert parse_armor(str(after)) == after


def test_a_wound_track_puts_its_taken_out_row_last():
    rows = (WoundLevel("Out", 1, None), WoundLevel("Hurt", 2, -1))
    with pytest.raises(RulesError, match="last row"):
        WoundTrack("simple", rows, (0, 0))


@given(st.lists(st.integers(0, 9), min_size=2, max_size=5))
def test_a_severity_track_is_accepted_only_when_each_row_can_be_reached(leasts):
    rows = tuple(WoundLevel(f"Row {n}", 1, -n, least) for n, least in enumerate(leasts))
    rising = all(before < after for before, after in pairwise(leasts))
    try:
        track = WoundTrack("severity", rows, (0,) * len(rows))
    except RulesError:
        assert not rising
        return
    assert rising
    # each row takes a hit of exactly its least damage
    for number, least in enumerate(leasts):
        if least:
            assert track.take(least).checked[number] == 1


@pytest.mark.parametrize("attack", ["fire", "ice", None])
def test_a_native_table_is_read_whole_whatever_the_attack(attack):
    with pytest.raises(RulesError, match="XX") as refused:
        calculate(10, attack, {"fire": "XX"})
    assert refused.value.concerns == "native"


@given(st.sampled_from(list(ResistType)), st.sampled_from(list(ResistType)))
def test_a_shared_shift_is_elemental_as_use_makes_it(resisted, vulnerable):
    elemental = resisted in ELEMENTAL and vulnerable in ELEMENTAL and resisted is not vulnerable
    try:
        SharedShift(("Vrock",), resisted, vulnerable)
    except RulesError:
        assert not elemental
    else:
        assert elemental


def test_a_shared_shift_user_is_a_holder_as_use_requires():
    with pytest.raises(RulesError, match="does not hold"):
        SharedShift(("Vrock",), "fire", "cold", "Hezrou")
