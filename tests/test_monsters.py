"""Monster defenses and group resistances, rule by rule (docs/monsters.md)."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from fractions import Fraction

import pytest

from rules.charts import Bars
from rules.errors import RulesError, RulesTypeError
from rules.monsters import (
    DEFAULT_POPULATION,
    GROUP_TABLE,
    ROLE_TABLE,
    ByDefense,
    Defense,
    Grade,
    MonsterGroup,
    Role,
    average_modifiers,
    damage_type_table,
    defense_balance_table,
    defense_table,
    design_defenses,
    expected_multipliers,
    group_table,
    group_traits,
    monster_traits,
    multiplier_chart,
    population_table,
    read_population,
    role_defenses,
    role_table,
    traits_for,
    variable_resistance,
    variable_resistance_odds,
    vary_defenses,
)
from rules.monsters.data import DAMAGE_TYPES, ELEMENTAL
from rules.monsters.groups import limit_for_level
from rules.resistances import DamageType, Resist, Vulnerable, parse_trait, take_damage
from rulesite.charts import figure

# What one group trait (no limit) does to 20 damage, by the resistance rules' own functions:
# the tests below check how groups combine, not how much a trait takes (the pages pin that).
RESISTS, ADDS = Resist("all").amount, Vulnerable("all").amount
RESISTS_20, ADDS_20 = RESISTS(20), ADDS(20)

# The seed's lists, transcribed, to check the one data source against them.
SEED_ROLES = {
    "Soldier": ("Strong", "Average", "Average"),
    "Brute": ("Strong", "Weak", "Average"),
    "Skirmisher": ("Weak", "Strong", "Average"),
    "Controller": ("Average", "Weak", "Strong"),
    "Lurker": ("Average", "Strong", "Weak"),
    "Artillery": ("Weak", "Average", "Average"),
}
SEED_BY_DEFENSE = {
    "Fortitude": ({"Soldier", "Brute"}, {"Skirmisher", "Artillery"}),
    "Reflex": ({"Skirmisher", "Lurker"}, {"Brute", "Controller"}),
    "Will": ({"Controller"}, {"Lurker"}),
}
SEED_BY_TYPE = {
    "Poison": ({"Construct", "Undead", "Dwarf"}, {"Fey", "Plant", "Swarm"}),
    "Radiant": ({"Aberrant", "Immortal", "Blind"}, {"Undead", "Shadow"}),
    "Psychic": ({"Construct", "Plant", "Eladrin"}, {"Aberrant"}),
    "Necrotic": ({"Shadow"}, {"Immortal"}),
    "Fire": ({"Fire", "Devil", "Tiefling"}, {"Plant", "Cold"}),
    "Acid": ({"Ooze", "Water"}, {"Construct"}),
    "Cold": ({"Cold"}, {"Fire"}),
    "Lightning": (set(), set()),
    "Thunder": (set(), set()),
    "Force": (set(), set()),
}
SEED_BY_GROUP = {
    "Undead": ({"Poison"}, {"Radiant"}),
    "Fey": (set(), {"Poison"}),
    "Immortal": ({"Radiant"}, {"Necrotic"}),
    "Shadow": ({"Necrotic"}, {"Radiant"}),
    "Aberrant": ({"Radiant"}, {"Psychic"}),
    "Devil": ({"Fire"}, set()),
    "Construct": ({"Poison", "Psychic"}, {"Acid"}),
    "Blind": ({"Radiant"}, set()),
    "Fire": ({"Fire"}, {"Cold"}),
    "Cold": ({"Cold"}, {"Fire"}),
    "Ooze": ({"Acid"}, set()),
    "Plant": ({"Radiant", "Psychic"}, {"Poison", "Fire"}),
    "Water": ({"Acid"}, set()),
    "Tiefling": ({"Fire"}, set()),
    "Eladrin": ({"Psychic"}, set()),
    "Dwarf": ({"Poison"}, set()),
}


def anchors(result):
    return [step.rule.anchor for step in result.steps]


def cells(text):
    return set() if text == "-" else set(text.split(", "))


# --- defenses by role -------------------------------------------------------------------


def test_the_role_table_is_the_seeds():
    data = {role.value: tuple(grade.value for grade in grades) for role, grades in ROLE_TABLE.items()}
    assert data == SEED_ROLES


@pytest.mark.parametrize("index", range(3), ids=["fortitude", "reflex", "will"])
def test_each_defense_has_as_many_strong_as_weak_roles(index):
    grades = Counter(grades[index] for grades in ROLE_TABLE.values())
    assert grades[Grade.STRONG] == grades[Grade.WEAK] > 0


def test_soldiers_have_no_weak_defense():
    assert min(role_defenses("Soldier").values()) == 0
    assert [role for role in Role if min(role_defenses(role).values()) == 0] == [Role.SOLDIER]


def test_artillery_has_no_strong_defense():
    assert max(role_defenses("Artillery").values()) == 0
    assert [role for role in Role if max(role_defenses(role).values()) == 0] == [Role.ARTILLERY]


def test_will_has_one_strong_and_one_weak_role():
    will = [grades[2] for grades in ROLE_TABLE.values()]
    assert will.count(Grade.STRONG) == 1
    assert will.count(Grade.WEAK) == 1


def test_role_defenses_gives_modifiers_by_defense():
    modifiers = role_defenses("brute")
    assert modifiers == {Defense.FORTITUDE: 1, Defense.REFLEX: -1, Defense.WILL: 0}
    assert list(modifiers) == [Defense.FORTITUDE, Defense.REFLEX, Defense.WILL]
    assert modifiers == ByDefense(fortitude=1, reflex=-1, will=0)
    assert modifiers != {"fortitude": 1, "reflex": -1, "will": 0}  # the keys are members, not words


def test_a_defense_can_be_looked_up_by_the_words_a_designer_writes():
    modifiers = role_defenses("brute")
    assert (modifiers["Fortitude"], modifiers["ref"], modifiers[Defense.WILL]) == (1, -1, 0)
    assert "will" in modifiers
    assert "ac" not in modifiers
    assert 3 not in modifiers
    with pytest.raises(KeyError):
        modifiers["charisma"]


def test_role_defenses_cannot_be_changed():
    first = role_defenses("Soldier")
    with pytest.raises(TypeError):
        first["will"] = 5  # type: ignore[index]
    with pytest.raises(AttributeError, match="never changes"):
        first._figures = (5, 5, 5)  # type: ignore[misc]
    assert role_defenses("Soldier")["will"] == 0
    assert hash(first) == hash(role_defenses("Soldier"))


def test_role_defenses_copy_and_pickle_as_themselves():
    first = role_defenses("Brute")
    assert copy.deepcopy(first) == pickle.loads(pickle.dumps(first)) == first


def test_by_defense_prints_as_it_is_built():
    assert repr(role_defenses("Artillery")) == "ByDefense(fortitude=-1, reflex=0, will=0)"


def test_the_role_table_read_by_defense_is_the_seeds():
    for defense, strong, weak in defense_table().rows:
        assert (cells(strong), cells(weak)) == SEED_BY_DEFENSE[defense]


def test_both_organisations_of_the_role_table_agree():
    by_role = role_table()
    for defense, strong, weak in defense_table().rows:
        column = by_role.headers.index(defense)
        assert cells(strong) == {row[0] for row in by_role.rows if row[column].startswith("Strong")}
        assert cells(weak) == {row[0] for row in by_role.rows if row[column].startswith("Weak")}


def test_plural_role_names_and_ranks_read_as_the_role():
    assert role_defenses("Lurkers") == role_defenses("lurker")
    assert role_defenses("Elite Soldier (Leader)") == role_defenses("Soldier")
    assert role_defenses("minion artillery") == role_defenses("Artillery")


def test_unknown_role_is_refused():
    with pytest.raises(RulesError, match="Unknown monster role 'Wizard'"):
        role_defenses("Wizard")
    with pytest.raises(RulesError, match="Unknown monster role 'Elite'"):
        role_defenses("Elite")


def test_scores_are_the_average_plus_the_grade():
    result = design_defenses("Skirmisher", 20)
    assert result.scores == ByDefense(fortitude=19, reflex=21, will=20)
    assert result.answer == result.scores
    assert anchors(result) == ["role-defenses", "defense-scores"]


def test_a_rank_is_noted_and_ignored():
    result = design_defenses("Solo Brute", 30)
    assert result.scores == ByDefense(fortitude=31, reflex=29, will=30)
    assert anchors(result)[0] == "ruling-rank-is-not-role"


# --- the variety option -----------------------------------------------------------------


def test_variety_raises_one_defense_and_lowers_another():
    varied = vary_defenses("Artillery", plus="reflex", minus="will")
    assert varied == ByDefense(fortitude=-1, reflex=1, will=-1)


def test_variety_works_on_modifiers_already_varied():
    once = vary_defenses("Soldier", plus="will", minus="fortitude")
    assert vary_defenses(once, plus="fort", minus="ref") == ByDefense(fortitude=1, reflex=-1, will=1)
    by_word = {"fortitude": -1, "reflex": 0, "will": 1}  # modifiers written by hand, as words
    assert vary_defenses(by_word, plus="fort", minus="ref") == ByDefense(fortitude=0, reflex=-1, will=1)


@pytest.mark.parametrize("word", ["AC", "ac", "Armor Class"])
def test_variety_refuses_ac(word):
    with pytest.raises(RulesError, match="ruling-no-ac-in-role-table"):
        vary_defenses("Soldier", plus=word, minus="will")
    with pytest.raises(RulesError, match="ruling-no-ac-in-role-table"):
        vary_defenses("Soldier", plus="will", minus=word)


def test_variety_refuses_the_same_defense_twice():
    with pytest.raises(RulesError, match="cannot take both"):
        vary_defenses("Soldier", plus="Will", minus="will")
    with pytest.raises(RulesError, match="cannot take both"):
        design_defenses("Soldier", 16, plus="fort", minus="Fortitude")


def test_variety_takes_both_modifiers_or_neither():
    with pytest.raises(RulesError, match="only minus is given"):
        design_defenses("Soldier", 16, minus="will")


def test_variety_stacks_on_a_strong_defense():
    result = design_defenses("Brute", 16, plus="fortitude", minus="will")
    assert result.scores == ByDefense(fortitude=18, reflex=15, will=15)
    assert anchors(result) == ["role-defenses", "variety-option", "ruling-variety-stacks", "defense-scores"]


def test_variety_refuses_incomplete_modifiers():
    with pytest.raises(RulesError, match="fortitude, reflex and will"):
        vary_defenses({"fortitude": 1, "reflex": 0}, plus="will", minus="reflex")
    with pytest.raises(RulesError, match="defenses gives one key twice, as 'fort' and as <Defense"):
        vary_defenses({"fort": 1, Defense.FORTITUDE: 1, "reflex": 0, "will": 0}, plus="will", minus="reflex")


def test_average_must_be_a_whole_number():
    with pytest.raises(RulesError, match="whole number"):
        design_defenses("Brute", 16.5)
    with pytest.raises(RulesError, match="whole number"):
        design_defenses("Brute", True)


# --- group traits -----------------------------------------------------------------------


def test_undead_resist_poison_and_are_vulnerable_to_radiant():
    assert group_traits("Undead") == ("Resist Poison", "Vulnerable Radiant")
    assert take_damage(20, "poison", group_traits("Undead")).final == 20 - RESISTS_20
    assert take_damage(20, "radiant", group_traits("Undead")).final == 20 + ADDS_20
    assert take_damage(20, "necrotic", group_traits("Undead")).final == 20


@pytest.mark.parametrize("group", list(MonsterGroup), ids=lambda group: group.value)
def test_every_group_line_reads_back_as_a_trait(group):
    for line in group_traits(group):
        assert str(parse_trait(line)) == line


def test_the_by_group_table_is_the_seeds_except_the_swarm_row():
    rows = {row[0]: (cells(row[1]), cells(row[2])) for row in group_table().rows}
    assert rows.pop("Swarm") == (set(), {"Poison"})
    assert rows == SEED_BY_GROUP


def test_the_by_type_table_is_the_seeds_except_plant_under_radiant():
    rows = {row[0]: (cells(row[1]), cells(row[2])) for row in damage_type_table().rows}
    resisting, vulnerable = rows["Radiant"]
    rows["Radiant"] = (resisting - {"Plant"}, vulnerable)
    assert "Plant" in resisting
    assert rows == SEED_BY_TYPE


def test_both_organisations_of_the_group_table_agree():
    by_group = {row[0]: (cells(row[1]), cells(row[2])) for row in group_table().rows}
    for kind, resisting, vulnerable in damage_type_table().rows:
        assert cells(resisting) == {group for group, (resist, _) in by_group.items() if kind in resist}
        assert cells(vulnerable) == {group for group, (_, vuln) in by_group.items() if kind in vuln}


def test_the_group_table_notes_where_the_seed_lists_disagree():
    notes = {row[0]: row[3] for row in group_table().rows if row[3]}
    assert set(notes) == {"Swarm", "Plant"}
    assert "by-monster list; kept by a ruling" in notes["Swarm"]
    assert "by-damage-type list; kept by a ruling" in notes["Plant"]


def test_lightning_thunder_and_force_have_no_group_traits():
    for entry in GROUP_TABLE.values():
        assert not {DamageType.LIGHTNING, DamageType.THUNDER, DamageType.FORCE} & {
            *entry.resist, *entry.vulnerable
        }


def test_every_resisted_type_has_a_vulnerable_group_and_back():
    for kind, resisting, vulnerable in damage_type_table().rows:
        assert (resisting == "-") == (vulnerable == "-"), kind


def test_a_shadow_undead_merges_both_groups():
    result = monster_traits(["Undead", "Shadow"])
    assert result.lines == ("Resist Poison", "Resist Necrotic", "Vulnerable Radiant")
    assert anchors(result) == ["group-traits", "group-traits", "merging-group-traits"]


def test_only_shadow_undead_resist_necrotic():
    assert take_damage(20, "necrotic", traits_for(["Undead"])).final == 20
    assert take_damage(20, "necrotic", traits_for(["Undead", "Shadow"])).final == 20 - RESISTS_20


def test_a_group_given_twice_counts_once():
    assert traits_for(["Devil", "devils"]) == ("Resist Fire",)


def test_one_group_may_be_given_alone():
    assert traits_for("Ooze") == ("Resist Acid",)
    assert traits_for([]) == ()
    assert monster_traits([]).outcome == "no group traits"


def test_a_resistance_and_a_vulnerability_to_one_type_both_stay_and_cancel():
    result = monster_traits(["Cold", "Fire"])
    assert {"Resist Fire", "Vulnerable Fire", "Resist Cold", "Vulnerable Cold"} <= set(result.lines)
    assert anchors(result).count("ruling-opposed-group-traits") == 2
    assert take_damage(20, "fire", result.lines).final == 20 - RESISTS_20 + ADDS_20


def test_swarm_group_and_swarm_trait_set_do_not_double_the_vulnerability():
    traits = ["Swarm", *traits_for("Swarm")]
    assert take_damage(20, "poison", traits).final == 20 - RESISTS_20 + ADDS_20
    assert take_damage(20, "poison", traits, area=True).final == 20 + ADDS_20


def test_unknown_group_is_refused():
    with pytest.raises(RulesError, match="Unknown monster group 'Demon'"):
        traits_for(["Undead", "Demon"])
    with pytest.raises(RulesError, match="list of monster groups"):
        traits_for(5)


# --- without the new resistance rules ----------------------------------------------------


@pytest.mark.parametrize("level", [1, 10, 11, 20, 21, 30, 36])
def test_without_the_new_rules_each_trait_has_its_tiers_limit(level):
    limit = limit_for_level(level)
    assert traits_for(["Immortal"], level=level, new_rules=False) == (
        f"Resist Radiant {limit}", f"Vulnerable Necrotic {limit}",
    )


def test_the_limit_is_the_same_through_a_tier_and_grows_by_as_much_each_tier():
    heroic, paragon, epic = (limit_for_level(level) for level in (1, 11, 21))
    assert [limit_for_level(level) for level in (10, 20, 30, 36)] == [heroic, paragon, epic, epic]
    assert heroic > 0 and paragon == 2 * heroic and epic == 3 * heroic


def test_the_level_changes_nothing_with_the_new_rules():
    assert traits_for(["Immortal"], level=25) == traits_for(["Immortal"])


def test_without_the_new_rules_the_level_is_needed():
    with pytest.raises(RulesError, match="give the monster's level"):
        traits_for(["Undead"], new_rules=False)


@pytest.mark.parametrize("level", [0, -3, 2.5, True, "5"])
def test_a_bad_level_is_refused(level):
    with pytest.raises(RulesError, match="level must be"):
        traits_for(["Undead"], level=level, new_rules=False)


def test_a_limited_group_trait_is_still_capped_at_half_by_this_engine():
    undead = traits_for(["Undead"], level=5, new_rules=False)
    resist = parse_trait(undead[0])
    assert resist.limit is not None
    for damage in (6, 20):
        assert resist.amount(damage) <= resist.limit
        assert take_damage(damage, "poison", undead).final == damage - resist.amount(damage)


# --- Variable Resistance ----------------------------------------------------------------


def test_variable_resistance_is_reproducible_with_a_seed():
    runs = {variable_resistance(["fire", "acid", "thunder"], random.Random(42)) for _ in range(5)}
    assert len(runs) == 1


def test_variable_resistance_ignores_the_order_and_repeats_of_the_types():
    for seed in range(50):
        assert variable_resistance(["fire", "cold", "fire"], random.Random(seed)) == variable_resistance(
            ["cold", "fire"], random.Random(seed)
        )


def test_variable_resistance_resists_a_triggering_type_and_is_vulnerable_to_another():
    for seed in range(300):
        resisted, vulnerable = variable_resistance(["lightning", "radiant"], random.Random(seed))
        assert resisted is DamageType.LIGHTNING
        assert vulnerable in ELEMENTAL
        assert vulnerable is not resisted


def test_variable_resistance_picks_match_the_exact_odds():
    odds = variable_resistance_odds(["fire", "cold"])
    seen = Counter(variable_resistance(["fire", "cold"], random.Random(seed)) for seed in range(4000))
    assert set(seen) == set(odds)
    for pair, chance in odds.items():
        assert abs(Fraction(seen[pair], 4000) - chance) < Fraction(3, 100)


def test_variable_resistance_odds_add_up_to_one():
    for types in (["acid"], ["acid", "cold", "fire", "lightning", "thunder"]):
        odds = variable_resistance_odds(types)
        assert sum(odds.values()) == 1
        assert len(odds) == 4 * len(types)


def test_variable_resistance_needs_an_elemental_type():
    with pytest.raises(RulesError, match="does not trigger on Necrotic"):
        variable_resistance(["necrotic"], random.Random(1))
    with pytest.raises(RulesError, match="does not trigger on no damage type"):
        variable_resistance([], random.Random(1))


def test_variable_resistance_needs_a_random_source():
    with pytest.raises(RulesTypeError, match=r"random\.Random"):
        variable_resistance(["fire"], None)


# --- the balance analysis ---------------------------------------------------------------


def test_equal_role_shares_balance_every_defense():
    assert set(average_modifiers().values()) == {0}


def test_half_as_many_artillery_and_lurkers_moves_each_defense_a_tenth():
    counted = {role: Fraction(1, 2) if role in (Role.ARTILLERY, Role.LURKER) else 1 for role in Role}
    assert average_modifiers(counted) == ByDefense(
        fortitude=Fraction(1, 10), reflex=Fraction(-1, 10), will=Fraction(1, 10),
    )


def test_role_shares_must_give_some_role_a_share():
    with pytest.raises(RulesError, match="no role"):
        average_modifiers({"Soldier": 0})


def by_hand(population):
    """The expected multiplier of each type, from the group table and a trait's amount, not take_damage."""
    result = {}
    for kind in DAMAGE_TYPES:
        total = Fraction(1)
        for name, share in population.items():
            entry = GROUP_TABLE[MonsterGroup.parse(name)]
            shift = (kind in entry.vulnerable) * ADDS_20 - (kind in entry.resist) * RESISTS_20
            total += share * Fraction(shift, 20)
        result[kind] = total
    return result


