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
