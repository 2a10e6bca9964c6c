"""The resistances rules' behaviour, pinned: each refusal, each field of a result, each table as text.

These checks were the programmers' section of docs/resistances.md, which keeps a few examples of the
error format and of a result. Each test names the rule or the input it checks.
"""

from __future__ import annotations

import re

import pytest

from rules.resistances import (
    Attack,
    Circumstances,
    Condition,
    ConditionImmunity,
    DamageImmunity,
    DamageTrigger,
    DamageType,
    NondamageImmunity,
    Resist,
    TraitSet,
    Vulnerable,
    check_effect,
    choose_damage_type,
    condition_table,
    insubstantial_table,
    parse_trait,
    regiment_table,
    swarm_table,
    take_damage,
    trait_set_table,
)
from rules.resistances.tables import EXAMPLE
from tests.pinned import refusal


def figures(result):
    return result.start, result.changes, result.end


def test_a_bad_input_is_refused_with_a_message_naming_it():
    # moved from docs/resistances.md#resistances-errors
    """Input the rules cannot use is refused with a message that names it."""
    assert refusal(lambda: take_damage(10, "fyre", [])) == (
        "RulesError: Unknown damage type 'fyre': use one of 'Physical', 'Acid', 'Cold', 'Fire', "
        "'Force', 'Lightning', 'Necrotic', 'Poison', 'Psychic', 'Radiant' or 'Thunder'"
    )
    assert refusal(lambda: take_damage(-5, "fire", [])) == "RulesError: amount must be 0 or more, not -5"
    assert refusal(lambda: take_damage(-1, "fire", [])) == "RulesError: amount must be 0 or more, not -1"
    assert (
        refusal(lambda: take_damage(2.5, "fire", []))
        == "RulesTypeError: amount must be a whole number, not 2.5"
    )
    assert (
        refusal(lambda: take_damage(10, "fire", [], advantage="yes"))
        == "RulesTypeError: advantage must be True or False, not 'yes'"
    )
    assert (
        refusal(lambda: take_damage(10, "fire", [], attacker_level=0))
        == "RulesError: attacker_level must be 1 or more, not 0"
    )
    assert refusal(lambda: parse_trait("Resist Fire 0")) == (
        "NotationError: Cannot read trait 'Resist Fire 0': a limit must be 1 or more at position "
        "12\n"
        "    Resist Fire 0\n"
        "                ^"
    )
    assert refusal(lambda: Resist("fire", 0)) == "RulesError: The limit of Resist must be 1 or more, not 0"
    assert str(parse_trait("Resist Fire 1")) == "Resist Fire 1"
    assert (
        refusal(lambda: Resist("fire", 2.5))
        == "RulesTypeError: The limit of Resist must be a whole number, not 2.5"
    )
    assert refusal(lambda: parse_trait("Resist Fire (Advantage) 10")) == (
        "NotationError: Cannot read trait 'Resist Fire (Advantage) 10': unexpected '1' at "
        "position 24\n"
        "    Resist Fire (Advantage) 10\n"
        "                            ^"
    )
    assert refusal(lambda: DamageImmunity("all")) == (
        "RulesError: Damage Immune: all is not valid: a Damage Immunity names one damage type, "
        "never all of them (§ruling-no-immunity-to-all)"
    )
    assert (
        refusal(lambda: TraitSet("ghost"))
        == "RulesError: Unknown trait set 'ghost': use one of 'Insubstantial', 'Swarm' or 'Regiment'"
    )
    assert refusal(lambda: parse_trait("Resist Fire (Advantage) (Critical)")) == (
        "NotationError: Cannot read trait 'Resist Fire (Advantage) (Critical)': a trait takes at "
        "most one condition (§ruling-one-condition-per-trait) at position 24\n"
        "    Resist Fire (Advantage) (Critical)\n"
        "                            ^"
    )
    assert refusal(lambda: take_damage(10, "fire", ["Resist 10 Fyre"])) == (
        "NotationError: Cannot read trait 'Resist 10 Fyre': unknown damage type 'Fyre' at "
        "position 10\n"
        "    Resist 10 Fyre\n"
        "              ^"
    )
    assert refusal(lambda: parse_trait("Resist Fire (Sometimes)")) == (
        "NotationError: Cannot read trait 'Resist Fire (Sometimes)': unknown condition "
        "'Sometimes' at position 13\n"
        "    Resist Fire (Sometimes)\n"
        "                 ^"
    )
    assert refusal(lambda: parse_trait("Resist 10 Fire, 10 Cold")) == (
        "NotationError: Cannot read trait 'Resist 10 Fire, 10 Cold': unexpected ',': write one "
        "trait per line at position 14\n"
        "    Resist 10 Fire, 10 Cold\n"
        "                  ^"
    )
    assert (
        refusal(lambda: take_damage(10, "all", []))
        == "RulesError: 'all' is not one damage type: it may only follow Resist or Vulnerable"
    )
    assert (
        refusal(lambda: take_damage(10, "fire", [], reduction={"fire": 0}))
        == "RulesError: Resistance Reduction 'fire' must be 1 or more, not 0"
    )


