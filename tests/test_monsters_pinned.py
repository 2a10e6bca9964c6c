"""The monsters rules' behaviour, pinned: each refusal, each field of a result, each table as text.

These checks were the programmers' section of docs/monsters.md, which keeps a few examples of the
error format and of a result. Each test names the rule or the input it checks.
"""

from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest

from rules.monsters import (
    Defense,
    GroupTraits,
    SharedShift,
    average_modifiers,
    damage_type_balance_table,
    damage_type_table,
    defense_balance_table,
    defense_table,
    design_defenses,
    expected_multipliers,
    group_table,
    group_traits,
    monster_traits,
    multiplier_chart,
    multiplier_table,
    population_table,
    read_population,
    role_defenses,
    role_table,
    traits_for,
    vary_defenses,
)
from rules.resistances import DamageType, Resist, take_damage
from tests.pinned import refusal


def test_a_bad_role_or_level_is_refused_with_a_message_naming_it():
    # moved from docs/monsters.md#monster-errors
    """Input the rules cannot use is refused with a message that names it."""
    assert refusal(lambda: role_defenses("Wizard")) == (
        "RulesError: Unknown monster role 'Wizard': use one of 'Soldier', 'Brute', 'Skirmisher', "
        "'Controller', 'Lurker' or 'Artillery'"
    )
    assert (
        refusal(lambda: design_defenses("Brute", "16"))
        == "RulesTypeError: average (the DMG's average defense) must be a whole number, not '16'"
    )
    assert (
        refusal(lambda: vary_defenses("Brute", plus="charisma", minus="will"))
        == "RulesError: Unknown defense 'charisma': use one of 'fortitude', 'reflex' or 'will'"
    )
    assert (
        refusal(lambda: traits_for(["Undead"], level=0, new_rules=False))
        == "RulesError: level must be 1 or more, not 0"
    )
    assert refusal(lambda: expected_multipliers({"Undead": 0.15})) == (
        "RulesError: The share of 'Undead' must be exact: write '15%', '0.15' or Fraction(15, 100), not 0.15"
    )
    assert (
        refusal(lambda: expected_multipliers({"Undead": "60%", "Fey": "50%"}))
        == "RulesError: The population shares add up to 11/10 (110%): at most 1 (100%)"
    )


def test_defenses_given_as_a_mapping_name_all_three_each_once():
    # moved from docs/monsters.md#monster-errors
    """Defenses given as a mapping must name all three, each once, with a whole number; a rank word in a
    role line is set aside and said so; AC takes no variety modifier.
    """
    assert (
        refusal(lambda: vary_defenses(5, plus="will", minus="reflex"))
        == "RulesTypeError: defenses must be a role or a mapping such as role_defenses gives, not 5"
    )
    assert (
        refusal(lambda: vary_defenses({"fortitude": 1, "reflex": 0}, plus="will", minus="reflex"))
        == "RulesError: defenses must give fortitude, reflex and will, not ['fortitude', 'reflex']"
    )
    assert (
        refusal(
            lambda: vary_defenses({"fortitude": 1, "reflex": 0, "will": "x"}, plus="will", minus="reflex")
        )
        == "RulesTypeError: The will modifier must be a whole number, not 'x'"
    )
    assert (
        refusal(
            lambda: vary_defenses(
                {Defense.WILL: "x", "reflex": 0, "fortitude": 0}, plus="will", minus="reflex"
            )
        )
        == "RulesTypeError: The will modifier must be a whole number, not 'x'"
    )
    assert (
        refusal(
            lambda: vary_defenses(
                {"fortitude": 1, "fort": 0, "reflex": 0, "will": 0}, plus="will", minus="reflex"
            )
        )
        == "RulesError: defenses gives one key twice, as 'fortitude' and as 'fort': give it once"
    )
    assert (
        repr(vary_defenses({"fort": 1, "ref": 0, "will": 0}, plus="fort", minus="ref"))
        == "ByDefense(fortitude=2, reflex=-1, will=0)"
    )
    assert refusal(lambda: vary_defenses("Brute", plus="armour class", minus="will")) == (
        "RulesError: 'armour class' is not graded by role: AC stays as the monster's level and "
        "role give it, and takes no variety modifier (§ruling-no-ac-in-role-table)"
    )
    assert refusal(lambda: vary_defenses("Brute", plus="Armor Class", minus="will")) == (
        "RulesError: 'Armor Class' is not graded by role: AC stays as the monster's level and "
        "role give it, and takes no variety modifier (§ruling-no-ac-in-role-table)"
    )
    assert repr(role_defenses("soldiers")) == "ByDefense(fortitude=1, reflex=0, will=0)"
    assert refusal(lambda: role_defenses("elite")) == (
        "RulesError: Unknown monster role 'elite': use one of 'Soldier', 'Brute', 'Skirmisher', "
        "'Controller', 'Lurker' or 'Artillery'"
    )
    assert (
        refusal(lambda: role_defenses(5))
        == "RulesTypeError: A monster role is a word such as 'Soldier', not 5"
    )
    assert refusal(lambda: design_defenses("Brute", 16, minus="will")) == (
        "RulesError: The variety option gives both a +1 and a -1: only minus is given "
        "(§ruling-variety-both-or-neither)"
    )
    with pytest.raises(KeyError, match="'AC'"):
        role_defenses("Brute")["AC"]


