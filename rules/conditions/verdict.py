"""Yes-or-no answers that explain themselves."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.explain import Explained, Step

__all__ = ["Verdict"]


@dataclass(frozen=True, slots=True)
class Verdict(Explained):
    """A yes-or-no answer with the steps that decided it; true when the answer is yes.

    Examples:
        >>> from rules.conditions import can_flank, Combatant
        >>> bool(can_flank(Combatant().add("dazed")))
        False

    """

    answer: bool = field()  # a field, where other results compute their answer
    steps: tuple[Step, ...]

    def __bool__(self) -> bool:
        return self.answer

    @property
    def outcome(self) -> str:
        """``"yes"`` or ``"no"``."""
        return "yes" if self.answer else "no"
