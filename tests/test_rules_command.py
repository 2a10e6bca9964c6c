"""The ``rules-reference`` command: the pages' answer for every situation, and any rule by its anchor.

In process for every preset of every calculator (options and ``name=value`` pairs alike),
and, marked ``tooling``, as the wheel the site offers installs it: offline, into a fresh
virtual environment, with nothing else.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from calculators import CALCULATORS, answer
from calculators.cli import rules_data
from calculators.fields import Calculator
from rulesite import calculator_assets
from rulesite.console import run, sessions
from rulesite.model import load

ROOT = Path(__file__).resolve().parent.parent
# Every preset in the full run; the inner loop (scripts/test --fast) tries each system's first.
PRESETS = [
    pytest.param(
        calculator, dict(values), id=f"{system}: {name}", marks=[pytest.mark.tooling] if index else []
    )
    for system, calculator in CALCULATORS.items()
    for index, (name, values) in enumerate(calculator.presets)
]




def as_options(calculator: Calculator, values: dict[str, str]) -> list[str]:
    """A situation as the command's options: a flag on or off, one option per line of a lines field."""
    argv = []
    for field in calculator.fields:
        value = values[field.name]
        if field.kind == "flag":
            argv.append(f"--{field.name}" if value == "yes" else f"--no-{field.name}")
        elif field.kind == "lines":
            argv += [f"--{field.name}={line}" for line in value.split("\n")]
        else:
            argv.append(f"--{field.name}={value}")
    return argv


def as_pairs(values: dict[str, str]) -> list[str]:
    """A situation as ``name=value`` pairs, a lines field one pair per line."""
    return [f"{name}={line}" for name, value in values.items() for line in value.split("\n")]


def test_every_calculator_offers_presets():
    assert len(PRESETS) >= 2 * len(CALCULATORS)


@pytest.mark.parametrize(("calculator", "values"), PRESETS)
def test_the_command_answers_every_preset_as_the_pages_calculator_does(calculator, values):
    expected = answer(calculator.system, values)
    for given in (as_options(calculator, values), as_pairs(values)):
        status, out, _ = run([calculator.system, *given, "--json"])
        assert json.loads(out) == expected
        assert status == (0 if expected["ok"] else 1)


@pytest.mark.parametrize(("calculator", "values"), PRESETS[::4])
def test_the_commands_words_are_the_answers_situation_steps_and_outcome(calculator, values):
    expected = answer(calculator.system, values)
    _, out, _ = run([calculator.system, *as_pairs(values)])
    assert out.startswith(f"Situation: {expected['situation']}\n")
    assert all(f"({step['anchor']}): {step['text']}" in out for step in expected["steps"])
    assert f"\nResult: {expected['outcome']}\n" in out


def test_input_the_rules_refuse_is_refused_with_their_message_and_field():
    expected = answer("resistances", {"damage": "lots"})
    status, out, err = run(["resistances", "damage=lots"])
    assert (status, out, err) == (1, "", f"rules-reference resistances: damage: {expected['message']}\n")
    status, out, _ = run(["resistances", "--damage", "lots", "--json"])
    assert (status, json.loads(out)) == (1, expected)


def test_a_field_of_several_lines_or_choices_may_be_given_once_per_line_or_choice():
    together = run(["resistances", "types=fire,cold", "traits=Resist Fire\nResist 5 Cold", "--json"])
    options_then_pairs = ["--types=fire", "types=cold", "--traits", "Resist Fire", "traits=Resist 5 Cold"]
    apart = run(["resistances", *options_then_pairs, "--json"])
    assert apart == together
    assert json.loads(together[1]) == answer(
        "resistances", {"types": "fire,cold", "traits": "Resist Fire\nResist 5 Cold"}
    )


def test_a_field_the_calculator_lacks_is_refused_in_its_words():
    status, _, err = run(["resistances", "colour=red"])
    assert status == 1
    assert err.strip().endswith(answer("resistances", {"colour": "red"})["message"])


@pytest.mark.parametrize(
    "argv",
    [
        ["resistances", "damage=1", "damage=2"],
        ["resistances", "--damage=1", "damage=2"],
        ["resistances", "damage"],
    ],
)
def test_a_field_given_twice_or_without_a_value_is_not_understood(argv):
    status, out, err = run(argv)
    assert (status, out) == (2, "")
    assert "damage" in err


