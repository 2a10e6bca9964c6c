"""What a page's prose states, where it states a number, is what the ruling pins.

Each claim finds every sentence of one shape on the pages (code blocks left out) and
checks its numbers against the rules, so prose that drifts from a ruling fails here, naming
the page and line. (A petrified character's "15 damage leaves 8" is stated on its pages with
``<!-- states: ... -->``, which `scripts/test --update` lists with the new figure.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rules.taking_damage import Defender, take_hit
from rules.typed_damage import dice_pool

DOCS = Path(__file__).resolve().parent.parent / "docs"
FENCE = re.compile(r"^\s*```")


def prose(page: str) -> str:
    """The page with its code blocks blanked (line numbers kept) and its lines joined by spaces."""
    lines, inside = [], False
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            inside = not inside
            lines.append("")
            continue
        lines.append("" if inside else line.strip())
    return "\n".join(lines)


def stated(page: str, shape: str) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Each sentence of this shape on the page: its line, and the numbers it states."""
    text = prose(page)
    for found in re.finditer(shape, text.replace("\n", " ")):
        line = text.count("\n", 0, found.start()) + 1  # one character per line break either way
        yield line, tuple(int(number) for number in found.groups())


def _muldoon(numbers: tuple[int, ...]) -> bool:
    hardened, regular = numbers
    armor = "Armor of Muldoon: --**++(H vs. Arrows)"
    pools = dice_pool("Arrow: 4+", armor, source="arrow"), dice_pool("Arrow: 4+", armor)
    return pools == (hardened, regular)


def _jacket(numbers: tuple[int, ...]) -> bool:
    (weaker,) = numbers
    return dice_pool("Target Pistol: 3B", "Tough Leather Jacket: -*", 1) == 3 + 1 - weaker


def _pools(numbers: tuple[int, ...]) -> bool:
    damage, magic, physical, body, magic_after, physical_after, body_after = numbers
    hit = take_hit(Defender(magic_armor=magic, physical_armor=physical, body=body), damage)
    after = hit.defender
    return (after.magic_armor, after.physical_armor, after.body) == (magic_after, physical_after, body_after)


CLAIMS: list[tuple[str, str, Callable[[tuple[int, ...]], bool]]] = [
    ("typed-damage.md", r"rolls all (\d+) \(rather than (\d+)\)", _muldoon),
    ("typed-damage.md", r"none of piercing: the weaker is (\d+)", _jacket),
    (
        "taking-damage.md",
        r"(\d+) damage against (\d+) magic armor, (\d+) physical armor and (\d+) body leaves (\d+) magic "
        r"armor, (\d+) physical armor and (\d+) body",
        _pools,
    ),
]


@pytest.mark.parametrize(("page", "shape", "check"), CLAIMS, ids=[f"{p}: {s}" for p, s, _ in CLAIMS])
def test_prose_states_what_the_rules_compute(page, shape, check):
    claims = list(stated(page, shape))
    assert claims, f"docs/{page} no longer states {shape!r}: update the claim"
    for line, numbers in claims:
        assert check(numbers), f"docs/{page}, line {line}: the prose states {numbers}, the rules disagree"


def test_no_page_says_petrified_rounds_in_its_favour():
    for page in ("conditions-list.md", "conditions.md", "resistances.md"):
        assert "in its favour" not in prose(page), page
