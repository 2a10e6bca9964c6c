"""Resolving damage against a creature's traits: `take_damage`.

`take_damage` runs the steps in the flowchart's order, one helper per step, and
returns a `DamageResult` whose steps cite the rules on ``resistances.md``.

Examples:
    >>> take_damage(27, "fire", ["Resist Fire (Advantage)", "Resist 10 Fire", "Resist 5 All"]).final
    17

"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from rules.checks import HALF, distinct, part_down, whole_number
from rules.errors import RulesError, RulesTypeError, concerning, shown
from rules.explain import Explained, Rule, Step
from rules.resistances import rulebook as rb
from rules.resistances.attack import Circumstances, read_amount, read_types
from rules.resistances.notation import parse_trait
from rules.resistances.traits import (
    ConditionImmunity,
    DamageImmunity,
    DamageTrigger,
    NondamageImmunity,
    Resist,
    Template,
    Trait,
    TraitSet,
    Vulnerable,
)
from rules.resistances.vocabulary import DamageType

G = TypeVar("G", Resist, Vulnerable)

__all__ = ["DamageResult", "TypeOutcome", "expand_sets", "read_traits", "take_damage"]

SEVERAL_SHARE = HALF
"""Several damage types: the two highest figures of each kind, summed, count this share of it."""

_SET_RULES = {
    Template.INSUBSTANTIAL: rb.INSUBSTANTIAL,
    Template.SWARM: rb.SWARM,
    Template.REGIMENT: rb.REGIMENT,
}


@dataclass(frozen=True, slots=True)
class TypeOutcome:
    """What one damage type of the attack meets: the trait chosen and what it does."""

    damage_type: DamageType
    mitigated: int
    added: int
    resist: Resist | None = None
    vulnerable: Vulnerable | None = None
    immune: bool = False


@dataclass(frozen=True, slots=True)
class DamageResult(Explained):
    """The damage a creature takes: final figure, what was mitigated and added, and why."""

    final: int
    mitigated: int
    added: int
    types: tuple[DamageType, ...]
    per_type: tuple[TypeOutcome, ...]
    triggered: tuple[DamageTrigger, ...]
    steps: tuple[Step, ...]

    @property
    def answer(self) -> int:
        """The damage taken: `final`."""
        return self.final

    @property
    def outcome(self) -> str:
        """The damage taken, and the triggers it sets off: ``"14 damage"``."""
        fired = "".join(f"; then {trigger}" for trigger in self.triggered)
        return f"{self.final} damage{fired}"


def take_damage(
    amount: int,
    types: DamageType | str | Iterable[DamageType | str] | None,
    traits: Iterable[Trait | str] | str,
    *,
    advantage: bool = False,
    critical: bool = False,
    ongoing: bool = False,
    silvered: bool = False,
    attacker_level: int = 1,
    area: bool = False,
    environmental: bool = False,
    reduction: Mapping[DamageType | str, int] | None = None,
    circumstances: Circumstances | None = None,
) -> DamageResult:
    """Resolve damage of one or more types against a creature's traits.

    Args:
        amount: The damage, a whole number of 0 or more.
        types: One damage type or several, in any case; none (or empty) means physical.
        traits: The creature's traits, as stat-block lines (``"Resist 10 Fire"``) or trait
            objects; one line may be given on its own. Any number: the cost grows linearly
            with them, about 14 µs a line (no limit; see "Long lists" on the API page).
        advantage: The attack has Combat Advantage.
        critical: The attack is a critical hit.
        ongoing: The damage is ongoing damage.
        silvered: The attack uses a silvered weapon or implement.
        attacker_level: The attacker's level (Paragon is 11 or higher, Epic 21 or higher).
        area: The attack is a burst or blast.
        environmental: The damage comes from the environment, not from an attack.
        reduction: The attacker's Resistance Reduction per damage type, e.g. ``{"fire": 5}``.
        circumstances: The seven facts above as one `Circumstances` value, instead of
            the separate flags.

    Returns:
        The final damage, the damage mitigated and added, the triggers set off, and the steps.

    Raises:
        RulesError: A negative or non-whole amount, an unknown damage type, a trait line that
            cannot be read (`NotationError`), or circumstances that contradict each other.

    """
    with concerning("amount"):
        damage = read_amount(amount)
    circumstances = Circumstances.given(circumstances, Circumstances(
        advantage, critical, ongoing, silvered, attacker_level, area, environmental
    ))
    with concerning("reduction"):
        reductions = _reductions(reduction, circumstances)
    steps: list[Step] = []
    with concerning("types"):
        kinds = _damage_types(types, steps)
    with concerning("traits"):
        given = read_traits(traits)
        held = expand_sets(given, steps)
    live = _check_conditions(held, kinds, circumstances, steps)
    per_type = tuple(
        _resolve_type(damage, kinds, kind, held, live, reductions, circumstances, steps)
        for kind in kinds
    )
    mitigated, added = _combine(damage, per_type, circumstances, steps)
    final = _damage_taken(damage, mitigated, added, steps)
    triggered = _triggers(kinds, final, held, steps)
    situation = _situation(damage, kinds, given, circumstances, reductions)
    return DamageResult(
        final, mitigated, added, kinds, per_type, triggered, tuple(steps),
        situation=situation, start=damage,
    )


def _situation(
    damage: int,
    kinds: tuple[DamageType, ...],
    traits: tuple[Trait, ...],
    circumstances: Circumstances,
    reductions: Mapping[DamageType, int],
) -> str:
    """``"17 Fire damage against Resist Fire, Vulnerable Fire 5"``, and what else holds."""
    against = ", ".join(map(str, traits)) or "no traits"
    facts = [
        *circumstances.words,
        *(f"Resistance Reduction {value} {kind.value}" for kind, value in reductions.items()),
    ]
    more = f" ({', '.join(facts)})" if facts else ""
    *others, last = [kind.value for kind in kinds]
    listed = f"{', '.join(others)} and {last}" if others else last
    return f"{damage} {listed} damage against {against}{more}"


def _reductions(value: object, circumstances: Circumstances) -> dict[DamageType, int]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        msg = f"reduction must map damage types to values, e.g. {{'fire': 5}}, not {shown(value)}"
        raise RulesTypeError(msg)
    if value and circumstances.environmental:
        msg = (
            "Environmental damage has no attacker, so no Resistance Reduction "
            "(§ruling-environmental-circumstances)"
        )
        raise RulesError(msg)
    checked = {
        key: whole_number(number, f"Resistance Reduction {shown(key)}", minimum=1)
        for key, number in value.items()
    }
    return distinct(checked, "reduction", DamageType.parse)


def _damage_types(value: object, steps: list[Step]) -> tuple[DamageType, ...]:
    """The damage's types: physical if none is named, and each type once."""
    listed = read_types(value)
    if not listed:
        steps.append(Step(rb.PHYSICAL, "no damage type is named, so the damage is Physical"))
        return (DamageType.PHYSICAL,)
    kinds = tuple(dict.fromkeys(listed))
    for kind in kinds:
        if listed.count(kind) > 1:
            steps.append(Step(rb.TYPE_LISTED_TWICE, f"{kind.value} is listed twice: it counts once"))
    return kinds