def test_every_other_refusal_names_its_input():
    # moved from docs/resistances.md#resistances-errors
    """Every other refusal names its input the same way."""
    assert (
        refusal(lambda: take_damage(10, 5, []))
        == "RulesTypeError: Damage types must be a word such as 'fire' or a list of them, not 5"
    )
    assert (
        refusal(lambda: take_damage(10, "fire", 5))
        == "RulesTypeError: traits must be a list of stat-block lines or traits, not 5"
    )
    assert (
        refusal(lambda: take_damage(10, "fire", [5]))
        == "RulesTypeError: Not a trait: 5; write it as a line such as 'Resist 10 Fire'"
    )
    assert (
        refusal(lambda: take_damage(10, "fire", [], reduction=5))
        == "RulesTypeError: reduction must map damage types to values, e.g. {'fire': 5}, not 5"
    )
    assert (
        refusal(lambda: take_damage(10, "fire", [], reduction={"fire": 5, "FIRE": 3}))
        == "RulesError: reduction gives one key twice, as 'fire' and as 'FIRE': give it once"
    )
    assert refusal(lambda: take_damage(10, "fire", [], reduction={"fire": 5}, environmental=True)) == (
        "RulesError: Environmental damage has no attacker, so no Resistance Reduction "
        "(§ruling-environmental-circumstances)"
    )
    assert refusal(
        lambda: take_damage(10, "fire", [], environmental=True, advantage=True, critical=True)
    ) == (
        "RulesError: Environmental damage is not an attack, so it cannot have advantage, "
        "critical (§ruling-environmental-circumstances)"
    )
    assert (
        refusal(lambda: take_damage(10, "fire", [], circumstances={"area": True}))
        == "RulesTypeError: circumstances must be a Circumstances(...), not {'area': True}"
    )
    assert refusal(
        lambda: take_damage(10, "fire", [], circumstances=Circumstances(area=True), critical=True)
    ) == ("RulesError: Give the circumstances either as one Circumstances(...) or as flags, not both")
    assert refusal(lambda: check_effect("dazed", [], keywords="charm")) == (
        "RulesTypeError: keywords must be a list or a set, such as ['charm'], not the text 'charm'"
    )
    assert (
        refusal(lambda: choose_damage_type("cold", including_physical="yes"))
        == "RulesTypeError: including_physical must be True or False, not 'yes'"
    )
    assert refusal(lambda: Attack(10).plus(-3)) == "RulesError: extra damage must be 0 or more, not -3"
    assert refusal(lambda: Resist("fyre")) == (
        "RulesError: Unknown damage type 'fyre': use 'All', 'Non-physical' or one of 'Physical', "
        "'Acid', 'Cold', 'Fire', 'Force', 'Lightning', 'Necrotic', 'Poison', 'Psychic', "
        "'Radiant' or 'Thunder'"
    )
    assert refusal(lambda: Resist("fire", 5, "sometimes")) == (
        "RulesError: Unknown condition 'sometimes': use one of 'Advantage', 'No Advantage', "
        "'Critical', 'Not Critical', 'Ongoing', 'Not Ongoing', 'Silvered', 'Not Silvered', "
        "'Paragon', 'Not Paragon', 'Epic', 'Not Epic', 'Burst/Blast' or 'No Burst/Blast'"
    )
    assert refusal(lambda: NondamageImmunity("charmed")) == (
        "RulesError: Unknown keyword 'charmed': use one of 'Acid', 'Cold', 'Fire', 'Force', "
        "'Lightning', 'Necrotic', 'Poison', 'Psychic', 'Radiant', 'Thunder', 'Charm', "
        "'Conjuration', 'Disease', 'Fear', 'Gaze', 'Illusion', 'Polymorph', 'Sleep', "
        "'Teleportation' or 'Zone'"
    )
    assert (
        refusal(lambda: DamageTrigger("cold", "  "))
        == "RulesError: A Damage Trigger's effect must be what happens, in words, not '  '"
    )


