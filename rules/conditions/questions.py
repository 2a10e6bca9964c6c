"""The table's questions about an attacker and a target, each answered with its steps.

Examples:
    >>> hero = Combatant("Ari").add("prone").add("blinded")
    >>> attack_penalty(hero, Combatant("Orc"), cover="cover").total
    -9

"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.checks import collection, flag, nonblank
from rules.conditions import rulebook as rb
from rules.conditions.combatant import Combatant, read_combatant
from rules.conditions.effects import EFFECTS, ActionLimit, Advantage, Movement
from rules.conditions.penalties import Penalty, StackedPenalties, stack
from rules.conditions.verdict import Verdict
from rules.conditions.vocabulary import Concealment, Condition, Cover, PenaltyType
from rules.explain import Explained, Step
from rules.vocabulary import among, same_name

__all__ = [
    "AttackPenalty",
    "MovementAllowed",
    "TurnActions",
    "allowed_actions",
    "attack_penalty",
    "can_be_commanded_by",
    "can_coup_de_grace",
    "can_flank",
    "can_make_opportunity_attacks",
    "grants_combat_advantage",
    "movement",
    "perception_penalty",
]


def grants_combat_advantage(target: Combatant, *, adjacent: bool = True) -> Verdict:
    """Whether the target's conditions grant combat advantage to one enemy.

    Args:
        target: The combatant being attacked.
        adjacent: Whether the enemy is adjacent to the target (prone grants it only then).

    """
    target = read_combatant(target, "target")
    adjacent = flag(adjacent, "adjacent")
    steps = []
    answer = False
    for condition in target.conditions:
        effects = EFFECTS[condition]
        if effects.combat_advantage is Advantage.ALL:
            steps.append(Step(effects.rule, f"{condition.value}: grants combat advantage"))
            answer = True
        elif effects.combat_advantage is Advantage.ADJACENT:
            if adjacent:
                steps.append(Step(effects.rule, f"{condition.value}: grants it to an adjacent enemy"))
                answer = True
            else:
                steps.append(Step(effects.rule, f"{condition.value}: only to adjacent enemies"))
    if not steps:
        steps.append(Step(rb.COMBAT_ADVANTAGE, "no condition grants combat advantage"))
    enemy = "an adjacent enemy" if adjacent else "an enemy not adjacent"
    return Verdict(answer, tuple(steps), situation=f"{enemy} attacks {target}")


def can_flank(combatant: Combatant) -> Verdict:
    """Whether the combatant's conditions still let it flank an enemy."""
    combatant = read_combatant(combatant, "combatant")
    steps = [
        Step(EFFECTS[condition].rule, f"{condition.value}: cannot flank")
        for condition in combatant.conditions
        if EFFECTS[condition].cannot_flank
    ]
    if not steps:
        steps.append(Step(rb.FLANKING, "no condition stops flanking"))
    flanks = not any(EFFECTS[c].cannot_flank for c in combatant.conditions)
    return Verdict(flanks, tuple(steps), situation=f"{combatant} would flank an enemy")


@dataclass(frozen=True, slots=True)
class TurnActions(Explained):
    """What a combatant may do on its turn: the action limit and what it cannot do at all."""

    limit: ActionLimit
    can_attack: bool
    reactions: bool
    steps: tuple[Step, ...]

    @property
    def answer(self) -> ActionLimit:
        """The action limit: `limit`."""
        return self.limit

    @property
    def outcome(self) -> str:
        """The allowance in words."""
        parts = [f"actions: {self.limit.value}"]
        if self.limit is not ActionLimit.NONE:
            parts.append("may attack" if self.can_attack else "cannot attack")
        parts.append(
            "may take opportunity and immediate actions"
            if self.reactions
            else "no opportunity or immediate actions"
        )
        return "; ".join(parts)


def allowed_actions(combatant: Combatant) -> TurnActions:
    """Which actions the combatant's conditions allow this turn; the strictest limit wins."""
    combatant = read_combatant(combatant, "combatant")
    steps = []
    limits = []
    can_attack = reactions = True
    for condition in combatant.conditions:
        effects = EFFECTS[condition]
        if effects.actions is not ActionLimit.NORMAL:
            steps.append(Step(effects.rule, f"{condition.value}: actions {effects.actions.value}"))
            limits.append(effects.actions)
        if effects.cannot_attack:
            steps.append(Step(effects.rule, f"{condition.value}: cannot attack"))
            can_attack = False
        if effects.no_reactions:
            steps.append(Step(effects.rule, f"{condition.value}: no opportunity or immediate actions"))
            reactions = False
    limit = max(limits, key=lambda each: each.rank, default=ActionLimit.NORMAL)
    if limit is ActionLimit.NONE:
        can_attack = reactions = False
    if len(set(limits)) > 1:
        steps.append(Step(rb.ACTION_LIMITS, f"the strictest limit applies: {limit.value}"))
    if not steps:
        steps.append(Step(rb.ACTIONS, "no condition limits actions"))
    return TurnActions(limit, can_attack, reactions, tuple(steps), situation=f"The turn of {combatant}")