def test_group_traits_groups_and_the_population_are_checked_alike():
    # moved from docs/monsters.md#monster-errors
    """Group traits, monster groups and the population are read the same way."""
    assert repr(GroupTraits(["fire"], ["cold"])) == (
        "GroupTraits(resist=(<DamageType.FIRE: 'Fire'>,), vulnerable=(<DamageType.COLD: 'Cold'>,))"
    )
    assert refusal(lambda: GroupTraits(5)) == "RulesTypeError: resist must be a list or a set, not 5"
    assert refusal(lambda: GroupTraits((), 5)) == "RulesTypeError: vulnerable must be a list or a set, not 5"
    assert (group_traits("dwarves"), group_traits("Oozes")) == (("Resist Poison",), ("Resist Acid",))
    assert (
        refusal(lambda: monster_traits(5))
        == "RulesTypeError: groups must be a list of monster groups such as ['Undead'], not 5"
    )
    assert refusal(lambda: monster_traits(b"Undead")) == (
        "RulesTypeError: groups must be a list of monster groups such as ['Undead'], not b'Undead'"
    )
    assert (
        refusal(lambda: monster_traits(["Undead"], new_rules="yes"))
        == "RulesTypeError: new_rules must be True or False, not 'yes'"
    )
    assert refusal(lambda: expected_multipliers(5)) == (
        "RulesTypeError: population must map monster groups to shares, e.g. {'Undead': '15%'}, not 5"
    )
    assert refusal(lambda: expected_multipliers({"Undead": "x"})) == (
        "RulesError: The share of 'Undead' must be a fraction such as '15%' or Fraction(15, 100), not 'x'"
    )
    assert (
        refusal(lambda: expected_multipliers({"Undead": "-5%"}))
        == "RulesError: The share of 'Undead' must be 0 or more, not '-5%'"
    )
    assert (
        refusal(lambda: expected_multipliers({"Undead": "15%", "undead": "3%"}))
        == "RulesError: population gives one key twice, as 'Undead' and as 'undead': give it once"
    )
    assert refusal(lambda: expected_multipliers({"Wizard": "15%"})) == (
        "RulesError: Unknown monster group 'Wizard': use one of 'Undead', 'Fey', 'Immortal', "
        "'Shadow', 'Aberrant', 'Devil', 'Construct', 'Blind', 'Fire', 'Cold', 'Ooze', 'Plant', "
        "'Water', 'Tiefling', 'Eladrin', 'Dwarf' or 'Swarm'"
    )
    assert refusal(lambda: expected_multipliers({"Undead Wizard": "15%"})) == (
        "RulesError: Unknown monster group 'Wizard': use one of 'Undead', 'Fey', 'Immortal', "
        "'Shadow', 'Aberrant', 'Devil', 'Construct', 'Blind', 'Fire', 'Cold', 'Ooze', 'Plant', "
        "'Water', 'Tiefling', 'Eladrin', 'Dwarf' or 'Swarm' (in the population key 'Undead "
        "Wizard')"
    )
    assert (
        refusal(lambda: expected_multipliers(new_rules="x"))
        == "RulesTypeError: new_rules must be True or False, not 'x'"
    )
    assert (
        refusal(lambda: expected_multipliers(before="x"))
        == "RulesTypeError: before must be True or False, not 'x'"
    )


