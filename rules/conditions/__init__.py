"""Conditions remade: sources, instances, penalty types, stacking, marks and seventeen conditions.

A `Combatant` records every condition instance with its source; the question
functions answer what the table asks about an attacker and a target, each with
the steps that decided it, citing the rules on ``conditions.md``.

Examples:
    >>> from rules.conditions import Combatant, attack_penalty, stack_penalties
    >>> stack_penalties([("cover", -2), ("concealment", -5), ("power", -2)])
    -9

"""

from __future__ import annotations

from rules.conditions.amounts import (
    TOTAL_DEFENSE_BONUS,
    Aftermath,
    Amount,
    Defenses,
    after_damage,
    damage_dealt,
    damage_taken,
    healing_received,
    total_defense,
)
from rules.conditions.combatant import ESCAPABLE, Combatant, Instance
from rules.conditions.effects import (
    EFFECTS,
    ActionLimit,
    Advantage,
    Effects,
    Movement,
    condition_table,
    effects_of,
)
from rules.conditions.escapes import EscapeResult, ForcedMovement, escape_check, forced_movement
from rules.conditions.marks import Attack, triggers_opportunity_attacks, violates_mark
from rules.conditions.penalties import (
    Penalty,
    StackedPenalties,
    cover_table,
    stack,
    stack_penalties,
)
from rules.conditions.questions import (
    AttackPenalty,
    MovementAllowed,
    TurnActions,
    allowed_actions,
    attack_penalty,
    can_be_commanded_by,
    can_coup_de_grace,
    can_flank,
    can_make_opportunity_attacks,
    grants_combat_advantage,
    movement,
    perception_penalty,
)
from rules.conditions.verdict import Verdict
from rules.conditions.vocabulary import (
    SOURCE_NAMES,
    Concealment,
    Condition,
    Cover,
    Defense,
    PenaltyType,
    Skill,
    source_table,
)

__all__ = [
    "EFFECTS",
    "ESCAPABLE",
    "SOURCE_NAMES",
    "TOTAL_DEFENSE_BONUS",
    "ActionLimit",
    "Advantage",
    "Aftermath",
    "Amount",
    "Attack",
    "AttackPenalty",
    "Combatant",
    "Concealment",
    "Condition",
    "Cover",
    "Defense",
    "Defenses",
    "Effects",
    "EscapeResult",
    "ForcedMovement",
    "Instance",
    "Movement",
    "MovementAllowed",
    "Penalty",
    "PenaltyType",
    "Skill",
    "StackedPenalties",
    "TurnActions",
    "Verdict",
    "after_damage",
    "allowed_actions",
    "attack_penalty",
    "can_be_commanded_by",
    "can_coup_de_grace",
    "can_flank",
    "can_make_opportunity_attacks",
    "condition_table",
    "cover_table",
    "damage_dealt",
    "damage_taken",
    "effects_of",
    "escape_check",
    "forced_movement",
    "grants_combat_advantage",
    "healing_received",
    "movement",
    "perception_penalty",
    "source_table",
    "stack",
    "stack_penalties",
    "total_defense",
    "triggers_opportunity_attacks",
    "violates_mark",
]
