"""The code stays as the style guide asks: ruff's broad selection, mypy --strict, imports within the walls."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


@pytest.mark.integration
def test_ruff_finds_nothing():
    lint = subprocess.run(
        [str(BIN / "ruff"), "check", "rules", "rulesite", "calculators", "sitetools", "scripts", "tests",
         "conftest.py"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert lint.returncode == 0, lint.stdout


@pytest.mark.integration
def test_mypy_strict_finds_nothing_in_the_rules():
    types = subprocess.run(
        [str(BIN / "mypy"), "--cache-dir", str(ROOT / ".mypy_cache")],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert types.returncode == 0, types.stdout


def _imported(path: Path) -> set[str]:
    """The top-level names of the modules a Python file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.partition(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names.add(first.value.partition(".")[0])
    return names


def _sources(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


SCRIPT_MODULES = {path.stem for path in (ROOT / "scripts").glob("*.py")} | {"scripts"}
NOT_YET: dict[str, set[str]] = {}  # none may be added: shared tooling goes in sitetools/


def tangled_imports(root: Path = ROOT) -> list[str]:
    """Each import across the walls: the site or the scripts from tests/, the tests from scripts/."""
    found = []
    for path in _sources("rulesite", "scripts", "sitetools", "rules", "calculators"):
        name = path.relative_to(root).as_posix()
        if "tests" in _imported(path) - NOT_YET.get(name, set()):
            found.append(f"{name} imports from tests/")
    for path in [*_sources("tests"), root / "conftest.py"]:
        name = path.relative_to(root).as_posix()
        wrong = (_imported(path) & SCRIPT_MODULES) - NOT_YET.get(name, set())
        if wrong:
            found.append(f"{name} imports {', '.join(sorted(wrong))} from scripts/")
    return found


def test_the_site_and_the_scripts_import_nothing_from_the_tests_nor_the_tests_from_the_scripts():
    # Tooling both use lives in sitetools/ (the browser, the server, axe, the link report).
    assert tangled_imports() == []
