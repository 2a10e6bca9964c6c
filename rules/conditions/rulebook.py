"""The rules and rulings of ``conditions.md`` that explained results cite, one `Rule` each."""

from __future__ import annotations

from rules.explain import Rule

PAGE = "conditions.md"
# The seventeen conditions have a page of their own.
LIST_PAGE = "conditions-list.md"

TOTAL_DEFENSE = Rule(PAGE, "total-defense", "Total Defense")
SOURCES = Rule(PAGE, "condition-sources", "Condition sources")
INSTANCES = Rule(PAGE, "condition-instances", "Several instances of a condition")
ENDING = Rule(PAGE, "ending-conditions", "Ending a condition")
DOMINATORS = Rule(PAGE, "several-dominators", "Several dominators")
MARKERS = Rule(PAGE, "several-markers", "Several markers")
GRABBERS = Rule(PAGE, "several-grabbers", "Several grabbers")
STACKING = Rule(PAGE, "penalty-stacking", "Stacking")
COVER = Rule(PAGE, "cover-and-concealment", "Cover and concealment")
ATTACK_PENALTY = Rule(PAGE, "total-attack-penalty", "Total attack penalty")
FORCED_ATTACKS = Rule(PAGE, "forced-attacks", "Forced attacks")
ESCAPE = Rule(PAGE, "escape-checks", "Escape checks")
VIOLATING = Rule(PAGE, "violating-marks", "Violating a mark")
SIMULTANEOUS = Rule(PAGE, "mark-simultaneous-attacks", "Simultaneous attacks")
SEQUENCE = Rule(PAGE, "mark-attack-sequence", "Attacks in sequence")
RETARGETED = Rule(PAGE, "mark-retargeted", "Marker removed by an enemy")
MARKED_MID_ATTACK = Rule(PAGE, "mark-during-attack", "Marked while attacking")
OPPORTUNITY = Rule(PAGE, "opportunity-attacks", "Opportunity attacks")
COMBAT_ADVANTAGE = Rule(PAGE, "combat-advantage-granted", "Combat advantage")
FLANKING = Rule(PAGE, "condition-flanking", "Flanking")
ACTIONS = Rule(PAGE, "actions-per-turn", "Actions per turn")
MOVEMENT = Rule(PAGE, "condition-movement", "Movement")
FORCED_MOVEMENT = Rule(PAGE, "grabbed-forced-movement", "Forced movement while grabbed")

MARK_TYPE = Rule(PAGE, "ruling-mark-penalty-type", "Ruling: the mark penalty type")
UNTYPED = Rule(PAGE, "ruling-untyped-penalties-stack", "Ruling: untyped penalties stack")
WEAKENED_ROUNDING = Rule(PAGE, "ruling-weakened-rounds-down", "Ruling: Weakened rounds down")
PRONE_COVER = Rule(PAGE, "ruling-prone-cover", "Ruling: prone cover")
PETRIFIED_HALF = Rule(PAGE, "ruling-petrified-damage-taken", "Ruling: petrified damage taken")
SAVE_NEWEST = Rule(PAGE, "ruling-save-ends-newest", "Ruling: which instance a save ends")
ESCAPE_TIES = Rule(PAGE, "ruling-escape-ties", "Ruling: an escape check that ties")
ESCAPE_SOURCE = Rule(PAGE, "ruling-escape-ends-source", "Ruling: what an escape ends")
ACTION_LIMITS = Rule(PAGE, "ruling-action-limits-combine", "Ruling: action limits combine")
WEAKENED_FIRST = Rule(PAGE, "ruling-weakened-before-petrified", "Ruling: Weakened before Petrified")
SEVERAL_GRABBERS_MOVED = Rule(
    PAGE, "ruling-forced-movement-several-grabbers", "Ruling: forced movement and several grabbers"
)
TOTAL_DEFENSE_BONUS = Rule(
    PAGE, "ruling-total-defense-power-bonus", "Ruling: the larger power bonus to defenses applies"
)
WAKES_ONE = Rule(PAGE, "ruling-damage-ends-one-unconscious", "Ruling: damage ends one Unconscious")
