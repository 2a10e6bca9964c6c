"""Reading one stat-block line into a trait: `parse_trait`.

Both orders of a limit read the same, so ``"Resist 10 Fire"`` and ``"Resist Fire 10"``
are one trait (§ruling-limit-either-side). Text that cannot be read raises a
`NotationError` that quotes the line and points at the first part it could not read.

Examples:
    >>> parse_trait("Resist 10 Fire") == parse_trait("resist fire 10")
    True
    >>> parse_trait("Resist 10 Fyre")
    Traceback (most recent call last):
      ...
    rules.errors.NotationError: Cannot read trait 'Resist 10 Fyre': unknown damage type 'Fyre' at position 10
        Resist 10 Fyre
                  ^

"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from rules.errors import NotationError, RulesError, RulesTypeError, shown
from rules.resistances.traits import (
    ConditionImmunity,
    DamageImmunity,
    DamageTrigger,
    NondamageImmunity,
    Resist,
    Template,
    Trait,
    TraitSet,
    Vulnerable,
)
from rules.resistances.vocabulary import (
    CharacterCondition,
    Condition,
    DamageType,
    Keyword,
    is_scope_word,
    parse_scope,
)

__all__ = ["parse_trait"]

T = TypeVar("T")

# The word (or words) that open a line and say which trait it is.
_HEAD = re.compile(
    r"""
    \s*
    (?P<head>
        resist | vulnerable                           # Resist 10 Fire, Vulnerable Cold (Advantage)
      | damage \s+ immune | condition \s+ immune      # Damage Immune: Poison, Condition Immune: Stunned
      | non-?damage \s+ immune                        # Nondamage Immune: Charm
      | damage \s+ trigger                            # Damage Trigger Cold: ...
      | insubstantial | swarm | regiment              # trait sets
      | immune | immunity | resistance | vulnerability  # old wordings, refused with a hint
    )
    (?![A-Za-z0-9-])                                  # a whole word: not "Resisting"
    """,
    re.IGNORECASE | re.VERBOSE,
)
_LIMIT = re.compile(r"\s*(?P<value>[0-9]+)")  # Resist 10 Fire / Resist Fire 10
_PAREN_LIMIT = re.compile(r"\s*\(\s*(?P<value>[0-9]+)\s*\)")  # Resist Fire (10)
_WORD = re.compile(r"\s*(?P<value>[A-Za-z][A-Za-z-]*)")  # fire, all, non-physical
_WORDS = re.compile(r"\s*(?P<value>[A-Za-z][A-Za-z-]*(?:[ \t]+[A-Za-z][A-Za-z-]*)*)")
_CONDITION = re.compile(r"\s*\((?P<value>[^()]*)\)")  # (No Advantage)
_COLON = re.compile(r"\s*:")

_MOST_DIGITS = 101  # 10**100 (rules.checks.LARGEST) has 101 digits; anything with more is above it

_EXAMPLE = "'Resist 10 Fire', 'Vulnerable Cold (Advantage)' or 'Damage Immune: Poison'"
_OLD_WORDS = {
    "immune": "write 'Damage Immune: X' to ignore damage or 'Nondamage Immune: X' to ignore "
    "other effects (§ruling-old-immune-lines)",
    "immunity": "write 'Damage Immune: X' or 'Nondamage Immune: X' (§ruling-old-immune-lines)",
    "resistance": "write 'Resist', as in 'Resist 10 Fire'",
    "vulnerability": "write 'Vulnerable', as in 'Vulnerable 5 Cold'",
}


class _Scanner:
    """A cursor over one line; every failure points at the cursor or a given position."""

    def __init__(self, text: str) -> None:
        self.text = NotationError.check_length("trait", text)
        self.position = 0
        self.took_condition = False  # pragma: no mutate (None is as false as False here)

    def fail(self, problem: str, position: int) -> NotationError:
        return NotationError("trait", self.text, position, problem)

    def take(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        match = pattern.match(self.text, self.position)
        if match is not None:
            self.position = match.end()
        return match

    def next_character(self) -> int:
        """The position of the next character that is not a space."""
        rest = self.text[self.position :]
        return self.position + len(rest) - len(rest.lstrip())

    def read(self, pattern: re.Pattern[str], what: str, parse: Callable[[str], T]) -> T:
        """Take a word and read it with ``parse``; point at it if either step fails."""
        start = self.next_character()
        match = self.take(pattern)
        if match is None:
            raise self.fail(f"expected {what}", start)
        word = match.group("value")
        try:
            return parse(word)
        except RulesError as error:
            reason = str(error)
            problem = f"unknown {what} {shown(word)}" if reason.startswith("Unknown") else reason
            raise self.fail(problem, match.start("value")) from None

    def condition(self) -> Condition | None:
        match = self.take(_CONDITION)
        if match is None:
            return None
        self.took_condition = True
        word = match.group("value")
        try:
            return Condition.parse(word)
        except RulesError:
            raise self.fail(f"unknown condition {shown(word.strip())}", match.start("value")) from None

    def end(self) -> None:
        start = self.next_character()
        if start == len(self.text):
            return
        found = self.text[start]
        if found == "(" and self.took_condition:
            raise self.fail(
                "a trait takes at most one condition (§ruling-one-condition-per-trait)", start
            )
        if found in {",", ";"}:
            raise self.fail(f"unexpected {shown(found)}: write one trait per line", start)
        raise self.fail(f"unexpected {shown(found)}", start)


def parse_trait(text: str) -> Trait:
    """Read one stat-block line, such as ``"Resist 10 Fire"``, into a trait.

    Args:
        text: One trait as printed: Resist, Vulnerable, Damage Immune, Condition Immune,
            Nondamage Immune, Damage Trigger, Insubstantial, Swarm or Regiment. An older
            ``Vulnerable Cold: slowed`` line reads as the Damage Trigger it became
            (§ruling-old-vulnerable-effect).

    Returns:
        The trait; ``str()`` of it prints the line back in the standard order.

    Raises:
        NotationError: The text is not a trait; the message points at the part it could
            not read (an unknown damage type or condition, a second limit, "all" for an
            immunity...).
        RulesTypeError: ``text`` is not a string.

    """
    if not isinstance(text, str):
        msg = f"parse_trait reads one line of text, not {shown(text)}"
        raise RulesTypeError(msg)
    scanner = _Scanner(text)
    head = scanner.take(_HEAD)
    if head is None:
        raise scanner.fail(f"expected a trait such as {_EXAMPLE}", scanner.next_character())
    word = " ".join(head.group("head").casefold().split()).replace("non-damage", "nondamage")
    if word in _OLD_WORDS:
        raise scanner.fail(_OLD_WORDS[word], head.start("head"))
    trait = _READERS[word](scanner)
    scanner.end()
    return trait


def _graded(scanner: _Scanner, kind: type[Resist] | type[Vulnerable]) -> Trait:
    before = scanner.take(_LIMIT)
    scope = scanner.read(_WORD, "damage type", parse_scope)
    if kind is Vulnerable and before is None and isinstance(scope, DamageType):
        colon = scanner.next_character()
        if scanner.take(_COLON) is not None:  # an older Damage Trigger (§ruling-old-vulnerable-effect)
            return _trigger_effect(scanner, scope, colon)
    second = scanner.next_character()
    after = scanner.take(_LIMIT) or scanner.take(_PAREN_LIMIT)
    if before is not None and after is not None:
        raise scanner.fail("a trait has one limit, and this one has two", second)
    limit_match = before or after
    limit = None
    if limit_match is not None:
        digits = limit_match.group("value")
        if len(digits) > _MOST_DIGITS:
            too_large = "a limit above 10**100, the largest the rules accept"
            raise scanner.fail(too_large, limit_match.start("value"))
        limit = int(digits)
        if limit < 1:
            raise scanner.fail("a limit must be 1 or more", limit_match.start("value"))
    return kind(scope, limit, scanner.condition())


def _immune_type(scanner: _Scanner) -> DamageType:
    start = scanner.next_character()
    match = scanner.take(_WORD)
    if match is None:
        raise scanner.fail("expected a damage type", start)
    word = match.group("value")
    try:
        return DamageType.parse(word)
    except RulesError:
        problem = f"unknown damage type {shown(word)}"
        if is_scope_word(word):
            problem = (
                f"{shown(word)} is not valid: a Damage Immunity names one damage type "
                "(§ruling-no-immunity-to-all)"
            )
        raise scanner.fail(problem, match.start("value")) from None


def _damage_immune(scanner: _Scanner) -> Trait:
    scanner.take(_COLON)
    return DamageImmunity(_immune_type(scanner))


def _condition_immune(scanner: _Scanner) -> Trait:
    scanner.take(_COLON)
    condition = scanner.read(_WORDS, "character condition", CharacterCondition.parse)
    return ConditionImmunity(condition, scanner.condition())


def _nondamage_immune(scanner: _Scanner) -> Trait:
    scanner.take(_COLON)
    return NondamageImmunity(scanner.read(_WORD, "keyword", Keyword.parse))


def _damage_trigger(scanner: _Scanner) -> Trait:
    scanner.take(_COLON)
    damage_type = scanner.read(_WORD, "damage type", DamageType.parse)
    colon = scanner.next_character()
    if scanner.take(_COLON) is None:
        raise scanner.fail("expected ':' and the effect, as in 'Damage Trigger Cold: ...'", colon)
    return _trigger_effect(scanner, damage_type, colon)


def _trigger_effect(scanner: _Scanner, damage_type: DamageType, colon: int) -> Trait:
    """The effect after the ':' of a Damage Trigger: the rest of the line."""
    effect = scanner.text[scanner.position :].strip()  # slicing: no regex backtracking on spaces
    scanner.position = len(scanner.text)
    if not effect:
        raise scanner.fail("expected the effect after ':'", max(scanner.position, colon))
    return DamageTrigger(damage_type, effect)


_READERS: dict[str, Callable[[_Scanner], Trait]] = {
    "resist": lambda scanner: _graded(scanner, Resist),
    "vulnerable": lambda scanner: _graded(scanner, Vulnerable),
    "damage immune": _damage_immune,
    "condition immune": _condition_immune,
    "nondamage immune": _nondamage_immune,
    "damage trigger": _damage_trigger,
    "insubstantial": lambda scanner: TraitSet(Template.INSUBSTANTIAL),
    "swarm": lambda scanner: TraitSet(Template.SWARM),
    "regiment": lambda scanner: TraitSet(Template.REGIMENT),
}
