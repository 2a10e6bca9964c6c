"""Fuzzing every public function and constructor of the taking damage system (see tests/fuzzing.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.taking_damage import Defender, Immunity, Location, OneTime, Pool, gain, in_doubt, take_hit
from tests.fuzzing import FUZZ, call_with_drawn_inputs, either

SHIELD = OneTime("Spirit Shield", 3)
POISON = Immunity("Poison Immunity", frozenset({"poison"}))
PLAIN = Defender(magic_armor=2, physical_armor=3, body=3)
GUARDED = Defender(
    monstrous_armor=2, body=4, immunities=(POISON,), one_time=(SHIELD,), requires=frozenset({"silver"})
)
DEFENDERS = (PLAIN, GUARDED, Defender())

TARGETS: dict[str, tuple[Any, list[Any], dict[str, Any]]] = {
    "take_hit": (
        take_hit,
        [either(*DEFENDERS), either(4, 0, 10**90)],
        {
            "effect": either(None, "poison", "silver", ""),
            "pierce": either(True, False),
            "location": either("torso", Location.LEFT_ARM, "right leg"),
        },
    ),
    "in_doubt": (in_doubt, [either(*DEFENDERS)], {}),
    "gain": (gain, [either(*DEFENDERS), either("Poison Immunity", POISON, SHIELD, "Magic Immunity")], {}),
    "Defender": (
        Defender,
        [],
        {
            "magic_armor": either(2, 0),
            "physical_armor": either(3),
            "natural_armor": either(1),
            "monstrous_armor": either(2),
            "body": either(3, 0),
            "immunities": either((), (POISON,)),
            "one_time": either((), (SHIELD,)),
            "wounds": either((), (Location.TORSO,), ["torso"]),
            "requires": either(frozenset(), {"silver"}),
            "next_hit": either(None, Pool.BODY, "body"),
            "order": either((Pool.BODY, Pool.MAGIC_ARMOR)),
        },
    ),
    "Immunity": (
        Immunity,
        [either("Poison Immunity", "")],
        {"against": either(frozenset(), {"poison"}), "stacks": either(True, False)},
    ),
    "OneTime": (
        OneTime,
        [either("Spirit Shield")],
        {"level": either(1, 3, 0), "against": either(frozenset(), {"fire"}), "stacks": either(True, False)},
    ),
    "Location.parse": (Location.parse, [either("torso", "Left Arm")], {}),
}


@FUZZ
@pytest.mark.parametrize("name", sorted(TARGETS))
@given(data=st.data())
def test_every_public_call_answers_or_refuses_naming_its_input(name, data):
    call_with_drawn_inputs(TARGETS, name, data)
