"""Calculators: a player's own situation, answered by the rules with every step explained.

Each system has a `Calculator` (its form, in the game's words, and worked examples to load)
and a solver that reads the form and calls that system's public functions in `rules`; the
answer is the rules' own explained result, JSON-ready. The browser calls `answer_json` under
Pyodide; nothing here computes a rule.

Examples:
    >>> answer("resistances", {"damage": "17", "types": "fire", "traits": "Resist Fire"})["outcome"]
    '9 damage'
    >>> answer("resistances", {"damage": "lots"})["message"]
    "Damage dealt must be a whole number, not 'lots'"

"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from urllib.parse import parse_qsl

from calculators import affinity, conditions, monsters, resistances, taking_damage, typed_damage
from calculators.fields import KINDS, Calculator, Field
from calculators.form import FieldError, Form
from calculators.results import refused
from rules.errors import RulesError, RulesTypeError, shown

__all__ = ["CALCULATORS", "KINDS", "Calculator", "Field", "answer", "answer_json"]

_SYSTEMS = (resistances, monsters, affinity, conditions, typed_damage, taking_damage)

CALCULATORS: Mapping[str, Calculator] = MappingProxyType(
    {system.CALCULATOR.system: system.CALCULATOR for system in _SYSTEMS}
)
"""Every calculator, by system (the page's slug): a read-only view."""

_SOLVERS: Mapping[str, Callable[[Form], dict[str, object]]] = MappingProxyType(
    {system.CALCULATOR.system: system.solve for system in _SYSTEMS}
)


def answer(system: str, values: Mapping[str, str]) -> dict[str, object]:
    """The answer to one situation, JSON-ready; bad input is answered, never raised.

    Args:
        system: The calculator's system, e.g. ``"resistances"``.
        values: Text for some of its fields, by name; the others take their default.

    Returns:
        ``{"ok": True, "situation", "steps", "outcome", "odds"}``, or, for input the rules
        refuse, ``{"ok": False, "field", "message"}`` with the rules' own message.

    """
    try:
        if not isinstance(system, str) or system not in CALCULATORS:
            msg = f"There is no calculator {shown(system)}: use one of {', '.join(CALCULATORS)}"
            raise FieldError(None, msg)
        form = Form.read(CALCULATORS[system], values)
        return _SOLVERS[system](form)
    except RulesError as error:
        return refused(error)


def answer_json(system: str, query: str) -> str:
    """The browser's entry point: a URL query (``"damage=17&types=fire"``) in, the answer as JSON out.

    A field given twice is refused: a link names each input once; so is a query that is not
    text, as `answer` refuses values that are not a mapping of text.
    """
    if not isinstance(query, str):
        message = f"The query must be the text of a link, such as 'damage=17&types=fire', not {shown(query)}"
        return json.dumps(refused(RulesTypeError(message)))
    pairs = parse_qsl(query, keep_blank_values=True)
    values: dict[str, str] = {}
    for name, value in pairs:
        if name in values:
            message = f"{shown(name)} is given twice in the link: give each field once"
            return json.dumps({"ok": False, "field": name, "message": message})
        values[name] = value
    return json.dumps(answer(system, values))
