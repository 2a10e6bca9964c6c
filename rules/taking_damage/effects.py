"""Gaining a defensive effect: the non-stacking list and the no-invulnerability rule."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.errors import RulesTypeError, shown
from rules.explain import Explained, Step
from rules.taking_damage import rulebook as rb
from rules.taking_damage.defender import (
    Defender,
    Immunity,
    OneTime,
    check_stacking,
    invulnerable,
    read_defender,
)

__all__ = ["GainResult", "gain"]


@dataclass(frozen=True, slots=True)
class GainResult(Explained):
    """What receiving a defensive effect did.

    Attributes:
        defender: The defender afterwards (unchanged if the effect was prevented).
        prevented: Whether the effect was automatically prevented.
        steps: The rules applied.

    """

    defender: Defender
    prevented: bool
    steps: tuple[Step, ...]

    @property
    def answer(self) -> bool:
        """Whether the effect was gained (not prevented)."""
        return not self.prevented

    @property
    def outcome(self) -> str:
        """``"prevented"`` or ``"gained"``."""
        return "prevented" if self.prevented else "gained"


def gain(defender: Defender, effect: Immunity | OneTime | str) -> GainResult:
    """Receive one defensive effect, after every effect already up.

    Args:
        defender: The character receiving the effect.
        effect: An `Immunity`, a `OneTime` effect, or an immunity's name
            such as ``"Poison Immunity"``.

    Returns:
        The defender with the effect, or unchanged if the effect would make it invulnerable.

    Raises:
        RulesError: The effect may not stack with one already up, or cannot be read.

    """
    defender = read_defender(defender)
    new = Immunity(effect) if isinstance(effect, str) else effect
    if isinstance(new, OneTime):
        check_stacking((*defender.effects, new))
        after = replace(defender, one_time=(*defender.one_time, new))
        situation = f"{new.name}, received by {defender}"
        return GainResult(after, False, (Step(rb.GAINED, f"{new.name} is up"),), situation=situation)
    if not isinstance(new, Immunity):
        msg = f"effect must be an Immunity, a OneTime or an immunity's name, not {shown(effect)}"
        raise RulesTypeError(msg)
    check_stacking((*defender.effects, new))
    needed = invulnerable(defender.requires, (*defender.immunities, new))
    situation = f"{new.name}, received by {defender}"
    if needed:
        text = f"{new.name} would leave nothing able to hurt (requires {needed}): prevented"
        return GainResult(defender, True, (Step(rb.NO_INVULNERABILITY, text),), situation=situation)
    after = replace(defender, immunities=(*defender.immunities, new))
    return GainResult(after, False, (Step(rb.GAINED, f"{new.name} is up"),), situation=situation)
