"""One shape for every system's result: answer, situation, steps that add up, explain().

For each system a property checks that the figure the steps change starts where the
result says and ends at its answer (or, for a hit, that every point is taken), so a
worked example can show the situation, each step's change, and the outcome.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Explained, Step
from rules import conditions as c
from rules.affinity import Action, Affinity, Duration, Modifier, calculate
from rules.conditions import Combatant, attack_penalty, damage_dealt, damage_taken, stack
from rules.errors import RulesError
from rules.explain import Rule
from rules.monsters import design_defenses, monster_traits
from rules.resistances import (
    Circumstances,
    DamageType,
    Resist,
    Scope,
    Vulnerable,
    check_effect,
    take_damage,
)
from rules.taking_damage import Defender, Immunity, gain, in_doubt, take_hit
from rules.typed_damage import damage, plan

FEW = settings(max_examples=min(60, settings().max_examples), deadline=None)  # fewer under the dev profile
amounts = st.integers(min_value=0, max_value=300)
limits = st.one_of(st.none(), st.integers(min_value=1, max_value=40))
kinds = st.sampled_from(list(DamageType))
targets = st.one_of(kinds, st.sampled_from(list(Scope)))
traits = st.lists(
    st.one_of(st.builds(Resist, targets, limits), st.builds(Vulnerable, targets, limits)), max_size=4
)


def _shaped(result: Explained) -> None:
    """Every result: an answer, a one-line situation without Python reprs, and explain()."""
    assert result.answer is not None or result.outcome
    assert result.situation
    assert "\n" not in result.situation
    assert "<" not in result.situation  # no enum reprs
    assert "(" not in result.situation.split()[0]  # no constructor calls
    assert result.explain().endswith(f"= {result.outcome}")


@FEW
@given(amounts, st.lists(kinds, min_size=1, max_size=3), traits, st.booleans())
def test_resistance_steps_add_up_to_the_damage_taken(amount, types, held, critical):
    result = take_damage(amount, types, held, critical=critical)
    _shaped(result)
    assert result.start == amount
    assert result.end == result.final == result.answer


@FEW
@given(
    amounts,
    st.sampled_from(list(Affinity)),
    st.booleans(),
    st.one_of(
        st.none(),
        st.builds(
            Modifier,
            st.sampled_from(list(Action)),
            st.sampled_from([a for a in Affinity if a is not Affinity.NORMAL]),
            duration=st.sampled_from(list(Duration)),
        ),
    ),
)
def test_affinity_steps_add_up_to_the_final_damage(amount, native, guarding, modifier):
    result = calculate(amount, "fire", native, guarding=guarding, modifier=modifier)
    _shaped(result)
    assert result.start == amount
    assert result.end == result.final == result.answer


@FEW
@given(
    st.integers(min_value=1, max_value=4),
    st.sampled_from(["", "Leather: +-*", "-(H)", "--+*"]),
    st.integers(min_value=0, max_value=4),
    st.data(),
)
def test_typed_damage_steps_add_up_to_the_damage(dice, armor, margin, data):
    pool = plan(f"{dice}-", armor, margin).pool
    faces = data.draw(st.text(alphabet="- *+", min_size=pool, max_size=pool))
    result = damage(f"{dice}-", armor, faces, margin)
    _shaped(result)
    assert result.end == result.final == result.answer


@FEW
@given(amounts, st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.booleans())
def test_every_point_of_a_hit_is_taken_by_one_step(amount, magic, monstrous, physical, body, pierce):
    defender = Defender(magic_armor=magic, monstrous_armor=monstrous, physical_armor=physical, body=body)
    result = take_hit(defender, amount, pierce=pierce)
    _shaped(result)
    assert result.start == amount
    assert result.end == 0
    assert sum(points for _, points in result.absorbed) == amount


@FEW
@given(amounts, st.sampled_from(["weakened", "petrified", "prone"]))
def test_condition_amount_steps_add_up_to_the_amount(amount, condition):
    who = Combatant().add(condition)
    for result in (damage_dealt(who, amount), damage_taken(who, amount)):
        _shaped(result)
        assert result.start == amount
        assert result.end == result.value == result.answer


@FEW
@given(
    st.lists(
        st.tuples(st.sampled_from([None, "cover", "concealment", "power", "mark"]), st.integers(-6, 0)),
        max_size=5,
    )
)
def test_penalty_steps_add_up_to_the_total(penalties):
    result = stack(penalties)
    assert result.end == result.total == result.answer
    attack = attack_penalty(Combatant().add("prone"), Combatant(), other=penalties)
    _shaped(attack)
    assert attack.end == attack.total == attack.answer


def test_monster_results_have_the_shape():
    defenses = design_defenses("Elite Lurker (Leader)", 16, plus="will", minus="reflex")
    traits = monster_traits(["Undead", "Shadow"], level=12, new_rules=False)
    for result in (defenses, traits):
        _shaped(result)
    assert defenses.answer == defenses.scores
    assert traits.answer == traits.lines
    assert defenses.situation == "A Lurker with average defense 16, +1 will and -1 reflex"


def test_the_situation_states_the_input_in_game_words():
    result = take_damage(17, "fire", ["Resist Fire", "Vulnerable Fire 5"])
    assert result.situation == "17 Fire damage against Resist Fire, Vulnerable Fire 5"
    several = take_damage(6, ["fire", "cold", "acid"], [], critical=True)
    assert several.situation == "6 Fire, Cold and Acid damage against no traits (a critical hit)"
    assert check_effect("push", ["Swarm"], area=True).situation == (
        "Forced Movement against Swarm (a burst or blast)"
    )
    assert calculate(12, "fire", "RS", guarding=True).situation == (
        "12 fire damage against native RS (guarding)"
    )


def test_circumstances_can_be_passed_as_one_value():
    flags = take_damage(10, "fire", ["Resist Fire (Advantage)"], advantage=True, area=True)
    value = take_damage(
        10, "fire", ["Resist Fire (Advantage)"], circumstances=Circumstances(advantage=True, area=True)
    )
    assert flags == value
    assert check_effect(
        "stunned", ["Condition Immune: Stunned (Advantage)"], circumstances=Circumstances(advantage=True)
    ).ignored


def test_circumstances_given_twice_are_refused():
    with pytest.raises(RulesError, match="either as one Circumstances"):
        take_damage(10, "fire", [], critical=True, circumstances=Circumstances(area=True))


def test_a_step_change_is_not_part_of_its_text():
    rule = Rule.registry["resist"] if "resist" in Rule.registry else Rule.cited()[0]
    assert str(Step(rule, "x", change=-3)) == str(Step(rule, "x"))
    assert Step(rule, "x", change=-3) == Step(rule, "x")


def _every_kind_of_result() -> list[Explained]:
    ari = c.Combatant("Ari").add("marked", source="ogre").add("prone")
    attack = c.Attack(("troll",))
    held = c.Combatant("Ari").add("grabbed", source="ogre")
    return [
        take_damage(17, "fire", ["Resist Fire"]),
        check_effect("push", ["Swarm"]),
        calculate(10, "fire", "RS"),
        damage("3-", "Leather: +-*", "-  +", 2),
        take_hit(Defender(body=3), 2),
        in_doubt(Defender(body=3)),
        gain(Defender(body=3), Immunity("Poison Immunity", frozenset({"poison"}))),
        design_defenses("Soldier", 16),
        monster_traits(["Undead"]),
        c.allowed_actions(ari),
        c.movement(ari),
        c.attack_penalty(ari, c.Combatant("Orc")),
        c.stack([("cover", -2)]),
        c.perception_penalty(ari),
        c.damage_dealt(ari, 5),
        c.healing_received(ari, 5),
        c.damage_taken(ari, 5),
        c.after_damage(ari, 3),
        c.total_defense({"AC": 16}),
        c.escape_check(held, "ogre", "acrobatics", 15, {"reflex": 12}),
        c.forced_movement(ari),
        c.grants_combat_advantage(ari),
        c.can_flank(ari),
        c.can_make_opportunity_attacks(ari),
        c.can_coup_de_grace(ari),
        c.can_be_commanded_by(ari, "vampire"),
        c.violates_mark(ari, attack),
        c.triggers_opportunity_attacks(attack),
    ]


@pytest.mark.parametrize("result", _every_kind_of_result(), ids=lambda result: type(result).__name__)
def test_every_result_states_its_situation_and_answer(result):
    _shaped(result)
    assert result.answer is not None or type(result).__name__ == "HitResult"


def test_the_rule_registry_is_read_only():
    with pytest.raises(TypeError):
        Rule.registry["resist"] = Rule.cited()[0]  # type: ignore[index]
