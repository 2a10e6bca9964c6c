"""No example may drop out of collection silently: every >>> line in docs/ is run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs").rglob("*.md"))
_OPENING_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*([^\s`]*)(.*)$")

# The same parser conftest.py gives Sybil: what it collects is what runs.
_SYBIL = Sybil(parsers=[PythonCodeBlockParser()])


def _lines_run(page: Path) -> set[int]:
    document = _SYBIL.parse(page)
    text = document.text
    covered: set[int] = set()
    for example in document:
        first = text.count("\n", 0, example.start) + 1
        last = text.count("\n", 0, example.end) + 1
        covered.update(range(first, last + 1))
    return covered


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_prompt_on_the_page_is_collected(page):
    lines = page.read_text(encoding="utf-8").splitlines()
    prompts = [number for number, line in enumerate(lines, 1) if line.lstrip().startswith(">>>")]
    run = _lines_run(page)
    dropped = [number for number in prompts if number not in run]
    assert not dropped, f"{page.name}: >>> lines never run (lines {dropped}); see docs/editing.md"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_fence_hides_python_from_the_tests(page):
    problems = []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        match = _OPENING_FENCE.match(line)
        if not match:
            continue
        lang, rest = match.group(2).lower(), match.group(3).strip()
        if lang in {"pycon", "py", "python3", "doctest"} or (lang == "python" and rest):
            problems.append(f"line {number}: {line.strip()!r}")
    assert not problems, f"{page.name}: write these fences as plain ```python: {problems}"


def test_the_affinity_page_runs_many_examples():
    examples = list(_SYBIL.parse(ROOT / "docs" / "affinity.md"))
    assert len(examples) >= 30
