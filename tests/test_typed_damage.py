"""Typed damage with Fudge dice: notation, resolution, exact odds and wound tracks."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import NotationError, RulesError, RulesTypeError, shown
from rules.typed_damage import (
    Armor,
    DamageType,
    Face,
    Mode,
    Weapon,
    WoundTrack,
    damage,
    dice_pool,
    distribution,
    expected_damage,
    parse_armor,
    parse_weapon,
    plan,
)
from rules.typed_damage.odds import (
    convolve,
    cyrus_chart,
    expected_damage_at_margin_0,
    expected_damage_at_margin_2,
    hardened_check,
    mode_distribution,
)
from rules.typed_damage.samples import SAMPLE_ARMOR, SAMPLE_WEAPONS, armor_table, face_table, weapon_table
from rulesite.charts import figure

# --- notation -------------------------------------------------------------------------

WEAPONS = ["3-", "4-/2+", "0*", "3B", "4E+", "6E*+(Fire)", "4E+*(Fire)", "4B(AP)", "4E-*+"]
ARMORS = [
    "+-*", "---*++", "------****++++", "BBBB*", "EEEEE(Fire)", "EEE-+(Fire)", "XXXXXX",
    "--**++(H vs. Arrows)", "**(H)", "EEEEEEEEEE(Fire, Ab)", "XXX(Ab)", "EEE(Fire, H)",
    "XX--", "-*+E(Cold)", "BB(H, Ab)",
]


@pytest.mark.parametrize("text", WEAPONS)
def test_every_weapon_notation_of_the_seed_reads_and_writes_back(text):
    weapon = parse_weapon(text)
    assert parse_weapon(str(weapon)) == weapon


@pytest.mark.parametrize("text", ARMORS)
def test_every_armor_notation_of_the_seed_reads_and_writes_back(text):
    armor = parse_armor(text)
    assert parse_armor(str(armor)) == armor


def test_a_name_before_a_colon_is_kept():
    assert parse_weapon("Light Pistol: 3B").name == "Light Pistol"
    assert parse_armor("Shield Belt: XXXXXX").name == "Shield Belt"


def test_energy_intensity_symbols_may_come_in_either_order():
    assert parse_weapon("4E+*(Fire)") == parse_weapon("4E*+(Fire)")
    assert parse_weapon("4E+*").modes[0].succeeds_on == {Face.BLANK, Face.PLUS}


def test_empty_armor_or_none_is_no_armor():
    assert parse_armor("") == parse_armor(None) == Armor()
    assert dice_pool("3-", "", 2) == dice_pool("3-", None, 2) == 5


def test_armor_notes_set_hardness_ablation_and_energy_type():
    armor = parse_armor("EEEEEEEEEE(Fire, Ab)")
    assert (armor.energy, armor.energy_types, armor.ablative, armor.hardened) == (
        10, ("Fire",), True, False)
    muldoon = parse_armor("--**++(H vs. Arrows)")
    assert muldoon.hardened_vs == ("Arrows",)
    assert muldoon.hardened_against({"arrow"}) and not muldoon.hardened_against({"sword"})
    assert parse_armor("**(H)").hardened_against(set())


@pytest.mark.parametrize(
    ("parse", "text", "position"),
    [
        (parse_weapon, "3x", 1),
        (parse_weapon, "-3", 0),
        (parse_weapon, "4-/", 3),
        (parse_weapon, "4E", 2),
        (parse_weapon, "4E++", 3),
        (parse_weapon, "4E-+", 2),
        (parse_weapon, "3-(AP", 5),
        (parse_weapon, "3- 2", 3),
        (parse_armor, "--q", 2),
        (parse_armor, "--+(Cold)", 4),
        (parse_armor, "EE(H vs.)", 3),
        (parse_armor, "EE(Fire,,Ab)", 8),
        (parse_armor, ": ---", 0),
    ],
)
def test_bad_notation_names_the_text_and_the_first_bad_character(parse, text, position):
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.text == text
    assert caught.value.position == position
    assert shown(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)


# --- the seed's worked examples --------------------------------------------------------


def test_cyrus_rolls_five_dice_before_armor():
    assert dice_pool("3-", None, 2) == 5


def test_cyrus_against_leather_rolls_four_and_his_roll_does_one_damage():
    result = damage("Shortsword: 3-", "Leather: +-*", "[-][ ][ ][+]", 2)
    assert (result.pool, result.successes, result.final) == (4, 1, 1)


def test_chainmail_leaves_cyrus_two_dice_and_super_heavy_plate_one():
    assert dice_pool("3-", "---*++", 2) == 2
    assert dice_pool("3-", "------****++++", 2) == 1


def test_officer_murphy_against_the_jacket_and_the_vest():
    assert dice_pool("3B", "-*", 1) == 4
    assert damage("3B", "-*", "- *+", 1).final == 3
    assert dice_pool("3B", "BBBB*", 1) == 0


def test_arias_firebolt_rolls_one_die_that_hits_on_a_plus():
    assert damage("4E+", "EEEEE(Fire)", "+", 2, source="fire").final == 1
    assert damage("4E+", "EEEEE(Fire)", " ", 2, source="fire").final == 0


def test_the_armor_of_muldoon_takes_the_arrows_two_successes():
    result = damage("4+", "--**++(H vs. Arrows)", "[-][+][+][*]", source="arrow")
    assert (result.pool, result.successes, result.final) == (4, 2, 0)


def test_rocket_risantos_foam_wears_from_ten_to_six():
    result = damage("4E+*(Fire)", "EEEEEEEEEE(Fire, Ab)", "")
    assert result.final == 0
    assert result.armor.energy == 6


def test_the_knife_duel_is_almost_impossible_through_the_shield_belt():
    assert [dice_pool("2+", "XXXXXX", margin) for margin in range(6)] == [0, 0, 0, 0, 0, 1]
    assert dice_pool("2+", None, 0) == 2


# --- resolution rules -------------------------------------------------------------------


def test_regular_armor_never_takes_the_pool_below_one_die():
    assert dice_pool("1-", "-----", 0) == 1
    assert dice_pool("0*", None, 0) == 1


def test_special_armor_can_take_the_pool_to_zero():
    assert dice_pool("2-", "X--", 0) == 0
    assert dice_pool("2*", "X--", 0) == 1
    assert dice_pool("3E+", "EEE", 0) == 0


def test_regular_armor_does_not_stop_energy():
    assert dice_pool("4E+", "------****++++", 0) == 4


def test_energy_armor_of_another_type_does_not_stop_the_attack():
    assert dice_pool("4E+(Cold)", "EEEE(Fire)") == dice_pool("4E+(Cold)", "")
    assert dice_pool("4E+(Cold)", "EEE") == 1


def test_armor_piercing_treats_hardened_armor_as_regular():
    assert plan("4B(AP)", "BB(H)").hardened is False
    assert dice_pool("4B(AP)", "BB(H)") == 2


def test_hardened_armor_keeps_the_dice_and_removes_successes():
    result = damage("4-", "--(H)", "--- ")
    assert (result.pool, result.successes, result.final) == (4, 3, 1)


def test_strength_replaces_the_margin():
    assert dice_pool("4*", None, 1, strength=2) == 6


def test_the_chosen_mode_is_used():
    result = damage("4-/2+", "---", "++", mode=1)
    assert result.mode.kind is DamageType.PIERCING
    assert result.final == 2


def test_a_roll_must_have_as_many_dice_as_the_pool():
    with pytest.raises(RulesError, match="The pool is 4 dice"):
        damage("3-", "+-*", "--", 2)


def test_a_wrong_type_is_a_type_error():
    with pytest.raises(RulesTypeError, match="A weapon is notation text such as '3-', not 3"):
        parse_weapon(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: dice_pool("3-", None, source=5), "A source must be a name such as 'arrow', not 5"),
        (lambda: damage("3-", None, None), "faces must be a list or a set, not None"),
        (lambda: damage("3-", None, ["-", 5, "+"]), "Unknown die face 5"),
        (lambda: dice_pool("3-", None, "2"), "margin must be a whole number, not '2'"),
        (lambda: dice_pool("3-", None, strength=1.5), "strength must be a whole number, not 1.5"),
        (lambda: dice_pool("4-/2+", None, mode="1"), "mode must be a whole number, not '1'"),
        (lambda: parse_armor(3), "Armor is notation text such as '---\\*\\+\\+', or None, not 3"),
        (lambda: Armor(slashing="2"), "slashing must be a whole number, not '2'"),
        (lambda: Armor(hardened="yes"), "hardened must be True or False, not 'yes'"),
        (lambda: Mode(3, DamageType.SLASHING, armor_piercing=1),
         "armor_piercing must be True or False, not 1"),
        (lambda: Weapon(["3-"]), "A weapon's modes are Mode"),
        (lambda: Weapon("3-"), r"modes must be a list or a set, such as \['3-'\]"),
        (lambda: WoundTrack.simple().take("3"), "damage must be a whole number, not '3'"),
        (lambda: convolve({0: Fraction(1)}, None), "second must map whole amounts to chances"),
        (lambda: mode_distribution("3-", 3), "mode must be a Mode"),
    ],
)
def test_an_input_of_the_wrong_type_is_a_rules_type_error(call, message):
    with pytest.raises(RulesTypeError, match=message):
        call()


def test_a_weapon_has_at_least_one_mode():
    with pytest.raises(RulesError, match="A weapon has one or more modes, not none"):
        Weapon(())


def test_a_mode_out_of_range_names_the_modes():
    modes = r"mode must be the number of one of the weapon's modes \(0: 4-, 1: 2\+\), not 2"
    with pytest.raises(RulesError, match=modes):
        dice_pool("4-/2+", None, mode=2)


@pytest.mark.parametrize("written", ["-", "[-]", " - "])
def test_a_face_reads_as_written(written):
    assert Face.parse(written) is Face.MINUS


@pytest.mark.parametrize("written", ["", "_", "   ", "[x]", "--"])
def test_anything_else_is_not_a_face(written):
    with pytest.raises(NotationError, match="a Fudge die shows"):
        Face.parse(written)


def test_the_face_table_lists_each_face_with_its_type():
    assert [row[:2] for row in face_table().rows] == [
        ("`[-]`", "slashing (`-`)"), ("`[ ]` (written `*`)", "impact (`*`)"), ("`[+]`", "piercing (`+`)"),
    ]


def test_ablative_armor_loses_only_what_it_prevented():
    assert damage("3-", "------(Ab)", "-", 2).armor.slashing == 2
    assert damage("4+", "++(H, Ab)", "+   ").armor.piercing == 1


def test_steps_cite_rules_in_the_flowcharts_order():
    result = damage("4+", "--**++(H vs. Arrows, Ab)", "-++ ", source="arrow")
    anchors = [rule.anchor for rule in result.rules_used]
    assert anchors == [
        "weapon-modes", "dice-pool", "regular-armor", "hardened-armor", "one-die-minimum",
        "counting-successes", "ruling-ablative-wear",
    ]


# --- exact odds -------------------------------------------------------------------------


def rolled_dice(weapon, armor, margin=0, **options):
    """How many dice `damage` accepts a roll of, found by offering rolls of every length."""
    accepted = []
    for count in range(12):
        try:
            damage(weapon, armor, "+" * count, margin, **options)
        except RulesError as refused:
            assert "The pool is" in str(refused)
        else:
            accepted.append(count)
    assert len(accepted) == 1, f"{weapon} against {armor!r}: rolls of {accepted} dice accepted"
    return accepted[0]


def brute_force(weapon, armor, margin=0, **options):
    """Every face of every die rolled and resolved by `damage`, one outcome at a time."""
    pool = rolled_dice(weapon, armor, margin, **options)
    counts: dict[int, int] = {}
    for roll in itertools.product("-*+", repeat=pool):
        final = damage(weapon, armor, "".join(roll), margin, **options).final
        counts[final] = counts.get(final, 0) + 1
    return {amount: Fraction(n, 3**pool) for amount, n in sorted(counts.items())}


def binomial(pool, faces, removes=0):
    """The same odds from the binomial formula, with no enumeration."""
    p = Fraction(faces, 3)
    odds: dict[int, Fraction] = {}
    for hits in range(pool + 1):
        chance = comb(pool, hits) * p**hits * (1 - p) ** (pool - hits)
        if chance:
            odds[max(hits - removes, 0)] = odds.get(max(hits - removes, 0), 0) + chance
    return dict(sorted(odds.items()))


@pytest.mark.parametrize("weapon", WEAPONS)
@pytest.mark.parametrize("armor", ["", "+-*", "BBBB*", "EEE(Fire, H)", "XX", "-*(H)"])
def test_distribution_matches_brute_force_enumeration(weapon, armor):
    assert distribution(weapon, armor, 1) == brute_force(weapon, armor, 1)


def test_distribution_matches_the_binomial_formula():
    assert distribution("6E*+(Fire)", "EEE(Fire, H)") == binomial(6, 2, removes=3)
    assert distribution("5-", None) == binomial(5, 1)


def test_the_shortsword_against_leather_has_the_expected_average():
    assert expected_damage("3-", "+-*", 2) == Fraction(4, 3)


def test_one_hardened_level_approaches_three_regular_levels_from_below():
    worth = [Fraction(row[4]) for row in hardened_check().rows]
    assert worth == sorted(worth)
    assert Fraction("2.9") < worth[-1] < 3


# --- tables and charts from the code ------------------------------------------------------


def test_the_sample_tables_list_every_sample():
    assert [row[0] for row in weapon_table().rows] == list(SAMPLE_WEAPONS)
    assert [row[0] for row in armor_table().rows] == list(SAMPLE_ARMOR)
    for name, text, *stops in armor_table().rows:  # what each armor stops, as a pool of 10 dice shows it
        assert [str(10 - dice_pool(f"10{symbol}", text)) for symbol in "-*+B"] == stops, name


@pytest.mark.parametrize(
    ("margin", "table"), [(0, expected_damage_at_margin_0), (2, expected_damage_at_margin_2)]
)
def test_the_expected_damage_tables_mark_the_better_mode(margin, table):
    """A cell is bold when its mode does the most against that armor and another mode does less."""
    armors = ["", *SAMPLE_ARMOR.values()]
    rows = iter(table().rows)
    for text in SAMPLE_WEAPONS.values():
        weapon = parse_weapon(text)
        modes = [[expected_damage(weapon, armor, margin, mode=mode) for armor in armors]
                 for mode in range(len(weapon.modes))]
        for values in modes:
            row = next(rows)
            for column, value in enumerate(values):
                others = [mode[column] for mode in modes]
                assert row[1 + column].startswith("**") == (min(others) < value == max(others)), row[0]
                assert row[1 + column].strip("*") == f"{float(value):.2f}", row[0]
    assert next(rows, None) is None


def test_a_chart_is_a_picture_for_the_site():
    picture = figure(cyrus_chart())
    assert picture.startswith("<figure") and "<svg" in picture and picture.endswith("</figure>")
    assert picture.count("<rect") == 4 * 6 + 4  # 4 armors x 6 damages, and the legend


# --- wound tracks ------------------------------------------------------------------------


def test_the_simple_track_checks_one_box_per_point():
    track = WoundTrack.simple().take(4)
    assert (track.status, track.penalty) == ("Scratched", 0)
    assert WoundTrack.simple().take(7).status == "Hurt"
    assert WoundTrack.simple().take(9).penalty == -2
    assert WoundTrack.simple().take(10).penalty == -4
    assert WoundTrack.simple().take(11).taken_out


def test_the_severity_track_moves_a_hit_to_the_next_free_box():
    track = WoundTrack.severity().take(3).take(3).take(3)
    assert track.checked == (0, 2, 1, 0, 0)
    assert track.status == "Injured"


def test_a_single_grave_wound_leaves_the_lesser_boxes_empty():
    track = WoundTrack.severity().take(6)
    assert track.checked == (0, 0, 0, 1, 0)
    assert track.penalty == -4


def test_taking_damage_returns_a_new_track():
    track = WoundTrack.simple()
    track.take(3)
    assert track.status == "Unhurt"


def test_negative_damage_is_refused():
    with pytest.raises(RulesError, match="-1"):
        WoundTrack.simple().take(-1)


# --- properties --------------------------------------------------------------------------

symbols = st.sampled_from(["-", "*", "+"])
weapons = st.builds(
    lambda dice, kind: f"{dice}{kind}",
    st.integers(0, 6),
    st.sampled_from(["-", "*", "+", "B", "E+", "E*+", "E-*+"]),
)
armors = st.builds(
    lambda regular, special, notes: "".join(regular) + "".join(special) + notes,
    st.lists(symbols, max_size=6),
    st.lists(st.sampled_from(["B", "E", "X"]), max_size=3),
    st.sampled_from(["", "(H)", "(Ab)", "(H, Ab)"]),
)
margins = st.integers(0, 4)


@given(weapons, armors, margins)
def test_the_pool_is_never_below_its_floor(weapon, armor, margin):
    before = plan(weapon, armor, margin)
    assert before.pool >= (0 if before.special else 1)
    assert before.pool <= max(before.base, 1)


@given(weapons, armors, margins)
def test_distributions_sum_to_one(weapon, armor, margin):
    odds = distribution(weapon, armor, margin)
    assert sum(odds.values()) == 1
    assert all(chance > 0 for chance in odds.values())


small_weapons = st.builds(
    lambda dice, kind: f"{dice}{kind}",
    st.integers(0, 4),
    st.sampled_from(["-", "*", "+", "B", "E+", "E*+", "E-*+"]),
)


@settings(deadline=None, max_examples=40)  # up to 3**6 rolls, each resolved by damage()
@given(small_weapons, armors, st.integers(0, 2))
def test_distribution_agrees_with_brute_force(weapon, armor, margin):
    assert distribution(weapon, armor, margin) == brute_force(weapon, armor, margin)


@given(weapons, armors, margins, symbols)
def test_more_armor_never_raises_expected_damage(weapon, armor, margin, extra):
    more = armor.replace("(", extra + "(", 1) if "(" in armor else armor + extra
    assert expected_damage(weapon, more, margin) <= expected_damage(weapon, armor, margin)


@given(weapons, armors, margins)
def test_a_bigger_margin_never_lowers_expected_damage(weapon, armor, margin):
    assert expected_damage(weapon, armor, margin + 1) >= expected_damage(weapon, armor, margin)


@given(weapons, armors, margins, st.data())
def test_every_roll_does_a_damage_the_distribution_allows(weapon, armor, margin, data):
    pool = dice_pool(weapon, armor, margin)
    roll = data.draw(st.lists(st.sampled_from(list(Face)), min_size=pool, max_size=pool))
    result = damage(weapon, armor, roll, margin)
    assert result.final in distribution(weapon, armor, margin)


@given(weapons, armors, margins)
def test_ablative_armor_never_gains_symbols(weapon, armor, margin):
    pool = dice_pool(weapon, armor, margin)
    worn = damage(weapon, armor, "+" * pool, margin).armor
    assert len(worn.symbols) <= len(parse_armor(armor).symbols)


@given(st.lists(st.integers(0, 8), max_size=12), st.sampled_from(["simple", "severity"]))
def test_wounds_only_ever_get_worse(hits, kind):
    track = getattr(WoundTrack, kind)()
    for hit in hits:
        after = track.take(hit)
        assert all(a >= b for a, b in zip(after.checked, track.checked, strict=True))
        assert track.taken_out <= after.taken_out
        track = after


@pytest.mark.parametrize("weapon", ["3-", "4*", "3+", "3B", "2E+"])
@pytest.mark.parametrize("margin", [0, 3])
def test_an_h_goes_with_the_last_of_its_types_symbols_as_ablative_armor_wears(weapon, margin):
    """§ruling-hardened-sources: wear on one type's symbols leaves another type's H in place."""
    armor = parse_armor("--**H++BBH(Ab)")
    mode = parse_weapon(weapon).modes[0]
    success = min(mode.succeeds_on, key=list(Face).index)
    worn = damage(weapon, armor, [success] * dice_pool(weapon, armor, margin), margin).armor
    assert worn.hardened_types == tuple(kind for kind in armor.hardened_types if getattr(worn, kind.word))
    assert worn.hardened == bool(worn.hardened_types)


def test_hardened_types_are_read_by_their_words_or_symbols():
    by_word = Armor(ballistic=4, hardened=True, hardened_types=["ballistic"])
    assert by_word.hardened_types == Armor(ballistic=4, hardened=True, hardened_types=["B"]).hardened_types
    assert by_word.hardened_types == (DamageType.BALLISTIC,)


@pytest.mark.parametrize(
    ("armor", "says"),
    [
        ({"slashing": 2, "hardened_types": ["ballistic"]},
         "hardened_types names ballistic, but the armor has no B: an H follows the symbols of the type it "
         "hardens (BBBBH)"),
        ({"ballistic": 4, "hardened_types": ["fyre"]}, "Unknown hardened type 'fyre'"),
        ({"ballistic": 4, "hardened_types": "ballistic"}, "hardened_types must be a list or a set"),
    ],
)
def test_hardened_types_the_armor_cannot_hold_are_refused_saying_why(armor, says):
    with pytest.raises(RulesError) as refused:
        Armor(hardened=True, **armor)
    assert str(refused.value).startswith(says)