def test_an_unreadable_trait_line_is_refused_with_a_caret():
    # moved from docs/resistances.md#resistances-errors
    """A line that cannot be read is refused with a caret under the first part that fails."""
    assert refusal(lambda: parse_trait("Resist 10")) == (
        "NotationError: Cannot read trait 'Resist 10': expected damage type at position 9\n"
        "    Resist 10\n"
        "             ^"
    )
    assert refusal(lambda: parse_trait("Resist 10 Fire; Vulnerable 5 Cold")) == (
        "NotationError: Cannot read trait 'Resist 10 Fire; Vulnerable 5 Cold': unexpected ';': "
        "write one trait per line at position 14\n"
        "    Resist 10 Fire; Vulnerable 5 Cold\n"
        "                  ^"
    )
    assert refusal(lambda: parse_trait("Harmless")) == (
        "NotationError: Cannot read trait 'Harmless': expected a trait such as 'Resist 10 Fire', "
        "'Vulnerable Cold (Advantage)' or 'Damage Immune: Poison' at position 0\n"
        "    Harmless\n"
        "    ^"
    )
    assert refusal(lambda: parse_trait("Damage Immune:")) == (
        "NotationError: Cannot read trait 'Damage Immune:': expected a damage type at position "
        "14\n"
        "    Damage Immune:\n"
        "                  ^"
    )
    assert refusal(lambda: parse_trait("Damage Immune: Fyre")) == (
        "NotationError: Cannot read trait 'Damage Immune: Fyre': unknown damage type 'Fyre' at "
        "position 15\n"
        "    Damage Immune: Fyre\n"
        "                   ^"
    )
    assert refusal(lambda: parse_trait("Damage Immune: Fire (Advantage)")) == (
        "NotationError: Cannot read trait 'Damage Immune: Fire (Advantage)': unexpected '(' at "
        "position 20\n"
        "    Damage Immune: Fire (Advantage)\n"
        "                        ^"
    )
    assert refusal(lambda: parse_trait("Condition Immune: Sleepy")) == (
        "NotationError: Cannot read trait 'Condition Immune: Sleepy': unknown character "
        "condition 'Sleepy' at position 18\n"
        "    Condition Immune: Sleepy\n"
        "                      ^"
    )
    assert refusal(lambda: parse_trait("Nondamage Immune: Charmed")) == (
        "NotationError: Cannot read trait 'Nondamage Immune: Charmed': unknown keyword 'Charmed' "
        "at position 18\n"
        "    Nondamage Immune: Charmed\n"
        "                      ^"
    )
    assert refusal(lambda: parse_trait("Damage Trigger Fyre: slowed")) == (
        "NotationError: Cannot read trait 'Damage Trigger Fyre: slowed': unknown damage type "
        "'Fyre' at position 15\n"
        "    Damage Trigger Fyre: slowed\n"
        "                   ^"
    )
    assert refusal(lambda: parse_trait("Damage Trigger Cold slowed")) == (
        "NotationError: Cannot read trait 'Damage Trigger Cold slowed': expected ':' and the "
        "effect, as in 'Damage Trigger Cold: ...' at position 20\n"
        "    Damage Trigger Cold slowed\n"
        "                        ^"
    )
    assert refusal(lambda: parse_trait("Damage Trigger Cold:")) == (
        "NotationError: Cannot read trait 'Damage Trigger Cold:': expected the effect after ':' "
        "at position 20\n"
        "    Damage Trigger Cold:\n"
        "                        ^"
    )
    assert refusal(lambda: parse_trait("Resist" + " Fire" * 2000)) == (
        "NotationError: Cannot read trait 'Resist Fire Fire Fire Fire Fire Fire Fire Fire "
        "Fi...Fire Fire Fire Fire' (10008 characters): it is longer than 10000 characters, the "
        "most notation may have at position 10000\n"
        "    ...e Fire Fire Fire Fire Fire Fire Fire Fire Fire\n"
        "                                               ^"
    )
    assert refusal(lambda: parse_trait(5)) == "RulesTypeError: parse_trait reads one line of text, not 5"