def test_the_role_shares_of_the_defense_balance_are_checked():
    # moved from docs/monsters.md#monster-errors
    """The role shares of the defense balance likewise."""
    assert refusal(lambda: average_modifiers(5)) == (
        "RulesTypeError: role_shares must map roles to shares, e.g. {'Artillery': Fraction(1, 2)}, not 5"
    )
    assert refusal(lambda: average_modifiers({"Wizard": 1})) == (
        "RulesError: Unknown monster role 'Wizard': use one of 'Soldier', 'Brute', 'Skirmisher', "
        "'Controller', 'Lurker' or 'Artillery'"
    )
    assert (
        refusal(lambda: average_modifiers({"Soldier": 0}))
        == "RulesError: role_shares gives no role a share above 0"
    )
    assert refusal(lambda: average_modifiers({"Soldier": "x"})) == (
        "RulesError: The share of 'Soldier' must be a fraction such as '15%' or Fraction(15, 100), not 'x'"
    )
    assert (
        refusal(lambda: average_modifiers({"Soldier": -1}))
        == "RulesError: The share of 'Soldier' must be 0 or more, not -1"
    )
    assert (
        refusal(lambda: average_modifiers({"Soldier": 1, "soldier": 1}))
        == "RulesError: role_shares gives one key twice, as 'Soldier' and as 'soldier': give it once"
    )


def test_a_band_sharing_variable_resistance_needs_holders_and_both_types():
    # moved from docs/monsters.md#monster-errors
    """A band sharing Variable Resistance needs one or more holders, and a shift has both its types or
    neither.
    """
    assert refusal(lambda: SharedShift(5)) == "RulesTypeError: holders must be a list or a set, not 5"
    assert (
        refusal(lambda: SharedShift([]))
        == "RulesError: Variable Resistance is shared by one or more holders, not none"
    )
    assert (
        refusal(lambda: SharedShift([" "]))
        == "RulesError: A holder of Variable Resistance must be a name such as 'Vrock', not ' '"
    )
    both = "RulesError: A shift resists one elemental type and is vulnerable to another elemental type"
    assert refusal(lambda: SharedShift(["Vrock"], "fire")).startswith(both)
    assert refusal(lambda: SharedShift(["Vrock"], "fire", "fire")).startswith(both)
    # the types are elemental, as the rule and `use` have them
    assert refusal(lambda: SharedShift(["Vrock"], "radiant", "physical")).startswith(both)
    # a user is one of the holders, as `use` refuses anyone else; names compare by the one vocabulary
    assert refusal(lambda: SharedShift(["Vrock"], "fire", "cold", "Hezrou")) == (
        "RulesError: 'Hezrou' does not hold this Variable Resistance (held by Vrock)"
    )
    band = SharedShift(["Vrock", " VROCK", "Barlgura"], "fire", "cold", "vrock")
    assert (band.holders, band.user) == (("Vrock", "Barlgura"), "Vrock")
    assert band.traits_of("vrock") == band.traits_of("Vrock") != ()
    assert refusal(lambda: SharedShift(["Vrock"], "fire", "cold", " ")) == (
        "RulesError: The user of Variable Resistance must be a holder's name such as 'Vrock', not ' '"
    )
    band = SharedShift(("Barlgura", "Vrock"))
    assert (
        refusal(lambda: band.use("Hezrou", ["fire"], random.Random(3)))
        == "RulesError: 'Hezrou' does not hold this Variable Resistance (held by Barlgura, Vrock)"
    )
    assert (
        refusal(lambda: band.use([], ["fire"], random.Random(3)))
        == "RulesError: users must name the holder that Variable Resistance triggered for"
    )
    assert (
        refusal(lambda: band.use(7, ["fire"], random.Random(3)))
        == "RulesTypeError: users must be a list or a set, not 7"
    )
    assert (
        refusal(lambda: band.use(" ", ["fire"], random.Random(3)))
        == "RulesError: A holder of Variable Resistance must be a name such as 'Vrock', not ' '"
    )
    assert (
        refusal(lambda: band.traits_of(" "))
        == "RulesError: A holder of Variable Resistance must be a name such as 'Vrock', not ' '"
    )
    assert (
        refusal(lambda: band.use("Vrock", 5, random.Random(3)))
        == "RulesTypeError: triggering_types must be damage types such as ['fire'], not 5"
    )
    assert (
        refusal(lambda: band.use("Vrock", b"fire", random.Random(3)))
        == "RulesTypeError: triggering_types must be damage types such as ['fire'], not b'fire'"
    )
    assert refusal(lambda: band.use("Vrock", [], random.Random(3))) == (
        "RulesError: Variable Resistance does not trigger on no damage type (triggering_types is "
        "empty): only acid, cold, fire, lightning and thunder do "
        "(§ruling-variable-resistance-elemental-only)"
    )


