"""Reading a form's values: text in, the rules' inputs out, or a refusal naming the field.

Every value arrives as text. `Form` turns each into what the rules take (a whole number,
a flag, a list of lines...) and refuses bad text with a `FieldError`: a `RulesError` that
also names the field it concerns. `Form.concerning` does the same for an error the rules
raise while reading a field's value (a trait line, a damage type), keeping their words: the
field comes from the input the error says it concerns (`RulesError.concerns`), never from
the message's words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

from calculators.fields import Calculator, Field
from rules.checks import LARGEST, whole_number
from rules.errors import MOST_TEXT, RulesError, RulesTypeError, shown

__all__ = ["FieldError", "Form"]

T = TypeVar("T")

_WHOLE = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: no "1_000", no full-width digits
_MOST_DIGITS = len(str(LARGEST)) + 1  # more digits than this is above the largest number, whatever they are
YES = "yes"


class FieldError(RulesError):
    """A value the rules cannot accept, and the field of the form it came from."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message, concerns=field)
        self.field = field


@dataclass(frozen=True, slots=True)
class Form:
    """A calculator's form as filled in: every field's text (its default where not given)."""

    calculator: Calculator
    values: Mapping[str, str]

    @classmethod
    def read(cls, calculator: Calculator, given: object) -> Form:
        """The values given, checked: known field names, text values; defaults fill the rest."""
        if not isinstance(given, Mapping):
            msg = f"The values must map field names to text, not {shown(given)}"
            raise RulesTypeError(msg)
        names = [field.name for field in calculator.fields]
        for name, value in given.items():
            if name not in names:
                msg = f"This calculator has no field {shown(name)}: its fields are {', '.join(names)}"
                raise FieldError(None, msg)
            field = calculator.field(name)
            if not isinstance(value, str):
                raise FieldError(name, f"{field.label} must be text, not {shown(value)}")
            if len(value) > MOST_TEXT:
                msg = f"{field.label} is longer than {MOST_TEXT} characters, the most a field may have"
                raise FieldError(name, msg)
        values = {field.name: given.get(field.name, field.default) for field in calculator.fields}
        return cls(calculator, MappingProxyType(values))

    def _field(self, name: str, kind: str) -> Field:
        field = self.calculator.field(name)
        assert field.kind == kind, f"{name} is a {field.kind} field, not {kind}"
        return field

    @contextmanager
    def concerning(self, name: str | None, inputs: Mapping[str, str] | None = None) -> Iterator[None]:
        """Any `RulesError` raised inside concerns a field, named in its `FieldError`.

        The field is the one ``inputs`` gives for the rules' input the error concerns
        (``{"margin": "margin"}``: the input's name in the rules, and its field), else
        ``name``; a `FieldError` keeps its field. The message is kept word for word.
        """
        try:
            yield
        except FieldError:
            raise
        except RulesError as error:
            field = (inputs or {}).get(error.concerns or "", name)
            raise FieldError(field, str(error)) from error

    def number(self, name: str, *, minimum: int | None = 0) -> int:
        """A whole number, at least ``minimum``, written with ASCII digits and an optional sign."""
        field = self._field(name, "number")
        text = self.values[name].strip()
        with self.concerning(name):
            if not _WHOLE.fullmatch(text):
                whole_number(self.values[name], field.label)  # refuses the text, in the rules' words
            if len(text.lstrip("+-")) > _MOST_DIGITS:
                msg = (
                    f"{field.label} must be at most 10**100 (the largest number the rules accept), "
                    f"not {shown(text)}"
                )
                raise RulesError(msg)
            return whole_number(int(text), field.label, minimum=minimum)

    def number_or_none(self, name: str, *, minimum: int | None = 0) -> int | None:
        """A whole number as `number` reads it, or ``None`` when the field is left blank."""
        return None if not self.values[name].strip() else self.number(name, minimum=minimum)

    def flag(self, name: str) -> bool:
        """A checkbox: ``"yes"`` when ticked, ``""`` when not."""
        field = self._field(name, "flag")
        value = self.values[name]
        if value not in (YES, ""):
            raise FieldError(name, f"{field.label} must be 'yes' or empty, not {shown(value)}")
        return value == YES

    def text(self, name: str, *, strip: bool = True) -> str:
        """One line of text, its ends stripped unless spaces mean something (a die's blank face)."""
        text = self.values[self._field(name, "text").name]
        return text.strip() if strip else text

    def lines(self, name: str) -> tuple[str, ...]:
        """The field's lines that are not blank, their ends stripped."""
        text = self.values[self._field(name, "lines").name]
        return tuple(line.strip() for line in text.splitlines() if line.strip())

    def choice(self, name: str) -> str:
        """One of the field's choices, by value."""
        field = self._field(name, "choice")
        return _chosen(field, self.values[name])

    def choices(self, name: str) -> tuple[str, ...]:
        """The values ticked (joined with ","), as written: blank items dropped, ends stripped."""
        text = self.values[self._field(name, "choices").name]
        return tuple(item.strip() for item in text.split(",") if item.strip())

    def read_choices(self, name: str, read: Callable[[str], T]) -> tuple[T, ...]:
        """The values ticked, each read by the rules' own reader (``DamageType.parse``)."""
        with self.concerning(name):
            return tuple(read(item) for item in self.choices(name))


def _chosen(field: Field, value: str) -> str:
    values = [choice for choice, _ in field.choices]
    if value in values:
        return value
    *others, last = (repr(choice) for choice in values)
    words = f"{', '.join(others)} or {last}" if others else last
    raise FieldError(field.name, f"{field.label} cannot be {shown(value)}: use one of {words}")