def can_make_opportunity_attacks(combatant: Combatant) -> Verdict:
    """Whether the combatant may make opportunity attacks (it no longer needs to see the enemy)."""
    actions = allowed_actions(combatant)
    steps = [step for step in actions.steps if step.rule is not rb.ACTIONS]
    if actions.reactions:
        steps.append(Step(rb.OPPORTUNITY, "an opportunity attack needs an enemy, not one it sees"))
    situation = f"{combatant} could make an opportunity attack"
    return Verdict(actions.reactions, tuple(steps), situation=situation)


@dataclass(frozen=True, slots=True)
class MovementAllowed(Explained):
    """How the combatant may move on its own, and whether forced movement moves it."""

    can_move: bool
    crawl_only: bool
    square_cost: int
    ignores_forced_movement: bool
    steps: tuple[Step, ...]

    @property
    def answer(self) -> bool:
        """Whether it can move: `can_move`."""
        return self.can_move

    @property
    def outcome(self) -> str:
        """The movement in words."""
        if not self.can_move:
            how = "cannot move"
        else:
            how = "crawls" if self.crawl_only else "moves"
            squares = "square" if self.square_cost == 1 else "squares"
            how += f", {self.square_cost} {squares} of movement per square"
        if self.ignores_forced_movement:
            how += "; ignores forced movement"
        return how


def movement(combatant: Combatant) -> MovementAllowed:
    """How the combatant's conditions restrict its movement."""
    combatant = read_combatant(combatant, "combatant")
    steps = []
    found = {EFFECTS[condition].moves for condition in combatant.conditions}
    for condition in combatant.conditions:
        effects = EFFECTS[condition]
        if effects.movement is not Movement.NORMAL:
            steps.append(Step(effects.rule, f"{condition.value}: {effects.movement.value}"))
        if effects.ignores_forced_movement:
            steps.append(Step(effects.rule, f"{condition.value}: ignores forced movement"))
        if effects.no_actions:
            steps.append(Step(effects.rule, f"{condition.value}: takes no actions, so no move"))
    if not steps:
        steps.append(Step(rb.MOVEMENT, "no condition restricts movement"))
    return MovementAllowed(
        can_move=Movement.CANNOT not in found,
        crawl_only=Movement.CRAWL in found,
        square_cost=2 if Movement.SLOWED in found else 1,
        ignores_forced_movement=any(EFFECTS[c].ignores_forced_movement for c in combatant.conditions),
        steps=tuple(steps),
        situation=f"The movement of {combatant}",
    )


@dataclass(frozen=True, slots=True)
class AttackPenalty(Explained):
    """The total penalty to one attack roll, with every penalty that counted."""

    total: int
    stacked: StackedPenalties
    steps: tuple[Step, ...]

    @property
    def answer(self) -> int:
        """The total penalty: `total`."""
        return self.total

    @property
    def outcome(self) -> str:
        """The total, e.g. ``"-9 to the attack roll"``."""
        return f"{self.total} to the attack roll"


def attack_penalty(
    attacker: Combatant,
    target: Combatant,
    *,
    adjacent: bool = True,
    cover: Cover | str | None = None,
    concealment: Concealment | str | None = None,
    violates_mark: Verdict | bool = False,
    other: Iterable[Penalty | tuple[PenaltyType | str | None, int]] = (),
) -> AttackPenalty:
    """Total the penalties to an attack roll from conditions, cover, concealment and marks.

    Args:
        attacker: The combatant making the attack.
        target: The combatant attacked.
        adjacent: Whether the attacker is adjacent to the target (prone's cover needs distance).
        cover: The target's cover from the attacker, before prone: none, cover or superior.
        concealment: The target's concealment from the attacker: none, concealment or total.
        violates_mark: Whether the attack violates a mark (see `violates_mark`).
        other: Any further penalties as ``(type, value)`` pairs, e.g. from powers.

    Returns:
        The total after stacking, and the steps.

    """
    attacker = read_combatant(attacker, "attacker")
    target = read_combatant(target, "target")
    adjacent = flag(adjacent, "adjacent")
    marked = violates_mark if isinstance(violates_mark, Verdict) else flag(violates_mark, "violates_mark")
    steps: list[Step] = []
    penalties = [
        *_cover(target, Cover.parse(cover), adjacent=adjacent, steps=steps),
        *_concealment(attacker, Concealment.parse(concealment), steps),
        *_attacker_conditions(attacker, steps),
        *_mark(marked, steps),
        *(Penalty.of(penalty) for penalty in collection(other, "other")),
    ]
    stacked = stack(penalties)
    steps += stacked.steps
    steps.append(Step(rb.ATTACK_PENALTY, f"total attack penalty {stacked.total}"))
    where = [
        "adjacent" if adjacent else "not adjacent",
        *([Cover.parse(cover).value] if Cover.parse(cover) is not Cover.NONE else []),
        *([Concealment.parse(concealment).value]
          if Concealment.parse(concealment) is not Concealment.NONE else []),
        *(["violates a mark"] if marked else []),
    ]
    situation = f"{attacker} attacks {target} ({', '.join(where)})"
    return AttackPenalty(stacked.total, stacked, tuple(steps), situation=situation)


