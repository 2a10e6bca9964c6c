"""The calculators answer as the rules do, refuse bad input on its field, and never crash.

Each situation of `tests/calculator_situations.py` is answered by `calculators.answer` and
by the system's public `rules` functions called directly here; the outcome and the steps
must agree. Bad input must be refused on the field it concerns, with a message.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators import CALCULATORS, KINDS, answer, answer_json
from rules.affinity import Modifier, calculate
from rules.conditions import Attack, Combatant, attack_penalty, violates_mark
from rules.explain import Explained, Rule, Step
from rules.monsters import design_defenses, monster_traits
from rules.resistances import take_damage
from rules.taking_damage import Defender, OneTime, take_hit
from rules.typed_damage import damage, distribution, plan
from rulesite import calculator_assets
from tests.calculator_situations import SITUATIONS, Situation
from tests.fuzzing import FUZZ, NOTATION

DOCS = Path(__file__).resolve().parent.parent / "docs"
NAME = re.compile(r"[a-z][a-z0-9-]*")


def _words(text: str, separator: str = ",") -> list[str]:
    return [item.strip() for item in text.split(separator) if item.strip()]


def _yes(value: str) -> bool:
    if value not in ("yes", ""):
        raise ValueError(value)
    return value == "yes"


def _resistances(values: Mapping[str, str]) -> Explained:
    reduction = {}
    for item in _words(values["reduction"]):
        kind, number = item.rsplit(maxsplit=1)
        reduction[kind] = int(number)
    return take_damage(
        int(values["damage"]),
        _words(values["types"]),
        _words(values["traits"], "\n"),
        advantage=_yes(values["advantage"]),
        critical=_yes(values["critical"]),
        ongoing=_yes(values["ongoing"]),
        silvered=_yes(values["silvered"]),
        area=_yes(values["area"]),
        attacker_level=int(values["level"]),
        environmental=_yes(values["environmental"]),
        reduction=reduction,
    )


@dataclass(frozen=True)
class _BeforeTheRoll:
    """What the typed-damage calculator answers with the dice left empty: the chances."""

    situation: str
    outcome: str
    steps: tuple[Step, ...]


def _typed_damage(values: Mapping[str, str]) -> Explained | _BeforeTheRoll:
    strength = int(values["strength"]) if values["strength"].strip() else None
    hit = (values["weapon"], values["armor"], int(values["margin"]))
    mode, source = int(values["mode"]), values["source"] or None
    if not values["roll"]:  # the dice not rolled yet: the chances, from the rules' plan and odds
        before = plan(*hit, mode=mode, source=source, strength=strength)
        if before.pool:
            hurt = 1 - distribution(*hit, mode=mode, source=source, strength=strength).get(0, Fraction(0))
            dice = "1 die" if before.pool == 1 else f"{before.pool} dice"
            worn = str(before.armor) or "no armor"
            return _BeforeTheRoll(
                f"Weapon {before.weapon} against {worn}, before the roll",
                f"Rolling {dice}: at least 1 damage {hurt.numerator}/{hurt.denominator} ({float(hurt):.1%})",
                before.steps,
            )
    return damage(values["weapon"], values["armor"], values["roll"], int(values["margin"]),
                  mode=mode, source=source, strength=strength)


def _taking_damage(values: Mapping[str, str]) -> Explained:
    defender = Defender(
        magic_armor=int(values["magic-armor"]),
        monstrous_armor=int(values["monstrous-armor"]),
        physical_armor=int(values["physical-armor"]),
        natural_armor=int(values["natural-armor"]),
        body=int(values["body"]),
        immunities=tuple(_words(values["immunities"], "\n")),
        one_time=tuple(OneTime(name) for name in _words(values["one-time"], "\n")),
        requires=frozenset(_words(values["requires"])),
    )
    return take_hit(defender, int(values["damage"]), effect=values["effect"].strip() or None,
                    pierce=_yes(values["pierce"]), location=values["location"])


def _affinity(values: Mapping[str, str]) -> Explained:
    def modifier(action: str, affinity: str, lock: str, duration: str) -> Modifier | None:
        return Modifier(action, affinity, lock=_yes(lock), duration=duration) if action else None  # type: ignore[arg-type]

    kind = values["type"].strip() or None
    earlier = modifier(values["earlier"], values["earlier-affinity"], values["earlier-lock"], "scene")
    state = calculate(0, kind, values["native"], modifier=earlier).state if earlier else None
    return calculate(
        int(values["damage"]), kind, values["native"], guarding=_yes(values["guarding"]), state=state,
        modifier=modifier(
            values["modifier"], values["modifier-affinity"], values["lock"], values["duration"]
        ),
        ignores=_words(values["ignores"]),
    )


def _monsters(values: Mapping[str, str]) -> tuple[Explained, Explained]:
    defenses = design_defenses(values["role"].strip(), int(values["average"]),
                               plus=values["plus"] or None, minus=values["minus"] or None)
    traits = monster_traits(_words(values["groups"]), level=int(values["level"]),
                            new_rules=not _yes(values["old-rules"]))
    return defenses, traits


def _combatant(name: str, lines: str) -> Combatant:
    combatant = Combatant(name.strip())
    for line in _words(lines, "\n"):
        condition, _, source = line.removesuffix(")").partition("(")
        combatant = combatant.add(condition.strip(), source=source.strip() or None)
    return combatant


def _conditions(values: Mapping[str, str]) -> Explained:
    attacker = _combatant(values["attacker"], values["attacker-conditions"])
    target = _combatant(values["target"], values["target-conditions"])
    targets = Attack([target.name, *_words(values["also-targets"])])
    verdict = violates_mark(attacker, targets) if attacker.sources("marked") else False
    other = []
    for line in _words(values["other"], "\n"):
        *kind, value = line.rsplit(maxsplit=1)
        other.append((kind[0] if kind else None, int(value)))
    return attack_penalty(attacker, target, adjacent=_yes(values["adjacent"]), cover=values["cover"],
                          concealment=values["concealment"], violates_mark=verdict, other=other)


DIRECT: dict[str, Callable[[Mapping[str, str]], Explained | tuple[Explained, ...]]] = {
    "resistances": _resistances,
    "monsters": _monsters,
    "affinity": _affinity,
    "conditions": _conditions,
    "typed-damage": _typed_damage,
    "taking-damage": _taking_damage,
}
"""Each system's situation worked out by calling its rules directly, from the same text; a monster
is answered by two results (its defenses, then its group traits)."""
"""Each system's situation worked out by calling its rules directly, from the same text."""


