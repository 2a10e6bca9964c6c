"""Monster defenses by role: strong, average or weak Fortitude, Reflex and Will.

`role_defenses` gives a role's row of the role table as modifiers; `vary_defenses`
applies the +1/-1 variety option; `design_defenses` turns the DMG's average defense
into a monster's three scores, step by step.

Examples:
    >>> role_defenses("brute")
    ByDefense(fortitude=1, reflex=-1, will=0)
    >>> design_defenses("Brute", 16).outcome
    'Fortitude 17, Reflex 15, Will 16'

"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.checks import distinct, whole_number
from rules.errors import RulesError, RulesTypeError, concerning, shown
from rules.explain import Explained, Step
from rules.monsters import rulebook as rb
from rules.monsters.by_defense import ByDefense
from rules.monsters.data import DEFENSES, ROLE_TABLE
from rules.monsters.vocabulary import Defense, Grade, Role, read_role
from rules.tables import Table

__all__ = [
    "MonsterDefenses",
    "defense_table",
    "design_defenses",
    "role_defenses",
    "role_table",
    "vary_defenses",
]


def role_defenses(role: Role | str) -> ByDefense[int]:
    """A role's defenses as modifiers to the average: +1 strong, 0 average, -1 weak.

    Args:
        role: A monster role such as ``"Soldier"``; a rank (``"Elite Soldier"``) is ignored.

    Returns:
        The modifier of each `Defense`: ``ByDefense(fortitude=..., reflex=..., will=...)``.

    Raises:
        RulesError: The role is not one of the six roles.

    """
    found, _ = read_role(role)
    fortitude, reflex, will = (grade.modifier for grade in ROLE_TABLE[found])
    return ByDefense(fortitude=fortitude, reflex=reflex, will=will)


def vary_defenses(
    defenses: Role | str | Mapping[Defense, int] | Mapping[str, int],
    *,
    plus: Defense | str,
    minus: Defense | str,
) -> ByDefense[int]:
    """The variety option: +1 to one defense and -1 to another, never to AC.

    Args:
        defenses: A role, or modifiers as `role_defenses` gives them (keys may be
            words: ``{"fortitude": 1, "reflex": 0, "will": 0}``).
        plus: The defense that gains +1.
        minus: The defense that takes -1; it must differ from ``plus``.

    Returns:
        The modifier of each `Defense` after the option.

    Raises:
        RulesError: AC is named, the same defense is named twice, or a defense is unknown.

    """
    start = _modifiers(defenses)
    up, down = _variety_pair(plus, minus)
    varied = dict(start)
    varied[up] += 1
    varied[down] -= 1
    return ByDefense.of(varied)


@dataclass(frozen=True, slots=True)
class MonsterDefenses(Explained):
    """A monster's Fortitude, Reflex and Will, with the steps that set them."""

    role: Role
    average: int
    fortitude: int
    reflex: int
    will: int
    steps: tuple[Step, ...]

    @property
    def scores(self) -> ByDefense[int]:
        """The three scores by `Defense`."""
        return ByDefense(fortitude=self.fortitude, reflex=self.reflex, will=self.will)

    @property
    def answer(self) -> ByDefense[int]:
        """The three scores: `scores`."""
        return self.scores

    @property
    def outcome(self) -> str:
        """The three scores in one line: ``"Fortitude 17, Reflex 15, Will 16"``."""
        return ", ".join(f"{defense.title} {score}" for defense, score in self.scores.items())


def design_defenses(
    role: Role | str,
    average: int,
    *,
    plus: Defense | str | None = None,
    minus: Defense | str | None = None,
) -> MonsterDefenses:
    """A monster's Fortitude, Reflex and Will from its role and the average defense.

    Args:
        role: The monster's role, e.g. ``"Soldier"`` or ``"Elite Lurker (Leader)"``.
        average: The average defense the DMG gives for the monster's level.
        plus: With ``minus``, the variety option: the defense that gains +1.
        minus: With ``plus``, the defense that takes -1.

    Returns:
        The three scores and the steps: role row, variety option, scores.

    Raises:
        RulesError: An unknown role or defense, AC or one defense twice in the variety
            option, only one of ``plus`` and ``minus``, or an average that is not a whole
            number.

    """
    # Any whole number, a negative one too (§ruling-any-average-defense).
    with concerning("average"):
        average = whole_number(average, "average (the DMG's average defense)", minimum=None)
    steps: list[Step] = []
    with concerning("role"):
        found = _role_row(role, steps)
    modifiers = _variety(found, plus, minus, steps)
    scores = _scores(average, modifiers, steps)
    variety = f", +1 {plus} and -1 {minus}" if plus is not None else ""  # _variety: both or neither
    situation = f"A {found.value} with average defense {average}{variety}"
    return MonsterDefenses(found, average, *scores, tuple(steps), situation=situation)


