"""Weapon and armor notation of typed damage: ``4-/2+``, ``6E*+(Fire)``, ``--**++(H vs. Arrows)``.

A small scanner reads the notation left to right, so an error can name the
position of the first character it cannot read.

Examples:
    >>> str(parse_weapon("Shortsword: 3-/2+"))
    'Shortsword: 3-/2+'
    >>> parse_armor("Chainmail: ---*++").slashing
    3

"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from rules.errors import NotationError, RulesError, RulesTypeError, shown
from rules.typed_damage.equipment import (
    INTENSITIES,
    MOST_SYMBOLS,
    Armor,
    DamageType,
    Face,
    Mode,
    Weapon,
    armor_note,
    mode_note,
    source_name,
)

__all__ = [
    "Armor",
    "DamageType",
    "Face",
    "Mode",
    "Weapon",
    "parse_armor",
    "parse_weapon",
    "source_name",
]


T = TypeVar("T")

_DIGITS = "0123456789"
_MOST_DIGITS = 100  # 10**100 (rules.checks.LARGEST) has 101 digits; anything with more is above it


class _Scanner:
    """Reads notation left to right and reports the first character it cannot read."""

    def __init__(self, what: str, text: str) -> None:
        self.what = what
        self.text = NotationError.check_length(what, text)
        self.pos = 0

    def fail(self, problem: str, pos: int | None = None) -> NotationError:
        where = self.pos if pos is None else pos
        return NotationError(self.what, self.text, where, problem)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_spaces(self) -> None:
        while self.peek().isspace():
            self.pos += 1

    def name(self) -> str | None:
        """An optional ``Name:`` before the notation."""
        colon = self.text.find(":")
        if colon < 0:
            return None
        name = self.text[:colon].strip()
        if not name:
            raise self.fail("an empty name before ':'", colon)
        self.pos = colon + 1
        return name

    def unexpected(self, expected: str) -> NotationError:
        found = self.peek()
        if not found:
            return self.fail(f"the text ends where {expected} should follow")
        return self.fail(f"unexpected {shown(found)}; expected {expected}")

    def number(self) -> int:
        """A number written in the digits 0 to 9 (no superscript or full-width digit), up to 10**100."""
        start = self.pos
        while self.peek() and self.peek() in _DIGITS:
            self.pos += 1
        if start == self.pos:
            raise self.unexpected("the number of dice")
        if self.pos - start > _MOST_DIGITS:
            raise self.fail("a number above 10**100, the largest the rules accept", start)
        return int(self.text[start : self.pos])

    def notes(self) -> list[tuple[int, str]]:
        """The comma-separated notes in parentheses, each with its position."""
        self.pos += 1  # the "("
        notes: list[tuple[int, str]] = []
        while True:
            self.skip_spaces()
            start = self.pos
            while self.peek() not in ",()":
                self.pos += 1
            note = self.text[start : self.pos].strip()
            if self.peek() in ("", "("):
                raise self.unexpected("',' or ')'")
            if not note:  # nothing was read: the scanner is still where the note began
                raise self.fail("an empty note")
            notes.append((start, note))
            self.pos += 1
            if self.text[self.pos - 1] == ")":
                return notes

    def end(self) -> None:
        self.skip_spaces()
        if self.peek():
            raise self.unexpected("the end of the notation")


def parse_weapon(text: Weapon | str) -> Weapon:
    """Read a weapon: ``3-``, ``Longsword: 4-/2+``, ``3B``, ``6E*+(Fire)``, ``4B(AP)``.

    Args:
        text: The notation, optionally after a name and a colon; a `Weapon` is returned as is.

    Returns:
        The weapon with its modes in the order written.

    Raises:
        NotationError: The text quoted, with the position of the first bad character.
        RulesTypeError: Neither text nor a `Weapon`.

    Examples:
        >>> parse_weapon("4E+*(Fire)").modes[0].kind
        <DamageType.ENERGY: 'E'>

    """
    if isinstance(text, Weapon):
        return text
    if not isinstance(text, str):
        msg = f"A weapon is notation text such as '3-', not {shown(text)}"
        raise RulesTypeError(msg)
    scan = _Scanner("weapon", text)
    name = scan.name()
    modes = [_mode(scan)]
    while scan.peek() == "/":
        scan.pos += 1
        modes.append(_mode(scan))
    scan.end()
    return Weapon(tuple(modes), name)


def _mode(scan: _Scanner) -> Mode:
    scan.skip_spaces()
    dice = scan.number()
    symbol = scan.peek().upper()
    if symbol not in {kind.value for kind in DamageType}:
        raise scan.unexpected("a damage type: '-', '*', '+', 'B' or 'E'")
    kind = DamageType(symbol)
    scan.pos += 1
    intensity = _intensity(scan) if kind is DamageType.ENERGY else frozenset()
    scan.skip_spaces()
    notes: list[str] = []
    armor_piercing = False
    if scan.peek() == "(":
        for start, note in scan.notes():
            read = _read(scan, start, mode_note, note)
            if read is None:
                armor_piercing = True
            else:
                notes.append(read)
        scan.skip_spaces()
    return Mode(dice, kind, intensity, armor_piercing, tuple(notes))


def _intensity(scan: _Scanner) -> frozenset[Face]:
    """The faces after ``E``, in any order: ``+``, ``*+`` or ``-*+`` (§ruling-energy-intensity)."""
    start = scan.pos
    faces: set[Face] = set()
    while scan.peek() in ("-", "*", "+"):
        face = Face(scan.peek())
        if face in faces:
            raise scan.fail(f"{shown(face.value)} twice in an energy intensity")
        faces.add(face)
        scan.pos += 1
    if not faces:
        raise scan.unexpected("the energy intensity (E+, E*+ or E-*+)")
    if frozenset(faces) not in INTENSITIES:
        written = scan.text[start : scan.pos]
        raise scan.fail(f"energy intensity {shown(written)} is not one of +, *+ or -*+", start)
    return frozenset(faces)


_HARDENABLE = {kind.value: kind for kind in DamageType}

_ARMOR_SYMBOLS = {
    "-": "slashing",
    "*": "impact",
    "+": "piercing",
    "B": "ballistic",
    "E": "energy",
    "X": "universal",
}


def parse_armor(text: Armor | str | None) -> Armor:
    """Read armor: ``+-*``, ``BBBB*``, ``EEE-+(Fire)``, ``XXXXXX``, ``--**++(H vs. Arrows)``.

    Notes in parentheses, separated by commas: an energy type for the ``E`` symbols
    (``Fire``), ``H`` or ``H vs. ...`` for hardened armor, ``Ab`` for ablative armor.

    Args:
        text: The notation, optionally after a name and a colon; empty or ``None`` is no armor.

    Returns:
        The armor; an `Armor` is returned as is.

    Raises:
        NotationError: The text quoted, with the position of the first bad character.
        RulesTypeError: Neither text, ``None`` nor an `Armor`.

    Examples:
        >>> str(parse_armor("Fire Retardant Foam: EEEEEEEEEE(Fire, Ab)"))
        'Fire Retardant Foam: EEEEEEEEEE(Fire, Ab)'

    """
    if text is None:
        return Armor()
    if isinstance(text, Armor):
        return text
    if not isinstance(text, str):
        msg = f"Armor is notation text such as '---*++', or None, not {shown(text)}"
        raise RulesTypeError(msg)
    scan = _Scanner("armor", text)
    name = scan.name()
    scan.skip_spaces()
    counts = dict.fromkeys(_ARMOR_SYMBOLS.values(), 0)
    hard: list[DamageType] = []
    while scan.peek().upper() in _ARMOR_SYMBOLS or scan.peek().upper() == "H":
        if scan.peek().upper() == "H":
            hard.append(_hardened_type(scan, hard))
            scan.pos += 1
            continue
        field = _ARMOR_SYMBOLS[scan.peek().upper()]
        counts[field] += 1
        if counts[field] > MOST_SYMBOLS:
            raise scan.fail(f"more than {MOST_SYMBOLS} {field} symbols, the most an armor may have")
        scan.pos += 1
    scan.skip_spaces()
    notes = _armor_notes(scan, counts["energy"], hard) if scan.peek() == "(" else _ArmorNotes()
    if not notes.given and scan.peek():  # after skip_spaces, never a space
        raise scan.unexpected("an armor symbol (-, *, +, B, E, X) or '('")
    scan.end()
    return Armor(
        **counts,
        energy_types=tuple(notes.energy_types),
        hardened=notes.hardened or bool(hard),
        hardened_vs=tuple(notes.hardened_vs),
        ablative=notes.ablative,
        name=name,
        hardened_types=tuple(hard),
    )


def _hardened_type(scan: _Scanner, hard: list[DamageType]) -> DamageType:
    """The damage type an ``H`` among the symbols hardens: the one whose symbol it follows.

    Seed 002 writes hardness "usually after the appropriate type of damage, or in the
    notes": ``BBBBH`` is ballistic armor hardened against ballistic attacks
    (§ruling-hardened-sources).
    """
    # An H at the start follows no symbol; any text that is no symbol is refused alike.
    before = scan.text[scan.pos - 1].upper() if scan.pos else ""  # pragma: no mutate
    if before == "X":
        problem = "an H after X: universal armor is no damage type; write (H) to harden against everything"
        raise scan.fail(problem)
    if before not in _HARDENABLE:
        raise scan.fail("an H that follows no damage type's symbol; write it after one (BBBBH) or as (H)")
    kind = _HARDENABLE[before]
    if kind in hard:
        raise scan.fail(f"a second H for {kind.word} ({kind.value}): one H hardens all of that type")
    return kind


@dataclass(slots=True)
class _ArmorNotes:
    given: bool = False
    energy_types: list[str] = field(default_factory=list)
    hardened: bool = False
    hardened_vs: list[str] = field(default_factory=list)
    ablative: bool = False


def _read(scan: _Scanner, start: int, reader: Callable[[str], T], note: str) -> T:
    """A note read as `Armor` and `Mode` read it; a refusal names the note's position."""
    try:
        return reader(note)
    except RulesError as error:
        raise scan.fail(str(error), start) from None


