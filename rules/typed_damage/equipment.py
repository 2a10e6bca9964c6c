"""The things typed damage is about: die faces, damage types, weapon modes, weapons and armor.

Each is an immutable value; `rules.typed_damage.notation` reads them from notation
and ``str`` writes them back.

Examples:
    >>> print(Face.parse("[-]"), DamageType.PIERCING.word, source_name("Arrows"))
    [-] piercing arrow

"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from rules.checks import collection, flag, nonblank, settle, whole_number
from rules.errors import NotationError, RulesError, RulesTypeError, shown
from rules.words import parse_word, singular, word_key

__all__ = [
    "INTENSITIES",
    "MOST_SYMBOLS",
    "Armor",
    "DamageType",
    "Face",
    "Mode",
    "Weapon",
    "armor_note",
    "mode_note",
    "source_key",
    "source_name",
    "source_problem",
]

MOST_SYMBOLS = 1000
"""The most symbols of one kind an armor may have: far above any armor of the rules, and a
bound on the text that writes it out."""


class Face(Enum):
    """A face of a Fudge die; the value is how notation writes it (a blank is ``*``)."""

    MINUS = "-"
    BLANK = "*"
    PLUS = "+"

    @classmethod
    def parse(cls, value: Face | str) -> Face:
        """Read one face: ``"-"``, ``" "`` or ``"*"`` (blank), ``"+"``, or ``"[-]"``.

        Raises:
            NotationError: Text that is not a face.
            RulesTypeError: Neither a face nor text.

        """
        inner = value[1:-1] if isinstance(value, str) and len(value) == 3 and value[::2] == "[]" else value
        try:
            return parse_word(cls, inner, "die face", aliases={" ": cls.BLANK})
        except RulesTypeError:
            raise
        except RulesError:
            problem = "a Fudge die shows '-', ' ' (or '*') or '+'"
            raise NotationError("die face", str(value), 0, problem) from None

    def __str__(self) -> str:
        return "[ ]" if self is Face.BLANK else f"[{self.value}]"


INTENSITIES = (
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

    @property
    def word(self) -> str:
        """The type in words: ``"slashing"``; also the `Armor` field that stops it."""
        return self.name.lower()


def source_name(word: str) -> str:
    """A source's name as one thing, case-folded: ``"Knives"`` is ``"knife"`` (`rules.words.singular`).

    Names are compared by `source_key`, so a plural matches its singular whichever way
    it is formed; a name with no letter, or one that joins several sources ("Arrows and
    Bolts"), could never match one attack and is refused.

    Examples:
        >>> source_name("Arrows"), source_name("Knives"), source_key("Axes") == source_key("axe")
        ('arrow', 'knife', True)

    """
    name = nonblank(word, "A source", such_as="a name such as 'arrow'")
    problem = source_problem(name)
    if problem is not None:
        raise RulesError(f"A source {problem}")
    return singular(name)


def source_key(word: str) -> str:
    """The key by which sources are matched: a plural and its singular share it."""
    return word_key(source_name(word))


_SEVERAL = re.compile(r"/|&|,|\b(?:and|or)\b", re.IGNORECASE)


def source_problem(name: str) -> str | None:
    """Why a source's name could never match an attack, or ``None`` when it can."""
    if not any(character.isalnum() for character in name):
        return f"names one thing with letters, such as 'arrow', not {shown(name)}"
    several = _SEVERAL.search(name)
    if several is not None:
        return (
            f"names one thing, not several joined by {shown(several.group())} in {shown(name)}: "
            "write one note per source, e.g. (H vs. Arrows, H vs. Bolts)"
        )
    return None


_ARMOR_NOTE = re.compile(
    r"""
    \A(?:
        (?P<ablative>ab)                        # Ab: ablative armor
      | (?P<hardened>h)                         # H: hardened against everything
      | h \s+ vs \.? \s* (?P<against>.*)         # H vs. Arrows: hardened against one source
    )\Z
    """,
    re.IGNORECASE | re.VERBOSE | re.DOTALL,
)
_NOTE_BREAKS = ",()"  # what ends a note in notation, so never inside one


def _note_problem(note: str) -> str | None:
    """Why text could not stand as one note between parentheses, or ``None``."""
    if not note.strip():
        return "an empty note"
    if note != note.strip():
        return f"a note with spaces around it, {shown(note)}"
    broken = [character for character in _NOTE_BREAKS if character in note]
    if broken:
        return f"a note cannot hold {shown(broken[0])}, which ends a note, as in {shown(note)}"
    return None


def armor_note(note: str) -> tuple[str, str]:
    """What one note of armor notation says, as the notation and `Armor` both read it.

    Returns ``("ablative", "")``, ``("hardened", "")``, ``("hardened_vs", source)`` or
    ``("energy", energy type)``: the one reading of a note, so an armor built in code
    prints only notes that read back as what it holds.

    Raises:
        RulesError: Text that could not be a note, or a source that could never match.

    Examples:
        >>> armor_note("H  vs. Arrows"), armor_note("Fire")
        (('hardened_vs', 'Arrows'), ('energy', 'Fire'))

    """
    problem = _note_problem(note)
    if problem is not None:
        raise RulesError(problem)
    read = _ARMOR_NOTE.match(note)
    if read is None:
        unmatched = source_problem(note)
        if unmatched is not None:
            raise RulesError(f"the energy type {unmatched}")
        return "energy", note
    if read.group("ablative"):
        return "ablative", ""
    if read.group("hardened"):
        return "hardened", ""
    against = read.group("against").strip()
    if not against:
        raise RulesError("'H vs.' names nothing")
    unmatched = source_problem(against)
    if unmatched is not None:
        raise RulesError(f"'H vs.' {unmatched}")
    return "hardened_vs", against


def mode_note(note: str) -> str | None:
    """What one note of a weapon mode says: ``None`` for armor piercing (``AP``), else the note.

    Raises:
        RulesError: Text that could not be a note.

    """
    problem = _note_problem(note)
    if problem is not None:
        raise RulesError(problem)
    return None if note.casefold() == "ap" else note


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

    def __post_init__(self) -> None:
        settle(
            self,
            dice=whole_number(self.dice, "A mode's dice"),
            kind=parse_word(DamageType, self.kind, "damage type"),
            intensity=frozenset(Face.parse(face) for face in collection(self.intensity, "intensity")),
            armor_piercing=flag(self.armor_piercing, "armor_piercing"),
            notes=_names(self.notes, "notes"),
        )
        # The same intensities the notation allows (§ruling-energy-intensity).
        if self.kind is DamageType.ENERGY and self.intensity not in INTENSITIES:
            written = "".join(face.value for face in Face if face in self.intensity) or "none"
            msg = f"An energy mode's intensity is one of +, *+ or -*+, not {written}"
            raise RulesError(msg)
        if self.kind is not DamageType.ENERGY and self.intensity:
            msg = f"Only energy has an intensity; a {self.kind.word} mode has none"
            raise RulesError(msg)
        for note in self.notes:
            if mode_note(note) is None:
                msg = f"notes: {shown(note)} reads as armor piercing; write armor_piercing=True"
                raise RulesError(msg)

    @property
    def succeeds_on(self) -> frozenset[Face]:
        """The faces that count as successes for this mode."""
        if self.kind is DamageType.ENERGY:
            return self.intensity
        if self.kind is DamageType.BALLISTIC:
            return frozenset({Face.BLANK, Face.PLUS})
        return frozenset({Face(self.kind.value)})

    @property
    def success_faces(self) -> str:
        """The faces that count, as the page writes them: ``"[ ][+]"`` for ballistic."""
        return "".join(str(face) for face in Face if face in self.succeeds_on)

    @property
    def sources(self) -> frozenset[str]:
        """The names in the mode's notes, each as one thing (`rules.words.singular`)."""
        return frozenset(singular(note) for note in self.notes)

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

    def __post_init__(self) -> None:
        modes = tuple(map(_mode, collection(self.modes, "modes")))
        if not modes:
            msg = "A weapon has one or more modes, not none"
            raise RulesError(msg)
        settle(self, modes=modes, name=_name(self.name))
        _named_before_colons(self.name, [note for mode in modes for note in mode.notes])

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
        hardened_vs: What it is hardened against (``H vs. Arrows``).
        hardened_types: The damage types it is hardened against, written with an ``H``
            after their symbols (``BBBBH``: against ballistic). With neither this nor
            ``hardened_vs``, hardened armor is hardened against everything.
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
    hardened_types: tuple[DamageType, ...] = ()

    def __post_init__(self) -> None:
        counted = ("slashing", "impact", "piercing", "ballistic", "energy", "universal")
        settle(
            self,
            **{field: whole_number(getattr(self, field), field) for field in counted},
            energy_types=_names(self.energy_types, "energy_types"),
            hardened=flag(self.hardened, "hardened"),
            hardened_vs=_names(self.hardened_vs, "hardened_vs"),
            ablative=flag(self.ablative, "ablative"),
            name=_name(self.name),
            hardened_types=_types(self.hardened_types),
        )
        self._check_notes()
        for field in counted:
            if getattr(self, field) > MOST_SYMBOLS:
                count = shown(getattr(self, field))
                msg = f"{field} must be at most {MOST_SYMBOLS} symbols (armor's limit), not {count}"
                raise RulesError(msg)
        for qualifier in ("hardened_vs", "hardened_types"):
            if getattr(self, qualifier) and not self.hardened:
                msg = (
                    f"{qualifier} {shown(getattr(self, qualifier))} needs hardened=True: only hardened "
                    "armor is hardened against something"
                )
                raise RulesError(msg)
        for kind in self.hardened_types:
            if not getattr(self, kind.word):
                msg = (
                    f"hardened_types names {kind.word}, but the armor has no {kind.value}: an H "
                    "follows the symbols of the type it hardens (BBBBH)"
                )
                raise RulesError(msg)

    def _check_notes(self) -> None:
        """Each note reads back as what it holds, as the notation reads it (`armor_note`)."""
        for energy in self.energy_types:
            read = _read_note(energy, "energy_types")
            if read != ("energy", energy):
                reads_as = _READS_AS[read[0]]
                msg = f"energy_types: {shown(energy)} reads as {reads_as} in notation, not an energy type"
                raise RulesError(msg)
        if self.energy_types and not self.energy:
            msg = (
                f"energy_types {shown(self.energy_types)} names an energy type, but the armor has no E "
                "(Tip: energy=1 for one point against it)"
            )
            raise RulesError(msg)
        _named_before_colons(self.name, [*self.energy_types, *self.hardened_vs])
        for source in self.hardened_vs:
            problem = source_problem(source)
            if problem is not None:
                raise RulesError(f"A source {problem}")
            if _read_note(f"H vs. {source}", "hardened_vs") != ("hardened_vs", source):
                msg = f"hardened_vs: {shown(source)} does not read back as one source"
                raise RulesError(msg)

    @property
    def symbols(self) -> str:
        """The armor's symbols in a fixed order: ``X``, ``B``, ``E``, then ``-``, ``*``, ``+``."""
        counts = zip(
            "XBE-*+",
            (self.universal, self.ballistic, self.energy, self.slashing, self.impact, self.piercing),
            strict=True,
        )
        return "".join(symbol * count for symbol, count in counts)

    def hardened_against(self, sources: Iterable[str], kind: DamageType | None = None) -> bool:
        """Whether the armor is hardened against an attack of this type with these source names.

        Names match by `source_key`, so ``H vs. Knives`` is hardened against a knife.
        """
        if not self.hardened:
            return False
        if not (self.hardened_vs or self.hardened_types):
            return True
        wanted = {source_key(name) for name in self.hardened_vs}
        return kind in self.hardened_types or bool(wanted & {word_key(name) for name in sources})

    @property
    def written(self) -> str:
        """The symbols as notation writes them, an ``H`` after each hardened type's (``BBBBH``)."""
        counts = zip(
            "XBE-*+",
            (self.universal, self.ballistic, self.energy, self.slashing, self.impact, self.piercing),
            strict=True,
        )
        hard = {kind.value for kind in self.hardened_types}
        return "".join(symbol * count + ("H" if symbol in hard else "") for symbol, count in counts)

    def __str__(self) -> str:
        notes = [*self.energy_types]
        if self.hardened:
            notes += [f"H vs. {name}" for name in self.hardened_vs]
            notes += [] if self.hardened_vs or self.hardened_types else ["H"]
        notes += ["Ab"] if self.ablative else []
        body = self.written + (f"({', '.join(notes)})" if notes else "")
        return f"{self.name}: {body}" if self.name else body



_READS_AS = {
    "ablative": "ablative armor (Ab)",
    "hardened": "hardened armor (H)",
    "hardened_vs": "hardness against a source (H vs. ...)",
}


def _named_before_colons(name: str | None, notes: list[str]) -> None:
    """A note holding ':' needs a name first: the notation reads the text before its first ':' as one."""
    if name is None:
        for note in notes:
            if ":" in note:
                msg = (
                    f"the note {shown(note)} holds ':', which the notation reads as the end of a name: "
                    "give the name too (name='Rifle')"
                )
                raise RulesError(msg)


def _read_note(note: str, what: str) -> tuple[str, str]:
    try:
        return armor_note(note)
    except RulesError as error:
        raise RulesError(f"{what}: {error}") from None


def _names(values: object, what: str) -> tuple[str, ...]:
    return tuple(nonblank(value, what, such_as="words such as 'Fire'") for value in collection(values, what))


def _types(values: object) -> tuple[DamageType, ...]:
    words = {kind.word: kind for kind in DamageType}
    read = {
        parse_word(DamageType, value, "hardened type", aliases=words)
        for value in collection(values, "hardened_types")
    }
    return tuple(kind for kind in DamageType if kind in read)


def _mode(value: object) -> Mode:
    if not isinstance(value, Mode):
        msg = (
            "A weapon's modes are Mode(...) values, such as parse_weapon('3-').modes[0], "
            f"not {shown(value)}"
        )
        raise RulesTypeError(msg)
    return value


def _name(value: object) -> str | None:
    if value is None:
        return None
    name = nonblank(value, "name", such_as="a name such as 'Longsword'")
    if ":" in name:  # the notation's name ends at its first ':'
        msg = f"name must not hold ':', which ends a name in notation, not {shown(name)}"
        raise RulesError(msg)
    return name
