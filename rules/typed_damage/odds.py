"""Exact odds of typed damage: the damage distribution of a hit, in closed form.

Each die succeeds on some of its three faces; the pool's successes follow the binomial
law (``C(n, k) p^k q^(n-k)``, computed exactly), and hardened armor subtracts from
them (never below 0). All chances are `fractions.Fraction`. A distribution lists one
chance per possible damage, so it is offered for pools of up to `MOST_DICE` dice; the
average damage without hardened armor is ``n x p`` for any pool.

Examples:
    >>> distribution("2-", None)
    {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}

"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.charts import Chart
from rules.checks import whole_number
from rules.errors import RulesError, RulesTypeError, shown
from rules.tables import Table
from rules.typed_damage.equipment import Armor, Mode, Weapon
from rules.typed_damage.notation import parse_weapon
from rules.typed_damage.resolve import plan
from rules.typed_damage.samples import SAMPLE_ARMOR, SAMPLE_WEAPONS

__all__ = [
    "MOST_DICE",
    "convolve",
    "cyrus_chart",
    "distribution",
    "expected_damage",
    "expected_damage_at_margin_0",
    "expected_damage_at_margin_2",
    "expected_damage_table",
    "hardened_chart",
    "hardened_check",
    "mode_distribution",
]


def convolve(first: Mapping[int, Fraction], second: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of the sum of two independent amounts.

    Examples:
        >>> convolve({0: Fraction(1, 2), 1: Fraction(1, 2)}, {0: Fraction(1, 2), 1: Fraction(1, 2)})
        {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}

    """
    total: dict[int, Fraction] = {}
    for a, chance_a in _odds(first, "first"):
        for b, chance_b in _odds(second, "second"):
            total[a + b] = total.get(a + b, Fraction(0)) + chance_a * chance_b
    return dict(sorted(total.items()))


def _odds(odds: object, what: str) -> list[tuple[int, Fraction]]:
    """The amounts and chances of a distribution; a chance is a Fraction (or a whole number)."""
    if not isinstance(odds, Mapping):
        msg = f"{what} must map whole amounts to chances, e.g. {{0: Fraction(1, 2)}}, not {shown(odds)}"
        raise RulesTypeError(msg)
    return [(whole_number(amount, f"An amount of {what}", minimum=None), _chance(chance, what))
            for amount, chance in odds.items()]


def _chance(value: object, what: str) -> Fraction:
    if not isinstance(value, (int, Fraction)):
        msg = f"A chance in {what} must be a Fraction such as Fraction(1, 2), not {shown(value)}"
        raise RulesTypeError(msg)
    return Fraction(value)


MOST_DICE = 2000
"""The largest pool whose distribution is listed: a chance per damage, each an exact fraction."""


def mode_distribution(mode: Mode, pool: int, removes: int = 0) -> dict[int, Fraction]:
    """Damage of ``pool`` dice counting the mode's faces, less ``removes`` hardened successes.

    Raises:
        RulesError: A pool of more than `MOST_DICE` dice, or a bad pool or removal.

    """
    hits = _hits(mode)
    pool, removes = _pool(pool), whole_number(removes, "removes")
    final: dict[int, Fraction] = {}
    for amount, chance in _binomial(pool, hits).items():
        kept = max(amount - removes, 0)
        final[kept] = final.get(kept, Fraction(0)) + chance
    return dict(sorted(final.items()))


def _hits(mode: object) -> int:
    if not isinstance(mode, Mode):
        msg = f"mode must be a Mode, such as parse_weapon('3-').modes[0], not {shown(mode)}"
        raise RulesTypeError(msg)
    return len(mode.succeeds_on)


def _pool(pool: object) -> int:
    dice = whole_number(pool, "pool")
    if dice > MOST_DICE:
        msg = (
            f"A pool of {shown(dice)} dice is above {MOST_DICE}, the most whose odds are listed "
            "one damage at a time; expected_damage gives the average of any pool without "
            "hardened armor"
        )
        raise RulesError(msg)
    return dice


def _binomial(pool: int, hits: int) -> dict[int, Fraction]:
    """The chance of each number of successes: ``C(n, k) hits^k misses^(n-k) / 3^n``, exactly.

    The coefficients come one from the next (``C(n, k+1) = C(n, k) (n-k) / (k+1)``), so
    the cost grows with the pool, never with a convolution's square.
    """
    misses, whole = 3 - hits, 3**pool
    if misses == 0:  # every face succeeds (E-*+); a mode always succeeds on some face
        return {pool: Fraction(1)}
    chances: dict[int, Fraction] = {}
    ways = 1
    for successes in range(pool + 1):
        chances[successes] = Fraction(ways * hits**successes * misses ** (pool - successes), whole)
        ways = ways * (pool - successes) // (successes + 1)
    return chances