def test_expected_multipliers_match_a_count_by_hand():
    assert expected_multipliers() == by_hand(DEFAULT_POPULATION)


def test_poison_is_slightly_weak_and_radiant_slightly_strong():
    after = expected_multipliers()
    assert Fraction(9, 10) < after[DamageType.POISON] < 1 < after[DamageType.RADIANT] < Fraction(11, 10)
    assert after[DamageType.LIGHTNING] == 1


def test_the_new_traits_move_every_type_closer_to_neutral_than_before():
    before, after = expected_multipliers(before=True), expected_multipliers()
    assert before[DamageType.POISON] == Fraction(17, 20)  # 15 % undead immune
    assert max(abs(value - 1) for value in after.values()) < max(abs(value - 1) for value in before.values())


def test_a_population_key_may_name_several_groups():
    merged = expected_multipliers({"Undead Shadow": "10%"})
    apart = by_hand({"Undead": Fraction(1, 10), "Shadow": Fraction(1, 10)})
    assert merged[DamageType.NECROTIC] == apart[DamageType.NECROTIC] < 1
    # both groups are vulnerable to radiant: a monster of both is vulnerable once
    once = by_hand({"Undead": Fraction(1, 10)})[DamageType.RADIANT]
    assert merged[DamageType.RADIANT] == once == by_hand({"Shadow": Fraction(1, 10)})[DamageType.RADIANT] > 1


