"""What a calculator is: its fields, in the game's words, and the worked examples it offers.

A `Calculator` describes one system's form: the page it sits on, its `Field`s and its
presets. The page builds the form from it; `calculators.answer` reads the form's values
with it. Both are frozen values: nothing here computes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["KINDS", "Calculator", "Field"]

KINDS = ("number", "text", "lines", "choice", "choices", "flag")
"""The kinds of field: a whole number, one line of text, several lines (one item each), one
of the choices, any of the choices (their values joined with ","), a checkbox ("yes" or "")."""


@dataclass(frozen=True, slots=True)
class Field:
    """One input of a calculator's form.

    Attributes:
        name: The form field's name and URL parameter, e.g. ``"damage"``.
        label: What the player is asked, in the game's words, e.g. ``"Damage dealt"``.
        kind: One of `KINDS`.
        default: The value the form starts with.
        choices: ``(value, label)`` pairs for a ``choice`` or ``choices`` field.
        hint: One short line shown under the field.
        rule: The anchor of the rule the field concerns, or ``""``.

    """

    name: str
    label: str
    kind: str
    default: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Calculator:
    """One system's calculator: where it sits, what it asks, and the examples it offers.

    Attributes:
        system: The page's slug, e.g. ``"resistances"``.
        page: The page it sits on, e.g. ``"resistances.md"``.
        title: The form's heading, e.g. ``"Work out a hit"``.
        intro: One sentence saying what it answers.
        fields: The form's fields, in order.
        presets: Worked examples a player loads with one tap: a name, and a value for every field.

    """

    system: str
    page: str
    title: str
    intro: str
    fields: tuple[Field, ...]
    presets: tuple[tuple[str, Mapping[str, str]], ...] = ()

    def field(self, name: str) -> Field:
        """The field of that name."""
        return next(field for field in self.fields if field.name == name)
