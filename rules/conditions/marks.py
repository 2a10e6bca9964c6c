"""Violating a mark, its four exceptions, and forced attacks.

Examples:
    >>> fighter_marks = Combatant("Orc").add("marked", source="fighter")
    >>> bool(violates_mark(fighter_marks, Attack(["wizard"])))
    True
    >>> bool(violates_mark(fighter_marks, Attack(["wizard", "fighter"])))
    False

"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.checks import collection, flag, nonblank, settle
from rules.conditions import rulebook as rb
from rules.conditions.combatant import Combatant, read_combatant
from rules.conditions.effects import EFFECTS
from rules.conditions.verdict import Verdict
from rules.conditions.vocabulary import Condition
from rules.errors import RulesError, RulesTypeError, shown
from rules.explain import Rule, Step
from rules.vocabulary import among

__all__ = ["Attack", "triggers_opportunity_attacks", "violates_mark"]


def _names(value: object, what: str) -> tuple[str, ...]:
    names = (value,) if isinstance(value, str) else collection(value, what)  # one name, not its letters
    return tuple(nonblank(name, what, such_as="names such as ['orc']") for name in names)


def _attack(value: object, what: str) -> Attack:
    if not isinstance(value, Attack):
        msg = f"{what} must be an Attack(...), such as Attack(['orc']), not {shown(value)}"
        raise RulesTypeError(msg)
    return value


def _attacks(values: object, what: str) -> tuple[Attack, ...]:
    return tuple(_attack(value, f"each of {what}") for value in collection(values, what))


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack: the enemies it targets, and the facts the mark exceptions ask about.

    Attributes:
        targets: The enemies the attack targets, by name.
        forced: Whether another character forces the attacker to make it.
        removed_by_enemy: Targets an enemy's effect removed from the attack after it was declared.
        marked_during: Markers that marked the attacker while it was making this attack.
        provokes: Whether the attack would provoke opportunity attacks if it were not forced.

    """

    targets: tuple[str, ...]
    forced: bool = field(default=False, kw_only=True)
    removed_by_enemy: tuple[str, ...] = field(default=(), kw_only=True)
    marked_during: tuple[str, ...] = field(default=(), kw_only=True)
    provokes: bool = field(default=False, kw_only=True)

    def __post_init__(self) -> None:
        settle(
            self,
            targets=_names(self.targets, "An attack's targets"),
            forced=flag(self.forced, "forced"),
            removed_by_enemy=_names(self.removed_by_enemy, "removed_by_enemy"),
            marked_during=_names(self.marked_during, "marked_during"),
            provokes=flag(self.provokes, "provokes"),
        )

    def includes(self, markers: Iterable[str]) -> tuple[str, ...]:
        """Return the given markers this attack targets."""
        return tuple(marker for marker in markers if among(marker, self.targets))


def violates_mark(
    attacker: Combatant,
    attack: Attack,
    *,
    simultaneous: Iterable[Attack] = (),
    earlier: Iterable[Attack] = (),
) -> Verdict:
    """Whether an attack violates a mark on the attacker, in the order of the flowchart.

    Args:
        attacker: The combatant making the attack, with its marked instances.
        attack: The attack.
        simultaneous: The other attacks of the same power made at the same time.
        earlier: The attacks of the same power already made, in sequence, before this one.

    Raises:
        RulesError: A forced attack that targets the attacker itself.

    """
    attacker = read_combatant(attacker, "attacker")
    attack = _attack(attack, "attack")
    others, before = _attacks(simultaneous, "simultaneous"), _attacks(earlier, "earlier")
    markers = attacker.sources(Condition.MARKED)
    if attack.forced and among(attacker.name, attack.targets):
        msg = f"A forced attack cannot target the attacker itself ({shown(attacker.name)})"
        raise RulesError(msg)
    reason = _mark_does_not_apply(attacker, attack, markers) or _exception(attack, markers, others, before)
    situation = f"{attacker} attacks {_describe(attack)}"
    if reason is not None:
        rule, text = reason
        return Verdict(False, (Step(rule, f"{text}: no violation"),), situation=situation)
    older = [marker for marker in markers if not among(marker, attack.marked_during)]
    rule = rb.MARKERS if len(markers) > 1 else rb.VIOLATING
    text = f"targets enemies but no marker ({', '.join(older)}): violates the mark, -2"
    return Verdict(True, (Step(rule, text),), situation=situation)


def _describe(attack: Attack) -> str:
    """An attack in words: ``"the ogre and the troll (a forced attack)"``."""
    targets = ", ".join(attack.targets) or "no one"
    return targets + (" (a forced attack)" if attack.forced else "")


def _mark_does_not_apply(
    attacker: Combatant, attack: Attack, markers: tuple[str, ...]
) -> tuple[Rule, str] | None:
    """Check the questions before the exceptions: marked at all, forced, any enemy targeted."""
    if not markers:
        return EFFECTS[Condition.MARKED].rule, f"{attacker.name} is not marked"
    if attack.forced:
        return rb.FORCED_ATTACKS, "a forced attack ignores marks"
    if not attack.targets:
        return rb.VIOLATING, "the attack targets no enemy"
    return None


def _exception(
    attack: Attack,
    markers: tuple[str, ...],
    simultaneous: tuple[Attack, ...],
    earlier: tuple[Attack, ...],
) -> tuple[Rule, str] | None:
    """Check whether the attack includes a marker, or one of the four exceptions applies."""
    for others, rule, when in (
        ((attack,), rb.MARKERS if len(markers) > 1 else rb.VIOLATING, "the attack targets"),
        (simultaneous, rb.SIMULTANEOUS, "a simultaneous attack of the power targets"),
        (earlier, rb.SEQUENCE, "an earlier attack of the power targeted"),
    ):
        included = [marker for other in others for marker in other.includes(markers)]
        if included:
            return rule, f"{when} the marker {included[0]}"
    removed = [marker for marker in markers if among(marker, attack.removed_by_enemy)]
    if removed:
        return rb.RETARGETED, f"an enemy's effect removed the marker {removed[0]} as a target"
    if all(among(marker, attack.marked_during) for marker in markers):
        return rb.MARKED_MID_ATTACK, "marked while making this attack"
    return None


def triggers_opportunity_attacks(attack: Attack) -> Verdict:
    """Whether an attack that would provoke opportunity attacks does: forced attacks never do."""
    attack = _attack(attack, "attack")
    situation = f"An attack on {_describe(attack)}" + (", which would provoke" if attack.provokes else "")
    if attack.forced:
        return Verdict(False, (Step(rb.FORCED_ATTACKS, "forced attacks never provoke"),), situation=situation)
    if attack.provokes:
        return Verdict(True, (Step(rb.OPPORTUNITY, "the attack provokes as usual"),), situation=situation)
    return Verdict(False, (Step(rb.OPPORTUNITY, "the attack does not provoke"),), situation=situation)
