"""Every rule an explanation cites is named as its heading names it, so a reader finds it by name.

The rules name each rule they cite in ``rules/<system>/rulebook.py`` as
``Rule(page, anchor, title)``; the page's heading is the source of truth.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.explain import Rule
from rulesite.model import load

DOCS = load()
RULES = Path(rules.__file__).parent


def rulebook_of(rule: Rule) -> str:
    """The rulebook file that declares a rule (found by its anchor), for the message."""
    for path in sorted(RULES.rglob("*.py"), key=lambda path: (path.name != "rulebook.py", path)):
        if f'"{rule.anchor}"' in path.read_text(encoding="utf-8"):
            return path.relative_to(RULES.parent).as_posix()
    return "rules/<system>/rulebook.py"


def mismatch(rule: Rule) -> str:
    """What is wrong with a rulebook entry, naming the file and the fix; empty if nothing."""
    heading = DOCS.heading(rule.anchor)
    if heading is not None and (heading.page, heading.name) == (rule.page, rule.title):
        return ""
    where = rulebook_of(rule)  # reads the rulebooks: only for a message
    if heading is None:
        return (f"{where}: Rule({rule.page!r}, {rule.anchor!r}, ...) names an anchor no heading has; "
                f"add '{{ #{rule.anchor} }}' to its heading in docs/{rule.page}, or fix the anchor")
    if heading.page != rule.page:
        return (f"{where}: Rule({rule.page!r}, {rule.anchor!r}, ...): the heading is on "
                f"docs/{heading.page}, line {heading.line}; write {heading.page!r}")
    if rule.title != heading.name:
        return (f"{where}: Rule(..., {rule.anchor!r}, {rule.title!r}): the heading at docs/{heading.page}, "
                f"line {heading.line} reads {heading.name!r}; write that title (or rename the heading)")
    return ""


@pytest.mark.parametrize("rule", Rule.cited(), ids=lambda rule: rule.link)
def test_a_rule_title_is_the_text_of_its_heading(rule):
    problem = mismatch(rule)
    assert not problem, problem


def test_a_renamed_heading_names_the_rulebook_and_the_fix():
    renamed = Rule.__new__(Rule)  # not registered: a copy as if the heading had changed
    for name, value in (("page", "affinity.md"), ("anchor", "guarding"), ("title", "Step 2: guard")):
        object.__setattr__(renamed, name, value)
    message = mismatch(renamed)
    assert message.startswith("rules/affinity/rulebook.py: ")
    assert "docs/affinity.md, line" in message and "reads 'Step 2: guarding'" in message


def test_the_titles_are_checked_for_every_system():
    pages = {rule.page for rule in Rule.cited()}
    assert pages == {
        "affinity.md", "conditions.md", "conditions-list.md", "monsters.md",
        "resistances.md", "taking-damage.md", "typed-damage.md",
    }
