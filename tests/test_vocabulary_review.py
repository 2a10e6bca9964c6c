"""One vocabulary across systems (§ruling-one-vocabulary, §ruling-immunity-names).

Every word the conditions system reads as a condition, a Condition Immunity reads as
the same condition; combatants' names compare regardless of case and spacing in every
question the conditions system answers; an effect's name is read one way for what it
stops and for the non-stacking list.
"""

from __future__ import annotations

import random
from math import floor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.affinity import Affinity, Modifier, calculate
from rules.conditions import Attack, Combatant, can_be_commanded_by, violates_mark
from rules.errors import RulesError
from rules.monsters.variable import SharedShift
from rules.resistances import CharacterCondition, check_effect, parse_trait
from rules.taking_damage import NON_STACKING, Defender, Immunity, take_hit
from rules.taking_damage.defender import non_stacking_name
from rules.vocabulary import _CONDITION_ALIASES, Condition, bare_effect_name
from rules.words import singular, word_key

WORDS = sorted({*_CONDITION_ALIASES, *(condition.value for condition in Condition)})


def spelled(word: str, data: st.DataObject) -> str:
    """The word in a case and with separators a player might type."""
    cased = "".join(data.draw(st.sampled_from([c.lower(), c.upper()])) for c in word)
    return cased.replace(" ", data.draw(st.sampled_from([" ", "-", "_", "  "])))


@pytest.mark.parametrize("word", WORDS)
def test_a_condition_immunity_reads_every_word_the_conditions_system_reads(word):
    condition = Condition.parse(word)
    assert CharacterCondition.parse(word).condition is condition
    assert parse_trait(f"Condition Immune: {word}").condition is CharacterCondition.of(condition)
    assert check_effect(condition.value, [f"Condition Immune: {word}"]).ignored


@given(word=st.sampled_from(WORDS), data=st.data())
def test_spelling_never_changes_which_condition_is_meant(word, data):
    written = spelled(word, data)
    assert Condition.parse(written) is Condition.parse(word)
    assert CharacterCondition.parse(written) is CharacterCondition.parse(word)


NAMES = st.text("abcdefghij", min_size=1, max_size=8)


@given(name=NAMES, data=st.data())
def test_a_marker_is_the_same_marker_in_any_case(name, data):
    other = spelled(name, data)
    marked = Combatant("Orc").add("marked", source=name)
    assert not violates_mark(marked, Attack([other]))
    assert violates_mark(marked, Attack([other + "x"]))
    assert not violates_mark(marked, Attack(["someone"], marked_during=[other]))
    assert not violates_mark(marked, Attack(["someone"], removed_by_enemy=[other]))


@given(name=NAMES, data=st.data())
def test_a_source_is_the_same_source_in_any_case(name, data):
    other = spelled(name, data)
    held = Combatant("Ari").add("grabbed", source=name).add("dominated", source=name)
    assert held.sources("grabbed") == (name,)
    assert held.add("grabbed", source=other).sources("grabbed") == (name,)  # one grabber, as first written
    assert not held.escape(other).has("grabbed")
    assert not held.save("dominated", source=other).has("dominated")
    assert not held.no_longer_adjacent(other).has("grabbed")
    assert can_be_commanded_by(held, other)


SEED_NAMES = (  # the non-stacking list as seed 003 writes it
    "Poison Immunity Spell",
    "Battle Mastery Spell",
    "Nature Immunity Magic Items",
    "Mind Blank Spell",
    "The Rare Arcane Antiviral Ritual",
    "The Rare Elemental Shelter Ritual",
    "The Rare Vulnerability Trap",
)


@pytest.mark.parametrize(("seed_name", "listed"), list(zip(SEED_NAMES, NON_STACKING, strict=True)))
def test_the_seed_s_names_of_the_non_stacking_effects_are_read_as_the_list(seed_name, listed):
    name, _ = listed
    assert non_stacking_name(seed_name) == name
    if name.endswith("Immunity"):
        stopped = name.removesuffix(" Immunity").lower()
        assert Immunity(seed_name).against == frozenset({stopped})
        assert take_hit(Defender(body=3, immunities=[seed_name]), 4, effect=stopped).call == "No Effect"


