"""Resistances, vulnerabilities and immunities, rule by rule (docs/resistances.md)."""

from __future__ import annotations

import pytest

from rules.errors import NotationError, RulesError, RulesTypeError, shown
from rules.resistances import (
    Attack,
    Condition,
    DamageImmunity,
    DamageTrigger,
    DamageType,
    Resist,
    TraitSet,
    Vulnerable,
    check_effect,
    choose_damage_type,
    insubstantial_table,
    parse_trait,
    regiment_table,
    swarm_table,
    take_damage,
)


def anchors(result):
    return [step.rule.anchor for step in result.steps]


def figures(result):
    return result.final, result.mitigated, result.added


# --- the seed's worked examples ---------------------------------------------------------

FIRE_CREATURE = ["Resist Fire (Advantage)", "Resist 10 Fire", "Resist 5 All"]


def test_27_fire_without_advantage_meets_the_highest_limit():
    result = take_damage(27, "fire", FIRE_CREATURE)
    assert figures(result) == (17, 10, 0)
    assert anchors(result) == ["trait-conditions", "choosing-traits", "trait-resist", "damage-taken"]


def test_27_fire_with_advantage_meets_the_resistance_without_a_limit():
    assert figures(take_damage(27, "fire", FIRE_CREATURE, advantage=True)) == (14, 13, 0)


def test_17_fire_against_resist_fire_and_vulnerable_5_fire():
    result = take_damage(17, "fire", ["Resist Fire", "Vulnerable 5 Fire"])
    assert figures(result) == (14, 8, 5)
    assert "resist-and-vulnerable" in anchors(result)


def test_several_types_example_1():
    result = take_damage(17, ["fire", "cold"], ["Resist Fire", "Vulnerable 5 Cold"])
    assert figures(result) == (15, 4, 2)


def test_several_types_example_2_counts_immunity_as_the_whole_damage():
    traits = ["Damage Immune: Fire", "Vulnerable 5 Cold", "Vulnerable Acid"]
    assert figures(take_damage(17, ["fire", "cold", "acid"], traits)) == (15, 8, 6)


def test_several_types_example_3_resist_all_covers_the_second_type():
    assert figures(take_damage(17, ["fire", "cold"], ["Resist Fire", "Resist All 5"])) == (11, 6, 0)


@pytest.mark.parametrize(
    ("kind", "advantage", "final"),
    [("physical", False, 10), ("fire", False, 10), ("physical", True, 20), ("fire", True, 30)],
)
def test_insubstantial_damage(kind, advantage, final):
    assert take_damage(20, kind, ["Insubstantial"], advantage=advantage).final == final


@pytest.mark.parametrize("name, weak", [("Swarm", "poison"), ("Regiment", "psychic")])
def test_swarm_and_regiment_damage(name, weak):
    other = "fire"
    assert take_damage(20, other, [name]).final == 10
    assert take_damage(20, weak, [name]).final == 20
    assert take_damage(20, other, [name], area=True).final == 30
    assert take_damage(20, weak, [name], area=True).final == 30


def test_the_trait_set_tables_say_what_the_rules_compute():
    assert [row[1] for row in insubstantial_table().rows] == ["10", "10", "20", "30"]
    assert [row[1] for row in swarm_table().rows] == ["10", "20", "30", "30"]
    assert [row[1] for row in regiment_table().rows] == ["10", "20", "30", "30"]
    assert regiment_table().rows[1][0] == "Psychic, not a burst or blast"


# --- traits ------------------------------------------------------------------------------

def test_a_resistance_removes_half_or_its_limit_whichever_is_lower():
    assert take_damage(27, "fire", ["Resist Fire 10"]).mitigated == 10
    assert take_damage(27, "fire", ["Resist Fire 20"]).mitigated == 13


def test_a_vulnerability_adds_half_or_its_limit_whichever_is_lower():
    assert take_damage(17, "cold", ["Vulnerable Cold 5"]).added == 5
    assert take_damage(17, "cold", ["Vulnerable Cold 50"]).added == 8


