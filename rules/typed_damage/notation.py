"""Weapon and armor notation of typed damage: ``4-/2+``, ``6E*+(Fire)``, ``--**++(H vs. Arrows)``.

A small scanner reads the notation left to right, so an error can name the
position of the first character it cannot read.

>>> str(parse_weapon("Shortsword: 3-/2+"))
'Shortsword: 3-/2+'
>>> parse_armor("Chainmail: ---*++").slashing
3
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from rules.errors import NotationError

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


class Face(Enum):
    """A face of a Fudge die; the value is how notation writes it (a blank is ``*``)."""

    MINUS = "-"
    BLANK = "*"
    PLUS = "+"

    @classmethod
    def parse(cls, value: Face | str) -> Face:
        """Read one face: ``"-"``, ``" "`` or ``"*"`` (blank), ``"+"``, or ``"[-]"``."""
        if isinstance(value, Face):
            return value
        if isinstance(value, str):
            inner = value[1:-1] if len(value) == 3 and value[0] + value[2] == "[]" else value
            found = _FACES.get(inner)
            if found is not None:
                return found
        problem = "a Fudge die shows '-', ' ' (or '*') or '+'"
        raise NotationError("die face", str(value), 0, problem)

    def __str__(self) -> str:
        return "[ ]" if self is Face.BLANK else f"[{self.value}]"


_FACES = {"-": Face.MINUS, " ": Face.BLANK, "*": Face.BLANK, "+": Face.PLUS}
_INTENSITIES = (
    frozenset({Face.PLUS}),
    frozenset({Face.BLANK, Face.PLUS}),
    frozenset({Face.MINUS, Face.BLANK, Face.PLUS}),
)


class DamageType(Enum):
    """What a weapon mode does; the value is its symbol in notation."""

    SLASHING = "-"
    IMPACT = "*"
    PIERCING = "+"
    BALLISTIC = "B"
    ENERGY = "E"


def source_name(word: str) -> str:
    """The form in which names of sources are compared: case-folded, a plural ``s`` dropped.

    >>> source_name("Arrows") == source_name("arrow")
    True
    """
    name = " ".join(word.split()).casefold()
    return name[:-1] if len(name) > 3 and name.endswith("s") and not name.endswith("ss") else name


@dataclass(frozen=True, slots=True)
class Mode:
    """One way to use a weapon: a number of dice, a damage type and its notes.

    Attributes:
        dice: The weapon's dice for this mode (``3`` in ``3-``).
        kind: The damage type.
        intensity: For energy, the faces that succeed (``E*+``: blank and plus).
        armor_piercing: Whether the mode is marked ``(AP)``.
        notes: Other words in parentheses: the energy type, or what the attack is.

    """

    dice: int
    kind: DamageType
    intensity: frozenset[Face] = frozenset()
    armor_piercing: bool = False
    notes: tuple[str, ...] = ()

    @property
    def succeeds_on(self) -> frozenset[Face]:
        """The faces that count as successes for this mode."""
        if self.kind is DamageType.ENERGY:
            return self.intensity
        if self.kind is DamageType.BALLISTIC:
            return frozenset({Face.BLANK, Face.PLUS})
        return frozenset({Face(self.kind.value)})

    @property
    def sources(self) -> frozenset[str]:
        """The names in the mode's notes, as `source_name` compares them."""
        return frozenset(source_name(note) for note in self.notes)

    def __str__(self) -> str:
        symbol = self.kind.value
        if self.kind is DamageType.ENERGY:
            symbol += "".join(face.value for face in Face if face in self.intensity)
        notes = [*self.notes, *(["AP"] if self.armor_piercing else [])]
        return f"{self.dice}{symbol}" + (f"({', '.join(notes)})" if notes else "")


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon: an optional name and one or more modes (``4-/2+``: slash for 4 or stab for 2)."""

    modes: tuple[Mode, ...]
    name: str | None = None

    def __str__(self) -> str:
        body = "/".join(map(str, self.modes))
        return f"{self.name}: {body}" if self.name else body


@dataclass(frozen=True, slots=True)
class Armor:
    """Armor: how many dice it stops of each type, and its notes.

    Attributes:
        slashing: ``-`` symbols.
        impact: ``*`` symbols.
        piercing: ``+`` symbols.
        ballistic: ``B`` symbols (special armor).
        energy: ``E`` symbols (special armor).
        universal: ``X`` symbols (special armor).
        energy_types: The energy the ``E`` symbols stop, e.g. ``("Fire",)``; none means every energy.
        hardened: Whether the armor is hardened, ``(H)``.
        hardened_vs: What it is hardened against (``H vs. Arrows``); none means everything.
        ablative: Whether the armor is used up as it protects, ``(Ab)``.
        name: The armor's name, if the notation gave one.

    """

    slashing: int = 0
    impact: int = 0
    piercing: int = 0
    ballistic: int = 0
    energy: int = 0
    universal: int = 0
    energy_types: tuple[str, ...] = ()
    hardened: bool = False
    hardened_vs: tuple[str, ...] = ()
    ablative: bool = False
    name: str | None = None

    @property
    def symbols(self) -> str:
        """The armor's symbols in a fixed order: ``X``, ``B``, ``E``, then ``-``, ``*``, ``+``."""
        counts = zip(
            "XBE-*+",
            (self.universal, self.ballistic, self.energy, self.slashing, self.impact, self.piercing),
            strict=True,
        )
        return "".join(symbol * count for symbol, count in counts)

    def hardened_against(self, sources: Iterable[str]) -> bool:
        """Whether the armor is hardened against an attack with these source names."""
        wanted = {source_name(name) for name in self.hardened_vs}
        return self.hardened and (not wanted or bool(wanted & set(sources)))

    def __str__(self) -> str:
        notes = [*self.energy_types]
        if self.hardened:
            notes += [f"H vs. {name}" for name in self.hardened_vs] or ["H"]
        notes += ["Ab"] if self.ablative else []
        body = self.symbols + (f"({', '.join(notes)})" if notes else "")
        return f"{self.name}: {body}" if self.name else body


