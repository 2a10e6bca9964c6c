"""Fuzzing every public function and constructor of the affinity system (see tests/fuzzing.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.affinity import Affinity, Duration, Lock, Modifier, State, calculate
from rules.affinity.state import TypeState
from tests.fuzzing import FUZZ, call_with_drawn_inputs, either

SAVED = calculate(10, "fire", "RS", modifier=Modifier("remove", "RS", lock=True, duration="scene")).state

TARGETS: dict[str, tuple[Any, list[Any], dict[str, Any]]] = {
    "calculate": (
        calculate,
        [either(10, 0, 7), either("fire", None, "untyped"), either("RS", "VU", {"fire": "IM"}, Affinity.AB)],
        {
            "guarding": either(True, False),
            "state": either(None, SAVED, State()),
            "modifier": either(None, Modifier("grant", "VU"), Modifier("remove", "RS", lock=True)),
            "ignores": either((), {"RS"}, ["IM", "AB"]),
        },
    ),
    "Modifier": (
        Modifier,
        [either("grant", "remove"), either("VU", "resist", Affinity.IM)],
        {"lock": either(True, False), "duration": either("scene", Duration.UNTIL_NEXT_TURN)},
    ),
    "Lock": (Lock, [either(Affinity.RS, "IM"), either(Duration.SCENE, "scene")], {}),
    "State": (State, [either((), SAVED.types, [("fire", TypeState())])], {}),
    "TypeState": (
        TypeState,
        [either(None, Modifier("grant", "VU"))],
        {"locks": either(frozenset(), [Lock("RS", "scene")]), "affinity": either(None, "RS")},
    ),
    "State.expire": (SAVED.expire, [either("scene", "until next turn")], {}),
    "State.of": (SAVED.of, [either("fire", None)], {}),
    "Affinity.parse": (Affinity.parse, [either("RS", "resist", "Normal")], {}),
}


@FUZZ
@pytest.mark.parametrize("name", sorted(TARGETS))
@given(data=st.data())
def test_every_public_call_answers_or_refuses_naming_its_input(name, data):
    call_with_drawn_inputs(TARGETS, name, data)