@pytest.mark.parametrize(
    ("population", "message"),
    [
        ({"Undead": 0.15}, "must be exact"),
        ({"Undead": "-5%"}, "0 or more"),
        ({"Undead": "lots"}, "must be a fraction"),
        ({"Undead": "70%", "Fey": "40%"}, "add up to 11/10"),
        ({"Demon": "5%"}, "Unknown monster group 'Demon'"),
        (["Undead"], "must map monster groups"),
    ],
)
def test_bad_populations_are_refused(population, message):
    with pytest.raises(RulesError, match=message):
        expected_multipliers(population)


def test_the_population_table_ends_with_the_share_in_no_group():
    assert population_table({"Undead": "15%", "Fey": "5%"}).rows[-1] == ("(no group)", "80%")


def test_the_multiplier_chart_draws_a_bar_per_type_and_series():
    chart = multiplier_chart()
    assert isinstance(chart, Bars)
    svg = figure(chart)
    assert svg.count("<rect") == 2 * len(DAMAGE_TYPES) + 2  # bars, and the two legend keys
    assert 'stroke-opacity="0.6"' in svg  # the baseline at 1
    poison = expected_multipliers()[DamageType.POISON]
    assert "Poison" in str(chart) and f"{float(poison):.3f}" in str(chart)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: role_defenses(3), "A monster role is a word such as 'Soldier', not 3"),
        (lambda: design_defenses("soldier", "16"), "must be a whole number, not '16'"),
        (lambda: vary_defenses({"fortitude": "1", "reflex": 0, "will": 0}, plus="will", minus="reflex"),
         "The fortitude modifier must be a whole number, not '1'"),
        (lambda: vary_defenses({Defense.REFLEX: 0.5, "fortitude": 0, "will": 0}, plus="will", minus="reflex"),
         "The reflex modifier must be a whole number, not 0.5"),
        (lambda: vary_defenses(3, plus="will", minus="reflex"), "defenses must be a role or a mapping"),
        (lambda: group_traits(None), "Unknown monster group None"),
        (lambda: traits_for(5), "groups must be a list of monster groups"),
        (lambda: traits_for(["undead"], new_rules="no"), "new_rules must be True or False, not 'no'"),
        (lambda: traits_for(["undead"], level="3", new_rules=False), "level must be a whole number, not '3'"),
        (lambda: variable_resistance(5, random.Random(1)), "triggering_types must be damage types"),
        (lambda: read_population(["Undead"]), "population must map monster groups to shares"),
        (lambda: average_modifiers(["soldier"]), "role_shares must map roles to shares"),
        (lambda: defense_balance_table(5), "role_shares must map roles to shares"),
        (lambda: expected_multipliers(before="yes"), "before must be True or False, not 'yes'"),
    ],
)
def test_an_input_of_the_wrong_type_is_a_rules_type_error(call, message):
    with pytest.raises(RulesTypeError, match=message):
        call()


@pytest.mark.parametrize("written", ["Elite-Soldier (Leader)", "elite_soldier", "  ELITE   soldier "])
def test_a_role_line_reads_with_spaces_hyphens_or_underscores(written):
    assert design_defenses(written, 16).role is Role.SOLDIER



@pytest.mark.parametrize(
    ("plus", "minus", "concerns"), [("nonsense", "will", "plus"), ("will", "nonsense", "minus")]
)
def test_a_variety_option_refused_names_the_defense_it_concerns(plus, minus, concerns):
    """An unknown defense in the variety option is refused naming its field, so a form marks that one."""
    with pytest.raises(RulesError) as refused:
        design_defenses("Brute", 16, plus=plus, minus=minus)
    assert refused.value.concerns == concerns


def test_an_average_defense_refused_names_its_field():
    with pytest.raises(RulesError) as refused:
        design_defenses("Brute", "sixteen")
    assert refused.value.concerns == "average"


def test_variable_resistance_takes_only_a_numbered_random_roll():
    # §ruling-variable-resistance-random-source: a bare number is refused, naming what to pass.
    with pytest.raises(RulesTypeError, match=r"random\.Random such as random\.Random\(7\), not 7"):
        variable_resistance(["fire"], 7)  # type: ignore[arg-type]
