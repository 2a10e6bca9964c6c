"""Penalty types and stacking: of each type only the largest penalty applies; types add up.

Examples:
    >>> stack_penalties([("cover", -2), ("cover", -5), ("power", -2)])
    -7

"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.checks import collection, whole_number
from rules.conditions import rulebook as rb
from rules.conditions.vocabulary import Concealment, Cover, PenaltyType
from rules.errors import RulesError, RulesTypeError, shown
from rules.explain import Explained, Step
from rules.tables import Table

__all__ = ["Penalty", "StackedPenalties", "cover_table", "stack", "stack_penalties"]


@dataclass(frozen=True, slots=True)
class Penalty:
    """One penalty: its type and its value, a negative whole number such as -2.

    Examples:
        >>> Penalty("Cover", -2)
        Penalty(kind=<PenaltyType.COVER: 'cover'>, value=-2, reason='')

    """

    kind: PenaltyType
    value: int
    reason: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", PenaltyType.parse(self.kind))
        value = whole_number(self.value, "A penalty's value", minimum=None)
        if not isinstance(self.reason, str):
            msg = f"A penalty's reason is text such as 'prone', not {shown(self.reason)}"
            raise RulesTypeError(msg)
        if value > 0:
            msg = (
                f"A penalty is written as a negative number: got {shown(value)} for a "
                f"{self.kind.value} penalty. Tip: write {shown(-value)}"
            )
            raise RulesError(msg)

    def __str__(self) -> str:
        name = f"{self.value} {self.kind.value}"
        return f"{name} ({self.reason})" if self.reason and self.reason != self.kind.value else name

    @classmethod
    def of(cls, value: Penalty | tuple[PenaltyType | str | None, int]) -> Penalty:
        """Read a penalty from a ``(type, value)`` pair (type ``None`` is untyped)."""
        if isinstance(value, Penalty):
            return value
        if isinstance(value, tuple) and len(value) == 2:
            return cls(*value)  # type: ignore[arg-type]  # Penalty.__post_init__ checks both
        msg = f"A penalty is a (type, value) pair such as ('cover', -2), not {shown(value)}"
        raise RulesTypeError(msg)


@dataclass(frozen=True, slots=True)
class StackedPenalties(Explained):
    """The total of several penalties after stacking, and the penalties that counted."""

    total: int
    applied: tuple[Penalty, ...]
    steps: tuple[Step, ...]

    @property
    def answer(self) -> int:
        """The total penalty: `total`."""
        return self.total

    @property
    def outcome(self) -> str:
        """The total penalty, e.g. ``"-7 in total"``."""
        return f"{self.total} in total"


def stack(
    penalties: Iterable[Penalty | tuple[PenaltyType | str | None, int]],
) -> StackedPenalties:
    """Stack penalties: only the largest of each type applies, different types add up.

    Untyped penalties all add up (§ruling-untyped-penalties-stack); a mark penalty is a
    type of its own (§ruling-mark-penalty-type).

    Args:
        penalties: ``Penalty`` values or ``(type, value)`` pairs, e.g. ``("cover", -2)``;
            the type ``None`` means untyped.

    Returns:
        The total applied, the penalties that counted and the steps.

    Raises:
        RulesError: An unknown penalty type, or a value that is not a whole number of 0 or less.

    """
    given = [Penalty.of(penalty) for penalty in collection(penalties, "penalties")]
    steps: list[Step] = []
    applied: list[Penalty] = []
    for kind in PenaltyType:
        of_kind = [penalty for penalty in given if penalty.kind is kind]
        if of_kind:
            applied += _stack_one_type(kind, of_kind, steps)
    total = sum(penalty.value for penalty in applied)
    if not given:
        steps.append(Step(rb.STACKING, "no penalties apply"))
    elif len(given) == 1:
        steps.append(Step(rb.STACKING, f"one penalty: {given[0]}", change=total))
    elif len(applied) > 1:
        values = " + ".join(str(penalty.value) for penalty in applied)
        steps.append(Step(rb.STACKING, f"different types add up: {values} = {total}", change=total))
    else:  # several of one type: the step that chose among them sets the total
        steps[-1] = replace(steps[-1], change=total)
    situation = "Penalties " + ", ".join(map(str, given)) if given else "No penalties"
    return StackedPenalties(total, tuple(applied), tuple(steps), situation=situation)


def stack_penalties(penalties: Iterable[Penalty | tuple[PenaltyType | str | None, int]]) -> int:
    """Return the total penalty applied to a roll, after stacking; see `stack` for the steps.

    Args:
        penalties: ``(type, value)`` pairs, type one of ``"cover"``, ``"concealment"``,
            ``"power"``, ``"mark"`` or ``None`` (untyped), value such as ``-2``.

    Returns:
        The total, 0 or less.

    Raises:
        RulesError: An unknown penalty type, or a value that is not a whole number of 0 or less.

    """
    return stack(penalties).total


def _stack_one_type(kind: PenaltyType, of_kind: list[Penalty], steps: list[Step]) -> list[Penalty]:
    """Keep the largest penalty of a type; keep every untyped one."""
    if len(of_kind) == 1:
        if kind is PenaltyType.MARK:
            steps.append(Step(rb.MARK_TYPE, f"{of_kind[0]}: a penalty type of its own"))
        return of_kind
    listed = ", ".join(str(penalty) for penalty in of_kind)
    if kind is PenaltyType.UNTYPED:
        total = sum(penalty.value for penalty in of_kind)
        steps.append(Step(rb.UNTYPED, f"untyped penalties {listed} all apply: {total}"))
        return of_kind
    rule = rb.MARK_TYPE if kind is PenaltyType.MARK else rb.STACKING
    largest = min(of_kind, key=lambda penalty: penalty.value)
    steps.append(Step(rule, f"{listed}: only the largest {kind.value} penalty, {largest.value}, applies"))
    return [largest]


def cover_table() -> Table:
    """Tabulate the attack penalties of concealment and cover, as the conditions page shows them."""
    rows = [
        (level.value.capitalize(), f"{level.penalty} concealment penalty to the attack roll")
        for level in (Concealment.CONCEALMENT, Concealment.TOTAL)
    ]
    rows += [
        (level.value.capitalize(), f"{level.penalty} cover penalty to the attack roll")
        for level in (Cover.COVER, Cover.SUPERIOR)
    ]
    return Table.of(("The target has", "Penalty"), rows)