def test_a_number_above_ten_to_the_hundred_is_refused():
    # moved from docs/resistances.md#resistances-errors
    """A number above 10**100, the largest the rules accept, is refused too; its digits are too many to
    print, so each message is shown without them.
    """
    assert refusal(lambda: Attack(10**100).plus(1)).partition(", not ")[0] == (
        "RulesError: damage with its extra damage must be at most 10**100 (the largest number "
        "the rules accept)"
    )
    assert (
        refusal(lambda: parse_trait("Resist Fire 1" + "0" * 101))
        .partition("characters): ")[2]
        .splitlines()[0]
        == "a limit above 10**100, the largest the rules accept at position 12"
    )


def test_the_resistance_table_prints_as_the_page_shows_it():
    # moved from docs/resistances.md#resistances-tables-in-code
    """Each table on the page is computed from the rules' own data; here is each one as the code prints
    it. From Conditions (#trait-conditions).
    """
    assert str(condition_table()) == (
        "Condition    Met when                                        Its opposite, met "
        "otherwise\n"
        "-----------  ----------------------------------------------  "
        "---------------------------\n"
        "Advantage    the attack has Combat Advantage                 No Advantage\n"
        "Critical     the attack is a critical hit                    Not Critical\n"
        "Ongoing      the damage is ongoing damage                    Not Ongoing\n"
        "Silvered     the attack uses a silvered weapon or implement  Not Silvered\n"
        "Paragon      the attacker is level 11 or higher              Not Paragon\n"
        "Epic         the attacker is level 21 or higher              Not Epic\n"
        "Burst/Blast  the attack is a burst or blast                  No Burst/Blast"
    )
    assert take_damage(20, "radiant", ["Resist Radiant (Not Paragon)"], attacker_level=10).final == (
        20 - Resist("radiant").amount(20))
    assert str(take_damage(20, "radiant", ["Resist Radiant (Not Paragon)"], attacker_level=11).explain()) == (
        "1. Conditions (§trait-conditions): Resist Radiant (Not Paragon) is discarded: the "
        "damage is from a level 11 attacker\n"
        "2. Damage taken (§damage-taken): 20 - 0 + 0 = 20\n"
        "= 20 damage"
    )
    assert take_damage(20, "fire", ["Vulnerable Fire (Epic)"], attacker_level=21).final == 30
    ongoing = take_damage(20, "fire", ["Resist Fire (Ongoing)"], ongoing=True)
    assert ongoing.final == 20 - Resist("fire").amount(20)


# The three damage tables are take_damage's own figures for each kind of damage a row names: the
# tests below say which damage each row stands for and compare the row with take_damage, so a
# change to what a trait takes changes the tables and the pages, not these tests.
def rows_of(table):
    """Each row of a printed table as its cells (cells are set two or more spaces apart)."""
    lines = str(table).splitlines()
    return [tuple(re.split(r" {2,}", line.rstrip())) for line in (lines[0], *lines[2:])]


def row_for(label, trait_set, kinds, **circumstances):
    """A table's row as take_damage gives it: every kind named has the same figure, and the effect
    says by how much it changed, "(half)" where the change is half the damage."""
    (final,) = {take_damage(EXAMPLE, kind, [trait_set], **circumstances).final for kind in kinds}
    change = abs(final - EXAMPLE)
    half = " (half)" if 2 * change == EXAMPLE else ""
    way = "reduced" if final < EXAMPLE else "increased"
    effect = f"{way} by {change}{half}" if change else "normal damage"
    return (label, str(final), effect)