@given(data=st.data())
def test_a_damage_type_reads_alike_in_any_spelling_in_the_affinity_flowchart(data):
    written = spelled("cold iron", data)
    assert calculate(10, written, {"Cold-Iron": "VU"}).final == 10 * Affinity.VU.multiplier
    granted = Modifier("grant", "RS", duration="scene")
    saved = calculate(10, written, "Normal", modifier=granted).state
    assert calculate(10, "cold iron", "Normal", state=saved).final == floor(10 * Affinity.RS.multiplier)


@pytest.mark.parametrize(
    ("name", "bare"),
    [("The Rare Fire Ritual", "fire"), ("the ritual", "ritual"), ("fire spell", "fire"), ("spell", "spell"),
     ("the", "the"), ("Poison Immunity Spell", "poison immunity")],
)
def test_an_effects_kind_words_go_but_never_its_last_word(name, bare):
    """"the", "rare" and a kind such as "spell" go from an effect's name, down to its last word."""
    assert bare_effect_name(name) == bare


@pytest.mark.parametrize(
    ("one", "other"), [("Axes", "axe"), ("Knives", "knife"), ("axe", "ax"), ("Bolts", "bolt")]
)
def test_a_plural_or_a_silent_e_does_not_make_another_word(one, other):
    """A source named in the plural, or with its silent "e", matches the same word written otherwise."""
    assert word_key(one) == word_key(other)


@pytest.mark.parametrize(
    ("plural", "one"),
    [("Knives", "knife"), ("Lives", "life"), ("Wolves", "wolf"), ("Dragon Teeth", "dragon tooth"),
     ("Torches", "torch"), ("Boxes", "box"), ("Flies", "fly"), ("Axes", "axe"), ("Eves", "eve"),
     ("Bus", "bus"), ("Glass", "glass"), ("Elves", "elf"), ("Cactus", "cactus"), ("Axis", "axis"),
     ("Pies", "pie"), ("Giant Wolf Teeth", "giant wolf tooth"), ("Big Red Gas", "big red gas")],
)
def test_a_source_in_the_plural_reads_as_one_thing(plural, one):
    """Each ending rule of `singular`, on words of the lengths where the rules part ways."""
    assert singular(plural) == one


@given(st.sampled_from([member for member in CharacterCondition if member.condition is not None]))
def test_the_condition_an_immunity_line_names_is_one_a_combatant_can_have(member):
    """§ruling-one-vocabulary: `Condition Immune: Dazed` names the dazed of the conditions system."""
    named = parse_trait(f"Condition Immune: {member.value}").condition
    source = "Ogre" if member.condition.source_name else None
    assert Combatant("Ari").add(named, source).has(member.condition)
    assert Combatant("Ari").add(member.condition, source).has(named)


def test_forced_movement_is_no_condition_a_combatant_has():
    with pytest.raises(RulesError, match="Forced Movement"):
        Combatant("Ari").add(CharacterCondition.FORCED_MOVEMENT)


@given(st.sampled_from(["Vrock", "vrock", " VROCK ", "Vrock  "]), st.sampled_from(["vrock", "VROCK"]))
def test_variable_resistance_holders_compare_in_any_case_and_spacing(held, asked):
    """§ruling-one-vocabulary: "Vrock" and "vrock" are one holder of a shared Variable Resistance."""
    band = SharedShift((held, "Barlgura", asked)).use(asked, ["fire"], random.Random(1))
    assert len(band.holders) == 2
    assert band.traits_of(asked) == band.traits_of(held) == band.traits != ()
    assert SharedShift(band.holders, band.resisted, band.vulnerable, asked) == band
