"""Resistances, vulnerabilities and immunities, rule by rule (docs/resistances.md)."""

from __future__ import annotations

import pytest

from rules.checks import half_down
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


# What one trait does to one attack, by the rules' own functions: the tests below check how the
# rules combine these (which trait counts, several types, conditions, reduction), never a copy of
# the pages' numbers, so a change to how much a trait takes is made on the pages alone.


def resists(damage, limit=None):
    return Resist("fire", limit).amount(damage)


def adds(damage, limit=None):
    return Vulnerable("fire", limit).amount(damage)


def taken(damage, mitigated, added):
    """A result's own arithmetic (#damage-taken): what is left, never below 0."""
    return max(0, damage - mitigated + added), mitigated, added


FIRE_CREATURE = ["Resist Fire (Advantage)", "Resist 10 Fire", "Resist 5 All"]


def test_without_advantage_the_best_limit_counts():
    result = take_damage(27, "fire", FIRE_CREATURE)
    assert figures(result) == taken(27, max(resists(27, 10), resists(27, 5)), 0)
    assert anchors(result) == ["trait-conditions", "choosing-traits", "trait-resist", "damage-taken"]


def test_with_advantage_the_resistance_without_a_limit_counts():
    assert figures(take_damage(27, "fire", FIRE_CREATURE, advantage=True)) == taken(27, resists(27), 0)


def test_a_resistance_and_a_vulnerability_both_count_from_the_original_damage():
    result = take_damage(17, "fire", ["Resist Fire", "Vulnerable 5 Fire"])
    assert figures(result) == taken(17, resists(17), adds(17, 5))
    assert "resist-and-vulnerable" in anchors(result)


@pytest.mark.parametrize(("kinds", "traits"), [
    (["fire", "cold"], ["Resist Fire", "Vulnerable 5 Cold"]),
    (["fire", "cold", "acid"], ["Damage Immune: Fire", "Vulnerable 5 Cold", "Vulnerable Acid"]),
    (["fire", "cold"], ["Resist Fire", "Resist All 5"]),
    (["fire", "cold", "acid"], ["Resist Fire", "Resist Cold 2", "Resist Acid 6"]),
])
def test_several_types_sum_the_two_highest_single_type_figures_and_halve_them(kinds, traits):
    alone = [take_damage(17, kind, traits) for kind in kinds]
    mitigated = sorted((result.mitigated for result in alone), reverse=True)[:2]
    added = sorted((result.added for result in alone), reverse=True)[:2]
    together = take_damage(17, kinds, traits)
    assert figures(together) == taken(17, half_down(sum(mitigated)), half_down(sum(added)))


def test_immunity_counts_as_mitigating_the_whole_damage_of_its_type():
    assert take_damage(17, "fire", ["Damage Immune: Fire"]).mitigated == 17


def test_insubstantial_resists_everything_and_combat_advantage_turns_non_physical_into_a_weakness():
    assert [take_damage(20, kind, ["Insubstantial"]).final for kind in ("physical", "fire")] == [
        20 - resists(20)] * 2
    assert figures(take_damage(20, "physical", ["Insubstantial"], advantage=True)) == (
        taken(20, resists(20), adds(20)))
    assert figures(take_damage(20, "fire", ["Insubstantial"], advantage=True)) == taken(20, 0, adds(20))


@pytest.mark.parametrize(("name", "weak"), [("Swarm", "poison"), ("Regiment", "psychic")])
def test_swarm_and_regiment_resist_all_but_bursts_and_blasts_and_their_weak_type(name, weak):
    other = "fire"
    assert take_damage(20, other, [name]).final == 20 - resists(20)
    assert take_damage(20, weak, [name]).final == taken(20, resists(20), adds(20))[0]
    assert take_damage(20, other, [name], area=True).final == 20 + adds(20)
    # only one of two unlimited vulnerabilities counts (#choosing-traits)
    assert take_damage(20, weak, [name], area=True).final == 20 + adds(20)


@pytest.mark.parametrize("table", [insubstantial_table, swarm_table, regiment_table])
def test_the_trait_set_tables_say_what_the_rules_compute(table):
    """Each row's figure is what take_damage gives its situation (the rows' words name it)."""
    name = table.__name__.removesuffix("_table").capitalize()
    weak = {"Swarm": "poison", "Regiment": "psychic"}.get(name, "physical")
    for situation, figure, _ in table().rows:
        words = situation.lower()
        kind = weak if words.startswith(weak) else "fire"
        area = "not a burst" not in words and "burst" in words
        advantage = "with combat advantage" in words
        assert figure == str(take_damage(20, kind, [name], area=area, advantage=advantage).final), situation
    assert regiment_table().rows[1][0] == "Psychic, not a burst or blast"


# --- traits ------------------------------------------------------------------------------

def test_a_resistance_removes_its_share_or_its_limit_whichever_is_lower():
    for damage in range(0, 41):
        unlimited = take_damage(damage, "fire", ["Resist Fire"]).mitigated
        assert unlimited == resists(damage) <= damage
        limits = (1, 5, 10, 20, 99)
        capped = [take_damage(damage, "fire", [f"Resist Fire {limit}"]).mitigated for limit in limits]
        assert capped == [resists(damage, limit) for limit in limits]
        # a higher limit never takes less, and a limit is never passed
        assert capped == sorted(capped)
        assert all(taken <= limit for taken, limit in zip(capped, limits, strict=True))
        assert capped[0] == min(1, capped[-1])