HEADER = ("Damage", f"{EXAMPLE} damage becomes", "Effect")
NON_PHYSICAL = [kind for kind in DamageType if kind is not DamageType.PHYSICAL]


def test_the_insubstantial_table_is_take_damage_by_type_and_combat_advantage():
    # moved from docs/resistances.md#resistances-tables-in-code
    """From Insubstantial (#trait-insubstantial)."""
    assert rows_of(insubstantial_table()) == [
        HEADER,
        row_for("Physical, no Combat Advantage", "Insubstantial", [DamageType.PHYSICAL]),
        row_for("Non-physical, no Combat Advantage", "Insubstantial", NON_PHYSICAL),
        row_for("Physical, with Combat Advantage", "Insubstantial", [DamageType.PHYSICAL], advantage=True),
        row_for("Non-physical, with Combat Advantage", "Insubstantial", NON_PHYSICAL, advantage=True),
    ]
    hit = take_damage(EXAMPLE, "physical", ["Insubstantial"], advantage=True)
    resisted, added = Resist("physical").amount(EXAMPLE), Vulnerable("all").amount(EXAMPLE)
    assert [step.rule.anchor for step in hit.steps] == [
        "trait-insubstantial", "trait-conditions", "trait-resist", "trait-vulnerable",
        "resist-and-vulnerable", "damage-taken",
    ]
    assert str(hit.explain()).splitlines()[0] == (
        "1. Insubstantial (§trait-insubstantial): Insubstantial gives Resist Physical, Resist "
        "Non-physical (No Advantage), Vulnerable All (Advantage)"
    )
    assert (hit.mitigated, hit.added, hit.final) == (resisted, added, EXAMPLE - resisted + added)


@pytest.mark.parametrize(("trait_set", "table", "weak"), [
    ("Swarm", swarm_table, DamageType.POISON), ("Regiment", regiment_table, DamageType.PSYCHIC),
])
def test_the_swarm_and_regiment_tables_are_take_damage_by_type_and_area(trait_set, table, weak):
    # moved from docs/resistances.md#resistances-tables-in-code
    """From Swarm (#trait-swarm) and Regiment (#trait-regiment)."""
    others = [kind for kind in DamageType if kind is not weak]
    name = weak.value
    assert rows_of(table()) == [
        HEADER,
        row_for(f"Not {name}, not a burst or blast", trait_set, others),
        row_for(f"{name}, not a burst or blast", trait_set, [weak]),
        row_for(f"Not {name}, burst or blast", trait_set, others, area=True),
        row_for(f"{name}, burst or blast", trait_set, [weak], area=True),
    ]
    # the figures differ where the rule says they do: more damage from a burst, and from the weak type
    finals = [int(row[1]) for row in rows_of(table())[1:]]
    assert finals[0] < finals[1] <= finals[3] and finals[0] < finals[2] <= finals[3]
    pushed = check_effect("push", [trait_set]), check_effect("push", [trait_set], area=True)
    assert [check.ignored for check in pushed] == [True, False]


def test_the_trait_sets_table_prints_as_the_page_shows_it():
    # moved from docs/resistances.md#resistances-tables-in-code
    """From Trait sets (#trait-sets)."""
    assert str(trait_set_table()) == (
        "Trait set      Traits it gives\n"
        "-------------  "
        "---------------------------------------------------------------------------------------------------------------------------------\n"
        "Insubstantial  Resist Physical; Resist Non-physical (No Advantage); Vulnerable All "
        "(Advantage)\n"
        "Swarm          Resist All (No Burst/Blast); Vulnerable All (Burst/Blast); Vulnerable "
        "Poison; Condition Immune: Forced Movement (No Burst/Blast)\n"
        "Regiment       Resist All (No Burst/Blast); Vulnerable All (Burst/Blast); Vulnerable "
        "Psychic; Condition Immune: Forced Movement (No Burst/Blast)"
    )


