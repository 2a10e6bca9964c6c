"""Fuzzing every public function and constructor of the resistances system (see tests/fuzzing.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.resistances import (
    Attack,
    CharacterCondition,
    Circumstances,
    Condition,
    ConditionImmunity,
    DamageImmunity,
    DamageTrigger,
    DamageType,
    Keyword,
    NondamageImmunity,
    Resist,
    Scope,
    Template,
    TraitSet,
    Vulnerable,
    check_effect,
    choose_damage_type,
    parse_trait,
    take_damage,
)
from tests.fuzzing import FUZZ, call_with_drawn_inputs, either

LINES = (
    "Resist 10 Fire",
    "Vulnerable Cold (Advantage)",
    "Damage Immune: Poison",
    "Resist Fire (10)",
    "Condition Immune: Stunned",
    "Nondamage Immune: Charm",
    "Damage Trigger Cold: slowed",
    "Swarm",
    "Resist 5 All",
    "Vulnerable 5 Non-Physical (No Critical)",
)
TRAITS = (
    ["Resist Fire", "Vulnerable 5 Cold"],
    "Resist 10 Fire",
    [],
    [Resist(DamageType.FIRE, 5)],
    list(LINES),
)
FLAGS = {
    "advantage": either(True, False),
    "critical": either(True, False),
    "ongoing": either(True, False),
    "silvered": either(True, False),
    "attacker_level": either(1, 11, 21),
    "area": either(True, False),
    "environmental": either(True, False),
}

TARGETS: dict[str, tuple[Any, list[Any], dict[str, Any]]] = {
    "take_damage": (
        take_damage,
        [either(17, 0, 10**40), either("fire", ["fire", "cold"], None, ()), either(*TRAITS)],
        {**FLAGS, "reduction": either({"fire": 5}, {"thunder": 2}, None), "circumstances": either(None)},
    ),
    "check_effect": (
        check_effect,
        [either("stunned", "push", None, "Prone"), either(*TRAITS)],
        {**FLAGS, "keywords": either({"charm"}, (), ["poison", "fear"])},
    ),
    "choose_damage_type": (
        choose_damage_type,
        [either("cold", "physical")],
        {"including_physical": either(True)},
    ),
    "parse_trait": (
        parse_trait,
        [st.one_of(either(*LINES), st.text(alphabet="ResitVulnrabl FiColdm:()0123456789", max_size=40))],
        {},
    ),
    "Attack": (Attack, [either(10, 0), either(("fire",), ())], {}),
    "Attack.gains": (lambda kind: Attack(10).gains(kind), [either("fire", "radiant")], {}),
    "Attack.plus": (
        lambda extra, kinds: Attack(10).plus(extra, kinds),
        [either(5, 0), either(None, "fire", ["cold"])],
        {},
    ),
    "Circumstances": (Circumstances, [], FLAGS),
    "Resist": (
        Resist,
        [either("fire", DamageType.COLD, Scope.ALL, "all"), either(None, 5, 1)],
        {"condition": either(None, "advantage", Condition.AREA)},
    ),
    "Vulnerable": (
        Vulnerable,
        [either("fire", "non-physical"), either(None, 5)],
        {"condition": either(None, "no critical")},
    ),
    "DamageImmunity": (DamageImmunity, [either("poison", DamageType.FIRE)], {}),
    "ConditionImmunity": (
        ConditionImmunity,
        [either("stunned", CharacterCondition.PRONE, "push")],
        {"when": either(None, "area")},
    ),
    "NondamageImmunity": (NondamageImmunity, [either("charm", Keyword.FEAR)], {}),
    "DamageTrigger": (DamageTrigger, [either("cold", "fire"), either("The golem is slowed.", "")], {}),
    "TraitSet": (TraitSet, [either("swarm", Template.REGIMENT)], {}),
    "DamageType.parse": (DamageType.parse, [either("fire", "FIRE", " Cold ")], {}),
    "Condition.parse": (Condition.parse, [either("no advantage", "area")], {}),
    "CharacterCondition.parse": (CharacterCondition.parse, [either("stunned", "push")], {}),
    "Keyword.parse": (Keyword.parse, [either("charm", "poison")], {}),
}


@FUZZ
@pytest.mark.parametrize("name", sorted(TARGETS))
@given(data=st.data())
def test_every_public_call_answers_or_refuses_naming_its_input(name, data):
    call_with_drawn_inputs(TARGETS, name, data)