def _filled(situation: Situation) -> dict[str, str]:
    defaults = {field.name: field.default for field in CALCULATORS[situation.system].fields}
    return {**defaults, **situation.values}


@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda case: f"{case.system}: {case.why}")
def test_a_situation_is_answered_as_the_rules_answer_it(situation: Situation):
    got = answer(situation.system, situation.values)
    if situation.refused:
        assert got["ok"] is False, got
        assert got["field"] == situation.refused, got
        assert got["message"]
        with pytest.raises(ValueError):  # the rules, or reading the text, refuse it too
            DIRECT[situation.system](_filled(situation))
        return
    direct = DIRECT[situation.system](_filled(situation))
    results = direct if isinstance(direct, tuple) else (direct,)
    assert got["ok"] is True, got
    assert got["outcome"] == "; ".join(result.outcome for result in results)
    assert got["situation"] == "; ".join(result.situation for result in results)
    steps = [step for result in results for step in result.steps]
    shown = [f"{step['title']} (§{step['anchor']}): {step['text']}" for step in got["steps"]]
    assert shown == [str(step) for step in steps]
    assert [step["change"] for step in got["steps"]] == [step.change for step in steps]


def test_every_system_has_ten_situations_with_one_bad_input():
    for system in CALCULATORS:
        mine = [situation for situation in SITUATIONS if situation.system == system]
        assert len(mine) >= 10, system
        assert any(situation.refused for situation in mine), system
        assert any(situation.why.startswith(("seed", "worked example")) for situation in mine), system


def _anchored(page: str, anchor: str) -> bool:
    if anchor in Rule.registry:
        return True
    return re.search(rf"#{re.escape(anchor)}\b", (DOCS / page).read_text(encoding="utf-8")) is not None


@pytest.mark.parametrize("system", CALCULATORS)
def test_the_fields_are_well_formed(system: str):
    calculator = CALCULATORS[system]
    assert calculator.system == system
    assert (DOCS / calculator.page).is_file()
    names = [field.name for field in calculator.fields]
    assert len(set(names)) == len(names)
    for field in calculator.fields:
        assert NAME.fullmatch(field.name), field
        assert field.kind in KINDS, field
        assert field.label, field
        assert bool(field.choices) == (field.kind in ("choice", "choices")), field
        if field.rule:
            assert _anchored(calculator.page, field.rule), field
        if field.kind == "choice":
            assert field.default in [value for value, _ in field.choices], field


@pytest.mark.parametrize("system", CALCULATORS)
def test_the_defaults_give_an_answer(system: str):
    got = answer(system, {})
    assert got["ok"] is True, got
    assert got["steps"], got


@pytest.mark.parametrize("system", CALCULATORS)
def test_every_choice_is_understood_by_the_rules(system: str):
    """Each choice alone gives an answer, or is refused by the rules (a +1 needs its -1), not as a choice."""
    for field in CALCULATORS[system].fields:
        for value, label in field.choices:
            assert label
            got = answer(system, {field.name: value})
            refused_as_a_choice = str(got.get("message", "")).startswith(f"{field.label} cannot be")
            assert got["ok"] is True or not refused_as_a_choice, (field.name, value, got)


