"""Reading the words players write into the enums of every system, with one normalisation.

Case, surrounding spaces and repeated spaces do not matter, and ``-``, ``_`` and a space
are read alike, so ``"Superior-Cover"``, ``"superior_cover"`` and ``"superior cover"``
are one word everywhere.

Examples:
    >>> normalise("  Until-Next_TURN ")
    'until next turn'
    >>> normalise("No Burst / Blast")
    'no burst/blast'

"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeVar

from rules.errors import RulesError, RulesTypeError, shown

__all__ = [
    "PARTS", "TIMES", "choices", "normalise", "number_word", "parse_word", "part_word", "singular",
    "times_word", "word_key",
]

E = TypeVar("E", bound=Enum)

_SEPARATORS = re.compile(r"[\s_-]+")
_SLASH = re.compile(r" ?/ ?")


def normalise(word: str) -> str:
    """A word as every lookup compares it: case-folded, ``-``, ``_`` and spaces as one space.

    Spaces around a slash go too, so ``"Burst / Blast"`` reads as ``"burst/blast"``.
    """
    return _SLASH.sub("/", " ".join(_SEPARATORS.split(word.casefold())).strip())


_IRREGULAR = MappingProxyType({
    "children": "child", "cacti": "cactus", "dice": "die", "feet": "foot", "fungi": "fungus",
    "geese": "goose", "lice": "louse", "men": "man", "mice": "mouse", "oxen": "ox",
    "people": "person", "staves": "staff", "teeth": "tooth", "women": "woman",
})
"""Plurals that no ending rule reads (the seeds' sources are weapons, beasts and energies)."""

_SIBILANT_ES = re.compile(r"(?:ss|x|zz|ch|sh)es$")


def singular(name: str) -> str:
    """A name as one thing: its last word made singular, the whole case-folded.

    Irregular plurals come from a table (``"Teeth"``), then the endings: ``-ives`` is
    ``-ife`` (``"Knives"``), another ``-ves`` is ``-f`` (``"Wolves"``), ``-ies`` is ``-y``,
    ``-es`` after ss, x, zz, ch or sh goes (``"Torches"``), and a last ``s`` goes unless the
    word ends in ``ss``, ``us`` or ``is`` or has three letters or fewer.

    Examples:
        >>> [singular(word) for word in ("Knives", "Fire Arrows", "Torches", "Teeth", "Glass")]
        ['knife', 'fire arrow', 'torch', 'tooth', 'glass']

    """
    before, space, last = normalise(name).rpartition(" ")
    if last in _IRREGULAR:
        last = _IRREGULAR[last]
    elif len(last) > 4 and last.endswith("ves"):
        last = last[:-3] + ("fe" if last.endswith("ives") else "f")
    elif len(last) > 4 and last.endswith("ies"):
        last = last[:-3] + "y"
    elif _SIBILANT_ES.search(last) and len(last) > 4:
        last = last[:-2]
    elif len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is")):
        last = last[:-1]
    return before + space + last


def word_key(name: str) -> str:
    """The key two names are compared by: `singular`, without a last silent ``e``.

    ``"Axes"`` and ``"axe"``, ``"Knives"`` and ``"knife"`` get one key, so a plural and
    its singular always match, whichever ending rule read the plural.

    Examples:
        >>> word_key("Axes") == word_key("axe"), word_key("Knives") == word_key("Knife")
        (True, True)

    """
    one = singular(name)
    return one[:-1] if len(one) >= 3 and one.endswith("e") else one


def parse_word(
    kind: type[E], value: object, what: str, *, aliases: Mapping[str, E] | None = None
) -> E:
    """Read one member of ``kind`` from its value or an alias, as a player writes it.

    A member's value and each alias match exactly first (so a symbol such as ``"-"``
    keeps its meaning), then after `normalise`.

    Args:
        kind: The enum to read.
        value: A member, or the word for one.
        what: How the error names the input, e.g. ``"condition"``.
        aliases: Other words for members, e.g. ``{"fort": Defense.FORTITUDE}``.

    Returns:
        The member.

    Raises:
        RulesTypeError: ``value`` is neither a member nor text.
        RulesError: No member has that word; the message lists the words that work.

    Examples:
        >>> from rules.affinity import Action, Duration
        >>> parse_word(Duration, "Until-Next_Turn", "duration")
        <Duration.UNTIL_NEXT_TURN: 'until next turn'>
        >>> parse_word(Action, "steal", "modifier action")
        Traceback (most recent call last):
          ...
        rules.errors.RulesError: Unknown modifier action 'steal': use one of 'grant' or 'remove'

    """
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        lookups: tuple[Mapping[str, E], Mapping[str, E]] = _lookups(kind, tuple((aliases or {}).items()))
        exact, loose = lookups
        for found in (exact.get(value), exact.get(value.strip().casefold()), loose.get(normalise(value))):
            if found is not None:
                return found
    msg = f"Unknown {what} {shown(value)}: use one of {choices(kind)}"
    raise (RulesError if isinstance(value, str) else RulesTypeError)(msg)


def choices(kind: type[Enum]) -> str:
    """The words of an enum's members as an error lists them: ``'grant' or 'remove'``."""
    *others, last = (repr(member.value) for member in kind)
    return f"{', '.join(others)} or {last}" if others else last


@functools.lru_cache(maxsize=256)
def _lookups(kind: type[E], aliases: tuple[tuple[str, E], ...]) -> tuple[Mapping[str, E], Mapping[str, E]]:
    """The words of an enum and its aliases, exactly and normalised: built once per enum."""
    words: dict[str, E] = {str(member.value): member for member in kind}
    words.update(aliases)
    # A word that is only spaces or separators (the blank face " ", "-") matches exactly.
    exact = {**_keyed(words, lambda word: word.strip().casefold()), **words}
    return MappingProxyType(exact), MappingProxyType(_keyed(words, normalise))


def _keyed(words: Mapping[str, E], key: Callable[[str], str]) -> dict[str, E]:
    return {key(word): member for word, member in words.items() if key(word)}


PARTS = MappingProxyType({
    Fraction(1, 2): "half", Fraction(1, 3): "a third", Fraction(2, 3): "two thirds",
    Fraction(1, 4): "a quarter", Fraction(3, 4): "three quarters", Fraction(1): "all",
})
"""The word a sentence uses for a share of an amount: Resist mitigates *half* the damage."""

TIMES = MappingProxyType({
    Fraction(2): "doubled", Fraction(3): "tripled", Fraction(4): "quadrupled",
    Fraction(1, 2): "halved, rounded down", Fraction(1, 3): "cut to a third, rounded down",
    Fraction(1, 4): "cut to a quarter, rounded down", Fraction(1): "unchanged", Fraction(0): "does nothing",
})
"""The words for what a multiplier does to an amount: VU's x2 means the damage is *doubled*."""


def part_word(share: Fraction) -> str:
    """The word for a share of an amount, from `PARTS`: ``"half"`` for 1/2.

    A rule's step texts and the pages' sentences get their word here, from the value the
    rule computes with, so changing the value changes the words.

    Raises:
        RulesError: No word for that share: add one to `PARTS` rather than print a wrong one.

    Examples:
        >>> part_word(Fraction(1, 2)), part_word(Fraction(1, 3))
        ('half', 'a third')

    """
    return _worded(PARTS, share, "PARTS", "a share")


def times_word(multiplier: Fraction) -> str:
    """The words for what a multiplier does to an amount, from `TIMES`: ``"doubled"`` for 2.

    Examples:
        >>> times_word(Fraction(2)), times_word(Fraction(1, 2))
        ('doubled', 'halved, rounded down')

    """
    return _worded(TIMES, multiplier, "TIMES", "a multiplier")


NUMBERS = MappingProxyType(dict(enumerate(
    ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"))))
"""A small count as a sentence spells it: the monstrous armor loses *one* point."""


def number_word(count: int) -> str:
    """A small count spelled out, from `NUMBERS`: ``"one"`` for 1.

    Examples:
        >>> number_word(1), number_word(2)
        ('one', 'two')

    """
    return _worded(NUMBERS, count, "NUMBERS", "a count")


def _worded(table: Mapping[Any, str], value: Fraction | int, name: str, what: str) -> str:
    """The table's word for the value, or an error naming the table to add it to."""
    word = table.get(value)
    if word is None:
        msg = (f"No word for {what} of {value}: add one to {name} in rules/words.py "
               f"(it has {', '.join(f'{key} {word!r}' for key, word in table.items())})")
        raise RulesError(msg)
    return word