def test_help_lists_every_system_and_its_fields():
    status, out, _ = run(["--help"])
    assert status == 0
    for system, calculator in CALCULATORS.items():
        assert f"  {system}: {', '.join(field.name for field in calculator.fields)}" in out


@pytest.mark.parametrize("system", sorted(CALCULATORS))
def test_a_systems_help_names_each_field_with_its_label(system):
    status, out, _ = run([system, "--help"])
    assert status == 0
    for field in CALCULATORS[system].fields:
        assert f"--{field.name}" in out
        assert " ".join(field.label.split()[:2]) in " ".join(out.split())


def test_a_rule_printed_by_its_anchor_is_the_datas():
    rules = {rule["id"]: rule for rule in rules_data()["rules"]}
    assert len(rules) >= 250
    for anchor in ("trait-resist", "ruling-half-rounds-down", "guarding"):
        status, out, _ = run(["rule", anchor, "--json"])
        assert (status, json.loads(out)) == (0, rules[anchor])
        status, out, _ = run(["rule", anchor])
        assert out.startswith(f"{rules[anchor]['title']} ({rules[anchor]['kind']}")
    status, out, _ = run(["rule"])
    assert out.splitlines() == [f"{rule['id']}: {rule['title']}" for rule in rules.values()]


def test_an_unknown_anchor_is_refused_with_the_nearest_ones():
    status, out, err = run(["rule", "trait-resit"])
    assert (status, out) == (1, "")
    assert "'trait-resit'" in err and "trait-resist" in err


def console_examples(page: str = "tools.md") -> list[tuple[int, str, str]]:
    """Each ``$ ...`` line of a page's console blocks: its line, the command, its output."""
    return [(s.line, s.command, s.output) for s in sessions(load(ROOT / "docs").pages[page])]


def test_the_tools_page_runs_every_command_it_shows():
    """A shown command is an example: each runs, and prints what the page says it prints."""
    examples = console_examples()
    commands = [example for example in examples if example[1].startswith("rules-reference ")]
    assert len(commands) >= 3
    for line, command, expected in commands:
        status, out, err = run(shlex.split(command)[1:])
        assert status == 0, f"docs/tools.md, line {line}: {command} failed: {err}"
        assert out.rstrip("\n") == expected, f"docs/tools.md, line {line}: {command} prints another answer"
    installs = [command for _, command, _ in examples if not command.startswith("rules-reference ")]
    assert installs == [INSTALL], "the page's install line is the one test_the_wheel_installs_offline runs"


INSTALL = "python3 -m venv rules && rules/bin/pip install rules_reference-*.whl"


@pytest.mark.tooling
def test_the_wheel_installs_offline_into_a_fresh_venv_and_answers_as_the_pages(tmp_path):
    """The wheel the tools page offers, installed as the page says, from nothing but itself (no index)."""
    # The same bytes as the site's copy (the wheel is written alike from the same sources), written
    # here so that the repository's docs/assets/ is left to the build another worker may be running.
    wheel = tmp_path / calculator_assets.write_wheel(tmp_path)
    venv.create(tmp_path / "rules", with_pip=True)
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))
    }
    env |= {"PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}  # nothing from an index
    pip = INSTALL.split(" && ")[1].replace("rules_reference-*.whl", wheel.name)
    subprocess.run(shlex.split(pip), cwd=tmp_path, env=env, check=True, capture_output=True, text=True)
    command = tmp_path / "rules" / "bin" / "rules-reference"
    for system, calculator in CALCULATORS.items():
        _, values = calculator.presets[0]
        done = subprocess.run(
            [str(command), system, *as_pairs(dict(values)), "--json"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert json.loads(done.stdout) == answer(system, values), f"{system}: {done.stderr}"
    rule = subprocess.run(
        [str(command), "rule", "trait-resist", "--json"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(rule.stdout) == next(r for r in rules_data()["rules"] if r["id"] == "trait-resist")
    where = subprocess.run(
        [str(tmp_path / "rules" / "bin" / "python"), "-c", "import calculators; print(calculators.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert where.stdout.startswith(str(tmp_path / "rules")), "the venv imported the checkout, not the wheel"
    assert sys.prefix != str(tmp_path / "rules")
