"""The calculators' build side: the shipped wheel really runs the rules, and the fence renders the form.

The browser side (the runtime under Chromium) is tests/browser/test_calculators.py.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import markdown
import pytest

import calculators
from rulesite import calculator, calculator_assets


def _render(system: str) -> str:
    fences = [{"name": "calculator", "class": "calculator", "format": calculator.formatter}]
    md = markdown.Markdown(extensions=["pymdownx.superfences"],
                           extension_configs={"pymdownx.superfences": {"custom_fences": fences}})
    return str(md.convert(f"```calculator\n{system}\n```\n"))


@pytest.mark.tooling
def test_the_wheel_holds_only_the_rules_and_the_calculators_and_is_the_same_each_time(tmp_path: Path) -> None:
    name = calculator_assets.write_wheel(tmp_path)
    first = (tmp_path / name).read_bytes()
    (tmp_path / name).unlink()
    assert calculator_assets.write_wheel(tmp_path) == name
    assert (tmp_path / name).read_bytes() == first
    with zipfile.ZipFile(tmp_path / name) as wheel:
        tops = {entry.split("/")[0] for entry in wheel.namelist()}
        assert wheel.testzip() is None
    assert tops == {"rules", "calculators", name.split("-py3")[0] + ".dist-info"}


@pytest.mark.tooling
def test_the_wheel_answers_as_the_package_does(tmp_path: Path) -> None:
    """Imported from the wheel alone (as Pyodide does), the answer is the package's own."""
    wheel = tmp_path / calculator_assets.write_wheel(tmp_path)
    query = "damage=17&types=fire&traits=Resist+Fire%0AVulnerable+5+Fire"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import calculators;"
        "assert calculators.__file__.startswith(sys.argv[1]), calculators.__file__;"
        "print(calculators.answer_json('resistances', sys.argv[2]))"
    )
    run = subprocess.run([sys.executable, "-I", "-c", code, str(wheel), query],
                         capture_output=True, text=True, check=True, cwd=tmp_path)
    assert json.loads(run.stdout) == json.loads(calculators.answer_json("resistances", query))


@pytest.mark.parametrize("system", sorted(calculators.CALCULATORS))
def test_the_fence_renders_the_form_collapsed(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assets = calculator_assets.Assets(wheel="rules_reference-0.1.0+abc-py3-none-any.whl", runtime=True)
    monkeypatch.setattr(calculator_assets, "present", lambda: assets)
    html = _render(system)
    form = calculators.CALCULATORS[system]
    opening = f'<details class="calculator" data-search-exclude data-system="{system}"'
    opening += f' data-wheel="{assets.wheel}"'
    assert opening in html
    assert " open" not in html.split(">", 2)[0]
    for field in form.fields:
        assert f'data-field="{field.name}"' in html
        assert f'id="calc-{system}-{field.name}-error"' in html
    assert html.count('class="md-button calculator__preset"') == len(form.presets)


def test_a_build_without_the_runtime_says_the_calculator_is_not_available(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(calculator_assets, "present", lambda: None)
    html = _render("resistances")
    assert "not available in this build" in html
    assert "data-wheel" not in html
    assert "<form" not in html


def test_a_fence_naming_no_system_fails_the_build(rulesite_log: list[logging.LogRecord]) -> None:
    assert "calculator" not in _render("resistance")
    assert any("names 'resistance', which is no system" in record.getMessage() for record in rulesite_log)


@pytest.mark.tooling
def test_the_wheel_and_the_libraries_alone_draw_the_answer_as_the_build_does(tmp_path: Path) -> None:
    """The calculator's card from the wheel and the libraries' archive alone, as the browser's worker has it.

    No site-packages (``-S``): Jinja2 and MarkupSafe come from the archive, MarkupSafe without its
    C speedups, as under Pyodide; the card is the one this package's templates draw.
    """
    from calculators import card  # noqa: PLC0415 - the build's side of the comparison

    wheel = tmp_path / calculator_assets.write_wheel(tmp_path)
    libraries = tmp_path / calculator_assets.write_libraries(tmp_path)
    query, links = "damage=17&types=fire&traits=Resist+Fire%0AVulnerable+5+Fire", '{"trait-resist": "#x"}'
    code = (
        "import sys; sys.path[:0] = sys.argv[1:3]; import calculators.card, markupsafe;"
        "assert calculators.__file__.startswith(sys.argv[1]), calculators.__file__;"
        "assert markupsafe.__file__.startswith(sys.argv[2]), markupsafe.__file__;"
        "print(calculators.card.answer_card('resistances', sys.argv[3], sys.argv[4]))"
    )
    run = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(wheel), str(libraries), query, links],
                         capture_output=True, text=True, check=True, cwd=tmp_path)
    assert json.loads(run.stdout) == json.loads(card.answer_card("resistances", query, links))


def test_a_calculator_answer_is_a_worked_example_card_with_its_steps_linked() -> None:
    """The answer reads as the pages' cards: situation, each step linked to its rule, result."""
    from calculators import card  # noqa: PLC0415

    query = "damage=17&types=fire&traits=Resist+Fire%0AVulnerable+5+Fire"
    answer: dict[str, Any] = calculators.answer("resistances", dict(parse_qsl(query)))
    links = {step["anchor"]: f"../rules/#{step['anchor']}" for step in answer["steps"]}
    shown = json.loads(card.answer_card("resistances", query, json.dumps(links)))
    html = shown.pop("html")
    assert shown == json.loads(calculators.answer_json("resistances", query))
    assert html.startswith('<div class="worked-examples"><div class="worked-example"><p class="we-situation"')
    assert html.count('<a class="we-rule" href="../rules/#') == len(answer["steps"])
    assert f'<span class="we-tag">Result</span> {answer["outcome"]}</p>' in html


def test_a_refusal_is_a_refusal_card_and_a_bug_is_said_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    from calculators import card  # noqa: PLC0415

    refused = json.loads(card.answer_card("resistances", "damage=lots", "{}"))
    assert refused["field"] == "damage" and not refused["ok"]
    refusal = '<div class="worked-example we-refused"><p class="we-result"><span class="we-tag">Not allowed'
    assert refusal in refused["html"]
    assert "&#x27;lots&#x27;" in refused["html"], "text is escaped as the pages escape it"

    def broken(system: str, query: str) -> str:
        raise ZeroDivisionError(system)

    monkeypatch.setattr(card, "answer_json", broken)
    crashed = json.loads(card.answer_card("resistances", "", "{}"))
    assert crashed["crashed"] and crashed["field"] is None
    assert "could not work this situation out" in crashed["html"]
    assert "ZeroDivisionError" not in crashed["html"]


def test_the_page_script_draws_no_card() -> None:
    """calculator.js places the HTML the worker gives: no worked-example markup of its own."""
    script = (Path(__file__).parent.parent / "docs/assets/js/calculator.js").read_text(encoding="utf-8")
    # It finds a card (".worked-example", to put the calculator after it), never makes one.
    assert "we-" not in script and '"worked-example' not in script