def distribution(
    weapon: Weapon | str,
    armor: Armor | str | None,
    margin: int = 0,
    *,
    mode: int = 0,
    source: str | None = None,
    strength: int | None = None,
) -> dict[int, Fraction]:
    """The exact chance of each damage of a hit, from 0 to the most possible.

    Args:
        weapon: The weapon, as notation or parsed.
        armor: The defender's armor, as notation or parsed; ``None`` or ``""`` for none.
        margin: The attack's margin of success, 0 or more.
        mode: Which of the weapon's modes (``0`` for the first).
        source: What the attack is, e.g. ``"arrow"`` or ``"fire"``.
        strength: The attacker's Strength modifier, used in lieu of the margin.

    Returns:
        Damage -> chance, in increasing damage, only damages that can happen.

    """
    before = plan(weapon, armor, margin, mode=mode, source=source, strength=strength)
    return mode_distribution(before.mode, before.pool, before.removes)


def expected_damage(
    weapon: Weapon | str,
    armor: Armor | str | None,
    margin: int = 0,
    *,
    mode: int = 0,
    source: str | None = None,
    strength: int | None = None,
) -> Fraction:
    """The average damage of a hit, exactly (arguments as for `distribution`).

    Examples:
        >>> expected_damage("3-", "Leather: +-*", 2)
        Fraction(4, 3)

    """
    before = plan(weapon, armor, margin, mode=mode, source=source, strength=strength)
    hits = _hits(before.mode)
    average = Fraction(before.pool * hits, 3)  # n x p: any pool, at once
    if not before.removes:
        return average
    # Hardened armor: E[max(S - r, 0)] = E[S] - r + E[max(r - S, 0)].
    odds = _binomial(_pool(before.pool), hits)
    shortfall = sum(max(before.removes - k, 0) * chance for k, chance in odds.items())
    return average - before.removes + shortfall


def _shown(value: Fraction) -> str:
    return f"{float(value):.2f}"


def expected_damage_table(margin: int) -> Table:
    """Average damage of every sample weapon mode against every sample armor; best mode in bold."""
    armors = {"No armor": "", **SAMPLE_ARMOR}
    rows = []
    for name, text in SAMPLE_WEAPONS.items():
        weapon = parse_weapon(text)
        averages = [
            [expected_damage(weapon, armor, margin, mode=number) for armor in armors.values()]
            for number in range(len(weapon.modes))
        ]
        columns = range(len(armors))
        tops = [max(row[column] for row in averages) for column in columns]
        lows = [min(row[column] for row in averages) for column in columns]
        for number, row in enumerate(averages):
            # Bold: the best mode against this armor, when another mode does less.
            cells = [f"**{_shown(value)}**" if lows[column] < value == tops[column] else _shown(value)
                     for column, value in enumerate(row)]
            rows.append((f"{name} {weapon.modes[number]}", *cells))
    return Table.of(("Weapon", *armors), rows)


def expected_damage_at_margin_0() -> Table:
    """`expected_damage_table` for a hit with margin of success 0."""
    return expected_damage_table(0)


def expected_damage_at_margin_2() -> Table:
    """`expected_damage_table` for a hit with margin of success 2."""
    return expected_damage_table(2)


# Written as values, not as "-(H)": notation reads "(h)" as "(H)", so a change of case is no change.
_ONE_HARDENED = Armor(slashing=1, hardened=True)
_ONE_HARDENED_B = Armor(ballistic=1, hardened=True)


def hardened_check() -> Table:
    """What one hardened level is worth in regular levels, for pools of 1 to 10 dice.

    A regular level stops one die, which would have scored 1/3 of a success on
    average (2/3 for ballistic); a hardened level removes a success when there is one.
    """
    rows = []
    for pool in range(1, 11):
        plain = expected_damage(f"{pool}-", None)
        regular = expected_damage(f"{pool}-", "---")
        hardened = expected_damage(f"{pool}-", _ONE_HARDENED)
        worth = (plain - hardened) / Fraction(1, 3)
        ballistic = (expected_damage(f"{pool}B", None) - expected_damage(f"{pool}B", _ONE_HARDENED_B))
        rows.append((pool, _shown(plain), _shown(regular), _shown(hardened), _shown(worth),
                     _shown(ballistic / Fraction(2, 3))))
    headers = ("Dice", "No armor", "3 regular (---)", "1 hardened (-(H))",
               "1 hardened = regular levels", "Same, ballistic")
    return Table.of(headers, rows)


def cyrus_chart() -> Chart:
    """Cyrus's shortsword (3-) with margin 2 against each armor of his examples."""
    armors = {
        "No armor": None,
        "Leather +-*": "+-*",
        "Chainmail ---*++": "---*++",
        "Super-heavy plate": "------****++++",
    }
    series = tuple((label, distribution("3-", armor, 2)) for label, armor in armors.items())
    return Chart("Shortsword 3- with margin 2: chance of each damage", series)


def hardened_chart() -> Chart:
    """Six slashing dice against three regular levels and against one hardened level."""
    armors = {"No armor": None, "3 regular ---": "---", "1 hardened -(H)": _ONE_HARDENED}
    series = tuple((label, distribution("6-", armor)) for label, armor in armors.items())
    return Chart("6 slashing dice: three regular levels against one hardened level", series)