def test_the_defense_table_by_role_prints_as_the_page_shows_it():
    # moved from docs/monsters.md#monsters-tables-in-code
    """Each table on the page is computed from the rules' own data; here is each one as the code prints
    it. From Defenses by role (#role-defenses): `role_defenses(role)` gives a role's row as modifiers
    to the average.
    """
    assert repr(role_defenses("Soldier")) == "ByDefense(fortitude=1, reflex=0, will=0)"
    assert repr(role_defenses("brute")) == "ByDefense(fortitude=1, reflex=-1, will=0)"
    assert repr(role_defenses("Artillery")) == "ByDefense(fortitude=-1, reflex=0, will=0)"
    assert str(role_table()) == (
        "Role        Fortitude    Reflex       Will\n"
        "----------  -----------  -----------  -----------\n"
        "Soldier     Strong (+1)  Average (0)  Average (0)\n"
        "Brute       Strong (+1)  Weak (-1)    Average (0)\n"
        "Skirmisher  Weak (-1)    Strong (+1)  Average (0)\n"
        "Controller  Average (0)  Weak (-1)    Strong (+1)\n"
        "Lurker      Average (0)  Strong (+1)  Weak (-1)\n"
        "Artillery   Weak (-1)    Average (0)  Average (0)"
    )


def test_the_defense_table_by_defense_prints_as_the_page_shows_it():
    # moved from docs/monsters.md#monsters-tables-in-code
    """From The same table, by defense (#defenses-by-defense)."""
    assert str(defense_table()) == (
        "Defense    Strong for          Weak for\n"
        "---------  ------------------  ---------------------\n"
        "Fortitude  Soldier, Brute      Skirmisher, Artillery\n"
        "Reflex     Skirmisher, Lurker  Brute, Controller\n"
        "Will       Controller          Lurker"
    )


def test_the_traits_by_monster_group_print_as_the_page_shows_them():
    # moved from docs/monsters.md#monsters-tables-in-code
    """From Traits by monster group (#group-traits): `group_traits(group)` gives a group's lines exactly
    as a stat block prints them, so they go straight into
    [`take_damage`](resistances.md#resolving-damage).
    """
    assert group_traits("Undead") == ("Resist Poison", "Vulnerable Radiant")
    assert group_traits("plant") == (
        "Resist Radiant",
        "Resist Psychic",
        "Vulnerable Poison",
        "Vulnerable Fire",
    )
    assert refusal(lambda: group_traits("Lightning")) == (
        "RulesError: Unknown monster group 'Lightning': use one of 'Undead', 'Fey', 'Immortal', "
        "'Shadow', 'Aberrant', 'Devil', 'Construct', 'Blind', 'Fire', 'Cold', 'Ooze', 'Plant', "
        "'Water', 'Tiefling', 'Eladrin', 'Dwarf' or 'Swarm'"
    )
    assert take_damage(20, "radiant", group_traits("undead")).final == 30
    assert take_damage(20, "poison", group_traits("undead")).final == 20 - Resist("poison").amount(20)
    assert str(group_table()) == (
        "Monster group  Resist            Vulnerable    Note\n"
        "-------------  ----------------  ------------  "
        "---------------------------------------------------------------------------\n"
        "Undead         Poison            Radiant\n"
        "Fey            -                 Poison\n"
        "Immortal       Radiant           Necrotic\n"
        "Shadow         Necrotic          Radiant\n"
        "Aberrant       Radiant           Psychic\n"
        "Devil          Fire              -\n"
        "Construct      Poison, Psychic   Acid\n"
        "Blind          Radiant           -\n"
        "Fire           Fire              Cold\n"
        "Cold           Cold              Fire\n"
        "Ooze           Acid              -\n"
        "Plant          Radiant, Psychic  Poison, Fire  missing under Radiant in the original "
        "by-damage-type list; kept by a ruling\n"
        "Water          Acid              -\n"
        "Tiefling       Fire              -\n"
        "Eladrin        Psychic           -\n"
        "Dwarf          Poison            -\n"
        "Swarm          -                 Poison        missing from the original by-monster list; "
        "kept by a ruling"
    )


