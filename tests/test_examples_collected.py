"""No example drops out of collection, and each is reported where it is on the page.

The refusals themselves (a ``pycon`` or titled fence, a prompt outside a fence, a ``# doctest:``
directive) run at collection, as failing examples, in rulesite/doctests.py: ``pytest docs/x.md``
applies them too. These tests check the collection on the real pages and on small made-up ones.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from rulesite.doctests import docstrings_sybil, doctest_examples, pages_sybil

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs").rglob("*.md"))


def _failures(page: Path) -> list[str]:
    messages = []
    for example in pages_sybil(page.parent).parse(page):
        try:
            example.evaluate()
        except Exception as failure:
            messages.append(str(failure))
    return messages


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_prompt_on_the_page_runs_and_is_reported_at_its_line_and_column(page):
    lines = page.read_text(encoding="utf-8").splitlines()
    prompts = {number for number, line in enumerate(lines, 1) if line.lstrip(" \t>").startswith(">>>")}
    examples = doctest_examples(page)
    reported = {example.line for example in examples}
    misplaced = [f"line {example.line}, column {example.column}: {lines[example.line - 1]!r}"
                 for example in examples
                 if not lines[example.line - 1][example.column - 1:].startswith(">>>")]
    assert not misplaced, f"{page.relative_to(ROOT)}: examples reported where no prompt is: {misplaced}"
    never_run = sorted(prompts - reported)
    assert not never_run, (
        f"{page.relative_to(ROOT)}: the >>> prompts on lines {never_run} never run "
        "(write them in a plain ```python fence; see docs/editing.md)"
    )


def _page(tmp_path: Path, text: str) -> Path:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return page


def test_a_prompt_in_a_ruling_box_is_reported_at_its_own_line(tmp_path):
    page = _page(tmp_path, '!!! note "Ruling"\n\n    ```python\n'
                           "    >>> 1 + 1\n    2\n    >>> 2 + 2\n    5\n    ```\n")
    [message] = _failures(page)
    assert f"Example at {page}, line 6, column 5 did not evaluate as expected" in message


@pytest.mark.parametrize("fence", ["```pycon", '```python title="x"', "```py", "```text"])
def test_a_fence_that_would_hide_an_example_fails_at_its_line(tmp_path, fence):
    page = _page(tmp_path, f"Intro.\n\n{fence}\n>>> 1 + 1\n3\n```\n")
    [message] = _failures(page)
    assert f"Example at {page}, line 3, column 1" in message
    assert "```python" in message


def test_a_prompt_outside_any_fence_fails(tmp_path):
    [message] = _failures(_page(tmp_path, "Prose.\n\n>>> 1 + 1\n3\n"))
    assert "line 3" in message and "outside any fence" in message


@pytest.mark.parametrize("directive", ["+SKIP", "+ELLIPSIS", "+NORMALIZE_WHITESPACE"])
def test_a_doctest_directive_is_refused(tmp_path, directive):
    page = _page(tmp_path, f"```python\n>>> (1, 'RS')  # doctest: {directive}\n(..., 'RS')\n```\n")
    [message] = _failures(page)
    assert "line 2" in message and "directives are not allowed" in message


def test_a_page_shown_inside_a_markdown_fence_still_runs_its_example(tmp_path):
    page = _page(tmp_path, "````markdown\n```python\n>>> 1 + 1\n3\n```\n````\n")
    [message] = _failures(page)
    assert re.search(r"line 3, column 1 did not evaluate as expected:\nExpected:\n\s+3\nGot:\n\s+2", message)


def test_the_docstring_examples_are_collected_too():
    sybil = docstrings_sybil()
    found = any(isinstance(example.parsed, doctest.Example)
                for path in sorted((ROOT / "rules").rglob("*.py")) for example in sybil.parse(path))
    assert found, "no doctest found in the docstrings of rules/: is the docstring Sybil pointed at rules/?"