def test_damage_types_read_in_any_case_alone_or_in_a_list():
    # moved from docs/resistances.md#resistances-types-in-code
    """Types read in any case, one on its own or several in a list; so does a single trait line."""
    resisted = take_damage(10, "fire", ["Resist Fire"]).final
    assert take_damage(10, "FIRE", ["Resist Fire"]).final == resisted == 10 - Resist("fire").amount(10) < 10
    assert (
        repr(take_damage(10, ["Fire", "cold"], ["Resist Fire"]).types)
        == "(<DamageType.FIRE: 'Fire'>, <DamageType.COLD: 'Cold'>)"
    )
    assert take_damage(10, "fire", "Resist Fire").final == resisted


def test_a_stat_block_line_reads_as_one_trait():
    # moved from docs/resistances.md#trait-notation
    """`parse_trait` reads one line. Words are read in any case, the limit may come before or after the
    type, and a condition goes in parentheses at the end. Printing a trait gives the standard form,
    which reads back to the same trait.
    """
    trait = parse_trait("resist 10 fire (no advantage)")
    assert repr(trait) == (
        "Resist(damage_type=<DamageType.FIRE: 'Fire'>, limit=10, "
        "condition=<Condition.NO_ADVANTAGE: 'No Advantage'>)"
    )
    assert str(trait) == "Resist Fire 10 (No Advantage)"
    assert parse_trait(str(trait)) == trait
    assert [str(parse_trait(line)) for line in ("Vulnerable 5 Cold", "Damage Immune: poison", "swarm")] == [
        "Vulnerable Cold 5",
        "Damage Immune: Poison",
        "Swarm",
    ]
    assert (
        str(parse_trait("Condition Immune: Forced Movement (no burst or blast)"))
        == "Condition Immune: Forced Movement (No Burst/Blast)"
    )


def test_a_resistance_built_in_code_equals_its_stat_block_line(capsys):
    # moved from docs/resistances.md#trait-notation
    """In code, a resistance or vulnerability can also be built directly, with the same words;
    `take_damage` takes it like the line it prints as.
    """
    print(Resist("fire", 10, "advantage"), "|", Vulnerable("all", 5, "critical"))
    assert capsys.readouterr().out == "Resist Fire 10 (Advantage) | Vulnerable All 5 (Critical)\n"
    assert Resist("fire", 10) == parse_trait("Resist 10 Fire")
    assert take_damage(27, "fire", [Resist("fire", 10)]) == take_damage(27, "fire", ["Resist 10 Fire"])


def test_every_trait_prints_as_its_stat_block_line_and_reads_back(capsys):
    # moved from docs/resistances.md#trait-notation
    """So can every other trait; each prints as its stat-block line and reads back the same."""
    built = [
        DamageImmunity("poison"),
        ConditionImmunity("stunned", "no burst/blast"),
        NondamageImmunity("charm"),
        DamageTrigger("cold", " slowed "),
        TraitSet("swarm"),
    ]
    for trait in built:
        print(trait)
    assert capsys.readouterr().out == (
        "Damage Immune: Poison\n"
        "Condition Immune: Stunned (No Burst/Blast)\n"
        "Nondamage Immune: Charm\n"
        "Damage Trigger Cold: slowed\n"
        "Swarm\n"
    )
    assert [parse_trait(str(trait)) == trait for trait in built] == [True, True, True, True, True]


def test_the_other_spelling_of_a_nondamage_immunity_reads_too():
    # moved from docs/resistances.md#trait-notation
    """The other spelling of a Nondamage Immunity reads too, and the largest limit the rules accept,
    10**100, prints and reads back like any other.
    """
    assert str(parse_trait("Non-damage Immune: charm")) == "Nondamage Immune: Charm"
    assert parse_trait(str(Resist("fire", 10**100))) == Resist("fire", 10**100)


