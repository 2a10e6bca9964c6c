"""The balance analysis: defenses across roles, damage types across monster groups.

Designers read it to check the design: each defense has as many strong as weak roles,
and the expected damage multiplier of each damage type over the monster population,
computed exactly with `rules.resistances.take_damage`.

Examples:
    >>> average_modifiers()
    ByDefense(fortitude=Fraction(0, 1), reflex=Fraction(0, 1), will=Fraction(0, 1))
    >>> expected_multipliers()[DamageType.POISON]
    Fraction(47, 50)

"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction

from rules.charts import Bars
from rules.checks import distinct, flag
from rules.errors import RulesError, RulesTypeError, concerning, shown
from rules.monsters.by_defense import ByDefense
from rules.monsters.data import (
    BEFORE,
    DAMAGE_TYPES,
    DEFAULT_POPULATION,
    DEFENSES,
    ROLE_SHARES,
    ROLE_TABLE,
)
from rules.monsters.groups import groups_resisting, groups_vulnerable, read_groups, traits_for
from rules.monsters.vocabulary import Grade, MonsterGroup, Role
from rules.resistances import DamageImmunity, DamageType, Resist, Vulnerable, parse_trait, take_damage
from rules.resistances.tables import EXAMPLE
from rules.resistances.traits import Trait
from rules.tables import Table

__all__ = [
    "average_modifiers",
    "damage_type_balance_table",
    "defense_balance_table",
    "expected_multipliers",
    "multiplier_chart",
    "multiplier_table",
    "population_table",
    "read_population",
]

Population = Mapping[str | tuple[str, ...], Fraction | int | str]


def average_modifiers(
    role_shares: Mapping[Role | str, Fraction | int] | None = None,
) -> ByDefense[Fraction]:
    """The average modifier of each defense over the roles, weighted by how often each appears.

    Args:
        role_shares: How often each role appears (any scale); the seed's equal shares if
            ``None``. Roles left out do not appear.

    Returns:
        The average modifier of each `Defense` as an exact fraction; 0 is balanced.

    Raises:
        RulesError: An unknown role, a negative share, or no role at all.

    """
    shares = _role_shares(role_shares)
    total = _sum(shares.values())
    fortitude, reflex, will = (
        _sum(share * ROLE_TABLE[role][index].modifier for role, share in shares.items()) / total
        for index in range(len(DEFENSES))
    )
    return ByDefense(fortitude=fortitude, reflex=reflex, will=will)


def defense_balance_table(role_shares: Mapping[Role | str, Fraction | int] | None = None) -> Table:
    """Strong and weak roles per defense, and the average modifier over the roles."""
    averages = average_modifiers(role_shares)
    rows = []
    for index, defense in enumerate(DEFENSES):
        grades = [grades[index] for grades in ROLE_TABLE.values()]
        rows.append((
            defense.title,
            grades.count(Grade.STRONG),
            grades.count(Grade.AVERAGE),
            grades.count(Grade.WEAK),
            _signed(averages[defense]),
        ))
    return Table.of(("Defense", "Strong roles", "Average roles", "Weak roles", "Average modifier"), rows)


Entries = tuple[tuple[tuple[MonsterGroup, ...], Fraction], ...]


def read_population(population: Population | None = None) -> Entries:
    """The population as ``(groups, share)`` entries; the default is `DEFAULT_POPULATION`.

    Keys name one group (``"Undead"``) or several (``"Undead Shadow"`` or a tuple); shares
    are fractions of the whole (``Fraction(15, 100)``, ``"15%"``, ``"0.15"``) and add up to
    at most 1: the rest of the monsters belong to no group.
    """
    with concerning("population"):
        return _read_population(DEFAULT_POPULATION if population is None else population)


def _read_population(given: object) -> Entries:
    if not isinstance(given, Mapping):
        msg = f"population must map monster groups to shares, e.g. {{'Undead': '15%'}}, not {shown(given)}"
        raise RulesTypeError(msg)
    keyed = {key: _key_groups(key) for key in given}  # each key read once
    distinct(given, "population", lambda key: frozenset(keyed[key]))  # two keys for the same groups
    entries = [(keyed[key], _share(key, value)) for key, value in given.items()]
    total = _sum(share for _, share in entries)
    if total > 1:
        msg = f"The population shares add up to {total} ({float(total):.0%}): at most 1 (100%)"
        raise RulesError(msg)
    return tuple(entries)


def expected_multipliers(
    population: Population | None = None,
    *,
    new_rules: bool = True,
    level: int | None = None,
    before: bool = False,
) -> dict[DamageType, Fraction]:
    """The expected damage multiplier of each damage type over the monster population.

    Each kind of monster takes 20 damage of the type through `take_damage` with its
    merged group traits; the multiplier is the share-weighted damage taken over 20.

    Args:
        population: Shares per group (see `read_population`); `DEFAULT_POPULATION` if ``None``.
        new_rules: Whether the group traits have no limit (the new resistance rules).
        level: The monsters' level, needed when ``new_rules`` is false.
        before: Use the seed's starting point instead of the new group traits.

    Returns:
        Each damage type of the by-damage-type table, mapped to an exact multiplier:
        1 is neutral, below 1 the type is resisted more often than not.

    """
    entries = read_population(population)
    new_rules, before = flag(new_rules, "new_rules"), flag(before, "before")
    groups = tuple(dict.fromkeys(group for members, _ in entries for group in members))
    # Each group's lines are read once; what a monster of several groups holds against
    # one type is its groups' traits that bear on that type.
    lines = {
        group: BEFORE.get(group, ()) if before else traits_for((group,), level=level, new_rules=new_rules)
        for group in groups
    }
    read = {line: parse_trait(line) for held in lines.values() for line in held}
    # Traits by number, resistances first: a monster's merged lines are each line once,
    # resistances first, as `traits_for` writes them; the seed's lines stay as listed.
    # The order only numbers the traits: the figures do not depend on it.
    traits = sorted(
        set(read.values()),
        key=lambda trait: (isinstance(trait, Vulnerable), str(trait)),  # pragma: no mutate
    )
    number = {trait: index for index, trait in enumerate(traits)}
    # Shares as whole numbers over one denominator: sums of thousands of shares stay exact and quick.
    denominator = math.lcm(*(share.denominator for _, share in entries))
    # Groups by number too: an enum member hashes slowly, and each entry is visited per type.
    place = {group: index for index, group in enumerate(groups)}
    weights = [
        (tuple(place[group] for group in members), share.numerator * (denominator // share.denominator))
        for members, share in entries
    ]
    rest = 1 - _sum(share for _, share in entries)
    result = {}
    for kind in DAMAGE_TYPES:
        bearing = [
            tuple(number[read[line]] for line in lines[group] if _covers(read[line], kind))
            for group in groups
        ]
        alike: dict[tuple[int, ...], int] = {}  # monsters alike in what bears on the type
        for members, weight in weights:
            held = tuple(index for group in members for index in bearing[group])
            # Merging only groups alike monsters: a line held twice counts as once (only the best of
            # each kind counts), so no figure shows it (checked on every monster of 1-3 groups).
            if not before and len(held) > 1:  # pragma: no mutate
                held = tuple(sorted(set(held)))
            alike[held] = alike.get(held, 0) + weight
        taken = _sum(
            Fraction(weight, denominator) * _taken(kind, tuple(traits[index] for index in held))
            for held, weight in alike.items()
        )
        result[kind] = taken + rest
    return result


def _taken(kind: DamageType, traits: tuple[Trait, ...]) -> Fraction:
    return Fraction(take_damage(EXAMPLE, kind, traits).final, EXAMPLE)


def _covers(trait: Trait, kind: DamageType) -> bool:
    """Whether a group trait (a Resist, Vulnerable or Damage Immunity line) bears on a type."""
    if isinstance(trait, (Resist, Vulnerable)):
        return trait.covers(kind)
    # An immunity to another type counted here changes no figure, only which monsters are resolved together.
    return isinstance(trait, DamageImmunity) and trait.damage_type is kind  # pragma: no mutate


def population_table(population: Population | None = None) -> Table:
    """The population shares the analysis uses, with the share that has no group."""
    entries = read_population(population)
    rows = [(" ".join(group.value for group in groups), _percent(share)) for groups, share in entries]
    rows.append(("(no group)", _percent(1 - _sum(share for _, share in entries))))
    return Table.of(("Monsters", "Share"), rows)


def damage_type_balance_table(population: Population | None = None) -> Table:
    """Per damage type: how many groups resist it and are vulnerable, and their population share."""
    entries = read_population(population)
    rows = []
    for kind in DAMAGE_TYPES:
        resisting, vulnerable = groups_resisting(kind), groups_vulnerable(kind)
        rows.append((
            kind.value,
            len(resisting),
            len(vulnerable),
            _percent(_share_with(entries, resisting)),
            _percent(_share_with(entries, vulnerable)),
        ))
    headers = ("Damage type", "Groups resisting", "Groups vulnerable", "Share resisting", "Share vulnerable")
    return Table.of(headers, rows)


def multiplier_table(population: Population | None = None) -> Table:
    """The expected damage multiplier per damage type, before and after the new group traits."""
    old = expected_multipliers(population, before=True)
    new = expected_multipliers(population)
    rows = [(kind.value, _decimal(old[kind]), _decimal(new[kind]), str(new[kind])) for kind in DAMAGE_TYPES]
    return Table.of(("Damage type", "Before", "After", "After, exact"), rows)


def multiplier_chart(population: Population | None = None) -> Bars:
    """The expected damage multiplier per damage type, before and after, as bars around 1."""
    old = expected_multipliers(population, before=True)
    new = expected_multipliers(population)
    return Bars(
        "Expected damage multiplier per damage type over the monster population",
        tuple(kind.value for kind in DAMAGE_TYPES),
        (
            ("Before", {kind.value: old[kind] for kind in DAMAGE_TYPES}),
            ("After", {kind.value: new[kind] for kind in DAMAGE_TYPES}),
        ),
        baseline=Fraction(1),
    )


def _role_shares(given: Mapping[Role | str, Fraction | int] | None) -> dict[Role, Fraction]:
    if given is None:
        return dict(ROLE_SHARES)
    if not isinstance(given, Mapping):
        msg = (
            "role_shares must map roles to shares, e.g. {'Artillery': Fraction(1, 2)}, "
            f"not {shown(given)}"
        )
        raise RulesTypeError(msg)
    shares = distinct({role: _share(role, value) for role, value in given.items()}, "role_shares", Role.parse)
    if _sum(shares.values()) == 0:
        msg = "role_shares gives no role a share above 0"
        raise RulesError(msg)
    return shares


_SHARE_TEXT = re.compile(r"\s*-?\s*[0-9]{1,30}(?:\.[0-9]{1,30})?(?:\s*/\s*[0-9]{1,30})?\s*%?\s*")


def _names(key: object) -> object:
    """A population key's group names: ``"Undead Shadow"`` is two."""
    return key.split() if isinstance(key, str) else key