def test_resist_all_covers_physical_and_non_physical_does_not():
    assert take_damage(10, [], ["Resist All"]).final == 5
    assert take_damage(10, [], ["Resist Non-physical"]).final == 10
    assert take_damage(10, "acid", ["Resist Non-physical"]).final == 5


def test_a_trait_for_another_type_does_nothing():
    result = take_damage(10, "fire", ["Resist Cold", "Vulnerable Acid"])
    assert figures(result) == (10, 0, 0)
    assert anchors(result) == ["damage-taken"]


@pytest.mark.parametrize(
    ("condition", "met", "unmet"),
    [
        ("Advantage", {"advantage": True}, {}),
        ("No Advantage", {}, {"advantage": True}),
        ("Critical", {"critical": True}, {}),
        ("Ongoing", {"ongoing": True}, {}),
        ("Silvered", {"silvered": True}, {}),
        ("Not Silvered", {}, {"silvered": True}),
        ("Paragon", {"attacker_level": 11}, {"attacker_level": 10}),
        ("Not Paragon", {"attacker_level": 10}, {"attacker_level": 11}),
        ("Epic", {"attacker_level": 21}, {"attacker_level": 20}),
        ("Not Epic", {"attacker_level": 20}, {"attacker_level": 21}),
        ("burst/blast", {"area": True}, {}),
        ("no burst or blast", {}, {"area": True}),
    ],
)
def test_a_trait_whose_condition_is_not_met_is_discarded(condition, met, unmet):
    trait = f"Resist Fire ({condition})"
    assert take_damage(20, "fire", [trait], **met).final == 10
    assert take_damage(20, "fire", [trait], **unmet).final == 20


def test_resistance_reduction_without_a_resistance_does_nothing():
    assert take_damage(20, "fire", ["Resist Cold"], reduction={"fire": 5}).final == 20


def test_resistance_reduction_against_an_unlimited_resistance_adds_up_to_its_value():
    assert figures(take_damage(20, "fire", ["Resist Fire"], reduction={"fire": 5})) == (15, 10, 5)


def test_resistance_reduction_against_a_limited_resistance_adds_the_lower_value():
    assert figures(take_damage(20, "fire", ["Resist Fire 3"], reduction={"fire": 5})) == (20, 3, 3)


def test_resistance_reduction_meets_resist_all_too():
    assert take_damage(20, "fire", ["Resist All 5"], reduction={"fire": 10}).final == 20


def test_resistance_reduction_loses_to_a_better_native_vulnerability():
    result = take_damage(20, "fire", ["Resist Fire", "Vulnerable Fire"], reduction={"fire": 5})
    assert figures(result) == (20, 10, 10)


def test_immunity_beats_vulnerability():
    result = take_damage(17, "fire", ["Vulnerable Fire", "Damage Immune: Fire"])
    assert figures(result) == (0, 17, 0)
    assert "immunity-beats-vulnerability" in anchors(result)


def test_damage_immunity_to_another_type_does_nothing():
    assert take_damage(10, "fire", ["Damage Immune: Poison"]).final == 10


def test_a_damage_trigger_fires_after_the_damage_and_only_for_its_type():
    traits = ["Resist Cold", "Damage Trigger Cold: slowed"]
    result = take_damage(10, "cold", traits)
    assert [str(trigger) for trigger in result.triggered] == ["Damage Trigger Cold: slowed"]
    assert anchors(result)[-2:] == ["damage-taken", "trait-damage-trigger"]
    assert take_damage(10, "fire", traits).triggered == ()


def test_a_damage_trigger_needs_damage_taken():
    result = take_damage(1, "cold", ["Resist Cold", "Damage Trigger Cold: slowed"])
    assert result.final == 1 and result.triggered
    blocked = take_damage(10, "cold", ["Damage Immune: Cold", "Damage Trigger Cold: slowed"])
    assert blocked.triggered == ()
    assert anchors(blocked)[-1] == "ruling-trigger-needs-damage"


def test_condition_immunity_ignores_its_condition_only():
    assert check_effect("stunned", ["Condition Immune: Stunned"]).ignored
    assert not check_effect("dazed", ["Condition Immune: Stunned"]).ignored


