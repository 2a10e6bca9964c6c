"""Numbers that conditions change: damage dealt and taken, healing, defenses, damage's aftermath.

Examples:
    >>> damage_dealt(Combatant().add("weakened"), 15).value
    7

"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.checks import distinct, part_down, settle, whole_number
from rules.conditions import rulebook as rb
from rules.conditions.combatant import Combatant, read_combatant
from rules.conditions.effects import EFFECTS, WEAKENED_SHARE
from rules.conditions.vocabulary import Condition, Defense
from rules.errors import RulesTypeError, shown
from rules.explain import Explained, Step
from rules.resistances import take_damage
from rules.words import times_word

__all__ = [
    "Aftermath",
    "Amount",
    "Defenses",
    "after_damage",
    "damage_dealt",
    "damage_taken",
    "healing_received",
    "total_defense",
]


@dataclass(frozen=True, slots=True)
class Amount(Explained):
    """A number of hit points after conditions, and the steps that changed it."""

    value: int
    what: str
    steps: tuple[Step, ...]

    @property
    def answer(self) -> int:
        """The amount after the rules: `value`."""
        return self.value

    @property
    def outcome(self) -> str:
        """The amount, e.g. ``"7 damage"``."""
        return f"{self.value} {self.what}"


def damage_dealt(attacker: Combatant, damage: int) -> Amount:
    """Return the damage an attacker deals: halved, rounded down, if it is weakened.

    Args:
        attacker: The combatant dealing the damage.
        damage: The damage rolled, a whole number of 0 or more.

    """
    who = read_combatant(attacker, "attacker")
    return _weakened(
        who, damage, "damage", "weakened attacker: damage dealt", "full damage dealt", "dealt by"
    )


def healing_received(target: Combatant, healing: int) -> Amount:
    """Return the healing a combatant receives: halved, rounded down, if it is weakened.

    Args:
        target: The combatant healed.
        healing: The hit points the healing restores, a whole number of 0 or more.

    """
    who = read_combatant(target, "target")
    return _weakened(who, healing, "healing", "weakened: healing received", "full healing", "received by")



def _weakened(  # noqa: PLR0917 - the words of the two questions that share this rule
    combatant: Combatant, value: int, what: str, halved: str, full: str, by: str
) -> Amount:
    """Weakened takes its share of an amount, rounded down (§ruling-weakened-rounds-down); else all of it."""
    amount = whole_number(value, what)
    situation = f"{amount} {what} {by} {combatant}"
    if not combatant.has(Condition.WEAKENED):
        step = Step(EFFECTS[Condition.WEAKENED].rule, f"not weakened: {full}")
        return Amount(amount, what, (step,), situation=situation, start=amount)
    part = part_down(amount, WEAKENED_SHARE)
    text = f"{halved} {amount} {times_word(WEAKENED_SHARE)}: {part}"
    step = Step(rb.WEAKENED_ROUNDING, text, change=part - amount)
    return Amount(part, what, (step,), situation=situation, start=amount)


def damage_taken(target: Combatant, damage: int) -> Amount:
    """Return the damage a combatant takes: a petrified one has Resist All (`rules.resistances`).

    Args:
        target: The combatant hit.
        damage: The damage dealt to it, a whole number of 0 or more.

    """
    who = read_combatant(target, "target")
    amount = whole_number(damage, "damage")
    situation = f"{amount} damage to {who}"
    if not who.has(Condition.PETRIFIED):
        step = Step(EFFECTS[Condition.PETRIFIED].rule, "not petrified: full damage taken")
        return Amount(amount, "damage", (step,), situation=situation, start=amount)
    # Petrified is Resist All under the resistance rules, which round the half down.
    # no mutate: no types and None both mean physical, and the line reads case-blind
    resisted = take_damage(amount, (), ["Resist All"])  # pragma: no mutate
    text = f"petrified: Resist All against {amount} damage"
    steps = (Step(rb.PETRIFIED_HALF, text), *resisted.steps)
    return Amount(resisted.final, "damage", steps, situation=situation, start=amount)


@dataclass(frozen=True, slots=True)
class Aftermath(Explained):
    """The combatant after being damaged, and what the damage did to its conditions."""

    combatant: Combatant
    steps: tuple[Step, ...]

    @property
    def answer(self) -> Combatant:
        """The combatant afterwards: `combatant`."""
        return self.combatant

    @property
    def outcome(self) -> str:
        """The combatant's conditions afterwards."""
        return str(self.combatant)