def test_the_groups_by_damage_type_print_as_the_page_shows_them():
    # moved from docs/monsters.md#monsters-tables-in-code
    """From The same table, by damage type (#groups-by-damage-type)."""
    assert str(damage_type_table()) == (
        "Damage type  Resisted by                       Vulnerable\n"
        "-----------  --------------------------------  -----------------\n"
        "Poison       Undead, Construct, Dwarf          Fey, Plant, Swarm\n"
        "Radiant      Immortal, Aberrant, Blind, Plant  Undead, Shadow\n"
        "Psychic      Construct, Plant, Eladrin         Aberrant\n"
        "Necrotic     Shadow                            Immortal\n"
        "Fire         Devil, Fire, Tiefling             Cold, Plant\n"
        "Acid         Ooze, Water                       Construct\n"
        "Cold         Cold                              Fire\n"
        "Lightning    -                                 -\n"
        "Thunder      -                                 -\n"
        "Force        -                                 -"
    )


def test_the_defense_balance_prints_as_the_page_shows_it():
    # moved from docs/monsters.md#monsters-tables-in-code
    """From Defenses across roles (monster-balance.md#defense-balance)."""
    assert str(defense_balance_table()) == (
        "Defense    Strong roles  Average roles  Weak roles  Average modifier\n"
        "---------  ------------  -------------  ----------  ----------------\n"
        "Fortitude  2             2              2           0\n"
        "Reflex     2             2              2           0\n"
        "Will       1             4              1           0"
    )
    assert (
        repr(average_modifiers())
        == "ByDefense(fortitude=Fraction(0, 1), reflex=Fraction(0, 1), will=Fraction(0, 1))"
    )


def test_the_damage_type_balance_prints_as_the_page_shows_it():
    # moved from docs/monsters.md#monsters-tables-in-code
    """From Damage types across groups (monster-balance.md#damage-type-balance)."""
    assert str(damage_type_balance_table()) == (
        "Damage type  Groups resisting  Groups vulnerable  Share resisting  Share vulnerable\n"
        "-----------  ----------------  -----------------  ---------------  ----------------\n"
        "Poison       3                 3                  21%              9%\n"
        "Radiant      4                 2                  12%              18%\n"
        "Psychic      3                 1                  9%               3%\n"
        "Necrotic     1                 1                  3%               3%\n"
        "Fire         3                 2                  9%               6%\n"
        "Acid         2                 1                  6%               3%\n"
        "Cold         1                 1                  3%               3%\n"
        "Lightning    0                 0                  0%               0%\n"
        "Thunder      0                 0                  0%               0%\n"
        "Force        0                 0                  0%               0%"
    )


def mix(*parts):
    """Multipliers of a population mixed from others: each type's share-weighted mean, the rest 1."""
    rest = 1 - sum(share for share, _ in parts)
    kinds = parts[0][1]
    return {kind: rest + sum(share * multipliers[kind] for share, multipliers in parts) for kind in kinds}


def test_the_expected_multipliers_are_the_share_weighted_mean_of_each_kind_of_monster():
    # moved from docs/monsters.md#monsters-tables-in-code
    """From Expected damage multiplier (monster-balance.md#expected-multipliers): a population's
    multiplier of a type is each kind of monster's, weighted by its share, the monsters of no group
    taking damage unchanged.
    """
    for before in (False, True):
        alone = {members: expected_multipliers({members: 1}, before=before)
                 for members, _ in read_population(None)}
        parts = [(share, alone[members]) for members, share in read_population(None)]
        assert expected_multipliers(before=before) == mix(*parts)
        assert expected_multipliers({"Undead": "50%"}, before=before) == mix(
            (Fraction(1, 2), expected_multipliers({"Undead": 1}, before=before)))
    # the undead resist poison and are vulnerable to radiant damage, before and after
    for before in (False, True):
        undead = expected_multipliers({"Undead": "100%"}, before=before)
        assert undead[DamageType.POISON] < 1 < undead[DamageType.RADIANT]