def read_traits(traits: object) -> tuple[Trait, ...]:
    """The traits as given: each stat-block line parsed, each trait object kept."""
    if isinstance(traits, str):
        traits = (traits,)
    if isinstance(traits, (bytes, bytearray)) or not isinstance(traits, Iterable):
        msg = f"traits must be a list of stat-block lines or traits, not {shown(traits)}"
        raise RulesTypeError(msg)
    read = []
    for trait in traits:
        if isinstance(trait, str):
            read.append(parse_trait(trait))
        elif isinstance(
            trait,
            (Resist, Vulnerable, DamageImmunity, ConditionImmunity, NondamageImmunity,
             DamageTrigger, TraitSet),
        ):
            read.append(trait)
        else:
            msg = f"Not a trait: {shown(trait)}; write it as a line such as 'Resist 10 Fire'"
            raise RulesTypeError(msg)
    return tuple(read)


def expand_sets(traits: tuple[Trait, ...], steps: list[Step]) -> tuple[Trait, ...]:
    """Insubstantial, Swarm and Regiment stand for the traits they give."""
    expanded: list[Trait] = []
    for trait in traits:
        if isinstance(trait, TraitSet):
            given = ", ".join(map(str, trait.traits))
            steps.append(Step(_SET_RULES[trait.template], f"{trait} gives {given}"))
            expanded.extend(trait.traits)
        else:
            expanded.append(trait)
    return tuple(expanded)


