"""No example may drop out of collection silently: every >>> line in docs/ is run."""

from __future__ import annotations

import doctest
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


def _fences(lines: list[str]) -> list[tuple[int, int, int]]:
    """Each fenced block as (first line, last line, number of >>> prompts), 1-based."""
    fences = []
    opened = None
    for number, line in enumerate(lines, 1):
        match = _OPENING_FENCE.match(line)
        if match and opened is None:
            opened = (number, match.group(1))
        elif match and opened and line.strip() == opened[1]:
            body = lines[opened[0]:number - 1]
            fences.append((opened[0], number, sum(1 for text in body if text.lstrip().startswith(">>>"))))
            opened = None
    return fences


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_prompt_on_the_page_is_collected(page):
    lines = page.read_text(encoding="utf-8").splitlines()
    # Sybil numbers examples inside an indented block by the block, so count per fence.
    run = [example.line for example in _SYBIL.parse(page) if isinstance(example.parsed, doctest.Example)]
    dropped = []
    for first, last, prompts in _fences(lines):
        collected = sum(1 for line in run if first <= line <= last)
        if collected != prompts:
            dropped.append(f"lines {first}-{last}: {prompts} prompts, {collected} run")
    prompts_outside = sum(1 for line in lines if line.lstrip().startswith(">>>")) - sum(
        prompts for _, _, prompts in _fences(lines))
    assert not dropped and prompts_outside == 0, (
        f"{page.name}: >>> examples that never run: {dropped}; outside any fence: {prompts_outside}. "
        "See docs/editing.md"
    )


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
