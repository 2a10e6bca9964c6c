"""Fuzzing every public function and constructor of the conditions system (see tests/fuzzing.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.conditions import (
    Attack,
    Combatant,
    Concealment,
    Condition,
    Cover,
    Defense,
    Instance,
    Penalty,
    PenaltyType,
    Skill,
    after_damage,
    allowed_actions,
    attack_penalty,
    can_be_commanded_by,
    can_coup_de_grace,
    can_flank,
    can_make_opportunity_attacks,
    damage_dealt,
    damage_taken,
    effects_of,
    escape_check,
    forced_movement,
    grants_combat_advantage,
    healing_received,
    movement,
    perception_penalty,
    stack,
    stack_penalties,
    total_defense,
    triggers_opportunity_attacks,
    violates_mark,
)
from tests.fuzzing import FUZZ, call_with_drawn_inputs, either

ARI = Combatant("Ari")
HELD = Combatant("Ari").add("grabbed", source="ogre").add("marked", source="troll").add("weakened")
OUT = Combatant("Ari").add("unconscious").add("petrified")
WHO = (ARI, HELD, OUT)
PENALTIES = ([("cover", -2), (None, -1)], [], [Penalty(PenaltyType.POWER, -2)], [("mark", -2), ("mark", -3)])
CONDITIONS = ("prone", "grabbed", "stunned", Condition.BLINDED, "removed from game")

TARGETS: dict[str, tuple[Any, list[Any], dict[str, Any]]] = {
    "Combatant": (Combatant, [either("Ari", "the ogre")], {"instances": either((), (Instance("prone"),))}),
    "Combatant.add": (
        ARI.add,
        [either(*CONDITIONS), either(None, "ogre")],
        {},
    ),
    "Combatant.save": (
        HELD.save,
        [either(*CONDITIONS), either(None, "ogre")],
        {},
    ),
    "Combatant.end": (HELD.end, [either(*CONDITIONS)], {}),
    "Combatant.escape": (HELD.escape, [either("ogre", "troll")], {}),
    "Combatant.no_longer_adjacent": (HELD.no_longer_adjacent, [either("ogre")], {}),
    "Combatant.count": (HELD.count, [either(*CONDITIONS)], {}),
    "Instance": (Instance, [either(*CONDITIONS), either(None, "ogre")], {}),
    "Penalty": (
        Penalty,
        [either("cover", PenaltyType.MARK, None), either(-2, 0, -5)],
        {"reason": either("", "prone")},
    ),
    "Attack": (
        Attack,
        [either(("ogre",), (), ["troll", "ogre"])],
        {
            "forced": either(True, False),
            "removed_by_enemy": either((), ("troll",)),
            "marked_during": either((), ("ogre",)),
            "provokes": either(True, False),
        },
    ),
    "after_damage": (after_damage, [either(*WHO), either(3, 0, -5)], {}),
    "allowed_actions": (allowed_actions, [either(*WHO)], {}),
    "movement": (movement, [either(*WHO)], {}),
    "can_flank": (can_flank, [either(*WHO)], {}),
    "can_coup_de_grace": (can_coup_de_grace, [either(*WHO)], {}),
    "can_make_opportunity_attacks": (can_make_opportunity_attacks, [either(*WHO)], {}),
    "can_be_commanded_by": (can_be_commanded_by, [either(*WHO), either("vampire", "")], {}),
    "grants_combat_advantage": (grants_combat_advantage, [either(*WHO)], {"adjacent": either(True, False)}),
    "perception_penalty": (perception_penalty, [either(*WHO)], {}),
    "damage_dealt": (damage_dealt, [either(*WHO), either(7, 0)], {}),
    "healing_received": (healing_received, [either(*WHO), either(7, 0)], {}),
    "damage_taken": (damage_taken, [either(*WHO), either(7, 0)], {}),
    "attack_penalty": (
        attack_penalty,
        [either(*WHO), either(*WHO)],
        {
            "adjacent": either(True, False),
            "cover": either(None, "cover", Cover.SUPERIOR),
            "concealment": either(None, "total", Concealment.CONCEALMENT),
            "violates_mark": either(False, True),
            "other": either(*PENALTIES),
        },
    ),
    "stack": (stack, [either(*PENALTIES)], {}),
    "stack_penalties": (stack_penalties, [either(*PENALTIES)], {}),
    "total_defense": (
        total_defense,
        [either({"AC": 16, "Reflex": 14}, {})],
        {"power_bonus": either(0, 2, 4)},
    ),
    "escape_check": (
        escape_check,
        [
            either(HELD),
            either("ogre", "troll"),
            either("acrobatics", Skill.ATHLETICS),
            either(15, 0),
            either({"reflex": 14, "fortitude": 16}, {Defense.REFLEX: 12}),
        ],
        {},
    ),
    "forced_movement": (
        forced_movement,
        [either(*WHO)],
        {"away_from": either((), ["ogre"]), "escapes": either(None, {"ogre": True})},
    ),
    "violates_mark": (
        violates_mark,
        [either(*WHO), either(Attack(("ogre",)), Attack(("troll",), forced=True))],
        {"simultaneous": either((), [Attack(("troll",))]), "earlier": either((), [Attack(("ogre",))])},
    ),
    "triggers_opportunity_attacks": (
        triggers_opportunity_attacks,
        [either(Attack(("ogre",), provokes=True))],
        {},
    ),
    "effects_of": (effects_of, [either(*CONDITIONS)], {}),
    "Condition.parse": (Condition.parse, [either(*CONDITIONS)], {}),
    "Cover.parse": (Cover.parse, [either("superior-cover", None)], {}),
}


@FUZZ
@pytest.mark.parametrize("name", sorted(TARGETS))
@given(data=st.data())
def test_every_public_call_answers_or_refuses_naming_its_input(name, data):
    call_with_drawn_inputs(TARGETS, name, data)
