"""The code stays as the style guide asks: ruff's broad selection and mypy --strict on rules/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


@pytest.mark.integration
def test_ruff_finds_nothing():
    lint = subprocess.run(
        [str(BIN / "ruff"), "check", "rules", "rulesite", "calculators", "scripts", "tests", "conftest.py"],
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
