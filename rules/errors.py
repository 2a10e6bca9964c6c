"""The one shallow error hierarchy of the rules package.

Every error a player or designer can trigger with bad input is a `RulesError`,
which is a `ValueError`: callers that already catch `ValueError` keep working. An
input of the wrong type raises `RulesTypeError`, which is also a `TypeError`.
"""

from __future__ import annotations


class RulesError(ValueError):
    """A value the rules cannot accept; the message names the value and what is wrong."""


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

    def __init__(self, what: str, text: str, position: int, problem: str) -> None:
        self.what = what
        self.text = text
        self.position = position
        self.problem = problem
        caret = " " * (position + 4) + "^"
        super().__init__(
            f"Cannot read {what} {text!r}: {problem} at position {position}\n    {text}\n{caret}"
        )