class _Scanner:
    """Reads notation left to right and reports the first character it cannot read."""

    def __init__(self, what: str, text: str) -> None:
        self.what = what
        self.text = text
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
        return self.fail(f"unexpected {found!r}; expected {expected}")

    def number(self) -> int:
        start = self.pos
        while self.peek().isdigit():
            self.pos += 1
        if start == self.pos:
            raise self.unexpected("the number of dice")
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
            if not note:
                raise self.fail("an empty note", start)
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

    >>> parse_weapon("4E+*(Fire)").modes[0].kind
    <DamageType.ENERGY: 'E'>

    """
    if isinstance(text, Weapon):
        return text
    if not isinstance(text, str):
        msg = f"A weapon is notation text such as '3-', not {text!r}"
        raise TypeError(msg)
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
        for _, note in scan.notes():
            if note.upper() == "AP":
                armor_piercing = True
            else:
                notes.append(note)
        scan.skip_spaces()
    return Mode(dice, kind, intensity, armor_piercing, tuple(notes))


def _intensity(scan: _Scanner) -> frozenset[Face]:
    """The faces after ``E``, in any order: ``+``, ``*+`` or ``-*+`` (§ruling-energy-intensity)."""
    start = scan.pos
    faces: set[Face] = set()
    while scan.peek() in ("-", "*", "+"):
        face = Face(scan.peek())
        if face in faces:
            raise scan.fail(f"{face.value!r} twice in an energy intensity")
        faces.add(face)
        scan.pos += 1
    if not faces:
        raise scan.unexpected("the energy intensity (E+, E*+ or E-*+)")
    if frozenset(faces) not in _INTENSITIES:
        written = scan.text[start : scan.pos]
        raise scan.fail(f"energy intensity {written!r} is not one of +, *+ or -*+", start)
    return frozenset(faces)


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

    >>> str(parse_armor("Fire Retardant Foam: EEEEEEEEEE(Fire, Ab)"))
    'Fire Retardant Foam: EEEEEEEEEE(Fire, Ab)'

    """
    if text is None:
        return Armor()
    if isinstance(text, Armor):
        return text
    if not isinstance(text, str):
        msg = f"Armor is notation text such as '---*++', or None, not {text!r}"
        raise TypeError(msg)
    scan = _Scanner("armor", text)
    name = scan.name()
    scan.skip_spaces()
    counts = dict.fromkeys(_ARMOR_SYMBOLS.values(), 0)
    while scan.peek().upper() in _ARMOR_SYMBOLS:
        counts[_ARMOR_SYMBOLS[scan.peek().upper()]] += 1
        scan.pos += 1
    scan.skip_spaces()
    notes = _armor_notes(scan, counts["energy"]) if scan.peek() == "(" else _ArmorNotes()
    if not notes.given and scan.peek() and not scan.peek().isspace():
        raise scan.unexpected("an armor symbol (-, *, +, B, E, X) or '('")
    scan.end()
    return Armor(
        **counts,
        energy_types=tuple(notes.energy_types),
        hardened=notes.hardened,
        hardened_vs=tuple(notes.hardened_vs),
        ablative=notes.ablative,
        name=name,
    )


@dataclass(slots=True)
class _ArmorNotes:
    given: bool = False
    energy_types: list[str] = field(default_factory=list)
    hardened: bool = False
    hardened_vs: list[str] = field(default_factory=list)
    ablative: bool = False


def _armor_notes(scan: _Scanner, energy: int) -> _ArmorNotes:
    """Read ``(Fire, H vs. Arrows, Ab)``: energy types, hardness and ablation."""
    notes = _ArmorNotes(given=True)
    for start, note in scan.notes():
        word = note.casefold()
        if word == "ab":
            notes.ablative = True
        elif word == "h":
            notes.hardened = True
        elif word.startswith("h vs"):
            notes.hardened = True
            against = note[4:].lstrip(".").strip()
            if not against:
                raise scan.fail("'H vs.' names nothing", start)
            notes.hardened_vs.append(against)
        elif energy == 0:
            problem = f"{note!r} names an energy type, but the armor has no E"
            raise scan.fail(problem + " (Tip: write E(Cold) for one point against cold)", start)
        else:
            notes.energy_types.append(note)
    return notes
