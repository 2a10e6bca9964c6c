"""Numbers that a page's prose states, checked against what the rules compute.

An example is run, but a sentence beside it is plain text: change a rule, let
``scripts/test --update`` rewrite the examples, and the sentence would go on stating
the old number. So a sentence that states a number the rules compute says where the
number comes from, with a comment right after it::

    cover becomes superior cover (-5)<!-- states: rules.conditions.Cover.SUPERIOR.penalty -->

The expression is evaluated with the names the page's examples have defined so far, the
``rules`` package, and any name an earlier comment of the page bound with ``:=``. The
number written last before the comment (in its paragraph, after any earlier comment) must
equal its value; a list or tuple value checks as many numbers, the last ones written, in
order::

    VU ×2, Normal ×1, RS ×½<!-- states: [a.multiplier for a in rules.affinity.Affinity][:3] -->
    takes away 8<!-- states: (hit := take_damage(17, "fire", ["Resist Fire"])).mitigated -->,
    so 17 − 8 = 9<!-- states: [hit.mitigated, hit.final] -->

The comment is invisible on the built page. The tests run each one in its place among
the page's examples (``tests/examples.py``), so a stale sentence fails with its page
and line, and ``scripts/test --update`` lists it for a person to rewrite.
"""

# ruff: noqa: RUF001, RUF002 - prose writes the multiplication sign and the typographic minus

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import ModuleType
from typing import Any

__all__ = ["MARKER", "Stated", "check", "find", "numbers_in"]

MARKER = re.compile(r"<!--\s*states:\s*(?P<expression>.+?)\s*-->")
_NUMBER = re.compile(
    r"""
    (?<![\w./])                    # a whole number, not the tail of a word, a version or a path
    (?P<sign>[-−]?)                # ASCII hyphen or the typographic minus
    (?:
        (?P<whole>\d+(?:,\d{3})*(?:\.\d+)?)  # 12, 1,000 or 2.5
        (?:/(?P<under>\d+))?       # 1/2
      | (?P<vulgar>[½⅓⅔¼¾])         # ½
    )
    (?![\w/]|\.\d)
    """,
    re.VERBOSE,
)
_VULGAR = {"½": Fraction(1, 2), "⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "¼": Fraction(1, 4),
           "¾": Fraction(3, 4)}


@dataclass(frozen=True, slots=True)
class Stated:
    """A ``states:`` comment: where it is in the page, its expression, and the numbers written before it."""

    start: int
    end: int
    expression: str
    written: tuple[tuple[str, Fraction], ...]


def numbers_in(text: str) -> list[tuple[str, Fraction]]:
    """The numbers written in a piece of prose, as written and as values.

    ``"VU ×2, RS ×½, AB ×−1, cover (-5), level 1,000, 2.5"`` holds 2, 1/2, -1, -5, 1000 and 5/2; the
    1 and 6 of ``1d6`` and the 1 of ``1.6.1`` are not numbers of their own.
    """
    found = []
    for match in _NUMBER.finditer(text):
        whole, under, vulgar = match["whole"], match["under"], match["vulgar"]
        value = _VULGAR[vulgar] if vulgar else Fraction(whole.replace(",", "")) / int(under or 1)
        found.append((match.group(), -value if match["sign"] else value))
    return found


def find(text: str) -> Iterator[Stated]:
    """Every ``states:`` comment of a page, with the numbers written before it.

    Those are the numbers since the paragraph began or the previous comment ended, whichever
    is later; the comment checks the last of them (or the last few, for a list).
    """
    since = 0
    fenced = _fenced(text)
    for match in MARKER.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        if any(start <= match.start() < end for start, end in fenced) or (
                text.count("`", line_start, match.start()) % 2):
            continue  # shown as code (a fence, or `inline`), as on the page that explains them
        paragraph = max(text.rfind("\n\n", 0, match.start()), text.rfind("\n\r\n", 0, match.start()))
        written = tuple(numbers_in(text[max(since, paragraph + 1):match.start()]))
        since = match.end()
        yield Stated(match.start(), match.end(), match["expression"], written)


_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})", re.MULTILINE)


def _fenced(text: str) -> list[tuple[int, int]]:
    """Where the page's fenced code blocks are: a comment in one is shown, not checked."""
    spans, opening = [], None
    for match in _FENCE.finditer(text):
        if opening is None:
            opening = match
        elif match[1][0] == opening[1][0] and len(match[1]) >= len(opening[1]):
            spans.append((opening.start(), match.end()))
            opening = None
    return spans if opening is None else [*spans, (opening.start(), len(text))]


@cache
def _rules() -> ModuleType:
    """The ``rules`` package with every subpackage and module imported, so an expression can name any."""
    package = importlib.import_module("rules")
    for module in pkgutil.walk_packages(package.__path__, "rules."):
        importlib.import_module(module.name)
    return package


def _values(value: object) -> list[Fraction] | None:
    items = list(value) if isinstance(value, list | tuple) else [value]
    numbers = [Fraction(item) for item in items
               if isinstance(item, int | Fraction) and not isinstance(item, bool)]
    return numbers if len(numbers) == len(items) else None


def check(stated: Stated, namespace: Mapping[str, Any], memory: dict[str, Any] | None = None) -> str | None:
    """Nothing if the numbers before the comment are what its expression gives, else what to edit.

    ``namespace`` holds what the page's examples defined so far, read only; ``memory`` (one per
    page) keeps the names an earlier comment bound with ``:=``, so a paragraph can compute a
    result once and state several of its figures.
    """
    memory = {} if memory is None else memory
    scope = {**namespace, **memory, "rules": _rules()}
    try:
        value = eval(stated.expression, scope)  # the page's own code
    except Exception as error:  # the expression itself is wrong: say so, at its line
        return f"<!-- states: {stated.expression} --> fails: {type(error).__name__}: {error}"
    memory.update({name: bound for name, bound in scope.items()
                   if name not in {"rules", "__builtins__"} and namespace.get(name, memory) is not bound})
    values = _values(value)
    if values is None:
        return f"<!-- states: {stated.expression} --> gives {value!r}, not a number or a list of numbers"
    written = stated.written[len(stated.written) - len(values):] if len(values) <= len(stated.written) else ()
    if not written:
        return (f"<!-- states: {stated.expression} --> gives {len(values)} number(s), but the text before it "
                f"has {len(stated.written)}: put the comment right after the number it checks")
    if [value for _, value in written] == values:
        return None
    now = ", ".join(_shown(value) for value in values)
    return (f"the text states {', '.join(shown for shown, _ in written)}, but the rules now give {now} "
            f"({stated.expression}): rewrite the sentence with the new number")


def _shown(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
