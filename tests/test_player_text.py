"""What a player reads on a rules page: each answer with its question, no code, each ruling tied to its rule.

A player reads the system pages with the "For programmers" section closed. There:

- every worked example states its question in game words before its answer (the situation
  of the result it shows, or a label the example itself prints), never a bare "Answer 4, 2";
- the prose holds no code: no code names (``SAMPLE_WEAPONS['Mace']``), no keyword arguments
  ("pass stacks=True"), no raw citation marks ("(§ruling-...)");
- every ruling links to the rule (or rules) it interprets, and its "Why" cites nothing the
  reader cannot see (no code, no hidden example).

Each failure names the page and line to edit.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from rulesite.examples import Shown, run_page, situations_and_results
from rulesite.model import Docs, Page, current, system_pages

PLAYER_PAGES = (*system_pages(), "rulings.md", "glossary.md", "index.md")

_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_CODE_SPAN = re.compile(r"(`+)(?P<code>.+?)\1")
_LOOKS_LIKE_CODE = re.compile(
    r"""
      \b[a-z_][a-z0-9_]*\(        # a call: expire(...), take_damage(
    | \b[A-Z][a-z]+[A-Za-z]*\(    # a class called: Fraction(15, 100) (not notation: EEE(Fire))
    | \b[a-z]\w*=(?!=)            # a keyword argument: stacks=True, against=
    | \[['"]                      # an index by name: SAMPLE_WEAPONS['Mace']
    | \b[a-z]+_[a-z_]+\b          # a snake_case name: new_rules, traits_for
    | \b[A-Z]+_[A-Z_]+\b          # a constant's name: SAMPLE_WEAPONS
    | \b[a-z]+\.[A-Z]\w*           # a module's class: random.Random
    | \bTrue\b | \bFalse\b | \bNone\b
    """,
    re.VERBOSE,
)
_RAW_CITATION = re.compile(r"§[a-z0-9-]+")
_LINK = re.compile(r"\]\((?P<page>[\w./-]*?)#(?P<anchor>[a-z0-9-]+)\)")
_HIDDEN_EXAMPLE = re.compile(r"\bexamples? (?:\d+|below|above)\b", re.IGNORECASE)


@cache
def _docs() -> Docs:
    return current()


def _programmers(page: Page) -> range:
    """The lines of the page's "For programmers" section, which a player opens only on purpose."""
    cut = next((h for h in page.headings if (h.anchor or "").endswith("-for-programmers")), None)
    if cut is None:
        return range(0)
    after = [h.line for h in page.headings if h.line > cut.line and h.level <= cut.level]
    return range(cut.line, min(after, default=len(page.lines) + 1))


def _player_lines(page: Page) -> Iterator[tuple[int, str]]:
    """Each line a player reads: outside fences, comments and the programmers' section."""
    fenced = {number for fence in page.fences for number in range(fence.line, fence.end + 1)}
    hidden = _programmers(page)
    text = "\n".join(page.lines)
    blanked = _COMMENT.sub(lambda found: "\n" * found.group().count("\n"), text)
    for number, line in enumerate(blanked.split("\n"), start=1):
        if number not in fenced and number not in hidden and line.strip():
            yield number, line


def _has_question(item: Shown) -> bool:
    # A failing example's banner is no answer: the example's own failure names it, page and line.
    if item.failed or item.refusal or item.text or item.answers or item.label:
        return True
    return item.result is not None


def bare_answers(page: Page) -> list[tuple[int, str]]:
    """Each answer a worked example of the player's part of the page shows with no question: line, answer."""
    hidden = _programmers(page)
    found = []
    for line, shown in run_page(page).items():
        if line in hidden:
            continue
        for item in shown:
            if not _has_question(item):
                answer = "; ".join(f"{name} {value}".strip() for name, value in item.values)
                found.append((line, answer[:60]))
    return found


def code_in_cards(page: Page) -> list[str]:
    """Where a worked example's question or answer shows code (a refusal's message is the rules' own)."""
    hidden = _programmers(page)
    found = []
    for line, shown in run_page(page).items():
        for item in shown if line not in hidden else ():
            if item.refusal or item.text:
                continue
            for text in (text for pair in situations_and_results(item) for text in pair):
                code = _LOOKS_LIKE_CODE.search(text)
                if code:
                    found.append(
                        f"docs/{page.src}, line {line}: a worked example shows code {code.group()!r}"
                    )
    return found


def cards_without_question(page: Page) -> list[str]:
    """Where a worked example of the player's part of the page shows an answer with no question."""
    return [
        f"docs/{page.src}, line {line}: a worked example shows {answer!r} without its question: show "
        "a result (its situation says what is asked), or print a label"
        for line, answer in bare_answers(page)
    ]


def code_in_prose(page: Page) -> list[str]:
    """Where the player's prose of a page shows code, a keyword argument or a raw citation mark."""
    found = []
    for number, line in _player_lines(page):
        spans = [span["code"] for span in _CODE_SPAN.finditer(line)]
        outside = _CODE_SPAN.sub("", line)
        for code in spans:
            if _LOOKS_LIKE_CODE.search(code):
                found.append(f"docs/{page.src}, line {number}: code in player text: `{code}`")
        for mark in _RAW_CITATION.findall(outside):
            found.append(f"docs/{page.src}, line {number}: raw citation {mark}: link the rule by its title")
        outside = _LINK.sub("]()", re.sub(r"\{[^{}]*\}", "", outside))
        for keyword in re.findall(r"\b[a-z_]+=\S*", outside):
            found.append(f"docs/{page.src}, line {number}: keyword argument in player text: {keyword}")
    return found


def citations_in_tables(page: Page) -> list[str]:
    """Where a table the page builds from the rules (``<!-- table: ... -->``) shows a raw citation mark."""
    found = []
    for directive in page.tables:
        if directive.line in _programmers(page):
            continue
        table = getattr(importlib.import_module(directive.module), directive.function)()
        cells = [
            *getattr(table, "headers", ()),
            *(cell for row in getattr(table, "rows", ()) for cell in row),
        ]
        found += [
            f"docs/{page.src}, line {directive.line}: the table shows {mark}: name the ruling in words"
            for cell in cells
            for mark in _RAW_CITATION.findall(str(cell))
        ]
    return found


def rulings_without_rule(docs: Docs) -> list[str]:
    """Each ruling whose box links to no rule (an anchor that is not a ruling's), or whose Why cites code."""
    found = []
    for ruling in docs.rulings:
        page = docs.pages[ruling.page]
        section = page.section(ruling.heading)
        fenced = {n for fence in page.fences for n in range(fence.line, fence.end + 1)}
        prose = "\n".join(
            line for number, line in enumerate(section, start=ruling.heading.line + 1) if number not in fenced
        )
        anchors = [link["anchor"] for link in _LINK.finditer(prose)]
        rules = [a for a in anchors if not a.startswith("ruling-") and a in docs.anchors]
        where = f"docs/{ruling.page}, line {ruling.heading.line}"
        if not rules:
            found.append(f"{where}: the ruling '{ruling.title}' links to no rule it interprets")
        why = prose.partition("**Why.**")[2].split("\n\n")[0]
        code = [span["code"] for span in _CODE_SPAN.finditer(why) if _LOOKS_LIKE_CODE.search(span["code"])]
        if _HIDDEN_EXAMPLE.search(why) or code:
            found.append(f"{where}: the Why of '{ruling.title}' cites code or an example not in view")
    return found


@pytest.mark.parametrize("src", system_pages())
def test_every_worked_example_states_its_question(src):
    page = _docs().pages[src]
    assert cards_without_question(page) + code_in_cards(page) == []


@pytest.mark.parametrize("src", PLAYER_PAGES)
def test_player_text_holds_no_code(src):
    page = _docs().pages[src]
    assert code_in_prose(page) + citations_in_tables(page) == []


def test_every_ruling_links_to_the_rule_it_interprets():
    assert rulings_without_rule(_docs()) == []


def test_the_checks_can_fail():
    """A page with a bare answer, code in a sentence and a ruling with no rule fails each check."""
    page = Page(
        "broken.md",
        "# Broken { #broken }\n\n## Rule { #a-rule }\n\nPass `stacks=True` or stacks=True (§a-rule).\n\n"
        "### Ruling: none { #ruling-none }\n\n"
        '!!! ruling "Ruling"\n    **Reading.** Yes.\n\n    **Why.** See `x()`.\n\n'
        "    ```python\n    >>> 2 + 2, 3\n    (4, 3)\n    >>> print(f\"The code says: {'new_rules'}\")\n"
        "    The code says: new_rules\n    ```\n",
    )
    assert len(cards_without_question(page)) == 1
    assert [problem.split(": ", 1)[1] for problem in code_in_cards(page)] == [
        "a worked example shows code 'new_rules'"
    ]
    assert [problem.split(": ", 1)[1][:20] for problem in code_in_prose(page)] == [
        "code in player text:",
        "raw citation §a-rule",
        "keyword argument in ",
        "code in player text:",
    ]
    docs = Docs(Path("docs"), {"broken.md": page})
    assert [problem.split(": ", 1)[1][:30] for problem in rulings_without_rule(docs)] == [
        "the ruling 'none' links to no ",
        "the Why of 'none' cites code o",
    ]
