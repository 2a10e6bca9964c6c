"""The damage tables of Insubstantial, Swarm and Regiment, computed by `take_damage`.

A page includes one with ``<!-- table: rules.resistances:swarm_table -->``.
"""

from __future__ import annotations

from rules.errors import RulesError
from rules.resistances.attack import Circumstances
from rules.resistances.resolve import take_damage
from rules.resistances.traits import Resist, Template, TraitSet, Vulnerable
from rules.resistances.vocabulary import Condition, DamageType
from rules.tables import Table

__all__ = [
    "condition_table",
    "insubstantial_table",
    "regiment_table",
    "swarm_table",
    "trait_set_table",
]

EXAMPLE = 20  # an amount that Resist's and Vulnerable's shares take without rounding
_OTHERS = tuple(kind for kind in DamageType if kind is not DamageType.PHYSICAL)


# The tables take no input, and every trait of a set has no limit, so each change is a trait's
# share, named by its word; the tests for the word keep a table honest if a set ever gains a limit.
def _effect(final: int) -> str:
    change = abs(final - EXAMPLE)
    trait = Resist if final < EXAMPLE else Vulnerable
    share = f" ({trait.share_word()})" if change == EXAMPLE * trait.SHARE else ""  # pragma: no mutate
    if final < EXAMPLE:
        return f"reduced by {change}{share}"
    if final > EXAMPLE:
        return f"increased by {change}{share}"
    return "normal damage"


def _row(
    template: Template, kinds: tuple[DamageType, ...], label: str, *, advantage: bool = False,
    area: bool = False,
) -> tuple[str, ...]:
    """One row; every type the row stands for must give the same figure, or the table lies."""
    traits = [TraitSet(template)]
    finals = {
        take_damage(EXAMPLE, kind, traits, advantage=advantage, area=area).final for kind in kinds
    }
    if len(finals) != 1:  # a guard on the rules' data: no input reaches it (the tables take none)
        problem = f"does not hold for every type it names: {finals}"  # pragma: no mutate
        msg = f"{template.value}: the row {label!r} {problem}"  # pragma: no mutate
        raise RulesError(msg)  # pragma: no mutate
    (final,) = finals
    return (label, str(final), _effect(final))


def insubstantial_table() -> Table:
    """How an Insubstantial creature takes 20 damage, by type and Combat Advantage."""
    physical, other = (DamageType.PHYSICAL,), _OTHERS
    rows = [
        _row(Template.INSUBSTANTIAL, physical, "Physical, no Combat Advantage"),
        _row(Template.INSUBSTANTIAL, other, "Non-physical, no Combat Advantage"),
        _row(Template.INSUBSTANTIAL, physical, "Physical, with Combat Advantage", advantage=True),
        _row(Template.INSUBSTANTIAL, other, "Non-physical, with Combat Advantage", advantage=True),
    ]
    return Table.of(("Damage", f"{EXAMPLE} damage becomes", "Effect"), rows)


def _swarm_like(template: Template, weak: DamageType) -> Table:
    others = tuple(kind for kind in DamageType if kind is not weak)
    rows = [
        _row(template, others, f"Not {weak.value}, not a burst or blast"),
        _row(template, (weak,), f"{weak.value}, not a burst or blast"),
        _row(template, others, f"Not {weak.value}, burst or blast", area=True),
        _row(template, (weak,), f"{weak.value}, burst or blast", area=True),
    ]
    return Table.of(("Damage", f"{EXAMPLE} damage becomes", "Effect"), rows)


def swarm_table() -> Table:
    """How a Swarm takes 20 damage, by type and whether it is a burst or blast."""
    return _swarm_like(Template.SWARM, DamageType.POISON)


def regiment_table() -> Table:
    """How a Regiment takes 20 damage, by type and whether it is a burst or blast."""
    return _swarm_like(Template.REGIMENT, DamageType.PSYCHIC)


def trait_set_table() -> Table:
    """What each trait set stands for, one trait per line of the stat block."""
    rows = [
        (template.value, "; ".join(map(str, TraitSet(template).traits))) for template in Template
    ]
    return Table.of(("Trait set", "Traits it gives"), rows)


_MET_WHEN = {
    Condition.ADVANTAGE: "the attack has Combat Advantage",
    Condition.CRITICAL: "the attack is a critical hit",
    Condition.ONGOING: "the damage is ongoing damage",
    Condition.SILVERED: "the attack uses a silvered weapon or implement",
    Condition.PARAGON: "the attacker is level 11 or higher",
    Condition.EPIC: "the attacker is level 21 or higher",
    Condition.AREA: "the attack is a burst or blast",
}
_SAMPLES = {
    Condition.ADVANTAGE: Circumstances(advantage=True),
    Condition.CRITICAL: Circumstances(critical=True),
    Condition.ONGOING: Circumstances(ongoing=True),
    Condition.SILVERED: Circumstances(silvered=True),
    Condition.PARAGON: Circumstances(attacker_level=11),
    Condition.EPIC: Circumstances(attacker_level=21),
    Condition.AREA: Circumstances(area=True),
}


def condition_table() -> Table:
    """Every condition a trait can carry, with its opposite, and when each is met."""
    rows = []
    for condition, text in _MET_WHEN.items():
        opposite = next(
            other for other in Condition
            if other is not condition and other.value.endswith(condition.value)
        )
        # the table states what Circumstances.meets computes: check it, so the two cannot drift
        # (a guard on the rules' data: no input reaches it, as the table takes none)
        sample = _SAMPLES[condition]
        if not sample.meets(condition) or sample.meets(opposite):  # pragma: no mutate
            msg = f"The table of conditions disagrees with the rules: {condition.value}"  # pragma: no mutate
            raise RulesError(msg)  # pragma: no mutate
        rows.append((condition.value, text, opposite.value))
    return Table.of(("Condition", "Met when", "Its opposite, met otherwise"), rows)