def _check_conditions(
    traits: tuple[Trait, ...],
    kinds: tuple[DamageType, ...],
    circumstances: Circumstances,
    steps: list[Step],
) -> tuple[Resist | Vulnerable, ...]:
    """Discard each Resist or Vulnerable whose condition the damage does not meet."""
    live: list[Resist | Vulnerable] = []
    for trait in traits:
        if not isinstance(trait, (Resist, Vulnerable)) or not any(map(trait.covers, kinds)):
            continue
        if trait.condition is None:
            live.append(trait)
            continue
        fact = circumstances.describe(trait.condition)
        if circumstances.meets(trait.condition):
            steps.append(Step(rb.CONDITIONS, f"{trait} applies: the damage is {fact}"))
            live.append(trait)
        else:
            steps.append(Step(rb.CONDITIONS, f"{trait} is discarded: the damage is {fact}"))
    return tuple(live)


def _choose(candidates: list[G], kind: DamageType, steps: list[Step]) -> G | None:
    """No limit beats any limit, else the highest limit; a tie keeps the first listed."""
    if not candidates:
        return None
    # (no limit, limit): no limit ranks above every limit, however large (no stand-in number);
    # two traits without a limit tie on (True, None), so None is never compared with a number
    chosen = max(candidates, key=lambda trait: (trait.limit is None, trait.limit))
    if len(candidates) > 1:
        why = "no limit" if chosen.limit is None else "the highest limit"
        others = ", ".join(str(trait) for trait in candidates if trait is not chosen)
        steps.append(Step(rb.CHOOSING, f"for {kind.value}, {chosen} ({why}) over {others}"))
    return chosen


def _reduction(
    kind: DamageType,
    resists: list[Resist],
    chosen: Resist | None,
    reductions: dict[DamageType, int],
    steps: list[Step],
) -> Vulnerable | None:
    """The attacker's Resistance Reduction turns the chosen resistance into a vulnerability."""
    value = reductions.get(kind)
    if value is None:
        return None
    if chosen is None:
        text = f"no resistance to {kind.value}: Resistance Reduction {value} does nothing"
        steps.append(Step(rb.REDUCTION, text))
        return None
    limit = value if chosen.limit is None else min(value, chosen.limit)
    gained = Vulnerable(kind, limit)
    rule = rb.REDUCTION_CHOSEN if len(resists) > 1 else rb.REDUCTION
    steps.append(
        Step(rule, f"Resistance Reduction {value} {kind.value} against {chosen}: {gained}")
    )
    return gained