@pytest.mark.parametrize("movement", ["push", "pull", "slide", "Forced Movement"])
def test_forced_movement_immunity_covers_push_pull_and_slide(movement):
    assert check_effect(movement, ["Condition Immune: Forced Movement"]).ignored


def test_a_swarm_can_be_moved_by_a_burst_only():
    assert check_effect("pull", ["Swarm"]).ignored
    assert not check_effect("pull", ["Swarm"], area=True).ignored


def test_nondamage_immunity_ignores_effects_of_attacks_with_its_keyword():
    assert check_effect("dominated", ["Nondamage Immune: Charm"], keywords=["Charm"]).ignored
    assert check_effect(None, ["Nondamage Immune: Charm"], keywords=["charm", "psychic"]).ignored
    assert not check_effect("dominated", ["Nondamage Immune: Charm"], keywords=["fear"]).ignored
    assert take_damage(10, "poison", ["Nondamage Immune: Poison"]).final == 10


def test_damage_immunity_does_not_stop_effects():
    assert not check_effect("weakened", ["Damage Immune: Poison"], keywords=["poison"]).ignored


# --- resolving -----------------------------------------------------------------------------

def test_only_the_best_resistance_applies():
    assert take_damage(40, "fire", ["Resist Fire 5", "Resist Fire 15", "Resist All 10"]).mitigated == 15


def test_no_limit_beats_the_highest_limit():
    assert take_damage(40, "fire", ["Resist Fire 15", "Resist All"]).mitigated == 20


def test_only_one_of_two_unlimited_vulnerabilities_applies():
    assert take_damage(20, "poison", ["Swarm"], area=True).added == 10


def test_a_single_type_is_not_halved_by_the_several_types_rule():
    result = take_damage(17, "fire", ["Resist Fire"])
    assert result.mitigated == 8
    assert "several-damage-types" not in anchors(result)


def test_several_types_use_the_two_highest_of_three():
    traits = ["Resist Fire", "Resist Cold 2", "Resist Acid 6"]
    assert take_damage(20, ["fire", "cold", "acid"], traits).mitigated == (10 + 6) // 2


def test_environmental_damage_is_negated_by_a_resistance_without_a_limit():
    assert take_damage(15, "fire", ["Resist Fire"], environmental=True).final == 0


def test_environmental_damage_is_reduced_by_the_full_limit():
    assert take_damage(15, "fire", ["Resist Fire 10"], environmental=True).final == 5
    assert take_damage(6, "fire", ["Resist Fire 10"], environmental=True).final == 0


def test_vulnerability_to_environmental_damage_is_as_against_attacks():
    assert take_damage(15, "fire", ["Vulnerable Fire"], environmental=True).final == 22


def test_the_steps_run_in_the_flowcharts_order():
    result = take_damage(
        20, ["fire", "fire"], ["Swarm", "Resist Fire 5", "Damage Trigger Fire: burns"],
        reduction={"fire": 5},
    )
    assert anchors(result) == [
        "ruling-type-listed-twice", "trait-swarm", "trait-conditions", "trait-conditions",
        "choosing-traits", "ruling-reduction-chosen-resistance",
        "trait-resist", "trait-vulnerable", "resist-and-vulnerable", "damage-taken",
        "trait-damage-trigger",
    ]
    assert result.final == 20 - 10 + 5


def test_petrified_resist_all_leaves_8_of_15():
    assert take_damage(15, "fire", ["Resist All"]).final == 8


# --- attacks ---------------------------------------------------------------------------------

def test_an_attack_without_a_type_gains_a_type_alongside_physical():
    assert Attack(10).gains("fire").types == (DamageType.PHYSICAL, DamageType.FIRE)


def test_an_attack_that_becomes_a_type_loses_the_others():
    assert Attack(10, ["physical", "fire"]).becomes("cold").types == (DamageType.COLD,)


def test_untyped_extra_damage_keeps_the_types_and_typed_extra_adds_them():
    assert Attack(10, "fire").plus(4) == Attack(14, "fire")
    assert Attack(10, "fire").plus(4, ["cold", "fire"]) == Attack(14, ["fire", "cold"])


