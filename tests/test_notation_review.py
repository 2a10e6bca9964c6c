"""The seeds' notation in every form they write it (§ruling-hardened-sources).

Hardness "after the appropriate type of damage, or in the notes"; sources in the
singular or the plural, regular or not; what can never match is refused, never read as
regular armor.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import NotationError, RulesError
from rules.resistances import parse_trait
from rules.typed_damage import Armor, damage, dice_pool, parse_armor
from rules.typed_damage.equipment import DamageType

PLURALS = [
    ("knife", "Knives"), ("arrow", "Arrows"), ("wolf", "Wolves"), ("torch", "Torches"),
    ("fairy", "Fairies"), ("tooth", "Teeth"), ("goose", "Geese"), ("axe", "Axes"),
    ("flame", "Flames"), ("fire arrow", "Fire Arrows"), ("glass", "Glasses"), ("die", "Dice"),
    ("ooze", "Oozes"), ("horse", "Horses"), ("bus", "Buses"), ("box", "Boxes"), ("thief", "Thieves"),
]


@pytest.mark.parametrize(("one", "many"), PLURALS)
def test_a_source_matches_in_the_singular_and_the_plural(one, many):
    for armor_name, attack_name in ((many, one), (one, many), (one, one.upper()), (many, many)):
        armor = f"--**++(H vs. {armor_name})"
        assert dice_pool("4+", armor, source=attack_name) == 4  # hardened: no dice taken
        assert dice_pool(f"4+({attack_name})", armor) == 4
        assert dice_pool("4+", armor, source="sword") == 2  # regular against anything else


@pytest.mark.parametrize(
    "written", ["Arrows and Bolts", "Arrows/Bolts", "Arrows or Bolts", "...", "Arrows & Bolts"]
)
def test_a_source_that_could_never_match_one_attack_is_refused(written):
    with pytest.raises(NotationError, match=r"H vs\.") as refused:
        parse_armor(f"--(H vs. {written})")
    assert refused.value.position == 3
    with pytest.raises(RulesError, match="A source"):
        Armor(slashing=2, hardened=True, hardened_vs=(written,))


HARDENABLE = {"-": "slashing", "*": "impact", "+": "piercing", "B": "ballistic", "E": "energy"}


@given(
    counts=st.fixed_dictionaries({symbol: st.integers(0, 4) for symbol in HARDENABLE}),
    hard=st.sets(st.sampled_from(sorted(HARDENABLE))),
    vs=st.sampled_from([(), ("Arrows",)]),
)
def test_an_h_after_a_type_reads_back_as_written(counts, hard, vs):
    hard = {symbol for symbol in hard if counts[symbol]}
    armor = Armor(
        **{HARDENABLE[symbol]: count for symbol, count in counts.items()},
        hardened=bool(hard or vs),
        hardened_vs=vs,
        hardened_types=tuple(DamageType(symbol) for symbol in hard),
    )
    assert parse_armor(str(armor)) == armor
    for kind in DamageType:
        expected = bool(hard or vs) and (kind.value in hard or not (hard or vs))
        assert armor.hardened_against((), kind) is expected


@pytest.mark.parametrize(
    ("armor", "problem"),
    [
        ("H--", "follows no damage type"),
        ("XXH", "universal armor is no damage type"),
        ("BBHBH", "a second H for ballistic"),
        ("BBH(H)", "(H) hardens against everything"),
    ],
)
def test_an_h_that_hardens_nothing_readable_is_refused_at_its_position(armor, problem):
    with pytest.raises(NotationError, match=re.escape(problem)):
        parse_armor(armor)


def test_the_symbol_form_and_the_notes_form_agree():
    for weapon, roll in (("4B", "++ -"), ("4-", "--+*"), ("6E+(Fire)", "++++ -")):
        kind = weapon[1]
        symbols = f"{kind}{kind}H" + ("(Fire)" if kind == "E" else "")
        notes = f"{kind}{kind}(" + ("Fire, " if kind == "E" else "") + "H)"
        assert damage(weapon, symbols, roll).final == damage(weapon, notes, roll).final


def test_ablative_wear_takes_the_h_with_the_last_symbol_of_its_type():
    worn = damage("4B", "BH+(Ab)", "++++").armor
    assert (worn.ballistic, worn.hardened, worn.hardened_types, str(worn)) == (0, False, (), "+(Ab)")
    kept = damage("4B", "BBBH+(Ab)", "+ --").armor
    assert kept.ballistic == 1 and kept.hardened_types == (DamageType.BALLISTIC,)


@pytest.mark.parametrize("damage_type", ["Cold", "fire", "NECROTIC"])
def test_an_older_vulnerability_with_an_effect_is_its_damage_trigger(damage_type):
    older = parse_trait(f"Vulnerable {damage_type}: slowed until the end of its turn")
    assert older == parse_trait(f"Damage Trigger {damage_type}: slowed until the end of its turn")
    assert parse_trait(str(older)) == older
    for refused in (f"Vulnerable 5 {damage_type}: x", "Vulnerable All: x", f"Vulnerable {damage_type}:"):
        with pytest.raises(NotationError):
            parse_trait(refused)
