"""Every notation reads back what it prints, and every value built in code prints as notation that reads back.

For each notation (trait lines, weapons, armor, die faces and rolls, and the words of every
closed vocabulary): parse, print, parse gives the same value, and printing again gives the
same text. For each object with a text form that a notation reads: build it in code from
any fields, including words the notation gives a meaning of its own ("Ab", "H", "AP",
"H vs. ..."); it is refused at construction or prints as notation that reads back to it.
Objects whose text is a display only (a `Combatant`, a `Defender`, a wound track, a saved
affinity state) have no reader, so no round trip.
"""

from __future__ import annotations

from enum import Enum

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import affinity, conditions, monsters, resistances, taking_damage
from rules.errors import NotationError, RulesError
from rules.resistances import parse_trait
from rules.typed_damage import Armor, DamageType, Face, Mode, Weapon, parse_armor, parse_weapon
from rules.typed_damage.resolve import read_roll
from rules.typed_damage.wounds import TrackKind
from rules.vocabulary import CharacterCondition, Condition

# Words the notation reads as something of its own, and text that cannot sit in a note.
HOSTILE = ["Ab", "ab", "AB", "H", "h", "AP", "ap", "H vs. Arrows", "H  vs. Bolts", "h vs darts", "Hvs",
           "x: y",
           "Fire", "fire", "Cold Iron", "a:b", "x(y", "x)y", "a, b", "Arrows and Bolts", " Fire", "Fire ",
           "", " ", "...", "E", "X", "+", "-", "*", "B", "Lasers", "H vs.", "vs. Arrows", "Ab Fire"]
notes = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=8))
note_lists = st.lists(notes, max_size=3).map(tuple)
names = st.one_of(st.none(), st.sampled_from(["Vest", "Foam: Two", " Sword ", "", "X"]), st.text(max_size=6))
counts = st.integers(0, 3)
kinds = st.sampled_from(list(DamageType))


def _built_or_refused(make):
    """The value built, or None when construction refuses it (a RulesError, as every refusal is)."""
    try:
        return make()
    except RulesError:
        return None


@st.composite
def armor_fields(draw):
    symbols = ("slashing", "impact", "piercing", "ballistic", "energy", "universal")
    fields = {field: draw(counts) for field in symbols}
    fields["energy_types"] = draw(note_lists)
    fields["hardened"] = draw(st.booleans())
    fields["hardened_vs"] = draw(note_lists)
    fields["hardened_types"] = draw(st.lists(kinds, max_size=2).map(tuple))
    fields["ablative"] = draw(st.booleans())
    fields["name"] = draw(names)
    return fields


@given(armor_fields())
def test_armor_built_in_code_is_refused_or_reads_back_from_its_notation(fields):
    armor = _built_or_refused(lambda: Armor(**fields))
    if armor is not None:
        assert parse_armor(str(armor)) == armor, str(armor)


@st.composite
def modes(draw):
    kind = draw(kinds)
    intensity = draw(st.sampled_from([frozenset({Face.PLUS}), frozenset({Face.BLANK, Face.PLUS}),
                                      frozenset(Face), frozenset()]))
    dice, piercing, written = draw(counts), draw(st.booleans()), draw(note_lists)
    return _built_or_refused(lambda: Mode(dice, kind, intensity, piercing, written))


@given(st.lists(modes(), min_size=1, max_size=3), names)
def test_a_weapon_built_in_code_is_refused_or_reads_back_from_its_notation(built, name):
    if None in built:
        return
    weapon = _built_or_refused(lambda: Weapon(tuple(built), name))
    if weapon is not None:
        assert parse_weapon(str(weapon)) == weapon, str(weapon)


# Notation text, written the ways players write it: symbols with or without H, notes in any case and
# spacing, a name or none.
symbol_runs = st.lists(st.sampled_from(["-", "*", "+", "B", "E", "X", "H", "b", "e", "x", " "]), max_size=8)
note_text = st.lists(notes, max_size=3).map(lambda listed: f"({', '.join(listed)})" if listed else "")


@given(st.sampled_from(["", "Vest: ", "Vest:", " Foam : "]), symbol_runs.map("".join), note_text)
def test_armor_notation_reads_back_as_it_prints(name, symbols, written):
    try:
        armor = parse_armor(name + symbols + written)
    except NotationError:
        return
    printed = str(armor)
    assert parse_armor(printed) == armor
    assert str(parse_armor(printed)) == printed


mode_text = st.tuples(
    st.integers(0, 12).map(str),
    st.sampled_from(["-", "*", "+", "B", "E+", "E*+", "E-*+", "e+", "b"]),
    note_text,
).map("".join)


@given(st.sampled_from(["", "Sword: ", "Gun:"]), st.lists(mode_text, min_size=1, max_size=3).map("/".join))
def test_weapon_notation_reads_back_as_it_prints(name, modes_written):
    try:
        weapon = parse_weapon(name + modes_written)
    except NotationError:
        return
    printed = str(weapon)
    assert parse_weapon(printed) == weapon
    assert str(parse_weapon(printed)) == printed


@given(st.text(max_size=40))
def test_any_trait_line_that_reads_prints_as_a_line_that_reads_the_same(text):
    try:
        trait = parse_trait(text)
    except RulesError:
        return
    printed = str(trait)
    assert parse_trait(printed) == trait
    assert str(parse_trait(printed)) == printed


@given(st.lists(st.sampled_from(list(Face)), max_size=6))
def test_faces_and_rolls_read_back_as_they_print(faces):
    for face in faces:
        assert Face.parse(str(face)) == face == Face.parse(face.value)
    assert read_roll("".join(face.value for face in faces)) == tuple(faces)


def _vocabularies():
    """Every closed vocabulary that reads the words players write: (enum, its reader)."""
    found = {}
    for module in (resistances, conditions, monsters, affinity, taking_damage):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Enum) and hasattr(value, "parse"):
                found[value] = value.parse
    found[Condition] = Condition.parse
    found[CharacterCondition] = CharacterCondition.parse
    found[Face] = Face.parse
    return sorted(found.items(), key=lambda pair: pair[0].__qualname__)


@pytest.mark.parametrize(
    ("vocabulary", "read"), _vocabularies(), ids=lambda v: getattr(v, "__qualname__", "")
)
def test_every_word_of_a_closed_vocabulary_reads_back_in_any_case(vocabulary, read):
    for member in vocabulary:
        written = member.value if isinstance(member.value, str) else member.name
        assert read(member) is member
        assert read(written) is member
        assert read(written.upper()) is member
        assert read(f" {written.lower()} ") is member


def test_the_vocabularies_found_include_each_systems():
    found = {vocabulary.__qualname__ for vocabulary, _ in _vocabularies()}
    assert {"DamageType", "Condition", "Affinity", "CharacterCondition", "Face"} <= found
    assert len(found) >= 10, found
    assert TrackKind.SIMPLE.value == "simple"  # parsed by parse_word inside WoundTrack, tested there