def _key_groups(key: object) -> tuple[MonsterGroup, ...]:
    """The groups a population key names; an error says which key, when it names several."""
    names = _names(key)
    try:
        groups = read_groups(names)
    except RulesError as error:
        if names in (key, [key]):
            raise
        raise type(error)(f"{error} (in the population key {shown(key)})") from None
    if not groups:
        msg = (
            f"The population key {shown(key)} names no monster group: name one or more, such as "
            "'Undead' (the share left over is the monsters of no group)"
        )
        raise RulesError(msg)
    return groups


def _share(key: object, value: object) -> Fraction:
    if isinstance(value, (float, bool)):
        msg = (
            f"The share of {shown(key)} must be exact: write '15%', '0.15' or "
            f"Fraction(15, 100), not {shown(value)}"
        )
        raise RulesError(msg)
    try:
        if isinstance(value, str) and not _SHARE_TEXT.fullmatch(value):
            raise ValueError  # digits 0-9 only, no exponent: "1e999999" would take minutes
        if isinstance(value, str) and value.strip().endswith("%"):
            share = Fraction(value.strip()[:-1]) / 100
        elif isinstance(value, (str, int, Fraction)):
            share = Fraction(value)
        else:
            raise TypeError
    except (TypeError, ValueError, ZeroDivisionError):
        msg = (
            f"The share of {shown(key)} must be a fraction such as '15%' or "
            f"Fraction(15, 100), not {shown(value)}"
        )
        raise RulesError(msg) from None
    if share < 0:
        msg = f"The share of {shown(key)} must be 0 or more, not {shown(value)}"
        raise RulesError(msg)
    return share


def _share_with(entries: Entries, groups: tuple[MonsterGroup, ...]) -> Fraction:
    return _sum(share for members, share in entries if set(members) & set(groups))


def _decimal(value: Fraction) -> str:
    return f"{float(value):.3f}"


def _signed(value: Fraction) -> str:
    return ("+" if value > 0 else "") + str(value)


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:g}%"


def _sum(shares: Iterable[Fraction]) -> Fraction:
    """Shares added up: a Fraction, even of none."""
    return sum(shares, Fraction(0))  # pragma: no mutate (none add up to 0 as a number or a Fraction)
