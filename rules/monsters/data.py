"""The one data source of monster balancing: the role table, the group table, the population.

Every table on ``monsters.md`` (by role and by defense; by monster group and by damage
type) and every figure of the balance analysis is computed from these few lines. To
change the design, change it here: the page, its examples and the tests follow.

Examples:
    >>> ROLE_TABLE[Role.BRUTE]
    (<Grade.STRONG: 'Strong'>, <Grade.WEAK: 'Weak'>, <Grade.AVERAGE: 'Average'>)
    >>> GROUP_TABLE[MonsterGroup.UNDEAD]
    GroupTraits(resist=(<DamageType.POISON: 'Poison'>,), vulnerable=(<DamageType.RADIANT: 'Radiant'>,))

"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from rules.checks import collection, settle
from rules.monsters.vocabulary import Defense, Grade, MonsterGroup, Role
from rules.resistances import DamageType

__all__ = [
    "BEFORE",
    "DAMAGE_TYPES",
    "DEFAULT_POPULATION",
    "DEFENSES",
    "ELEMENTAL",
    "GROUP_TABLE",
    "ROLE_SHARES",
    "ROLE_TABLE",
    "GroupTraits",
]

S, A, W = Grade.STRONG, Grade.AVERAGE, Grade.WEAK
D = DamageType

# The grades in this order of defenses.
DEFENSES = (Defense.FORTITUDE, Defense.REFLEX, Defense.WILL)

# Defenses by role (§role-defenses): Fortitude, Reflex, Will.
ROLE_TABLE = MappingProxyType({
    Role.SOLDIER: (S, A, A),
    Role.BRUTE: (S, W, A),
    Role.SKIRMISHER: (W, S, A),
    Role.CONTROLLER: (A, W, S),
    Role.LURKER: (A, S, W),
    Role.ARTILLERY: (W, A, A),
})

# How often each role appears, for the defense balance: the seed assumes equal numbers
# (§ruling-equal-role-shares); Artillery and Lurkers are really about half as common.
ROLE_SHARES = MappingProxyType({role: Fraction(1) for role in Role})


@dataclass(frozen=True, slots=True)
class GroupTraits:
    """The damage types a monster group resists and those it is vulnerable to."""

    resist: tuple[DamageType, ...] = ()
    vulnerable: tuple[DamageType, ...] = ()

    def __post_init__(self) -> None:
        settle(
            self,
            resist=tuple(DamageType.parse(kind) for kind in collection(self.resist, "resist")),
            vulnerable=tuple(DamageType.parse(kind) for kind in collection(self.vulnerable, "vulnerable")),
        )


# Resistances and vulnerabilities by monster group (§group-traits), in the order of the
# seed's by-monster table; Swarm is the row that table leaves out (§ruling-swarm-row).
GROUP_TABLE = MappingProxyType({
    MonsterGroup.UNDEAD: GroupTraits((D.POISON,), (D.RADIANT,)),
    MonsterGroup.FEY: GroupTraits((), (D.POISON,)),
    MonsterGroup.IMMORTAL: GroupTraits((D.RADIANT,), (D.NECROTIC,)),
    MonsterGroup.SHADOW: GroupTraits((D.NECROTIC,), (D.RADIANT,)),
    MonsterGroup.ABERRANT: GroupTraits((D.RADIANT,), (D.PSYCHIC,)),
    MonsterGroup.DEVIL: GroupTraits((D.FIRE,)),
    MonsterGroup.CONSTRUCT: GroupTraits((D.POISON, D.PSYCHIC), (D.ACID,)),
    MonsterGroup.BLIND: GroupTraits((D.RADIANT,)),
    MonsterGroup.FIRE: GroupTraits((D.FIRE,), (D.COLD,)),
    MonsterGroup.COLD: GroupTraits((D.COLD,), (D.FIRE,)),
    MonsterGroup.OOZE: GroupTraits((D.ACID,)),
    MonsterGroup.PLANT: GroupTraits((D.RADIANT, D.PSYCHIC), (D.POISON, D.FIRE)),
    MonsterGroup.WATER: GroupTraits((D.ACID,)),
    MonsterGroup.TIEFLING: GroupTraits((D.FIRE,)),
    MonsterGroup.ELADRIN: GroupTraits((D.PSYCHIC,)),
    MonsterGroup.DWARF: GroupTraits((D.POISON,)),
    MonsterGroup.SWARM: GroupTraits((), (D.POISON,)),
})

# The damage types of the by-damage-type table, in the seed's order.
DAMAGE_TYPES = (
    D.POISON, D.RADIANT, D.PSYCHIC, D.NECROTIC, D.FIRE, D.ACID, D.COLD,
    D.LIGHTNING, D.THUNDER, D.FORCE,
)

# The elemental damage types that trigger Variable Resistance (§variable-resistance).
ELEMENTAL = (D.ACID, D.COLD, D.FIRE, D.LIGHTNING, D.THUNDER)

# Share of the monster population in each group, for the expected damage multipliers.
# Only the undead figure (about 15 %) comes from the seed; every other group is a
# placeholder of 3 % for the designer to replace (§ruling-default-population). A key
# may name several groups ("undead shadow"); the monsters not listed have no group traits.
DEFAULT_POPULATION = MappingProxyType({
    "Undead": Fraction(15, 100),
    **{group.value: Fraction(3, 100) for group in MonsterGroup if group is not MonsterGroup.UNDEAD},
})

# The seed's starting point, before the new group traits (§balance-before-and-after):
# undead resist necrotic, are immune to poison and vulnerable to radiant; devils and fire
# creatures resist fire.
BEFORE = MappingProxyType({
    MonsterGroup.UNDEAD: ("Resist Necrotic", "Damage Immune: Poison", "Vulnerable Radiant"),
    MonsterGroup.DEVIL: ("Resist Fire",),
    MonsterGroup.FIRE: ("Resist Fire",),
})
