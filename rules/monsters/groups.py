"""Group-wide resistances and vulnerabilities, and Variable Resistance.

`group_traits` gives one group's stat-block lines; `traits_for` merges the lines of a
monster of several groups, ready for `rules.resistances.take_damage`.

Examples:
    >>> group_traits("undead")
    ('Resist Poison', 'Vulnerable Radiant')
    >>> traits_for(["undead", "shadow"])
    ('Resist Poison', 'Resist Necrotic', 'Vulnerable Radiant')
    >>> traits_for(["undead"], level=12, new_rules=False)
    ('Resist Poison 10', 'Vulnerable Radiant 10')

"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from rules.checks import flag, whole_number
from rules.errors import RulesError, RulesTypeError, concerning, shown
from rules.explain import Explained, Step
from rules.monsters import rulebook as rb
from rules.monsters.data import DAMAGE_TYPES, ELEMENTAL, GROUP_TABLE, GroupTraits
from rules.monsters.vocabulary import MonsterGroup
from rules.resistances import DamageType, Resist, Vulnerable
from rules.tables import Table

__all__ = [
    "MonsterTraits",
    "damage_type_table",
    "group_table",
    "group_traits",
    "limit_for_level",
    "monster_traits",
    "read_groups",
    "traits_for",
    "variable_resistance",
    "variable_resistance_odds",
]


def group_traits(group: MonsterGroup | str) -> tuple[str, ...]:
    """One monster group's resistances and vulnerabilities, as stat-block lines.

    Args:
        group: A monster group such as ``"Undead"``, in any case.

    Returns:
        Its lines, resistances first, e.g. ``("Resist Poison", "Vulnerable Radiant")``;
        every line reads with `rules.resistances.parse_trait`.

    Raises:
        RulesError: The group is not in the group table.

    """
    return _lines(GROUP_TABLE[MonsterGroup.parse(group)])


def limit_for_level(level: int) -> int:
    """The limit of a group trait without the new resistance rules: 5 per tier.

    Levels 1-10 give 5, 11-20 give 10, 21 and higher give 15 (§ruling-five-per-tier).

    Examples:
        >>> [limit_for_level(level) for level in (1, 10, 11, 20, 21, 30, 34)]
        [5, 5, 10, 10, 15, 15, 15]

    """
    level = whole_number(level, "level", minimum=1)
    tier = min((level - 1) // 10 + 1, 3)  # heroic, paragon, epic; epic has no upper end
    return 5 * tier


@dataclass(frozen=True, slots=True)
class MonsterTraits(Explained):
    """The merged group traits of one monster, with the steps that gathered them."""

    groups: tuple[MonsterGroup, ...]
    lines: tuple[str, ...]
    steps: tuple[Step, ...]

    @property
    def answer(self) -> tuple[str, ...]:
        """The merged trait lines: `lines`."""
        return self.lines

    @property
    def outcome(self) -> str:
        """The lines, separated by semicolons, or ``"no group traits"``."""
        return "; ".join(self.lines) or "no group traits"


def monster_traits(
    groups: Iterable[MonsterGroup | str] | MonsterGroup | str,
    *,
    level: int | None = None,
    new_rules: bool = True,
) -> MonsterTraits:
    """Gather and merge the group traits of a monster of one or more groups, step by step.

    Args:
        groups: The monster's groups, e.g. ``["Undead", "Shadow"]``; one group may be given alone.
            Any number: the cost grows linearly with them (no limit; see "Long lists" on the API page).
        level: The monster's level; needed only when ``new_rules`` is false.
        new_rules: Whether the table uses the new resistance rules (no limits); without
            them each line gets a limit of 5 per tier.

    Returns:
        The merged lines and the steps.

    Raises:
        RulesError: An unknown group, or no (or a bad) level when ``new_rules`` is false.

    """
    with concerning("level"):
        tier_limit = None if level is None else limit_for_level(level)
    new_rules = flag(new_rules, "new_rules")
    if not new_rules and tier_limit is None:
        msg = (
            "Without the new resistance rules a group trait has a limit of 5 per tier: "
            "give the monster's level (§ruling-five-per-tier)"
        )
        raise RulesError(msg, concerns="level")
    with concerning("groups"):
        found = read_groups(groups)
    steps: list[Step] = []
    resist, vulnerable = _gather(found, steps)
    _merge(resist, vulnerable, steps)
    limit = None if new_rules else tier_limit
    if limit is not None:
        steps.append(Step(rb.FIVE_PER_TIER, f"level {level}: every line gets a limit of {limit}"))
    lines = _lines_of(resist, vulnerable, limit)
    rules = "the new resistance rules" if new_rules else f"level {level}, old resistance rules"
    names = ", ".join(group.value for group in found) or "no group"
    return MonsterTraits(found, lines, tuple(steps), situation=f"A monster of {names} ({rules})")


def traits_for(
    groups: Iterable[MonsterGroup | str] | MonsterGroup | str,
    *,
    level: int | None = None,
    new_rules: bool = True,
) -> tuple[str, ...]:
    """The merged stat-block lines of a monster of one or more groups.

    Args:
        groups: The monster's groups, e.g. ``["Undead", "Shadow"]``; one group may be given alone.
            Any number: the cost grows linearly with them (no limit; see "Long lists" on the API page).
        level: The monster's level; needed only when ``new_rules`` is false.
        new_rules: Whether the table uses the new resistance rules (no limits); without
            them each line gets a limit of 5 per tier (levels 1-10: 5, 11-20: 10, 21-30: 15).

    Returns:
        Each line once, resistances first, usable as ``traits`` by `take_damage`.

    Raises:
        RulesError: An unknown group, or no (or a bad) level when ``new_rules`` is false.

    """
    return monster_traits(groups, level=level, new_rules=new_rules).lines


def read_groups(groups: object) -> tuple[MonsterGroup, ...]:
    """The groups as given, each once, in order; one group may be given alone."""
    if isinstance(groups, (str, MonsterGroup)):
        groups = (groups,)
    if isinstance(groups, (bytes, bytearray)) or not isinstance(groups, Iterable):
        msg = f"groups must be a list of monster groups such as ['Undead'], not {shown(groups)}"
        raise RulesTypeError(msg)
    return tuple(dict.fromkeys(MonsterGroup.parse(group) for group in groups))


def _gather(
    groups: tuple[MonsterGroup, ...], steps: list[Step]
) -> tuple[dict[DamageType, list[MonsterGroup]], dict[DamageType, list[MonsterGroup]]]:
    """Each group's row of the group table; who resists and who is vulnerable to what."""
    resist: dict[DamageType, list[MonsterGroup]] = {}
    vulnerable: dict[DamageType, list[MonsterGroup]] = {}
    for group in groups:
        entry = GROUP_TABLE[group]
        for kind in entry.resist:
            resist.setdefault(kind, []).append(group)
        for kind in entry.vulnerable:
            vulnerable.setdefault(kind, []).append(group)
        if group is MonsterGroup.SWARM:
            steps.append(Step(rb.SWARM_ROW, "Swarm is in the by-damage-type table: Vulnerable Poison"))
        lines = ", ".join(_lines(entry)) or "no traits"  # pragma: no mutate (every group has a trait)
        steps.append(Step(rb.GROUP_TRAITS, f"{group.value}: {lines}"))
    return resist, vulnerable