def test_the_multiplier_table_and_chart_print_the_expected_multipliers():
    # moved from docs/monsters.md#monsters-tables-in-code
    """The table and the chart show `expected_multipliers` before and after, to three places; the
    chart's bars stand on 1, no change."""
    for population in (None, {"Undead": "50%"}):
        old, new = expected_multipliers(population, before=True), expected_multipliers(population)
        lines = str(multiplier_table(population)).splitlines()
        assert lines[0].split("  ") == ["Damage type", "Before", "After", "After, exact"]
        assert [line.split() for line in lines[2:]] == [
            [kind.value, f"{float(old[kind]):.3f}", f"{float(new[kind]):.3f}", str(new[kind])] for kind in old
        ]
        chart = multiplier_chart(population)
        assert chart.title == "Expected damage multiplier per damage type over the monster population"
        assert [(name, dict(values)) for name, values in chart.series] == [
            ("Before", {kind.value: old[kind] for kind in old}),
            ("After", {kind.value: new[kind] for kind in new}),
        ]
        assert chart.categories == tuple(kind.value for kind in old)
    assert repr(multiplier_chart().baseline) == "Fraction(1, 1)"
    assert str(population_table({"Undead": "50%"})) == (
        "Monsters    Share\n----------  -----\nUndead      50%\n(no group)  50%"
    )
    assert str(population_table({})) == ("Monsters    Share\n----------  -----\n(no group)  100%")
    # a monster of one kind takes what take_damage gives it against its merged lines, over 20
    for members in (("Undead",), ("Undead", "Shadow")):
        alone = expected_multipliers({members: "100%"})
        for kind in (DamageType.RADIANT, DamageType.NECROTIC):
            assert alone[kind] == Fraction(take_damage(20, kind, list(traits_for(members))).final, 20)
        assert expected_multipliers({members: "10%"}) == mix((Fraction(1, 10), alone))


def test_the_balance_tables_carry_their_figures():
    # moved from docs/monsters.md#monsters-tables-in-code
    """From Defenses across roles (monster-balance.md#defense-balance) and Damage types across groups
    (monster-balance.md#damage-type-balance), with other shares: only soldiers, or half the monsters undead.
    """
    assert str(defense_balance_table({"Soldier": 1})) == (
        "Defense    Strong roles  Average roles  Weak roles  Average modifier\n"
        "---------  ------------  -------------  ----------  ----------------\n"
        "Fortitude  2             2              2           +1\n"
        "Reflex     2             2              2           0\n"
        "Will       1             4              1           0"
    )
    assert (
        repr(average_modifiers({"Soldiers": 0, "Brute": 1}))
        == "ByDefense(fortitude=Fraction(1, 1), reflex=Fraction(-1, 1), will=Fraction(0, 1))"
    )
    assert str(damage_type_balance_table({"Undead": "50%"})) == (
        "Damage type  Groups resisting  Groups vulnerable  Share resisting  Share vulnerable\n"
        "-----------  ----------------  -----------------  ---------------  ----------------\n"
        "Poison       3                 3                  50%              0%\n"
        "Radiant      4                 2                  0%               50%\n"
        "Psychic      3                 1                  0%               0%\n"
        "Necrotic     1                 1                  0%               0%\n"
        "Fire         3                 2                  0%               0%\n"
        "Acid         2                 1                  0%               0%\n"
        "Cold         1                 1                  0%               0%\n"
        "Lightning    0                 0                  0%               0%\n"
        "Thunder      0                 0                  0%               0%\n"
        "Force        0                 0                  0%               0%"
    )


