"""Words that the glossary restates agree with what the rules compute.

A sentence, a heading or a flowchart label says where its number or word comes from itself, with
``<!-- states: ... -->`` or ``%% states: ...`` (rulesite/stated.py). Glossary entries become the
tooltips of every page, so no comment goes in them: they are checked here, against the same table
of words the rules' step texts use (``rules/words.py``), and each check names the page and line.
"""

from __future__ import annotations

import re
from pathlib import Path

from rules.affinity import Affinity, calculate
from rules.words import TIMES

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _line_of(page: str, pattern: str) -> tuple[int, re.Match[str]]:
    """The first line of a page matching a pattern (a restatement that is gone fails here too)."""
    for number, line in enumerate((DOCS / page).read_text(encoding="utf-8").splitlines(), 1):
        if match := re.search(pattern, line):
            return number, match
    raise AssertionError(f"docs/{page}: no line matches {pattern!r}; update this test with the page")


def test_rs_rounds_down_as_the_flowchart_says():
    number, _ = _line_of("affinity.md", r"RS 1/2 rounded down")
    exact = 9 * Affinity.RS.multiplier
    assert exact.denominator != 1, "choose a damage that RS does not divide evenly"
    assert calculate(9, "fire", "RS").final == exact // 1, (
        f"docs/affinity.md, line {number}: RS no longer rounds down")


def test_the_glossary_states_each_affinity_as_the_rules_apply_it():
    """Each entry says its multiplier's words, from the one table the rules' words come from."""
    lines = (DOCS / "glossary.md").read_text(encoding="utf-8").splitlines()
    for abbreviation in ("VU", "RS", "IM"):
        number, _ = _line_of("glossary.md", rf"^## {abbreviation} ")
        entry = lines[number + 1]
        actual = Affinity(abbreviation).multiplier
        said = [multiplier for multiplier, words in TIMES.items() if re.search(rf"\b{words}\b", entry)]
        assert said == [actual], (
            f"docs/glossary.md, line {number + 2}: the entry for {abbreviation} says {entry!r}, but the "
            f"rules now multiply by {actual}: reword the entry with "
            f"{TIMES.get(actual, f'the words for x {actual}, once added to TIMES in rules/words.py')!r}"
        )
