"""Every rule an explanation cites is named as its heading names it, so a reader finds it by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules  # noqa: F401 - loads every system, so Rule.cited() lists every rule
from rules.explain import Rule

DOCS = Path(__file__).resolve().parent.parent / "docs"
# A heading of a numbered flowchart step ("## 4. Magic armor { #pool-magic-armor }") leads
# with its place in the order, which an explanation's own numbered lines already give.
STEP_NUMBER = re.compile(r"^[0-9]+\.\s+")


def headings(page: str) -> dict[str, str]:
    """The text of every heading of a page with an explicit anchor, by anchor."""
    found = {}
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines():
        match = re.match(r"^#{1,6}\s+(?P<text>.+?)\s*\{\s*#(?P<anchor>[a-z0-9-]+)[^}]*\}\s*$", line)
        if match:
            found[match["anchor"]] = STEP_NUMBER.sub("", match["text"])
    return found


@pytest.mark.parametrize("rule", Rule.cited(), ids=lambda rule: rule.link)
def test_a_rule_title_is_the_text_of_its_heading(rule):
    on_page = headings(rule.page)
    assert rule.anchor in on_page, f"{rule.link}: no heading with this anchor"
    assert rule.title == on_page[rule.anchor]


def test_the_titles_are_checked_for_every_system():
    pages = {rule.page for rule in Rule.cited()}
    assert pages == {
        "affinity.md", "conditions.md", "conditions-list.md", "monsters.md",
        "resistances.md", "taking-damage.md", "typed-damage.md",
    }
