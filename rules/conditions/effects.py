"""What each condition does, as data: the conditions x effects table is computed from it.

Examples:
    >>> EFFECTS[Condition.PRONE].combat_advantage
    <Advantage.ADJACENT: 'to adjacent enemies'>
    >>> effects_of("dazed").actions.value
    'one minor, and one standard or move'

"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from rules.checks import HALF
from rules.conditions.rulebook import LIST_PAGE
from rules.conditions.vocabulary import Concealment, Condition, PenaltyType
from rules.explain import Rule
from rules.resistances.traits import Resist
from rules.tables import Table
from rules.words import part_word, times_word

WEAKENED_SHARE = HALF
"""What Weakened leaves of the damage dealt and of the healing received (§ruling-weakened-rounds-down)."""

__all__ = [
    "EFFECTS",
    "ActionLimit",
    "Advantage",
    "Effects",
    "Movement",
    "condition_table",
    "effects_of",
]


class Advantage(Enum):
    """Whom a condition grants combat advantage to."""

    NONE = "no"
    ALL = "yes"
    ADJACENT = "to adjacent enemies"


class ActionLimit(Enum):
    """How many actions a condition leaves each turn, from least to most restrictive."""

    NORMAL = "normal"
    DAZED = "one minor, and one standard or move"
    ONE = "one action"
    NONE = "none"

    @property
    def rank(self) -> int:
        """How restrictive the limit is: 0 (normal) to 3 (no actions)."""
        return list(ActionLimit).index(self)


class Movement(Enum):
    """How a condition restricts the character's own movement, from least to most restrictive."""

    NORMAL = "normal"
    SLOWED = "each square costs 2"
    CRAWL = "crawl only"
    CANNOT = "cannot move"

    @property
    def rank(self) -> int:
        """How restrictive the movement is: 0 (normal) to 3 (cannot move)."""
        return list(Movement).index(self)


@dataclass(frozen=True, slots=True)
class Effects:
    """Every effect of one condition that the rules compute with, plus notes for the rest."""

    condition: Condition
    combat_advantage: Advantage = Advantage.NONE
    cannot_flank: bool = False
    actions: ActionLimit = ActionLimit.NORMAL
    cannot_attack: bool = False
    no_reactions: bool = False
    movement: Movement = Movement.NORMAL
    ignores_forced_movement: bool = False
    attack_penalties: tuple[tuple[PenaltyType, int], ...] = ()
    perception_penalties: tuple[tuple[PenaltyType, int], ...] = ()
    penalty_notes: str = ""
    line_of_sight: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def rule(self) -> Rule:
        """The condition's own section on the page."""
        return CONDITION_RULES[self.condition]

    @property
    def no_actions(self) -> bool:
        """Whether the condition leaves no actions, and so no move of the character's own."""
        return self.actions is ActionLimit.NONE

    @property
    def moves(self) -> Movement:
        """The character's own movement under this condition: no actions means no move.

        `rules.conditions.questions.movement` and the at-a-glance table both read this.
        """
        return Movement.CANNOT if self.no_actions else self.movement

    @property
    def penalties(self) -> str:
        """The penalties the condition imposes, in words."""
        parts = [f"{value} {kind.value} to attack rolls" for kind, value in self.attack_penalties]
        parts += [f"{value} {kind.value} to perception" for kind, value in self.perception_penalties]
        if self.penalty_notes:
            parts.append(self.penalty_notes)
        return "; ".join(parts)


CONDITION_RULES = MappingProxyType(
    {condition: Rule(LIST_PAGE, condition.value, condition.title) for condition in Condition}
)

# What cannot be seen has total concealment: its penalty is the one the cover rules give (one source).
_TOTALLY_CONCEALED = ((PenaltyType.CONCEALMENT, Concealment.TOTAL.penalty),)