@pytest.mark.parametrize(
    ("system", "name"),
    [(system, name) for system, calculator in CALCULATORS.items() for name, _ in calculator.presets],
)
def test_a_preset_fills_every_field_and_gives_an_answer(system: str, name: str):
    calculator = CALCULATORS[system]
    values = dict(calculator.presets)[name]
    assert set(values) == {field.name for field in calculator.fields}
    got = answer(system, values)
    assert got["ok"] is True, got


def test_a_preset_is_a_worked_example_of_the_situations():
    for system, calculator in CALCULATORS.items():
        assert calculator.presets, system
        known = [answer(system, situation.values) for situation in SITUATIONS if situation.system == system]
        for name, values in calculator.presets:
            assert answer(system, values) in known, (system, name)


def test_the_calculators_import_only_the_rules_and_the_standard_library():
    """What runs in the browser under Pyodide: no other package, no C extension, no thread.

    Only the card (calculators/card.py) draws with the libraries shipped beside the wheel (pure
    Python Jinja2 and MarkupSafe): the wheel, and its ``rules-reference`` command, need nothing else.
    """
    unsupported = {"threading", "subprocess", "multiprocessing"}
    allowed = {*sys.stdlib_module_names, "rules", "calculators"} - unsupported
    for path in sorted((DOCS.parent / "calculators").glob("*.py")):
        here = allowed | set(calculator_assets.LIBRARIES) if path.name == "card.py" else allowed
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert all(name.split(".")[0] in here for name in names), (path.name, names)


def test_unknown_systems_and_fields_are_refused():
    assert answer("poker", {})["ok"] is False
    got = answer("resistances", {"damages": "17"})
    assert got["ok"] is False
    assert "damages" in got["message"]  # type: ignore[operator]


def test_a_field_longer_than_the_rules_read_is_refused_on_that_field():
    got = answer("resistances", {"traits": "Resist Fire\n" * 2000})
    assert got["ok"] is False
    assert got["field"] == "traits"
    assert "10000 characters" in got["message"]  # type: ignore[operator]


def test_the_browser_entry_point_reads_a_link():
    got = json.loads(answer_json("resistances", "damage=27&types=fire&traits=Resist+Fire+10&advantage="))
    assert got["outcome"] == take_damage(27, "fire", ["Resist Fire 10"]).outcome
    twice = json.loads(answer_json("resistances", "damage=1&damage=2"))
    assert twice["ok"] is False
    assert twice["field"] == "damage"


def _well_formed(system: str, got: dict[str, Any]) -> None:
    json.dumps(got)
    if got["ok"]:
        assert isinstance(got["outcome"], str)
        assert all(step["anchor"] in Rule.registry for step in got["steps"])
    else:
        assert isinstance(got["message"], str)
        assert got["message"]
        assert got["field"] is None or got["field"] in {field.name for field in CALCULATORS[system].fields}


texts = st.one_of(
    st.text(),
    st.text(alphabet=NOTATION + "\n", max_size=30),
    st.from_regex(r"[+-]?[0-9]{1,120}", fullmatch=True),
    st.sampled_from(["yes", "", "fire", "fire,cold", "Resist 10 Fire", "-1", "0", "10**100"]),
)


@FUZZ
@given(data=st.data())
@pytest.mark.parametrize("system", CALCULATORS)
def test_any_text_in_any_field_is_answered_or_refused(system: str, data: st.DataObject):
    fields = CALCULATORS[system].fields
    chosen = data.draw(st.sets(st.sampled_from(fields), min_size=1), label="fields")
    values = {field.name: data.draw(texts, label=field.name) for field in chosen}
    _well_formed(system, answer(system, values))


@FUZZ
@given(query=st.text())
@pytest.mark.parametrize("system", CALCULATORS)
def test_any_link_is_answered_or_refused(system: str, query: str):
    json.loads(answer_json(system, query))


def test_typed_damage_charts_the_exact_odds_of_the_pool():
    got = answer("typed-damage", {})
    chances = distribution("Shortsword: 3-", "Leather: +-*", 2)
    bars = got["odds"]["bars"]  # type: ignore[index]
    assert [(bar["numerator"], bar["denominator"]) for bar in bars] == [
        (chance.numerator, chance.denominator) for chance in chances.values()
    ]
    assert sum(Fraction(bar["numerator"], bar["denominator"]) for bar in bars) == 1
    large = {"weapon": "50+", "armor": "", "margin": "0", "roll": "+" * 50}
    assert answer("typed-damage", large)["odds"] is None
