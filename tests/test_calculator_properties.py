"""Every calculator answers exactly as its rules functions, and the browser's entry point agrees.

For any form (hypothesis over every field: the values a player picks, the seeds' notation,
duplicates such as "Fire 5, Fire 1" or "fire,fire", and odd text), `calculators.answer`
gives the result the system's public `rules` functions give when called directly on the
same text (`tests.test_calculators.DIRECT`), and refuses exactly when they refuse, on a
field of the form. `answer_json` given the same form as a link answers the same JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from urllib.parse import urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import CALCULATORS, answer, answer_json
from calculators.fields import Field
from rules.explain import Explained
from rules.resistances import take_damage
from tests.fuzzing import FUZZ
from tests.test_calculators import DIRECT, _words, _yes

FORMS = settings(FUZZ, max_examples=min(150, settings().max_examples))  # fewer under the "dev" profile

ODD = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
"""Any text but lone surrogates (a link carries UTF-8)."""

SAMPLES: dict[str, list[str]] = {
    "traits": ["Resist Fire", "Resist 10 Fire", "Vulnerable 5 Cold", "Damage Immune: Fire", "Resist All 5",
               "Condition Immune: Removed from Game", "Resist 10 Fyre", "Damage Immune: All", "Swarm"],
    "reduction": ["five", "Fire 0", "Fire5", "Fire -2"],
    "role": ["Soldier", "Elite Lurker (Leader)", "Artillery", "Wizard", "brute"],
    "type": ["fire", "", "untyped", "ice", " "],
    "attacker": ["Ari", "Fighter", " ", "ari"],
    "target": ["Orc", "fighter", "Ari", ""],
    "attacker-conditions": [
        "Prone", "Blinded", "marked (Fighter)", "Grabbed (Ogre)", "removed from game", "confused"
    ],
    "target-conditions": ["Prone", "Unconscious", "Restrained", "grabbed"],
    "also-targets": ["", "fighter", "Fighter, wizard", "FIGHTER"],
    "other": ["power -2", "-1", "cover -2", "power 2", "a lot"],
    "weapon": ["Shortsword: 3-", "4B", "6E*+(Fire)", "Arrow: 4+", "4-/2+", "3x", "Knife: 2+"],
    "armor": ["Leather: +-*", "BBBBH", "--**++(H vs. Knives)", "EEEH(Fire)", "--q+", "", "H--", "XXXXXX"],
    "roll": ["[-][ ][ ][+]", "-+ *", "", "++++", "[-][ ][ ][x]", "+"],
    "source": ["", "arrow", "knives", "fire", "...", "Arrows and Bolts"],
    "effect": ["", "Poison", "poison", "silver"],
    "immunities": ["Poison Immunity", "Poison Immunity Spell", "Spirit Shield", "Silver Immunity"],
    "one-time": ["Spirit Shield", "Battle Mastery"],
    "requires": ["", "silver", "silver, cold iron"],
}


def _resistances(values: Mapping[str, str]) -> Explained:
    """The calculator's reading of Resistance Reduction: a type and a number, each type once."""
    reduction: dict[str, int] = {}
    for item in _words(values["reduction"]):
        found = re.fullmatch(r"\s*([A-Za-z][A-Za-z -]*?)\s*([+-]?[0-9]{1,102})\s*", item)
        if found is None or found[1] in reduction:
            raise ValueError(item)
        reduction[found[1]] = int(found[2])
    return take_damage(
        int(values["damage"]), _words(values["types"]), _words(values["traits"], "\n"),
        advantage=_yes(values["advantage"]), critical=_yes(values["critical"]),
        ongoing=_yes(values["ongoing"]), silvered=_yes(values["silvered"]), area=_yes(values["area"]),
        attacker_level=int(values["level"]), environmental=_yes(values["environmental"]),
        reduction=reduction,
    )


REFERENCE = {**DIRECT, "resistances": _resistances}


