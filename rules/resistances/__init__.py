"""Resistances, vulnerabilities and immunities: typed damage against a stat block's traits.

`take_damage` resolves damage of one or more types against traits written as a stat
block prints them; `parse_trait` reads one such line (and reads ``str(trait)`` back to
an equal trait); `check_effect` decides Condition and Nondamage Immunity.

Examples:
    >>> take_damage(17, "fire", ["Resist Fire", "Vulnerable 5 Fire"]).final
    14
    >>> parse_trait(str(parse_trait("Resist 10 Fire"))) == parse_trait("Resist Fire 10")
    True

"""

from rules.resistances.attack import Attack, Circumstances, choose_damage_type
from rules.resistances.effects import EffectCheck, check_effect
from rules.resistances.notation import parse_trait
from rules.resistances.resolve import DamageResult, TypeOutcome, take_damage
from rules.resistances.tables import (
    condition_table,
    insubstantial_table,
    regiment_table,
    swarm_table,
    trait_set_table,
)
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
from rules.resistances.vocabulary import CharacterCondition, Condition, DamageType, Keyword, Scope

__all__ = [
    "Attack",
    "CharacterCondition",
    "Circumstances",
    "Condition",
    "ConditionImmunity",
    "DamageImmunity",
    "DamageResult",
    "DamageTrigger",
    "DamageType",
    "EffectCheck",
    "Keyword",
    "NondamageImmunity",
    "Resist",
    "Scope",
    "Template",
    "Trait",
    "TraitSet",
    "TypeOutcome",
    "Vulnerable",
    "check_effect",
    "choose_damage_type",
    "condition_table",
    "insubstantial_table",
    "parse_trait",
    "regiment_table",
    "swarm_table",
    "take_damage",
    "trait_set_table",
]