_EFFECTS = (
    Effects(
        Condition.BLINDED,
        combat_advantage=Advantage.ALL,
        cannot_flank=True,
        attack_penalties=_TOTALLY_CONCEALED,
        perception_penalties=_TOTALLY_CONCEALED,
        line_of_sight="none to anything",
        notes=("everything else has total concealment from the character",),
    ),
    Effects(
        Condition.DAZED,
        cannot_flank=True,
        actions=ActionLimit.DAZED,
        no_reactions=True,
    ),
    Effects(
        Condition.DEAFENED,
        combat_advantage=Advantage.ALL,
        perception_penalties=((PenaltyType.CONCEALMENT, -2),),
        notes=(
            "automatically fails perception against anything out of line of sight",
            "unaffected by effects that need hearing",
        ),
    ),
    Effects(
        Condition.DOMINATED,
        cannot_flank=True,
        actions=ActionLimit.NONE,
        notes=(
            "when damaged, may save against the domination",
            "a dominator's move action moves it its speed (forced movement)",
            "a dominator's standard action makes it use an at-will attack (forced attack)",
        ),
    ),
    Effects(
        Condition.EXILED,
        line_of_sight="none to or from anything, unless the effect says otherwise",
        notes=(
            "disappears; reappears where it was, or the closest ground square of its choice",
            "occupies no space; no line of effect to or from anything",
        ),
    ),
    Effects(
        Condition.GRABBED,
        movement=Movement.CANNOT,
        notes=(
            "pulled adjacent to the grabber; ends when no longer adjacent to it",
            "escape check as a move action",
            "forced movement away from the grabber: free escape check, or the movement is negated",
        ),
    ),
    Effects(
        Condition.HELPLESS,
        combat_advantage=Advantage.ALL,
        notes=("can be attacked with Coup de Grace",),
    ),
    Effects(Condition.IMMOBILIZED, movement=Movement.CANNOT),
    Effects(
        Condition.MARKED,
        penalty_notes="-2 mark to attack rolls of attacks that violate the mark",
    ),
    Effects(
        Condition.PETRIFIED,
        combat_advantage=Advantage.ALL,
        cannot_flank=True,
        actions=ActionLimit.NONE,
        notes=(f"Resist (all): takes {part_word(1 - Resist.SHARE)} damage",),
    ),
    Effects(
        Condition.PRONE,
        combat_advantage=Advantage.ADJACENT,
        movement=Movement.CRAWL,
        attack_penalties=((PenaltyType.POWER, -2),),
        penalty_notes="cover (or superior cover) against non-adjacent attackers",
        notes=(
            "lasts until the character stands up (a move action, then 1 square of movement)",
            "falls if not on solid ground",
            "crawls 1 square, or its crawl speed",
        ),
    ),
    Effects(
        Condition.RESTRAINED,
        combat_advantage=Advantage.ALL,
        movement=Movement.CANNOT,
        ignores_forced_movement=True,
        attack_penalties=((PenaltyType.POWER, -2),),
    ),
    Effects(Condition.SLOWED, movement=Movement.SLOWED),
    Effects(
        Condition.STUNNED,
        combat_advantage=Advantage.ALL,
        cannot_flank=True,
        actions=ActionLimit.ONE,
        cannot_attack=True,
        no_reactions=True,
        movement=Movement.CANNOT,
    ),
    Effects(
        Condition.SWALLOWED,
        actions=ActionLimit.ONE,
        line_of_sight="only to and from the swallower and what it has swallowed",
        notes=(
            "disappears; reappears in a square of its choice next to the swallower",
            "escape check as a move action; occupies no space",
            "cannot be swallowed by a different swallower",
            "total darkness inside unless lit; bursts and blasts include everything inside",
        ),
    ),
    Effects(
        Condition.UNCONSCIOUS,
        combat_advantage=Advantage.ALL,
        cannot_flank=True,
        actions=ActionLimit.NONE,
        # "Cannot see": everything is totally concealed from it (§ruling-unconscious-cannot-see).
        perception_penalties=_TOTALLY_CONCEALED,
        line_of_sight="none (cannot see)",
        notes=(
            "knocked prone on falling unconscious",
            "ends when damaged with 1 or more hit points left",
            "can be attacked with Coup de Grace",
        ),
    ),
    Effects(
        Condition.WEAKENED,
        penalty_notes="; ".join(
            f"{what} {times_word(WEAKENED_SHARE)}" for what in ("damage dealt", "healing received")
        ),
    ),
)

EFFECTS = MappingProxyType({effects.condition: effects for effects in _EFFECTS})
"""The effects of each condition, keyed by `Condition`."""


def effects_of(condition: Condition | str) -> Effects:
    """Look up the effects of one condition, read as players write it."""
    return EFFECTS[Condition.parse(condition)]


def condition_table() -> Table:
    """Every condition against its effects, as the conditions page shows it."""
    dash = "—"
    rows = []
    for effects in _EFFECTS:
        rows.append(
            (
                f"[{effects.condition.title}]({effects.rule.link})",
                dash if effects.combat_advantage is Advantage.NONE else effects.combat_advantage.value,
                "yes" if effects.cannot_flank else dash,
                _actions(effects) or dash,
                _movement(effects) or dash,
                effects.penalties or dash,
                effects.line_of_sight or dash,
            )
        )
    headers = (
        "Condition", "Grants combat advantage", "Cannot flank", "Actions", "Movement",
        "Penalties", "Line of sight",
    )
    return Table.of(headers, rows)


def _actions(effects: Effects) -> str:
    parts = [] if effects.actions is ActionLimit.NORMAL else [effects.actions.value]
    if effects.cannot_attack:
        parts.append("cannot attack")
    if effects.no_reactions:
        parts.append("no opportunity or immediate actions")
    return "; ".join(parts)


def _movement(effects: Effects) -> str:
    parts = [] if effects.moves is Movement.NORMAL else [effects.moves.value]
    if effects.ignores_forced_movement:
        parts.append("ignores forced movement")
    return "; ".join(parts)
