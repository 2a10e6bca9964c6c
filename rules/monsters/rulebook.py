"""The rules and rulings of the monsters page, each with its stable anchor.

Every step of `design_defenses` and `monster_traits` cites one of these, so an
explanation links each figure to the paragraph of ``monsters.md`` that states it.
"""

from __future__ import annotations

from rules.explain import Rule

PAGE = "monsters.md"

# Defenses.
ROLE_DEFENSES = Rule(PAGE, "role-defenses", "Defenses by role")
DEFENSE_SCORES = Rule(PAGE, "defense-scores", "From grades to scores")
VARIETY = Rule(PAGE, "variety-option", "The variety option")

# Group traits.
GROUP_TRAITS = Rule(PAGE, "group-traits", "Traits by monster group")
MERGING = Rule(PAGE, "merging-group-traits", "Monsters of several groups")

# Rulings that a step can cite.
NO_AC = Rule(PAGE, "ruling-no-ac-in-role-table", "Ruling: AC is not in the role table")
RANK_NOT_ROLE = Rule(PAGE, "ruling-rank-is-not-role", "Ruling: rank and leader are not roles")
VARIETY_STACKS = Rule(PAGE, "ruling-variety-stacks", "Ruling: the variety option stacks")
OPPOSED = Rule(PAGE, "ruling-opposed-group-traits", "Ruling: opposed group lines both stay")
FIVE_PER_TIER = Rule(PAGE, "ruling-five-per-tier", "Ruling: 5 per tier")
SWARM_ROW = Rule(PAGE, "ruling-swarm-row", "Ruling: the group table's missing row")
