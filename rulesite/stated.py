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

Words are claims too. An expression that gives text (or a list mixing text and numbers)
checks that each word is written before the comment, as a whole word, case aside; the words
come from the rules' own tables (``rules/words.py``), so a rule whose value changes changes
its word, and the old sentence fails::

    a resistance removes *half*<!-- states: rules.resistances.Resist.share_word() --> the damage

A heading states a rule in the same way, with the comment on the line below it (the text
checked runs from the heading on). A flowchart label, inside a ```` ```mermaid ```` fence,
states one with a Mermaid comment on the line below the label::

    AT["Resist mitigates half or its limit"] --> TG
    %% states: rules.resistances.Resist.share_word()

The comments are invisible on the built page (Mermaid comments are not drawn; `drawn` gives a
chart's source without them, so annotating a chart needs no new drawing). The tests run each
one in its place among the page's examples (``rulesite/doctests.py``), so a stale sentence, heading
or label fails with its page and line, and ``scripts/test --update`` lists it for a person to
rewrite. A message writes a number as the page wrote the old one (``7.5``, not ``15/2``).
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

from rulesite.reading import Reading

__all__ = ["LABEL", "MARKER", "Stated", "check", "drawn", "find", "number_spans", "numbers_in"]

MARKER = re.compile(r"<!--\s*states:\s*(?P<expression>.+?)\s*-->")
LABEL = re.compile(r"^[ \t]*%%[ \t]*states(?:[ \t]+(?P<node>\w+))?:[ \t]*(?P<expression>.+?)[ \t]*$",
                   re.MULTILINE)
"""A flowchart label's comment: ``%% states: EXPRESSION`` on the line below the label, or
``%% states X: EXPRESSION`` for the label of box ``X`` alone, when the line draws several."""
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
    """A ``states:`` comment: where it is in the page, its expression, and what is written before it.

    ``text`` is the prose (or the flowchart label) the comment checks, from ``begin`` in the page;
    ``written`` its numbers.
    """

    start: int
    end: int
    expression: str
    written: tuple[tuple[str, Fraction], ...]
    text: str = ""
    label: bool = False
    begin: int = 0
    """Where ``text`` begins in the page: ``page[begin:begin + len(text)] == text``."""


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


def number_spans(text: str) -> list[tuple[int, int]]:
    """Where each number `numbers_in` reads is written in the text: its start and end."""
    return [match.span() for match in _NUMBER.finditer(text)]


def find(text: str) -> Iterator[Stated]:
    """Every ``states:`` comment of a page, with the numbers written before it.

    Those are the numbers since the paragraph began or the previous comment ended, whichever
    is later; the comment checks the last of them (or the last few, for a list). The page is
    read by `rulesite.reading`: a comment shown as code (in a fence, or `inline`) is no check,
    as on the page that explains them; a label's comment is one inside a ```` ```mermaid ```` fence.
    """
    reading = Reading(text)
    since = 0
    found = []
    for comment in reading.comments:
        match = MARKER.fullmatch(comment.text)
        if match is None:
            continue
        begin = max(since, comment.begin)
        prose = text[begin:comment.start]
        since = comment.end
        found.append(Stated(comment.start, comment.end, match["expression"], tuple(numbers_in(prose)), prose,
                            begin=begin))
    for fence in reading.fences:
        if not fence.info.startswith("mermaid"):
            continue
        for match in LABEL.finditer(text, fence.start, fence.stop):
            begin, label = _label_above(text, match.start(), match["node"])
            numbers = tuple(numbers_in(label))
            found.append(Stated(match.start(), match.end(), match["expression"], numbers, label, label=True,
                                begin=begin))
    yield from sorted(found, key=lambda stated: stated.start)


def _label_above(text: str, position: int, node: str | None) -> tuple[int, str]:
    """The line above a label's comment, past any other ``%% states:`` line, or one box's label in it.

    Returns where the label begins in the page, and its text.
    """
    end = text.rfind("\n", 0, position)
    begin = text.rfind("\n", 0, max(end, 0)) + 1
    while begin > 0 and LABEL.match(text, begin, end):
        end = begin - 1
        begin = text.rfind("\n", 0, end) + 1
    line = text[begin:max(end, begin)]
    if node is None:
        return begin, line
    box = re.search(rf"(?<![\w-]){re.escape(node)}\s*[\[({{>/]+\"?(?P<label>[^\"\])}}]*)", line)
    return (begin + box.start("label"), box["label"]) if box else (begin, "")


def drawn(source: str) -> str:
    """A flowchart's source as it is drawn: without its ``%% states:`` lines."""
    return LABEL.sub("", source).replace("\n\n", "\n") if LABEL.search(source) else source


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
    items = list(value) if isinstance(value, list | tuple) else [value]
    words = [item for item in items if isinstance(item, str)]
    values = _values([item for item in items if not isinstance(item, str)])
    if values is None:
        return (f"<!-- states: {stated.expression} --> gives {value!r}, not a number, a word or a list "
                "of them")
    return _check_words(stated, words) or (_check_numbers(stated, values) if values else None)


def _check_words(stated: Stated, words: list[str]) -> str | None:
    missing = [word for word in words if not _says(stated.text, word)]
    if not missing:
        return None
    what = "flowchart label" if stated.label else "text"
    return (f"the {what} does not say {', '.join(map(repr, missing))}, of the rules' words now "
            f"{', '.join(map(repr, words))} ({stated.expression}): it reads {_tail(stated.text)!r}; "
            "rewrite it with the new word")


def _says(text: str, word: str) -> bool:
    """Whether a word is written in the text, whole and case aside (``*half*`` says "half")."""
    flat = " ".join(text.split())
    return re.search(rf"(?<!\w){re.escape(' '.join(word.split()))}(?!\w)", flat, re.IGNORECASE) is not None


def _tail(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 80 else "..." + flat[-77:]


def _check_numbers(stated: Stated, values: list[Fraction]) -> str | None:
    written = stated.written[len(stated.written) - len(values):] if len(values) <= len(stated.written) else ()
    if not written:
        return (f"<!-- states: {stated.expression} --> gives {len(values)} number(s), but the text before it "
                f"has {len(stated.written)}: put the comment right after the number it checks")
    if [value for _, value in written] == values:
        return None
    now = ", ".join(_shown(value, like) for value, (like, _) in zip(values, written, strict=True))
    what = "flowchart label" if stated.label else "text"
    return (f"the {what} states {', '.join(shown for shown, _ in written)}, but the rules now give {now} "
            f"({stated.expression}): rewrite the sentence with the new number")


def _shown(value: Fraction, like: str = "") -> str:
    """A value written as the page wrote the number it replaces.

    ``½`` or ``1/2`` where the page wrote a fraction, else a decimal (``7.5``, ``5.4``) when the
    value has one, else a fraction.
    """
    minus = "−" if "−" in like else "-"
    if value.denominator == 1:
        return str(value.numerator).replace("-", minus)
    vulgar = {fraction: sign for sign, fraction in _VULGAR.items()}
    if any(sign in like for sign in _VULGAR) and abs(value) in vulgar:
        return (minus if value < 0 else "") + vulgar[abs(value)]
    if "/" not in like:
        places = len(like.rsplit(".", 1)[1]) if "." in like else 1
        for digits in range(places, 7):
            if (value * 10**digits).denominator == 1:
                return f"{float(value):.{digits}f}".replace("-", minus)
    return f"{value.numerator}/{value.denominator}"