def test_a_result_carries_its_situation_and_steps():
    # moved from docs/monsters.md#monsters-tables-in-code
    """What a result carries besides its answer: the situation it was worked out for, and each step with
    the rule it cites. A rank word and a leader tag are set aside, and a variety modifier that goes
    past the role's grade is noted.
    """
    assert design_defenses("Elite Soldier (Leader)", 16).situation == "A Soldier with average defense 16"
    assert str(design_defenses("Elite Soldier (Leader)", 16).explain()) == (
        "1. Ruling: rank and leader are not roles (§ruling-rank-is-not-role): 'elite (leader)' "
        "is not a role: the row is Soldier's\n"
        "2. Defenses by role (§role-defenses): Soldier: strong Fortitude, average Reflex, "
        "average Will\n"
        "3. From grades to scores (§defense-scores): Fortitude 16 +1 = 17, Reflex 16 +0 = 16, "
        "Will 16 +0 = 16\n"
        "= Fortitude 17, Reflex 16, Will 16"
    )
    assert (
        design_defenses("Brute", 16, plus="fortitude", minus="reflex").situation
        == "A Brute with average defense 16, +1 fortitude and -1 reflex"
    )
    assert (
        repr((design_defenses("Brute", 16).role, design_defenses("Brute", 16).average))
        == "(<Role.BRUTE: 'Brute'>, 16)"
    )
    assert str(design_defenses("Brute", 16, plus="fortitude", minus="reflex").explain()) == (
        "1. Defenses by role (§role-defenses): Brute: strong Fortitude, weak Reflex, average "
        "Will\n"
        "2. The variety option (§variety-option): +1 Fortitude, -1 Reflex\n"
        "3. Ruling: the variety option stacks (§ruling-variety-stacks): Fortitude +2, Reflex -2: "
        "the option adds to the role's grade\n"
        "4. From grades to scores (§defense-scores): Fortitude 16 +2 = 18, Reflex 16 -2 = 14, "
        "Will 16 +0 = 16\n"
        "= Fortitude 18, Reflex 14, Will 16"
    )
    assert (
        monster_traits(["Undead"], level=14, new_rules=False).situation
        == "A monster of Undead (level 14, old resistance rules)"
    )
    assert str(monster_traits(["Undead"], level=14, new_rules=False).explain()) == (
        "1. Traits by monster group (§group-traits): Undead: Resist Poison, Vulnerable Radiant\n"
        "2. Ruling: 5 per tier (§ruling-five-per-tier): level 14: every line gets a limit of 10\n"
        "= Resist Poison 10; Vulnerable Radiant 10"
    )
    assert (
        monster_traits(["Undead", "Shadow"]).situation
        == "A monster of Undead, Shadow (the new resistance rules)"
    )
    assert monster_traits([]).situation == "A monster of no group (the new resistance rules)"
    assert (
        repr((monster_traits("Undead").groups, monster_traits("Undead").lines))
        == "((<MonsterGroup.UNDEAD: 'Undead'>,), ('Resist Poison', 'Vulnerable Radiant'))"
    )
    assert str(monster_traits(["Devil", "Cold", "Fire", "Plant"]).explain()) == (
        "1. Traits by monster group (§group-traits): Devil: Resist Fire\n"
        "2. Traits by monster group (§group-traits): Cold: Resist Cold, Vulnerable Fire\n"
        "3. Traits by monster group (§group-traits): Fire: Resist Fire, Vulnerable Cold\n"
        "4. Traits by monster group (§group-traits): Plant: Resist Radiant, Resist Psychic, "
        "Vulnerable Poison, Vulnerable Fire\n"
        "5. Monsters of several groups (§merging-group-traits): Resist Fire comes from Devil and "
        "Fire: written once\n"
        "6. Monsters of several groups (§merging-group-traits): Vulnerable Fire comes from Cold "
        "and Plant: written once\n"
        "7. Ruling: opposed group lines both stay (§ruling-opposed-group-traits): Resist Fire "
        "(Devil, Fire) and Vulnerable Fire (Cold, Plant) both stay\n"
        "8. Ruling: opposed group lines both stay (§ruling-opposed-group-traits): Resist Cold "
        "(Cold) and Vulnerable Cold (Fire) both stay\n"
        "= Resist Fire; Resist Cold; Resist Radiant; Resist Psychic; Vulnerable Fire; Vulnerable "
        "Cold; Vulnerable Poison"
    )
    assert repr(SharedShift(["Vrock", "Vrock", "Barlgura"], "fire", "cold", " Vrock ")) == (
        "SharedShift(holders=('Vrock', 'Barlgura'), resisted=<DamageType.FIRE: 'Fire'>, "
        "vulnerable=<DamageType.COLD: 'Cold'>, user='Vrock')"
    )
    assert repr(
        SharedShift(("Barlgura", "Vrock")).use(["Vrock", "Barlgura"], ["fire"], random.Random(0))
    ) == (
        "SharedShift(holders=('Barlgura', 'Vrock'), resisted=<DamageType.FIRE: 'Fire'>, "
        "vulnerable=<DamageType.ACID: 'Acid'>, user='Barlgura')"
    )
    assert copy.deepcopy(role_defenses("Brute")) == role_defenses("Brute")
    assert role_defenses("Brute") == {Defense.FORTITUDE: 1, Defense.REFLEX: -1, Defense.WILL: 0}