def test_changing_an_attack_returns_a_new_attack():
    sword = Attack(10)
    sword.gains("fire")
    assert sword == Attack(10, "physical")


def test_physical_can_be_chosen_only_when_the_effect_says_so():
    assert choose_damage_type("FIRE") is DamageType.FIRE
    assert choose_damage_type("physical", including_physical=True) is DamageType.PHYSICAL
    with pytest.raises(RulesError, match="Physical cannot be chosen"):
        choose_damage_type("physical")
    with pytest.raises(RulesError, match="'all' is not one damage type"):
        choose_damage_type("all")


# --- traits as values ---------------------------------------------------------------------------

def test_trait_objects_and_lines_are_interchangeable():
    assert take_damage(20, "fire", [Resist("fire", 5)]) == take_damage(20, "fire", ["Resist 5 Fire"])
    assert take_damage(20, "fire", "Vulnerable Fire").final == 30


def test_trait_sets_expand_to_their_traits():
    assert TraitSet("insubstantial").traits == (
        Resist("physical"), Resist("non-physical", None, "no advantage"),
        Vulnerable("all", None, "advantage"),
    )


@pytest.mark.parametrize(
    ("line", "trait"),
    [
        ("Resist 10 Fire", Resist("fire", 10)),
        ("Resist Fire 10", Resist("fire", 10)),
        ("resist fire (10)", Resist("fire", 10)),
        ("Resist All 5 (Not Silvered)", Resist("all", 5, "not silvered")),
        ("Resist 5 All (not silvered)", Resist("all", 5, "not silvered")),
        ("Resist Physical (No Advantage)", Resist("physical", None, "no advantage")),
        ("Vulnerable 5 Cold", Vulnerable("cold", 5)),
        ("Vulnerable All 5 (Critical)", Vulnerable("all", 5, "critical")),
        ("Damage Immune: Poison", DamageImmunity("poison")),
        ("damage immune poison", DamageImmunity("poison")),
        ("Insubstantial", TraitSet("insubstantial")),
        ("  SWARM  ", TraitSet("swarm")),
    ],
)
def test_stat_block_lines_read_as_traits(line, trait):
    assert parse_trait(line) == trait


# --- bad input ----------------------------------------------------------------------------------

def test_an_unknown_damage_type_is_named():
    with pytest.raises(RulesError, match="Unknown damage type 'fyre'"):
        take_damage(10, ["fire", "fyre"], [])


@pytest.mark.parametrize("amount", [-1, 2.5, "10", True, None])
def test_the_amount_must_be_a_whole_number_of_0_or_more(amount):
    with pytest.raises(RulesError, match="amount must be"):
        take_damage(amount, "fire", [])


def test_damage_immune_all_is_refused_in_a_line_and_as_an_object():
    with pytest.raises(NotationError, match="'all' is not valid") as caught:
        parse_trait("Damage Immune: all")
    assert caught.value.position == len("Damage Immune: ")
    with pytest.raises(RulesError, match="never all of them"):
        DamageImmunity("all")


@pytest.mark.parametrize(
    ("line", "position", "problem"),
    [
        ("", 0, "expected a trait"),
        ("Resistant Fire", 0, "expected a trait"),
        ("Resist", 6, "expected damage type"),
        ("Resist 10", 9, "expected damage type"),
        ("Resist Fyre", 7, "unknown damage type 'Fyre'"),
        ("Resist Fire (Sometimes)", 13, "unknown condition 'Sometimes'"),
        ("Resist 0 Fire", 7, "a limit must be 1 or more"),
        ("Resist 10 Fire 5", 15, "two"),
        ("Resist Fire (Critical) (Ongoing)", 23, "at most one condition"),
        ("Resist 10 Fire; 5 Cold", 14, "one trait per line"),
        ("Immune poison", 0, "Damage Immune"),
        ("Resistance 10 Fire", 0, "write 'Resist'"),
        ("Damage Trigger Cold", 19, "expected ':'"),
        ("Damage Trigger Cold:   ", 23, "expected the effect"),
        ("Damage Trigger All: x", 15, "'All' is not one damage type"),
        ("Condition Immune: Sleepy", 18, "unknown character condition 'Sleepy'"),
        ("Nondamage Immune: Physical", 18, "not an attack keyword"),
        ("Swarm (burst/blast)", 6, "unexpected '('"),
    ],
)
def test_a_line_that_cannot_be_read_points_at_the_problem(line, position, problem):
    with pytest.raises(NotationError) as caught:
        parse_trait(line)
    assert caught.value.position == position
    assert problem in str(caught.value)
    assert shown(line) in str(caught.value)


