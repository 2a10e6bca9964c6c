"""Fuzzing every public function and constructor of the monsters system (see tests/fuzzing.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.monsters import (
    GroupTraits,
    MonsterGroup,
    Role,
    SharedShift,
    average_modifiers,
    design_defenses,
    expected_multipliers,
    group_traits,
    limit_for_level,
    monster_traits,
    population_table,
    read_population,
    role_defenses,
    traits_for,
    variable_resistance,
    variable_resistance_odds,
    vary_defenses,
)
from rules.resistances import DamageType
from tests.fuzzing import FUZZ, call_with_drawn_inputs, either

ROLES = ("Soldier", "Elite Lurker (Leader)", Role.BRUTE, "artillery")
GROUPS = (["Undead", "Shadow"], "Fey", MonsterGroup.PLANT, ())
POPULATIONS = (
    None,
    {"Undead": "15%", "Fey": "3%"},
    {"Undead Shadow": "0.1"},
    {"Undead": "10%", "undead": "5%"},
)
BAND = SharedShift(("Barlgura", "Vrock"))

TARGETS: dict[str, tuple[Any, list[Any], dict[str, Any]]] = {
    "role_defenses": (role_defenses, [either(*ROLES)], {}),
    "design_defenses": (
        design_defenses,
        [either(*ROLES), either(16, 0, -3)],
        {"plus": either(None, "will"), "minus": either(None, "reflex")},
    ),
    "vary_defenses": (
        lambda defenses, plus, minus: vary_defenses(defenses, plus=plus, minus=minus),
        [either("soldier", {"fortitude": 1, "reflex": 0, "will": 0}), either("will", "AC"), either("reflex")],
        {},
    ),
    "average_modifiers": (average_modifiers, [either(None, {"Artillery": "50%"}, {"Soldier": 1})], {}),
    "group_traits": (group_traits, [either("Undead", MonsterGroup.FEY)], {}),
    "traits_for": (
        traits_for,
        [either(*GROUPS)],
        {"level": either(None, 12), "new_rules": either(True, False)},
    ),
    "monster_traits": (
        monster_traits,
        [either(*GROUPS)],
        {"level": either(None, 12, 1), "new_rules": either(True, False)},
    ),
    "limit_for_level": (limit_for_level, [either(1, 11, 34)], {}),
    "variable_resistance": (
        variable_resistance,
        [either(["fire", "cold"], "thunder", ["radiant"]), either(random.Random(7))],
        {},
    ),
    "variable_resistance_odds": (variable_resistance_odds, [either(["fire", "cold"], "acid")], {}),
    "expected_multipliers": (
        expected_multipliers,
        [either(*POPULATIONS)],
        {"new_rules": either(True, False), "level": either(None, 5), "before": either(True, False)},
    ),
    "read_population": (read_population, [either(*POPULATIONS)], {}),
    "population_table": (population_table, [either(*POPULATIONS)], {}),
    "GroupTraits": (
        GroupTraits,
        [either((DamageType.FIRE,), ())],
        {"vulnerable": either((), (DamageType.COLD,))},
    ),
    "SharedShift": (
        SharedShift,
        [either(("Vrock",), ())],
        {"resisted": either(None, "fire"), "vulnerable": either(None, "cold"), "user": either(None, "Vrock")},
    ),
    "SharedShift.use": (
        lambda users, triggering_types: BAND.use(users, triggering_types, random.Random(2)),
        [either("Vrock", ["Vrock", "Barlgura"]), either(["fire"], "cold")],
        {},
    ),
    "Role.parse": (Role.parse, [either("Soldier", "brute")], {}),
    "MonsterGroup.parse": (MonsterGroup.parse, [either("Undead", "fire")], {}),
}


@FUZZ
@pytest.mark.parametrize("name", sorted(TARGETS))
@given(data=st.data())
def test_every_public_call_answers_or_refuses_naming_its_input(name, data):
    call_with_drawn_inputs(TARGETS, name, data)