def _armor_notes(scan: _Scanner, energy: int, hard: list[DamageType]) -> _ArmorNotes:
    """Read ``(Fire, H vs. Arrows, Ab)``: energy types, hardness and ablation (`armor_note`)."""
    notes = _ArmorNotes(given=True)
    general: int | None = None  # where (H) was written
    for start, note in scan.notes():
        kind, value = _read(scan, start, armor_note, note)
        if kind == "ablative":
            if notes.ablative:
                raise scan.fail("(Ab) twice: one Ab makes the armor ablative", start)
            notes.ablative = True
        elif kind == "hardened":
            if general is not None:
                raise scan.fail("(H) twice: one H hardens the armor", start)
            general = start
        elif kind == "hardened_vs":
            notes.hardened = True
            notes.hardened_vs.append(value)
        elif energy == 0:
            problem = f"{shown(note)} names an energy type, but the armor has no E"
            raise scan.fail(problem + " (Tip: write E(Cold) for one point against cold)", start)
        else:
            notes.energy_types.append(value)
    if general is not None:
        narrower = [*(f"{kind.value}H" for kind in hard), *(f"H vs. {vs}" for vs in notes.hardened_vs)]
        if narrower:
            against = "one source" if not hard else "one type" if not notes.hardened_vs else "less"
            listed = ", ".join(narrower)
            problem = f"(H) hardens against everything, but {listed} against {against}: write one"
            raise scan.fail(problem, general)
        notes.hardened = True
    return notes