def _resolve_type(  # noqa: PLR0917 - the inputs of one flowchart step
    damage: int,
    kinds: tuple[DamageType, ...],
    kind: DamageType,
    traits: tuple[Trait, ...],
    live: tuple[Resist | Vulnerable, ...],
    reductions: dict[DamageType, int],
    circumstances: Circumstances,
    steps: list[Step],
) -> TypeOutcome:
    """One damage type: immunity, else the chosen resistance and vulnerability."""
    resists = [trait for trait in live if isinstance(trait, Resist) and trait.covers(kind)]
    vulnerables = [trait for trait in live if isinstance(trait, Vulnerable) and trait.covers(kind)]
    immunity = DamageImmunity(kind)
    if immunity in traits:
        change = -damage if len(kinds) == 1 else None
        text = f"all {damage} {kind.value} negated"
        steps.append(Step(rb.DAMAGE_IMMUNITY, text, change=change))
        if vulnerables:
            rule = rb.IMMUNITY_WINS if len(kinds) == 1 else rb.IMMUNE_TYPE_ADDS_NOTHING
            names = ", ".join(map(str, vulnerables))
            steps.append(Step(rule, f"{names} adds nothing to {kind.value}: the immunity prevails"))
        return TypeOutcome(kind, damage, 0, immune=True)
    resist = _choose(resists, kind, steps)
    gained = _reduction(kind, resists, resist, reductions, steps)
    alone = len(kinds) == 1  # with several types, the combined figures change the damage
    if not alone and gained is not None:
        return _reduced_among_several(damage, kind, resist, gained, vulnerables, circumstances, steps)
    vulnerable = _choose([*vulnerables, *([gained] if gained else [])], kind, steps)
    mitigated = _mitigate(damage, kind, resist, circumstances, steps, alone=alone)
    added = _add(damage, kind, vulnerable, steps, alone=alone)
    return TypeOutcome(kind, mitigated, added, resist, vulnerable)


def _reduced_among_several(  # noqa: PLR0917 - one ruling's inputs
    damage: int,
    kind: DamageType,
    resist: Resist | None,
    gained: Vulnerable,
    vulnerables: list[Vulnerable],
    circumstances: Circumstances,
    steps: list[Step],
) -> TypeOutcome:
    """Several types: Resistance Reduction only takes away from its own resistance.

    The vulnerability it creates is spent against the resistance it came from, which
    mitigates that much less; the type's own vulnerability adds what it adds, untouched. So
    a resistance never raises the damage and a reduction never lowers it
    (§ruling-reduction-several-types).
    """
    vulnerable = _choose(vulnerables, kind, steps)
    mitigated = _mitigate(damage, kind, resist, circumstances, steps, alone=False)
    added = _add(damage, kind, vulnerable, steps, alone=False)
    ignored = gained.amount(damage)
    net = mitigated - ignored  # never below 0: the reduction's limit is at most the resistance's
    text = (
        f"{gained} counts only against the resistance it came from: "
        f"{kind.value} mitigates {mitigated} - {ignored} = {net}"
    )
    steps.append(Step(rb.REDUCTION_SEVERAL, text))
    return TypeOutcome(kind, net, added, resist, vulnerable)


def _mitigate(
    damage: int, kind: DamageType, resist: Resist | None, circumstances: Circumstances,
    steps: list[Step], *, alone: bool,
) -> int:
    if resist is None:
        return 0
    if circumstances.environmental:
        mitigated = damage if resist.limit is None else min(resist.limit, damage)
        how = "negates all of it" if resist.limit is None else f"removes up to its limit {resist.limit}"
        text = f"{resist} {how}: {mitigated} of {damage} {kind.value} mitigated"
        steps.append(Step(rb.ENVIRONMENTAL, text, change=-mitigated if alone else None))
        return mitigated
    mitigated = resist.amount(damage)
    steps.append(Step(rb.RESIST, f"{resist} mitigates {mitigated} of {damage} {kind.value}"
                  f"{_why(damage, resist)}", change=-mitigated if alone else None))
    return mitigated


def _add(
    damage: int, kind: DamageType, vulnerable: Vulnerable | None, steps: list[Step], *, alone: bool
) -> int:
    if vulnerable is None:
        return 0
    added = vulnerable.amount(damage)
    steps.append(Step(rb.VULNERABLE, f"{vulnerable} adds {added} to {damage} {kind.value}"
                  f"{_why(damage, vulnerable)}", change=added if alone else None))
    return added