def _merge(
    resist: dict[DamageType, list[MonsterGroup]],
    vulnerable: dict[DamageType, list[MonsterGroup]],
    steps: list[Step],
) -> None:
    """Several groups: each line once; a resistance and a vulnerability to one type both stay."""
    for word, table in (("Resist", resist), ("Vulnerable", vulnerable)):
        for kind, sources in table.items():
            if len(sources) > 1:
                names = " and ".join(group.value for group in sources)
                steps.append(Step(rb.MERGING, f"{word} {kind.value} comes from {names}: written once"))
    for kind, resisting in resist.items():
        if kind in vulnerable:
            text = (
                f"Resist {kind.value} ({', '.join(g.value for g in resisting)}) and "
                f"Vulnerable {kind.value} ({', '.join(g.value for g in vulnerable[kind])}) both stay"
            )
            steps.append(Step(rb.OPPOSED, text))


def _lines(entry: GroupTraits) -> tuple[str, ...]:
    return _lines_of(entry.resist, entry.vulnerable, None)


def _lines_of(
    resist: Iterable[DamageType], vulnerable: Iterable[DamageType], limit: int | None
) -> tuple[str, ...]:
    return tuple(
        [str(Resist(kind, limit)) for kind in resist]
        + [str(Vulnerable(kind, limit)) for kind in vulnerable]
    )