def test_a_vulnerability_adds_half_or_its_limit_whichever_is_lower():
    for damage in range(0, 41):
        unlimited = take_damage(damage, "cold", ["Vulnerable Cold"]).added
        assert unlimited == adds(damage) <= damage
        for limit in (1, 5, 50):
            assert take_damage(damage, "cold", [f"Vulnerable Cold {limit}"]).added == min(unlimited, limit)


def test_resist_all_covers_physical_and_non_physical_does_not():
    assert take_damage(10, [], ["Resist All"]).final == 10 - resists(10)
    assert take_damage(10, [], ["Resist Non-physical"]).final == 10
    assert take_damage(10, "acid", ["Resist Non-physical"]).final == 10 - resists(10)


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
    always = take_damage(20, "fire", ["Resist Fire"], **met)
    assert take_damage(20, "fire", [trait], **met).final == always.final
    assert take_damage(20, "fire", [trait], **unmet).final == take_damage(20, "fire", [], **unmet).final == 20


def test_resistance_reduction_without_a_resistance_does_nothing():
    assert take_damage(20, "fire", ["Resist Cold"], reduction={"fire": 5}).final == 20


@pytest.mark.parametrize(("limit", "reduction"), [(None, 5), (3, 5), (5, 10), (10, 5), (10, 1)])
def test_resistance_reduction_adds_the_lower_of_its_value_and_what_the_resistance_mitigates(limit, reduction):
    trait = "Resist Fire" if limit is None else f"Resist Fire {limit}"
    result = take_damage(20, "fire", [trait], reduction={"fire": reduction})
    assert figures(result) == taken(20, resists(20, limit), min(reduction, resists(20, limit)))


def test_resistance_reduction_meets_resist_all_too():
    assert take_damage(20, "fire", ["Resist All 5"], reduction={"fire": 10}).final == 20


def test_resistance_reduction_loses_to_a_better_native_vulnerability():
    result = take_damage(20, "fire", ["Resist Fire", "Vulnerable Fire"], reduction={"fire": 5})
    assert figures(result) == taken(20, resists(20), adds(20))


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
    assert take_damage(40, "fire", ["Resist Fire 5", "Resist Fire 15", "Resist All 10"]).mitigated == (
        resists(40, 15))


def test_no_limit_beats_the_highest_limit():
    assert take_damage(40, "fire", ["Resist Fire 15", "Resist All"]).mitigated == resists(40)


def test_only_one_of_two_unlimited_vulnerabilities_applies():
    assert take_damage(20, "poison", ["Swarm"], area=True).added == adds(20)


def test_a_single_type_is_not_halved_by_the_several_types_rule():
    result = take_damage(17, "fire", ["Resist Fire"])
    assert result.mitigated == resists(17)
    assert "several-damage-types" not in anchors(result)


def test_environmental_damage_is_negated_by_a_resistance_without_a_limit():
    assert take_damage(15, "fire", ["Resist Fire"], environmental=True).final == 0


def test_environmental_damage_is_reduced_by_the_full_limit():
    assert take_damage(15, "fire", ["Resist Fire 10"], environmental=True).final == 15 - 10
    assert take_damage(6, "fire", ["Resist Fire 10"], environmental=True).final == 0


def test_vulnerability_to_environmental_damage_is_as_against_attacks():
    assert take_damage(15, "fire", ["Vulnerable Fire"], environmental=True).final == (
        take_damage(15, "fire", ["Vulnerable Fire"]).final)


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
    # Swarm's unlimited Resist All beats Resist Fire 5, and the reduction adds back up to 5 of it
    assert figures(result) == taken(20, resists(20), min(5, resists(20)))


def test_resist_all_against_an_odd_damage_leaves_the_larger_part():
    for damage in range(1, 40, 2):
        assert take_damage(damage, "fire", ["Resist All"]).final == damage - resists(damage) > damage / 2


# --- attacks ---------------------------------------------------------------------------------

def test_an_attack_without_a_type_gains_a_type_alongside_physical():
    assert Attack(10).gains("fire").types == (DamageType.PHYSICAL, DamageType.FIRE)


def test_an_attack_that_becomes_a_type_loses_the_others():
    assert Attack(10, ["physical", "fire"]).becomes("cold").types == (DamageType.COLD,)


def test_untyped_extra_damage_keeps_the_types_and_typed_extra_adds_them():
    assert Attack(10, "fire").plus(4) == Attack(14, "fire")
    assert Attack(10, "fire").plus(4, ["cold", "fire"]) == Attack(14, ["fire", "cold"])


@pytest.mark.parametrize(("extra", "types", "concerns"), [(4, "nonsense", "types"), ("x", None, "extra")])
def test_extra_damage_refused_names_the_input_it_concerns(extra, types, concerns):
    """A refusal of extra damage says which input is wrong, so a calculator marks that field."""
    with pytest.raises(RulesError) as refused:
        Attack(10, "fire").plus(extra, types)
    assert refused.value.concerns == concerns


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
    assert take_damage(20, "fire", "Vulnerable Fire").final == 20 + adds(20)


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