def test_a_result_carries_its_situation_and_each_types_figures(capsys):
    # moved from docs/resistances.md#resistances-results
    """Besides its figures and steps, a result carries its situation in one line, what each damage type
    met, and the figure each step changed: the damage it started from, the signed change of each step,
    and the damage taken at the end.
    """
    assert take_damage(12, [], []).situation == "12 Physical damage against no traits"
    assert (
        take_damage(17, ["fire", "cold", "acid"], ["Damage Immune: Fire", "Vulnerable 5 Cold"]).situation
        == "17 Fire, Cold and Acid damage against Damage Immune: Fire, Vulnerable Cold 5"
    )
    assert take_damage(
        20, ["fire", "cold"], ["Resist Fire"], critical=True, attacker_level=12, reduction={"fire": 5}
    ).situation == (
        "20 Fire and Cold damage against Resist Fire (a critical hit, from a level 12 attacker, "
        "Resistance Reduction 5 Fire)"
    )
    for each in take_damage(17, ["fire", "cold"], ["Damage Immune: Fire", "Vulnerable 5 Cold"]).per_type:
        print(each.damage_type.value, each.mitigated, each.added, each.immune)
    assert capsys.readouterr().out == ("Fire 17 0 True\nCold 0 5 False\n")
    assert (
        str(figures(take_damage(17, "fire", ["Resist Fire", "Vulnerable 5 Fire"])))
        == f"(17, (-{Resist('fire').amount(17)}, 5, 0), {17 - Resist('fire').amount(17) + 5})"
    )
    assert str(figures(take_damage(12, "poison", ["Damage Immune: Poison"]))) == "(12, (-12, 0), 0)"
    assert (
        str(figures(take_damage(15, "fire", ["Resist Fire 10"], environmental=True))) == "(15, (-10, 0), 5)"
    )
    several = [
        (17, take_damage(
            17, ["fire", "cold", "acid"], ["Damage Immune: Fire", "Vulnerable 5 Cold", "Vulnerable Acid"])),
        (20, take_damage(20, ["fire", "cold"], ["Resist Fire"], environmental=True)),
        (17, take_damage(17, ["fire", "cold"], ["Resist Fire", "Vulnerable 5 Cold"])),
    ]
    for damage, result in several:
        # Several types (#several-damage-types): one change for all they add, one for all they
        # mitigate, and the damage taken changes nothing more.
        assert figures(result) == (damage, (result.added, -result.mitigated, 0), result.final)
        assert result.mitigated > 0


def test_the_circumstances_may_be_given_as_one_value():
    # moved from docs/resistances.md#resistances-results
    """The circumstances can also be given as one value, for `take_damage` and `check_effect` alike, and
    that value says which conditions it meets (no condition is always met).
    """
    assert (
        take_damage(
            20, "fire", ["Resist Fire (Not Critical)"], circumstances=Circumstances(critical=True)
        ).final
        == 20
    )
    assert check_effect("push", ["Swarm"], circumstances=Circumstances(area=True)).ignored is False
    assert [
        Circumstances(area=True).meets(condition) for condition in (None, Condition.AREA, Condition.NO_AREA)
    ] == [True, True, False]


def test_an_effect_check_carries_its_situation():
    # moved from docs/resistances.md#resistances-results
    """A `check_effect` result carries its situation too; with `None` for the effect, it asks about every
    effect other than damage.
    """
    check = check_effect(None, [])
    assert f"{check.situation}: {check.outcome}" == "An effect other than damage against no traits: applies"
    check = check_effect("stunned", ["Condition Immune: Stunned"], environmental=True)
    assert (
        f"{check.situation}: {check.outcome}"
        == "Stunned against Condition Immune: Stunned (environmental): ignored"
    )
    check = check_effect("dominated", ["Nondamage Immune: Charm", "Swarm"], keywords=["charm"])
    assert (
        f"{check.situation}: {check.outcome}"
        == "Dominated against Nondamage Immune: Charm, Swarm (Charm attack): ignored"
    )
    check = check_effect("push", ["Swarm"], keywords=["fear"], attacker_level=12, area=True)
    assert f"{check.situation}: {check.outcome}" == (
        "Forced Movement against Swarm (Fear attack, from a level 12 attacker, a burst or blast): applies"
    )
    assert str(check_effect(None, ["Condition Immune: Stunned"]).explain()) == (
        "1. Condition Immunity (Condition Immune: …) (§trait-condition-immunity): not immune to "
        "the effect: it applies\n"
        "= applies"
    )
    assert check_effect(None, ["Nondamage Immune: Fear"], keywords=["fear"]).ignored is True