def group_table() -> Table:
    """The group table by monster group: what each group resists and is vulnerable to."""
    rows = []
    for group, entry in GROUP_TABLE.items():
        # The notes name their rulings in words: a player reads them (§ruling-swarm-row,
        # §ruling-plant-resists-radiant), and the page links both rulings below the table.
        note = ""
        if group is MonsterGroup.SWARM:
            note = "missing from the original by-monster list; kept by a ruling"
        if group is MonsterGroup.PLANT:
            note = "missing under Radiant in the original by-damage-type list; kept by a ruling"
        rows.append((
            group.value,
            ", ".join(kind.value for kind in entry.resist) or "-",
            ", ".join(kind.value for kind in entry.vulnerable) or "-",
            note,
        ))
    return Table.of(("Monster group", "Resist", "Vulnerable", "Note"), rows)


def groups_resisting(kind: DamageType) -> tuple[MonsterGroup, ...]:
    """The groups whose row resists a damage type, in the group table's order."""
    return tuple(group for group, entry in GROUP_TABLE.items() if kind in entry.resist)


def groups_vulnerable(kind: DamageType) -> tuple[MonsterGroup, ...]:
    """The groups whose row is vulnerable to a damage type, in the group table's order."""
    return tuple(group for group, entry in GROUP_TABLE.items() if kind in entry.vulnerable)


def damage_type_table() -> Table:
    """The group table organised by damage type: the groups resisting and vulnerable to each."""
    rows = []
    for kind in DAMAGE_TYPES:
        resisting = ", ".join(group.value for group in groups_resisting(kind))
        vulnerable = ", ".join(group.value for group in groups_vulnerable(kind))
        rows.append((kind.value, resisting or "-", vulnerable or "-"))
    return Table.of(("Damage type", "Resisted by", "Vulnerable"), rows)


def _elemental(triggering_types: object) -> tuple[DamageType, ...]:
    if isinstance(triggering_types, (str, DamageType)):
        triggering_types = (triggering_types,)
    if isinstance(triggering_types, (bytes, bytearray)) or not isinstance(triggering_types, Iterable):
        msg = f"triggering_types must be damage types such as ['fire'], not {shown(triggering_types)}"
        raise RulesTypeError(msg)
    given = {DamageType.parse(kind) for kind in triggering_types}
    found = tuple(kind for kind in ELEMENTAL if kind in given)  # a fixed order: reproducible
    if not found:
        listed = ", ".join(sorted(kind.value for kind in given))
        names = listed or "no damage type (triggering_types is empty)"
        msg = (
            f"Variable Resistance does not trigger on {names}: only acid, cold, fire, "
            "lightning and thunder do (§ruling-variable-resistance-elemental-only)"
        )
        raise RulesError(msg)
    return found


def variable_resistance(
    triggering_types: Iterable[DamageType | str] | DamageType | str, rng: random.Random
) -> tuple[DamageType, DamageType]:
    """Variable Resistance: resist one triggering elemental type, be vulnerable to another.

    Args:
        triggering_types: The damage types of the damage the character took; only the
            elemental ones (acid, cold, fire, lightning, thunder) trigger it, each counted once.
        rng: A seeded ``random.Random``: the same seed and types give the same result.

    Returns:
        ``(resisted, vulnerable)``: two different elemental damage types.

    Raises:
        RulesError: No elemental type among the triggering types, or an unknown type.
        RulesTypeError: ``rng`` is not a ``random.Random``.

    """
    if not isinstance(rng, random.Random):
        msg = (
            f"rng must be a random.Random such as random.Random(7), not {shown(rng)}: a seeded "
            "source makes the result reproducible (§ruling-variable-resistance-random-source)"
        )
        raise RulesTypeError(msg)
    candidates = _elemental(triggering_types)
    resisted = rng.choice(candidates)
    vulnerable = rng.choice([kind for kind in ELEMENTAL if kind is not resisted])
    return resisted, vulnerable


def variable_resistance_odds(
    triggering_types: Iterable[DamageType | str] | DamageType | str,
) -> dict[tuple[DamageType, DamageType], Fraction]:
    """The exact chance of each ``(resisted, vulnerable)`` pair Variable Resistance can give.

    Examples:
        >>> odds = variable_resistance_odds(["fire", "cold"])
        >>> len(odds), odds[(DamageType.FIRE, DamageType.ACID)]
        (8, Fraction(1, 8))

    """
    candidates = _elemental(triggering_types)
    others = len(ELEMENTAL) - 1
    return {
        (resisted, vulnerable): Fraction(1, len(candidates) * others)
        for resisted in candidates
        for vulnerable in ELEMENTAL
        if vulnerable is not resisted
    }
