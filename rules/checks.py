"""The checks every system makes on its inputs, and the one place "half, rounded down" is computed.

Each check returns the value it accepts and refuses anything else with a `RulesError`
that names the input: an input of the wrong type with a `RulesTypeError`, a value out
of range with a plain `RulesError`.

Examples:
    >>> whole_number(3, "damage"), flag(True, "guarding"), collection({"RS"}, "ignores")
    (3, True, ('RS',))
    >>> whole_number(-1, "damage")
    Traceback (most recent call last):
      ...
    rules.errors.RulesError: damage must be 0 or more, not -1
    >>> collection("RS", "ignores")
    Traceback (most recent call last):
      ...
    rules.errors.RulesTypeError: ignores must be a list or a set, such as ['RS'], not the text 'RS'
    >>> half_down(7)
    3

"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.errors import RulesError, RulesTypeError

__all__ = ["collection", "flag", "half_down", "nonblank", "settle", "whole_number"]


def whole_number(value: object, what: str, *, minimum: int | None = 0, hint: str = "") -> int:
    """Accept a whole number (never a bool) of at least ``minimum``.

    Args:
        value: The input.
        what: How the error names the input, e.g. ``"base_damage"``.
        minimum: The least value accepted; ``None`` accepts any whole number.
        hint: Words added to the error when the value is below ``minimum``.

    Returns:
        The value, unchanged.

    Raises:
        RulesTypeError: A bool, or not an ``int``.
        RulesError: Less than ``minimum``.

    """
    if isinstance(value, bool) or not isinstance(value, int):
        msg = f"{what} must be a whole number, not {value!r}"
        raise RulesTypeError(msg)
    if minimum is not None and value < minimum:
        msg = f"{what} must be {minimum} or more, not {value}" + (f" ({hint})" if hint else "")
        raise RulesError(msg)
    return value


def flag(value: object, what: str) -> bool:
    """Accept ``True`` or ``False`` only: ``"no"`` is not false.

    Raises:
        RulesTypeError: Anything but a bool.

    """
    if not isinstance(value, bool):
        msg = f"{what} must be True or False, not {value!r}"
        raise RulesTypeError(msg)
    return value


def collection(value: object, what: str) -> tuple[Any, ...]:
    """Accept a collection (list, tuple, set...) and return its items, refusing bare text.

    Text is iterable letter by letter, so ``"RS"`` would be read as ``"R"`` and ``"S"``;
    it is refused with a tip to put it in a list. The items are returned as they are,
    for the caller to read each one.

    Raises:
        RulesTypeError: Text, or a value that is not a collection.

    """
    if isinstance(value, (str, bytes)):
        msg = f"{what} must be a list or a set, such as [{value!r}], not the text {value!r}"
        raise RulesTypeError(msg)
    if not isinstance(value, Iterable):
        msg = f"{what} must be a list or a set, not {value!r}"
        raise RulesTypeError(msg)
    return tuple(value)


def nonblank(value: object, what: str, *, such_as: str) -> str:
    """Accept text that is not blank, and return it without surrounding spaces.

    Args:
        value: The input.
        what: How the error names the input, e.g. ``"A condition source"``.
        such_as: What the input should be, e.g. ``"a name such as 'ogre'"``.

    Raises:
        RulesTypeError: Not text.
        RulesError: Blank text.

    """
    if not isinstance(value, str) or not value.strip():
        msg = f"{what} must be {such_as}, not {value!r}"
        raise (RulesError if isinstance(value, str) else RulesTypeError)(msg)
    return value.strip()


def settle(instance: object, **fields: object) -> None:
    """Store the checked fields of a frozen dataclass, from its ``__post_init__``.

    ``settle(self, lock=flag(self.lock, "lock"))`` stands for one ``object.__setattr__``
    per field, the way a frozen dataclass sets its own fields.
    """
    for name, value in fields.items():
        object.__setattr__(instance, name, value)


def half_down(amount: int) -> int:
    """Half of an amount, rounded down: every "half" of the rules is this one."""
    return amount // 2  # half rounds down (§ruling-half-rounds-down, §ruling-rs-rounds-down)
