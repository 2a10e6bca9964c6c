"""No example may drop out of collection silently: every >>> line in docs/ is run."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

from rulesite.model import load

ROOT = Path(__file__).resolve().parent.parent
DOCS = load()
PAGES = sorted((ROOT / "docs").rglob("*.md"))

# The same parser conftest.py gives Sybil: what it collects is what runs.
_SYBIL = Sybil(parsers=[PythonCodeBlockParser()])


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_prompt_on_the_page_is_collected(page):
    fences = DOCS.pages[page.relative_to(ROOT / "docs").as_posix()].fences
    # Sybil numbers examples inside an indented block by the block, so count per fence.
    run = [example.line for example in _SYBIL.parse(page) if isinstance(example.parsed, doctest.Example)]
    dropped = []
    for fence in fences:
        collected = sum(1 for line in run if fence.line <= line <= fence.end)
        if collected != fence.prompts:
            dropped.append(f"lines {fence.line}-{fence.end}: {fence.prompts} prompts, {collected} run")
    lines = page.read_text(encoding="utf-8").splitlines()
    prompts_outside = sum(1 for line in lines if line.lstrip().startswith(">>>")) - sum(
        fence.prompts for fence in fences)
    assert not dropped and prompts_outside == 0, (
        f"{page.name}: >>> examples that never run: {dropped}; outside any fence: {prompts_outside}. "
        "See docs/editing.md"
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_fence_hides_python_from_the_tests(page):
    problems = [
        f"line {fence.line}: {fence.info!r}"
        for fence in DOCS.pages[page.relative_to(ROOT / "docs").as_posix()].fences
        if fence.language in {"pycon", "py", "python3", "doctest"}
        or (fence.language == "python" and fence.info != "python")
    ]
    assert not problems, f"{page.name}: write these fences as plain ```python: {problems}"


def test_the_affinity_page_runs_many_examples():
    examples = list(_SYBIL.parse(ROOT / "docs" / "affinity.md"))
    assert len(examples) >= 30