def test_environmental_damage_refuses_attack_only_circumstances():
    for circumstance in ("advantage", "critical", "silvered"):
        with pytest.raises(RulesError, match="not an attack"):
            take_damage(10, "fire", [], environmental=True, **{circumstance: True})
    with pytest.raises(RulesError, match="no Resistance Reduction"):
        take_damage(10, "fire", [], environmental=True, reduction={"fire": 5})


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"attacker_level": 0}, "attacker_level"),
        ({"advantage": "yes"}, "advantage must be True or False"),
        ({"reduction": {"all": 5}}, "'all' is not one damage type"),
        ({"reduction": {"fire": 2.5}}, "Resistance Reduction 'fire'"),
        ({"reduction": [("fire", 5)]}, "reduction must map"),
    ],
)
def test_bad_circumstances_are_named(kwargs, problem):
    with pytest.raises(RulesError, match=problem):
        take_damage(10, "fire", [], **kwargs)


def test_something_that_is_not_a_trait_is_refused():
    with pytest.raises(RulesError, match="Not a trait: 5"):
        take_damage(10, "fire", [5])
    with pytest.raises(RulesTypeError, match="parse_trait reads one line of text, not None"):
        parse_trait(None)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: take_damage("10", "fire", []), "amount must be a whole number, not '10'"),
        (lambda: take_damage(10, 5, []),
         "Damage types must be a word such as 'fire' or a list of them, not 5"),
        (lambda: take_damage(10, "fire", 5), "traits must be a list of stat-block lines or traits, not 5"),
        (lambda: take_damage(10, "fire", [], critical=1), "critical must be True or False, not 1"),
        (lambda: take_damage(10, "fire", [], attacker_level="5"), "attacker_level must be a whole number"),
        (lambda: take_damage(10, "fire", [], reduction=5), "reduction must map damage types to values"),
        (lambda: check_effect("push", ["Swarm"], keywords="charm"),
         r"keywords must be a list or a set, such as \['charm'\], not the text 'charm'"),
        (lambda: check_effect(5, ["Swarm"]), "Unknown character condition 5"),
        (lambda: choose_damage_type("cold", including_physical="yes"),
         "including_physical must be True or False"),
        (lambda: Resist("fire", "10"), "The limit of Resist must be a whole number, not '10'"),
        (lambda: Resist(None), "Unknown damage type None"),
        (lambda: DamageTrigger("cold", None),
         "A Damage Trigger's effect must be what happens, in words, not None"),
        (lambda: TraitSet(3), "Unknown trait set 3"),
        (lambda: Attack(10).plus(None), "extra damage must be a whole number, not None"),
    ],
)
def test_an_input_of_the_wrong_type_is_a_rules_type_error(call, message):
    with pytest.raises(RulesTypeError, match=message):
        call()


def test_an_empty_damage_trigger_effect_is_a_value_error_not_a_type_error():
    with pytest.raises(RulesError, match="A Damage Trigger's effect must be what happens") as refused:
        DamageTrigger("cold", "  ")
    assert not isinstance(refused.value, TypeError)


@pytest.mark.parametrize(
    "written", ["no burst or blast", "No Burst/Blast", "no-burst / blast", "NO_BURST_OR_BLAST"]
)
def test_a_condition_reads_with_slashes_or_or_hyphens_or_underscores(written):
    assert Condition.parse(written) is Condition.NO_AREA

