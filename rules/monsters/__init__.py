"""Monster defenses and group resistances: balancing a Monster Manual (monsters.md).

Defenses come from the monster's role (`role_defenses`, `design_defenses`, with the
+1/-1 variety option `vary_defenses`); resistances and vulnerabilities from its groups
(`group_traits`, `traits_for`), as lines `rules.resistances.take_damage` reads; demons
shift theirs with `variable_resistance`. `rules.monsters.data` is the one data source.

Examples:
    >>> role_defenses("soldier")
    ByDefense(fortitude=1, reflex=0, will=0)
    >>> from rules.resistances import take_damage
    >>> take_damage(20, "radiant", traits_for(["undead"])).final
    30

"""

from rules.monsters.balance import (
    average_modifiers,
    damage_type_balance_table,
    defense_balance_table,
    expected_multipliers,
    multiplier_chart,
    multiplier_table,
    population_table,
    read_population,
)
from rules.monsters.by_defense import ByDefense
from rules.monsters.data import DEFAULT_POPULATION, GROUP_TABLE, ROLE_SHARES, ROLE_TABLE, GroupTraits
from rules.monsters.defenses import (
    MonsterDefenses,
    defense_table,
    design_defenses,
    role_defenses,
    role_table,
    vary_defenses,
)
from rules.monsters.groups import (
    MonsterTraits,
    damage_type_table,
    group_table,
    group_traits,
    limit_for_level,
    monster_traits,
    traits_for,
    variable_resistance,
    variable_resistance_odds,
)
from rules.monsters.variable import SharedShift
from rules.monsters.vocabulary import Defense, Grade, MonsterGroup, Role

__all__ = [
    "DEFAULT_POPULATION",
    "GROUP_TABLE",
    "ROLE_SHARES",
    "ROLE_TABLE",
    "ByDefense",
    "Defense",
    "Grade",
    "GroupTraits",
    "MonsterDefenses",
    "MonsterGroup",
    "MonsterTraits",
    "Role",
    "SharedShift",
    "average_modifiers",
    "damage_type_balance_table",
    "damage_type_table",
    "defense_balance_table",
    "defense_table",
    "design_defenses",
    "expected_multipliers",
    "group_table",
    "group_traits",
    "limit_for_level",
    "monster_traits",
    "multiplier_chart",
    "multiplier_table",
    "population_table",
    "read_population",
    "role_defenses",
    "role_table",
    "traits_for",
    "variable_resistance",
    "variable_resistance_odds",
    "vary_defenses",
]