def _cover(target: Combatant, cover: Cover, *, adjacent: bool, steps: list[Step]) -> list[Penalty]:
    """Find the target's cover, which prone improves against a non-adjacent attacker."""
    if target.has(Condition.PRONE):
        if adjacent:
            steps.append(Step(rb.PRONE_COVER, "prone target, adjacent attacker: no cover from prone"))
        else:
            better = Cover.COVER if cover is Cover.NONE else Cover.SUPERIOR
            text = f"prone target, non-adjacent attacker: {cover.value} -> {better.value}"
            steps.append(Step(rb.PRONE_COVER, text))
            cover = better
    if cover is Cover.NONE:
        return []
    steps.append(Step(rb.COVER, f"{cover.value}: {cover.penalty} cover penalty"))
    return [Penalty(PenaltyType.COVER, cover.penalty, cover.value)]


def _concealment(attacker: Combatant, concealment: Concealment, steps: list[Step]) -> list[Penalty]:
    """Find the concealment; a blinded attacker treats everything as totally concealed."""
    penalties = []
    if concealment is not Concealment.NONE:
        steps.append(Step(rb.COVER, f"{concealment.value}: {concealment.penalty} concealment penalty"))
        penalties.append(Penalty(PenaltyType.CONCEALMENT, concealment.penalty, concealment.value))
    if attacker.has(Condition.BLINDED):
        rule = EFFECTS[Condition.BLINDED].rule
        total = Concealment.TOTAL
        steps.append(Step(rule, f"blinded attacker: the target has {total.value}, {total.penalty}"))
        penalties.append(Penalty(PenaltyType.CONCEALMENT, total.penalty, "blinded"))
    return penalties


def _attacker_conditions(attacker: Combatant, steps: list[Step]) -> list[Penalty]:
    """Penalties the attacker's own conditions give to its attack rolls (prone, restrained)."""
    penalties = []
    for condition in attacker.conditions:
        effects = EFFECTS[condition]
        if condition is Condition.BLINDED:
            continue  # counted as the target's concealment
        for kind, value in effects.attack_penalties:
            steps.append(Step(effects.rule, f"{condition.value} attacker: {value} {kind.value} penalty"))
            penalties.append(Penalty(kind, value, condition.value))
    return penalties


def _mark(violates: Verdict | bool, steps: list[Step]) -> list[Penalty]:
    """Add the mark penalty, if the attack violates a mark."""
    if isinstance(violates, Verdict):
        steps += violates.steps
    if not violates:
        return []
    rule = EFFECTS[Condition.MARKED].rule
    steps.append(Step(rule, "the attack violates a mark: -2 mark penalty"))
    return [Penalty(PenaltyType.MARK, -2)]


def perception_penalty(observer: Combatant) -> StackedPenalties:
    """Stack the penalties the observer's conditions give to perception (blinded, deafened)."""
    observer = read_combatant(observer, "observer")
    penalties = [
        Penalty(kind, value, condition.value)
        for condition in observer.conditions
        for kind, value in EFFECTS[condition].perception_penalties
    ]
    return stack(penalties)


def can_coup_de_grace(target: Combatant) -> Verdict:
    """Whether the target can be attacked with Coup de Grace (helpless or unconscious)."""
    target = read_combatant(target, "target")
    steps = [
        Step(EFFECTS[condition].rule, f"{condition.value}: can be attacked with Coup de Grace")
        for condition in (Condition.HELPLESS, Condition.UNCONSCIOUS)
        if target.has(condition)
    ]
    situation = f"A Coup de Grace against {target}"
    if steps:
        return Verdict(True, tuple(steps), situation=situation)
    rule = EFFECTS[Condition.HELPLESS].rule
    return Verdict(False, (Step(rule, "neither helpless nor unconscious"),), situation=situation)


def can_be_commanded_by(target: Combatant, dominator: str) -> Verdict:
    """Whether ``dominator`` may spend actions to move the target or make it attack."""
    target = read_combatant(target, "target")
    dominator = nonblank(dominator, "dominator", such_as="a name such as 'vampire'")
    rule = rb.DOMINATORS
    if among(dominator, target.sources(Condition.DOMINATED)):
        others = [other for other in target.sources(Condition.DOMINATED) if not same_name(other, dominator)]
        also = f" (as can {', '.join(others)})" if others else ""
        text = f"{dominator} dominates {target.name}: move action to move it, standard to attack{also}"
        return Verdict(True, (Step(rule, text),), situation=f"{dominator} commands {target}")
    text = f"{dominator} does not dominate {target.name}"
    return Verdict(False, (Step(rule, text),), situation=f"{dominator} commands {target}")
