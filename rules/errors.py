"""The one shallow error hierarchy of the rules package.

Every error a player or designer can trigger with bad input is a `RulesError`,
which is a `ValueError`: callers that already catch `ValueError` keep working. An
input of the wrong type raises `RulesTypeError`, which is also a `TypeError`.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["MOST_TEXT", "NotationError", "RulesError", "RulesTypeError", "concerning", "shown"]

MOST_TEXT = 10_000
"""The longest notation (a trait line, a weapon, an armor, a roll) read, in characters."""

SHOWN_LENGTH = 80
"""An input longer than this (written out) is shortened in messages, keeping both ends."""

SHOWN_DEPTH = 100
"""An input nested deeper than this is described briefly, never written out whole."""

class _Brief(reprlib.Repr):
    """A short ``repr``: a few items of a list, a few levels of nesting, no giant number."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 1000:
            return f"<a whole number of {_digits(abs(x))} digits>"
        return super().repr_int(x, level)  # pragma: no mutate (reprlib's repr_int never reads level)


_BRIEF = _Brief()
_BRIEF.maxlevel, _BRIEF.maxlist, _BRIEF.maxtuple, _BRIEF.maxdict = 3, 6, 6, 4
_BRIEF.maxstring, _BRIEF.maxother, _BRIEF.maxlong = 40, 40, 40


def shown(value: object) -> str:
    """An input as a message quotes it: its ``repr``, shortened when long.

    A long text or list keeps its start and end and says how long it is; a list nested
    too deep, or a number too large to write, is described instead of raising while the
    message is built.

    Examples:
        >>> shown("fire"), shown(7)
        ("'fire'", '7')
        >>> shown("x" * 1000)
        "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxx' (1002 characters)"
        >>> shown(10**5000)
        'a whole number of 5001 digits'

    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1000:
        return f"a whole number of {_digits(abs(value))} digits"
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > SHOWN_LENGTH:
        return f"{_BRIEF.repr(value)} ({len(value)} items)"
    if _nested_deeper_than(value, SHOWN_DEPTH):  # repr would depend on how deep the caller's stack is
        return _BRIEF.repr(value)
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # nested too deep, or a number too large to write
        text = _BRIEF.repr(value)
    if len(text) <= SHOWN_LENGTH:
        return text
    return f"{text[:50]}...{text[-20:]} ({len(text)} characters)"


def _nested_deeper_than(value: object, depth: int) -> bool:
    """Whether lists, tuples, sets or dicts are nested inside one another more than ``depth`` deep."""
    level = [value]
    for _ in range(depth):
        level = [
            item
            for outer in level
            if isinstance(outer, (list, tuple, set, frozenset, dict))
            for item in (outer.values() if isinstance(outer, dict) else outer)
        ]
        if not level:
            return False
    return True


def _digits(number: int) -> int:
    """How many decimal digits a positive whole number has, without writing it out."""
    digits = int(number.bit_length() * 0.30102999566398120)  # x log10(2): never above the count
    while 10**digits <= number:
        digits += 1
    return digits


class RulesError(ValueError):
    """A value the rules cannot accept; the message names the value and what is wrong.

    ``concerns`` names the input the refusal is about, as the function that reads it calls
    it (``"margin"``, ``"reduction"``, ``"traits"``), or is ``None`` when no one input is
    to blame. Code that shows the refusal beside an input (a calculator's form field)
    reads it, never the message's words.
    """

    def __init__(self, *args: object, concerns: str | None = None) -> None:
        super().__init__(*args)
        self.concerns = concerns


@contextmanager
def concerning(name: str) -> Iterator[None]:
    """A `RulesError` raised inside, not yet about an input, is about ``name``.

    A rules function reads each input inside one, so every refusal carries the input it
    concerns as data, set where the input is read::

        with concerning("margin"):
            margin = whole_number(margin, "margin")
    """
    try:
        yield
    except RulesError as error:
        if error.concerns is None:
            error.concerns = name
        raise


class RulesTypeError(RulesError, TypeError):
    """An input of the wrong type, such as text where a number or a `Combatant` belongs.

    It is both a `RulesError` and a `TypeError`, so either ``except`` catches it.
    """


class NotationError(RulesError):
    """Notation that cannot be read; carries the text and the position of the first bad character.

    The message quotes the text and puts a caret under the bad character, as a
    compiler would::

        Cannot read armor '--x+': unexpected 'x' at position 2
            --x+
              ^
    """

    @classmethod
    def check_length(cls, what: str, text: str) -> str:
        """Accept notation of at most `MOST_TEXT` characters; refuse longer text at once."""
        if len(text) > MOST_TEXT:
            problem = f"it is longer than {MOST_TEXT} characters, the most notation may have"
            raise cls(what, text, MOST_TEXT, problem)
        return text

    def __init__(self, what: str, text: str, position: int, problem: str) -> None:
        self.what = what
        self.text = text
        self.position = position
        self.problem = problem
        line, column = _window(text, position)
        caret = " " * (column + 4) + "^"
        # The input it concerns is set where the notation is read (`concerning`).
        message = f"Cannot read {what} {shown(text)}: {problem} at position {position}"
        super().__init__(f"{message}\n    {line}\n{caret}")


def _window(text: str, position: int) -> tuple[str, int]:
    """The part of the text around the position (all of a short text) and the caret's column."""
    if len(text) <= SHOWN_LENGTH:
        return text, position
    start = max(position - 40, 0)
    end = "..." if position + 40 < len(text) else ""
    line = ("..." if start else "") + text[start : position + 40] + end
    return line, position - start + (3 if start else 0)
