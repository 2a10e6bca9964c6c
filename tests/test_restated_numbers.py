"""Numbers that prose, the glossary and flowchart labels restate agree with what the rules compute.

An example block is executed, but a flowchart box saying "VU 2" or a glossary entry saying
"doubled" is plain text: change the rule and it would go on saying the old number. Each check
names the page and line to fix. A sentence in a page's prose says where its number comes from
itself, with ``<!-- states: ... -->`` (rulesite/stated.py); these are the places such a comment
cannot go: flowchart labels, and glossary entries (which become the tooltips of every page).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from rules.affinity import Affinity, calculate
from rules.monsters.groups import limit_for_level
from rules.words import TIMES

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _line_of(page: str, pattern: str) -> tuple[int, re.Match[str]]:
    """The first line of a page matching a pattern (a restatement that is gone fails here too)."""
    for number, line in enumerate((DOCS / page).read_text(encoding="utf-8").splitlines(), 1):
        if match := re.search(pattern, line):
            return number, match
    raise AssertionError(f"docs/{page}: no line matches {pattern!r}; update this test with the page")


def test_the_affinity_flowchart_states_each_multiplier_as_the_rules_apply_it():
    number, label = _line_of("affinity.md", r'"5\. Multiplier: ([^"]*)"')
    stated = {word: Fraction(value) for word, value in re.findall(r"(\w+) (-?\d+(?:/\d+)?)", label[1])}
    actual = {affinity.value: affinity.multiplier for affinity in Affinity}

    def plain(multipliers: dict[str, Fraction]) -> str:
        return ", ".join(f"{word} {value}" for word, value in multipliers.items())

    assert stated == actual, (
        f"docs/affinity.md, line {number}: the flowchart label says {plain(stated)}, but the rules now "
        f"give {plain(actual)}: rewrite the label with the new numbers")


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


def test_the_monster_flowchart_states_the_limit_per_tier():
    number, label = _line_of("monsters.md", r"A limit of (\d+) per tier: (\d+), (\d+) or (\d+)")
    stated = [int(value) for value in label.groups()]
    actual = [limit_for_level(1), limit_for_level(1), limit_for_level(11), limit_for_level(21)]
    assert stated == actual, f"docs/monsters.md, line {number}: the chart says {stated}, the rules {actual}"
