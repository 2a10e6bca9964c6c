"""The rules and rulings of the resistances page, each with its stable anchor.

Every step of `take_damage` and `check_effect` cites one of these, so an
explanation links each figure to the paragraph of ``resistances.md`` that states it.
"""

from __future__ import annotations

from rules.explain import Rule

PAGE = "resistances.md"

# Damage types and the traits of a stat block.
DAMAGE_TYPES = Rule(PAGE, "resist-damage-types", "Damage types")
PHYSICAL = Rule(PAGE, "physical-damage", "Physical: the default damage type")
CHOOSE_TYPE = Rule(PAGE, "choose-a-damage-type", "Choosing a damage type")
RESIST = Rule(PAGE, "trait-resist", "Resistance")
VULNERABLE = Rule(PAGE, "trait-vulnerable", "Vulnerability")
CONDITIONS = Rule(PAGE, "trait-conditions", "Conditions")
REDUCTION = Rule(PAGE, "resistance-reduction", "Resistance Reduction")
DAMAGE_IMMUNITY = Rule(PAGE, "trait-damage-immunity", "Damage Immunity (Damage Immune)")
CONDITION_IMMUNITY = Rule(PAGE, "trait-condition-immunity", "Condition Immunity (Condition Immune: …)")
NONDAMAGE_IMMUNITY = Rule(PAGE, "trait-nondamage-immunity", "Nondamage Immunity")
DAMAGE_TRIGGER = Rule(PAGE, "trait-damage-trigger", "Damage Trigger")
INSUBSTANTIAL = Rule(PAGE, "trait-insubstantial", "Insubstantial")
SWARM = Rule(PAGE, "trait-swarm", "Swarm")
REGIMENT = Rule(PAGE, "trait-regiment", "Regiment")

# Resolving damage, in the flowchart's order.
CHOOSING = Rule(PAGE, "choosing-traits", "Choosing among several traits")
TOGETHER = Rule(PAGE, "resist-and-vulnerable", "Resist and Vulnerable together")
IMMUNITY_WINS = Rule(PAGE, "immunity-beats-vulnerability", "Immunity beats Vulnerable")
SEVERAL_TYPES = Rule(PAGE, "several-damage-types", "Several damage types")
ENVIRONMENTAL = Rule(PAGE, "environmental-damage", "Environmental damage")
DAMAGE_TAKEN = Rule(PAGE, "damage-taken", "Damage taken")
CHANGING_TYPE = Rule(PAGE, "changing-damage-type", "Changing the damage type")
EXTRA_DAMAGE = Rule(PAGE, "extra-damage", "Extra damage")

# Rulings that a step can cite.
HALF_ROUNDS_DOWN = Rule(PAGE, "ruling-half-rounds-down", "Ruling: half rounds down")
RANK_BY_DAMAGE = Rule(PAGE, "ruling-rank-by-damage", "Ruling: the two highest, by damage")
REDUCTION_CHOSEN = Rule(
    PAGE, "ruling-reduction-chosen-resistance", "Ruling: Resistance Reduction meets the chosen resistance"
)
IMMUNE_TYPE_ADDS_NOTHING = Rule(
    PAGE, "ruling-immune-type-adds-nothing", "Ruling: a negated type adds nothing to the two highest"
)
TYPE_LISTED_TWICE = Rule(PAGE, "ruling-type-listed-twice", "Ruling: a type listed twice")
TRIGGER_NEEDS_DAMAGE = Rule(PAGE, "ruling-trigger-needs-damage", "Ruling: a Damage Trigger needs damage")
ENVIRONMENTAL_SEVERAL = Rule(
    PAGE, "ruling-environmental-several-types", "Ruling: environmental damage of several types"
)
EXTRA_ON_PHYSICAL = Rule(
    PAGE, "ruling-extra-damage-on-physical", "Ruling: typed extra damage on a physical attack"
)
REDUCTION_SEVERAL = Rule(
    PAGE, "ruling-reduction-several-types", "Ruling: Resistance Reduction against several types"
)
