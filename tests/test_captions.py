"""A worked example's caption is a question in the game's words, never a call spelled out (issue 46).

A caption made from a call the site has no sentence for reads like code: "Take hit: healer; 2",
"Dice pool: 3B; **+; 1". rulesite/examples.py words the calls the examples ask about most as
sentences ("Healer takes a hit of 2 damage"); this test names any example of a player's page whose
caption still starts with the name of a function or class of ``rules`` in words, with its page and
line, so the fix is a sentence in ``_ASKED`` or a label the example prints.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from rulesite.examples import run_page, situations_and_results
from rulesite.model import current, system_pages

RULES = Path(__file__).resolve().parents[1] / "rules"
PLAYER_PAGES = (*system_pages(), "conditions-list.md", "monster-balance.md", "typed-damage-odds.md")


@cache
def _code_names() -> frozenset[str]:
    """Each function, method and class of ``rules`` as the fallback caption words it ("Take hit")."""
    names = set()
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_"):
                words = node.name.replace("_", " ").strip()
                names.add(words[:1].upper() + words[1:])
    return frozenset(names)


def code_shaped(caption: str) -> bool:
    """Does the caption spell out a call: "Name: argument; ..." or a bare "Name"?"""
    head = re.split(r": |\?", caption, maxsplit=1)[0]
    return head in _code_names() and (caption == head or caption.startswith(head + ": "))


def captions(src: str) -> list[tuple[int, str]]:
    page = current().pages[src]
    cut = next((h.line for h in page.headings if (h.anchor or "").endswith("-for-programmers")), None)
    return [
        (line, situation)
        for line, shown in run_page(page).items()
        if cut is None or line < cut
        for item in shown
        if not item.text  # a printed line is the example's own sentence
        for situation, _ in situations_and_results(item)
    ]


@pytest.mark.parametrize("src", PLAYER_PAGES)
def test_every_caption_is_a_question_in_words(src):
    shaped = [
        f"docs/{src}, line {line}: {caption!r}"
        for line, caption in captions(src)
        if code_shaped(caption)
    ]
    assert shaped == []


def test_a_call_spelled_out_is_caught():
    assert code_shaped("Take hit: healer; 2")
    assert code_shaped("Dice pool: 3B; **+; 1")
    assert not code_shaped("Healer takes a hit of 2 damage")
    assert not code_shaped("Ari: slowed (source: web)")