def _value(field: Field, *, odd_text: bool) -> st.SearchStrategy[str]:
    """What a player would pick or type (duplicates too); with ``odd_text``, sometimes odd text."""
    picks = [value for value, _ in field.choices]
    if field.kind == "number":
        good: st.SearchStrategy[str] = st.from_regex(r"\+?[0-9]{1,3}", fullmatch=True)
        odd: st.SearchStrategy[str] = st.sampled_from(["", "lots", "-1", "1" * 102, " 7 ", "-40"])
    elif field.kind == "flag":
        good, odd = st.sampled_from(["yes", ""]), st.just("no")
    elif field.kind == "choice":
        good, odd = st.sampled_from(picks), st.just("zzz")
    elif field.kind == "choices":
        good = st.lists(st.sampled_from([*picks, picks[0]]), max_size=4).map(",".join)
        odd = st.lists(st.sampled_from([*picks, "fyre", " "]), max_size=4).map(",".join)
    elif field.name == "reduction":  # types and numbers, a type often twice
        kinds = st.sampled_from(["Fire", "fire", "Cold", "FIRE"])
        pairs = st.lists(st.tuples(kinds, st.integers(1, 9)), max_size=3)
        good = pairs.map(lambda items: ", ".join(f"{kind} {number}" for kind, number in items))
        odd = st.sampled_from(SAMPLES["reduction"])
    else:
        samples = st.sampled_from(SAMPLES.get(field.name, [field.default]))
        if field.kind == "lines":
            good = st.lists(samples, max_size=4).map("\n".join)
            odd = st.lists(samples | ODD, max_size=4).map("\n".join)
        else:
            good, odd = samples, ODD
    return st.one_of(good, good, good, odd) if odd_text else good


def forms(system: str, *, odd_text: bool = True) -> st.SearchStrategy[dict[str, str]]:
    """Some of the calculator's fields filled in; the others keep their default."""
    fields = CALCULATORS[system].fields
    optional = {field.name: _value(field, odd_text=odd_text) for field in fields}
    return st.fixed_dictionaries({}, optional=optional)


def _direct(system: str, values: Mapping[str, str]) -> tuple[Explained, ...] | None:
    fields = CALCULATORS[system].fields
    filled = {field.name: field.default for field in fields} | dict(values)
    if any(
        (field.kind == "choice" and filled[field.name] not in dict(field.choices))
        or (field.kind == "flag" and filled[field.name] not in ("yes", ""))
        for field in fields
    ):
        return None  # a choice is one of the field's values, a flag is ticked or not, read or not
    try:
        result = REFERENCE[system](filled)
    except (ValueError, TypeError):  # the rules refuse (RulesError is a ValueError), or the text
        return None
    return result if isinstance(result, tuple) else (result,)


@FORMS
@given(data=st.data())
@pytest.mark.parametrize("odd_text", [False, True], ids=["as a player fills it", "with odd text"])
@pytest.mark.parametrize("system", CALCULATORS)
def test_a_calculator_answers_exactly_as_its_rules_functions(
    system: str, odd_text: bool, data: st.DataObject
):
    values = data.draw(forms(system, odd_text=odd_text), label="form")
    got = answer(system, values)
    direct = _direct(system, values)
    if direct is None:
        assert got["ok"] is False, (values, got)
        assert got["field"] in {field.name for field in CALCULATORS[system].fields}, got
        return
    assert got["ok"] is True, (values, got)
    assert got["outcome"] == "; ".join(result.outcome for result in direct)
    assert got["situation"] == "; ".join(result.situation for result in direct)
    steps = [step for result in direct for step in result.steps]
    assert [(step["anchor"], step["text"], step["change"]) for step in got["steps"]] == [
        (step.rule.anchor, step.text, step.change) for step in steps
    ]


@FUZZ
@given(data=st.data())
@pytest.mark.parametrize("system", CALCULATORS)
def test_answer_and_answer_json_agree_on_every_form(system: str, data: st.DataObject):
    values = data.draw(forms(system), label="form")
    expected = json.loads(json.dumps(answer(system, values)))
    assert json.loads(answer_json(system, urlencode(values))) == expected


@pytest.mark.parametrize("query", [None, {}, {"damage": "17"}, 17, b"damage=17", ["damage=17"]])
@pytest.mark.parametrize("system", CALCULATORS)
def test_a_query_that_is_not_text_is_refused_as_answer_refuses_values_that_are_not_text(system, query):
    got = json.loads(answer_json(system, query))
    assert got["ok"] is False
    assert got["field"] is None
    assert "must be the text of a link" in got["message"]


def test_a_resistance_reduction_typed_twice_is_refused_on_its_field():
    for reduction in ("Fire 5, Fire 1", "Fire 1, Fire 5", "fire 5, FIRE 1"):
        got = answer("resistances", {"damage": "20", "types": "fire", "reduction": reduction})
        assert (got["ok"], got["field"]) == (False, "reduction"), got


@pytest.mark.parametrize(
    ("immunities", "one_time", "field"),
    [("", "Battle Mastery\nMind Blank", "one-time"), ("Poison Immunity\nMind Blank", "", "immunities"),
     ("Poison Immunity", "Battle Mastery", "one-time")],
)
def test_two_non_stacking_effects_are_refused_on_the_field_of_the_second(immunities, one_time, field):
    """A clash shows beside the field where the second non-stacking effect was typed."""
    values = {"damage": "5", "body": "3", "immunities": immunities, "one-time": one_time}
    got = answer("taking-damage", values)
    assert (got["ok"], got["field"]) == (False, field), got