def _why(damage: int, trait: Resist | Vulnerable) -> str:
    """Why the figure: the trait's share (named as rounded down if it was), or its limit when lower.

    The word is the share's own (`rules.words.part_word`), so the text cannot state another rule.
    """
    part, word = part_down(damage, trait.SHARE), trait.share_word()
    rounded = ", rounded down" if part != damage * trait.SHARE else ""
    if trait.limit is not None and trait.limit < part:
        return f" (its limit {trait.limit} is lower than {word}, {part})"
    return f" ({word}{rounded})"


def _combine(
    damage: int,
    per_type: tuple[TypeOutcome, ...],
    circumstances: Circumstances,
    steps: list[Step],
) -> tuple[int, int]:
    """One type counts in full; several count their two highest of each, summed and halved."""
    if len(per_type) == 1:
        (only,) = per_type
        if only.resist is not None and only.vulnerable is not None:
            steps.append(Step(rb.TOGETHER, (
                f"{only.resist} and {only.vulnerable} both count from the original {damage}"
            )))
        return only.mitigated, only.added
    added = _best_two(per_type, "added", rb.SEVERAL_TYPES, steps)
    rule = rb.ENVIRONMENTAL_SEVERAL if circumstances.environmental else rb.SEVERAL_TYPES
    mitigated = _best_two(per_type, "mitigated", rule, steps)
    return mitigated, added


def _best_two(
    per_type: tuple[TypeOutcome, ...], field: str, rule: Rule, steps: list[Step]
) -> int:
    """The two types with the most damage added (or mitigated), summed and halved, rounded down."""
    figures = sorted(
        (
            (outcome.added if field == "added" else outcome.mitigated, outcome.damage_type)
            for outcome in per_type
        ),
        key=lambda pair: -pair[0],
    )[:2]
    total = part_down(sum(figure for figure, _ in figures), SEVERAL_SHARE)
    chosen = " and ".join(f"{kind.value} ({figure})" for figure, kind in figures)
    sums = " + ".join(str(figure) for figure, _ in figures)
    what = "vulnerabilities" if field == "added" else "resistances"
    text = f"{what}: the two highest are {chosen}: ({sums}){_taking(SEVERAL_SHARE)} = {total} {field}"
    steps.append(Step(rule, text, change=total if field == "added" else -total))
    return total


def _taking(share: Fraction) -> str:
    """A share as the step's sum writes it: ``" / 2"`` for a half, ``" * 2/3"`` otherwise."""
    return f" / {share.denominator}" if share.numerator == 1 else f" * {share}"


def _damage_taken(damage: int, mitigated: int, added: int, steps: list[Step]) -> int:
    """The original damage, minus what was mitigated, plus what was added; never below 0."""
    final = max(damage - mitigated + added, 0)
    floor = final - (damage - mitigated + added)  # what "never below 0" gave back
    steps.append(Step(rb.DAMAGE_TAKEN, f"{damage} - {mitigated} + {added} = {final}", change=floor))
    return final


def _triggers(
    kinds: tuple[DamageType, ...], final: int, traits: tuple[Trait, ...], steps: list[Step]
) -> tuple[DamageTrigger, ...]:
    """After the damage: each trigger of one of the damage's types fires if damage was taken."""
    fired = []
    for trigger in traits:
        if not isinstance(trigger, DamageTrigger) or trigger.damage_type not in kinds:
            continue
        if final > 0:
            steps.append(Step(rb.DAMAGE_TRIGGER, f"after the damage, {trigger}"))
            fired.append(trigger)
        else:
            text = f"{trigger} does not fire: no damage was taken"
            steps.append(Step(rb.TRIGGER_NEEDS_DAMAGE, text))
    return tuple(fired)
