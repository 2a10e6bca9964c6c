"""Fuzzing every public function and constructor of the typed damage system (see tests/fuzzing.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.typed_damage import (
    Armor,
    DamageType,
    Face,
    Mode,
    TrackKind,
    Weapon,
    WoundLevel,
    WoundTrack,
    damage,
    dice_pool,
    distribution,
    expected_damage,
    parse_armor,
    parse_weapon,
    plan,
    read_roll,
)
from tests.fuzzing import FUZZ, NOTATION, call_with_drawn_inputs, either

WEAPONS = ("3-", "Sword: 4-/2+", "4E*+(Fire)", "2B(AP)", "0*", parse_weapon("3-"))
ARMORS = (None, "", "Leather: +-*", "---*++", "XBE(Fire, H vs. Arrows, Ab)", "-(H)", Armor(slashing=1))
notation = st.text(alphabet=NOTATION, max_size=30)
HIT = {
    "mode": either(0, 1),
    "source": either(None, "arrow", "fire"),
    "strength": either(None, 2),
}

def _hit(weapon: Any, armor: Any, roll: Any, margin: Any, **hit: Any) -> Any:
    """`damage`, with its faces called the roll, as its message calls a roll of the wrong size."""
    return damage(weapon, armor, roll, margin, **hit)


TARGETS: dict[str, tuple[Any, list[Any], dict[str, Any]]] = {
    "parse_weapon": (parse_weapon, [st.one_of(either(*WEAPONS), notation)], {}),
    "parse_armor": (parse_armor, [st.one_of(either(*ARMORS), notation)], {}),
    "read_roll": (read_roll, [st.one_of(either("-  +", "[-][ ][ ][+]", ["-", "+"]), notation)], {}),
    "plan": (plan, [either(*WEAPONS), either(*ARMORS), either(2, 0, 10**6)], HIT),
    "dice_pool": (dice_pool, [either(*WEAPONS), either(*ARMORS), either(2, 0)], HIT),
    # The message names a roll of the wrong size as "the roll", in the dice's own notation.
    "damage": (
        _hit,
        [either(*WEAPONS), either(*ARMORS), either("-  +", "+", "-- +"), either(2, 0, 1)],
        HIT,
    ),
    "distribution": (distribution, [either(*WEAPONS), either(*ARMORS), either(2, 0, 10**6, 1990)], HIT),
    "expected_damage": (
        expected_damage,
        [either(*WEAPONS), either(*ARMORS), either(2, 0, 10**6, 10**90)],
        HIT,
    ),
    "Mode": (
        Mode,
        [either(3, 0), either("-", DamageType.ENERGY, "E")],
        {
            "intensity": either(frozenset(), {"+"}, [Face.BLANK, Face.PLUS]),
            "armor_piercing": either(True, False),
            "notes": either((), ("Fire",)),
        },
    ),
    "Weapon": (Weapon, [either((Mode(3, DamageType.SLASHING),), ())], {"name": either(None, "Sword")}),
    "Armor": (
        Armor,
        [],
        {
            "slashing": either(1, 0, 10**8),
            "impact": either(2),
            "ballistic": either(1),
            "energy_types": either((), ("Fire",)),
            "hardened": either(True, False),
            "hardened_vs": either((), ("Arrows",)),
            "ablative": either(True, False),
            "name": either(None, "Leather"),
        },
    ),
    "WoundLevel": (WoundLevel, [either("Hurt"), either(3, 1), either(-1, None, 0)], {"least": either(0, 3)}),
    "WoundTrack": (
        WoundTrack,
        [
            either(TrackKind.SIMPLE, "severity"),
            either(WoundTrack.simple().levels, ()),
            either((0,) * 5, (4, 3, 2, 1, 1)),
        ],
        {},
    ),
    "WoundTrack.take": (lambda points: WoundTrack.simple().take(points), [either(5, 0, 10**9, 10**90)], {}),
    "WoundTrack.severity.take": (
        lambda points: WoundTrack.severity().take(points),
        [either(5, 0, 10**9)],
        {},
    ),
    "Face.parse": (Face.parse, [either("-", "[+]", " ")], {}),
}


@FUZZ
@pytest.mark.parametrize("name", sorted(TARGETS))
@given(data=st.data())
def test_every_public_call_answers_or_refuses_naming_its_input(name, data):
    call_with_drawn_inputs(TARGETS, name, data)