def role_table() -> Table:
    """The role table: each role's grade in Fortitude, Reflex and Will."""
    rows = [
        (role.value, *(f"{grade.value} ({grade.modifier:+d})" if grade.modifier else "Average (0)"
                       for grade in grades))
        for role, grades in ROLE_TABLE.items()
    ]
    return Table.of(("Role", *(defense.title for defense in DEFENSES)), rows)


def defense_table() -> Table:
    """The role table organised by defense: the roles strong and weak in each."""
    rows = []
    for defense in DEFENSES:
        rows.append((
            defense.title,
            _roles_with(defense, Grade.STRONG) or "none",  # pragma: no mutate (never empty)
            _roles_with(defense, Grade.WEAK) or "none",  # pragma: no mutate (never empty)
        ))
    return Table.of(("Defense", "Strong for", "Weak for"), rows)


def _roles_with(defense: Defense, grade: Grade) -> str:
    index = DEFENSES.index(defense)
    return ", ".join(role.value for role, grades in ROLE_TABLE.items() if grades[index] is grade)


def _modifiers(defenses: Role | str | Mapping[Defense, int] | Mapping[str, int]) -> ByDefense[int]:
    if isinstance(defenses, (Role, str)):
        return role_defenses(defenses)
    if not isinstance(defenses, Mapping):
        msg = f"defenses must be a role or a mapping such as role_defenses gives, not {shown(defenses)}"
        raise RulesTypeError(msg)
    checked = {
        name: whole_number(value, f"The {_name(name)} modifier", minimum=None)
        for name, value in defenses.items()
    }
    read = distinct(checked, "defenses", Defense.parse)
    if set(read) != set(DEFENSES):
        given = sorted(defense.value for defense in read)
        msg = f"defenses must give fortitude, reflex and will, not {given}"
        raise RulesError(msg)
    return ByDefense.of(read)


def _name(key: object) -> object:
    """A defense as a message names it: ``fortitude`` for the member or the word."""
    return key.value if isinstance(key, Defense) else key


def _variety_pair(plus: Defense | str, minus: Defense | str) -> tuple[Defense, Defense]:
    with concerning("plus"):
        up = Defense.parse(plus)
    with concerning("minus"):
        down = Defense.parse(minus)
    if up is down:
        msg = (
            f"The variety option raises one defense and lowers another: {up.value} "
            "cannot take both the +1 and the -1 (§variety-option)"
        )
        raise RulesError(msg, concerns="plus")
    return up, down


def _role_row(role: Role | str, steps: list[Step]) -> Role:
    """Step 1: the role's row of the role table; rank words are not the role."""
    found, others = read_role(role)
    if others:
        words = " ".join(others)
        steps.append(Step(rb.RANK_NOT_ROLE, f"{shown(words)} is not a role: the row is {found.value}'s"))
    grades = ", ".join(
        f"{grade.value.lower()} {defense.title}"
        for defense, grade in zip(DEFENSES, ROLE_TABLE[found], strict=True)  # pragma: no mutate (3 and 3)
    )
    steps.append(Step(rb.ROLE_DEFENSES, f"{found.value}: {grades}"))
    return found


def _variety(
    role: Role, plus: Defense | str | None, minus: Defense | str | None, steps: list[Step]
) -> ByDefense[int]:
    """Step 2: the variety option, if taken: both modifiers or neither."""
    modifiers = role_defenses(role)
    if plus is None and minus is None:
        return modifiers
    if plus is None or minus is None:
        given = "plus" if minus is None else "minus"
        msg = (
            f"The variety option gives both a +1 and a -1: only {given} is given "
            "(§ruling-variety-both-or-neither)"
        )
        raise RulesError(msg, concerns=given)
    up, down = _variety_pair(plus, minus)
    varied = vary_defenses(modifiers, plus=up, minus=down)
    steps.append(Step(rb.VARIETY, f"+1 {up.title}, -1 {down.title}"))
    beyond = [f"{defense.title} {value:+d}" for defense, value in varied.items() if abs(value) > 1]
    if beyond:
        steps.append(Step(rb.VARIETY_STACKS, f"{', '.join(beyond)}: the option adds to the role's grade"))
    return varied


def _scores(average: int, modifiers: ByDefense[int], steps: list[Step]) -> tuple[int, int, int]:
    """Step 3: each score is the average plus its modifier."""
    scores = tuple(average + modifiers[defense] for defense in DEFENSES)
    text = ", ".join(
        f"{defense.title} {average} {modifiers[defense]:+d} = {score}"
        for defense, score in zip(DEFENSES, scores, strict=True)  # pragma: no mutate (3 and 3)
    )
    steps.append(Step(rb.DEFENSE_SCORES, text))
    fortitude, reflex, will = scores
    return fortitude, reflex, will
