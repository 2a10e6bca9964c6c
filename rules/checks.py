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

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from rules.errors import RulesError, RulesTypeError, shown

__all__ = [
    "HALF",
    "LARGEST",
    "collection",
    "distinct",
    "flag",
    "half_down",
    "nonblank",
    "part_down",
    "settle",
    "whole_number",
]

K = TypeVar("K")
V = TypeVar("V")

LARGEST = 10**100
"""The largest whole number the rules accept (a googol): far above any game's figures,
small enough that every answer is written out at once."""


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
        msg = f"{what} must be a whole number, not {shown(value)}"
        raise RulesTypeError(msg)
    if minimum is not None and value < minimum:
        msg = f"{what} must be {minimum} or more, not {shown(value)}" + (f" ({hint})" if hint else "")
        raise RulesError(msg)
    if abs(value) > LARGEST:
        msg = f"{what} must be at most 10**100 (the largest number the rules accept), not {shown(value)}"
        raise RulesError(msg)
    return value


def flag(value: object, what: str) -> bool:
    """Accept ``True`` or ``False`` only: ``"no"`` is not false.

    Raises:
        RulesTypeError: Anything but a bool.

    """
    if not isinstance(value, bool):
        msg = f"{what} must be True or False, not {shown(value)}"
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
    if isinstance(value, str):
        msg = f"{what} must be a list or a set, such as [{shown(value)}], not the text {shown(value)}"
        raise RulesTypeError(msg)
    if isinstance(value, (bytes, bytearray, memoryview)) or not isinstance(value, Iterable):
        msg = f"{what} must be a list or a set, not {shown(value)}"
        raise RulesTypeError(msg)
    return tuple(value)


def distinct(mapping: Mapping[Any, V], what: str, read: Callable[[Any], K]) -> dict[K, V]:
    """Read each key of a mapping; two keys that read alike (``"fire"``, ``"FIRE"``) are refused.

    Examples:
        >>> distinct({"fire": 1, "FIRE": 2}, "reduction", str.casefold)
        Traceback (most recent call last):
          ...
        rules.errors.RulesError: reduction gives one key twice, as 'fire' and as 'FIRE': give it once

    """
    found: dict[K, V] = {}
    written: dict[K, object] = {}
    for key, value in mapping.items():
        read_key = read(key)
        if read_key in found:
            twice = f"as {shown(written[read_key])} and as {shown(key)}"
            msg = f"{what} gives one key twice, {twice}: give it once"
            raise RulesError(msg)
        found[read_key], written[read_key] = value, key
    return found


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
        msg = f"{what} must be {such_as}, not {shown(value)}"
        raise (RulesError if isinstance(value, str) else RulesTypeError)(msg)
    return value.strip()


def settle(instance: object, **fields: object) -> None:
    """Store the checked fields of a frozen dataclass, from its ``__post_init__``.

    ``settle(self, lock=flag(self.lock, "lock"))`` stands for one ``object.__setattr__``
    per field, the way a frozen dataclass sets its own fields.
    """
    for name, value in fields.items():
        object.__setattr__(instance, name, value)


HALF = Fraction(1, 2)
"""The share most rules take (Resist, Vulnerable, Weakened, the two highest types)."""


def half_down(amount: int) -> int:
    """Half of an amount, rounded down: every "half" of the rules is this one."""
    return part_down(amount, HALF)  # half rounds down (§ruling-half-rounds-down, §ruling-rs-rounds-down)


def part_down(amount: int, share: Fraction) -> int:
    """A share of an amount, rounded down, as every share of the rules is (see `half_down`).

    Examples:
        >>> part_down(27, Fraction(1, 3)), part_down(7, HALF)
        (9, 3)

    """
    return amount * share.numerator // share.denominator
