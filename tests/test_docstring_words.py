"""The API reference's sentences say what the rules compute, as the pages' sentences do.

A docstring that names a rule's share or multiplier in words ("mitigates half the damage")
is shown to designers on the API reference. The pages check such words with ``states:``
comments; a docstring cannot carry one, so each such sentence is listed here with the rule's
value it names. Change ``Resist.SHARE`` to a third and the test fails, naming the docstring's
file and line and the word it should now use; ``scripts/test --update`` lists it with the
pages' sentences.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path

import pytest

import rules.conditions.amounts
import rules.resistances.resolve
from rules.conditions.effects import WEAKENED_SHARE
from rules.resistances import Resist, Vulnerable
from rules.resistances.resolve import SEVERAL_SHARE
from rules.words import times_word

ROOT = Path(__file__).resolve().parent.parent


def _verb(multiplier: object) -> str:
    """The verb of `times_word`: ``"halved"`` of ``"halved, rounded down"``."""
    return times_word(multiplier).split(",")[0]  # type: ignore[arg-type]


WORDED: dict[str, tuple[Callable[..., object], Callable[[], str]]] = {
    "Resist": (Resist, Resist.share_word),
    "Vulnerable": (Vulnerable, Vulnerable.share_word),
    "damage_dealt": (rules.conditions.amounts.damage_dealt, lambda: times_word(WEAKENED_SHARE)),
    "healing_received": (rules.conditions.amounts.healing_received, lambda: times_word(WEAKENED_SHARE)),
    "several types": (rules.resistances.resolve._combine, lambda: _verb(SEVERAL_SHARE)),
    "two highest": (rules.resistances.resolve._best_two, lambda: _verb(SEVERAL_SHARE)),
}
"""Each docstring that words a rule's value, with the word the rule's value gives today."""


@pytest.mark.parametrize("name", WORDED)
def test_a_docstring_words_the_value_the_rule_uses(name: str) -> None:
    documented, word = WORDED[name]
    summary = (inspect.getdoc(documented) or "").split("\n\n")[0]
    lines, first = inspect.getsourcelines(documented)
    at = first + next(number for number, line in enumerate(lines) if '"""' in line)
    where = f"{Path(inspect.getsourcefile(documented) or '').relative_to(ROOT).as_posix()}:{at}"
    assert f" {word()}" in f" {summary}", (
        f"{where}: the docstring of {documented.__qualname__} says {summary!r}, "
        f"but the rule's value now reads {word()!r}: reword the docstring"
    )