def after_damage(target: Combatant, hit_points: int) -> Aftermath:
    """Apply what taking damage does to a combatant's conditions.

    One instance of Unconscious ends if 1 or more hit points remain (the newest, as a
    save ends: §ruling-damage-ends-one-unconscious); a dominated combatant may then make
    a saving throw (use `Combatant.save` if it succeeds).

    Args:
        target: The combatant that was damaged.
        hit_points: Its hit points after the damage (may be negative).

    """
    after = read_combatant(target, "target")
    hit_points = whole_number(hit_points, "hit_points", minimum=None)
    steps = []
    if after.has(Condition.UNCONSCIOUS):
        rule = EFFECTS[Condition.UNCONSCIOUS].rule
        if hit_points >= 1:
            after = after.save(Condition.UNCONSCIOUS)  # "the condition": one instance
            left = after.count(Condition.UNCONSCIOUS)
            if left:
                text = f"{hit_points} hit points left: one instance of unconscious ends, {left} left"
                steps.append(Step(rb.WAKES_ONE, text))
            else:
                steps.append(Step(rule, f"{hit_points} hit points left: unconscious ends"))
        else:
            steps.append(Step(rule, f"{hit_points} hit points left: stays unconscious"))
    if after.has(Condition.DOMINATED):
        rule = EFFECTS[Condition.DOMINATED].rule
        steps.append(Step(rule, "damaged while dominated: may save against one domination"))
    if not steps:
        steps.append(Step(rb.ENDING, "no condition ends on damage"))
    situation = f"{target} damaged, {hit_points} hit points left"
    return Aftermath(after, tuple(steps), situation=situation)


@dataclass(frozen=True, slots=True)
class Defenses(Explained):
    """Defense scores after a bonus, and the steps."""

    scores: Mapping[Defense, int]
    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        settle(self, scores=MappingProxyType(dict(self.scores)))  # read-only: a result never changes

    @property
    def answer(self) -> Mapping[Defense, int]:
        """The scores after the bonus: `scores`."""
        return self.scores

    @property
    def outcome(self) -> str:
        """The scores, e.g. ``"AC 20, Fortitude 17"``."""
        return ", ".join(f"{defense.title} {score}" for defense, score in self.scores.items())


TOTAL_DEFENSE_BONUS = 4


def total_defense(defenses: Mapping[Defense | str, int], *, power_bonus: int = 0) -> Defenses:
    """Raise every defense by Total Defense's +4 power bonus, which does not stack with another.

    Args:
        defenses: The defense scores, e.g. ``{"AC": 16, "Reflex": 14}``.
        power_bonus: The power bonus already included in those scores, if any: 0 or more.

    """
    if not isinstance(defenses, Mapping):
        msg = f"defenses must map defenses to scores, e.g. {{'AC': 16}}, not {shown(defenses)}"
        raise RulesTypeError(msg)
    scores = distinct(defenses, "defenses", Defense.parse)
    for defense, score in scores.items():
        whole_number(score, f"The {defense.title} score", minimum=None)
    power_bonus = whole_number(power_bonus, "power_bonus")
    listed = ", ".join(f"{defense.title} {score}" for defense, score in scores.items())
    bonus = f" (a +{power_bonus} power bonus included)" if power_bonus else ""
    situation = f"Total Defense with {listed or 'no defenses'}{bonus}"
    if power_bonus >= TOTAL_DEFENSE_BONUS:
        text = f"a +{power_bonus} power bonus already applies: +4 does not stack, no change"
        return Defenses(scores, (Step(rb.TOTAL_DEFENSE_BONUS, text),), situation=situation)
    added = TOTAL_DEFENSE_BONUS - power_bonus
    steps = [Step(rb.TOTAL_DEFENSE, "+4 power bonus to all defenses until the end of the next turn")]
    if power_bonus > 0:
        steps.append(
            Step(rb.TOTAL_DEFENSE_BONUS, f"replaces the +{power_bonus} power bonus: adds {added}")
        )
    raised = {defense: score + added for defense, score in scores.items()}
    return Defenses(raised, tuple(steps), situation=situation)
