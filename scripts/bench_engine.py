"""Worst-case time of each public rules function on adversarial inputs (a section of scripts/bench).

Each function is called on inputs chosen to be as costly as its documented limits allow:
the largest numbers (10**100), the longest notation (`MOST_TEXT`), the largest pools
(`MOST_DICE`), armor with `MOST_SYMBOLS` of every symbol, thousands of traits, penalties,
condition instances or population entries, and inputs just past a limit (which must be
refused as promptly). The figure is the slowest case of each function, best of three runs.

    .venv/bin/python scripts/bench_engine.py
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import affinity, conditions, monsters, resistances, taking_damage, typed_damage
from rules.checks import LARGEST
from rules.errors import MOST_TEXT, RulesError
from rules.typed_damage.equipment import MOST_SYMBOLS
from rules.typed_damage.odds import MOST_DICE

Case = tuple[str, str, Callable[[], object]]
TARGET_MS = 250


def _refused(call: Callable[[], object]) -> Callable[[], object]:
    def run() -> object:
        try:
            return call()
        except RulesError as error:
            return error

    return run


def _resistance_cases() -> Iterator[Case]:
    every = list(resistances.DamageType)
    lines = [f"Resist {n + 1} {kind.value}" for n in range(200) for kind in every][:2000]
    lines += ["Resist All", "Vulnerable Non-Physical (No Critical)", "Swarm", "Damage Trigger Fire: burns"]
    reduction = {kind.value: LARGEST for kind in every if kind is not resistances.DamageType.PHYSICAL}
    yield (
        "take_damage",
        "10**100 of all 11 types, 2,004 traits, reduction on 10 types",
        lambda: resistances.take_damage(
            LARGEST, every, lines, reduction=reduction, critical=True, attacker_level=LARGEST
        ),
    )
    yield (
        "take_damage",
        "a 10-million-character trait line (refused)",
        _refused(lambda: resistances.take_damage(1, "fire", "Resist " + "9" * 10**7)),
    )
    yield (
        "check_effect",
        "2,004 traits, every keyword",
        lambda: resistances.check_effect("stunned", lines, keywords=list(resistances.Keyword)),
    )
    yield (
        "parse_trait",
        f"a Damage Trigger line of {MOST_TEXT} characters, mostly spaces",
        lambda: resistances.parse_trait("Damage Trigger Cold:" + " " * (MOST_TEXT - 21) + "x"),
    )
    yield (
        "parse_trait",
        f"a limit of {MOST_TEXT - 12} digits (refused)",
        _refused(lambda: resistances.parse_trait("Resist " + "9" * (MOST_TEXT - 12) + " Fire")),
    )
    yield (
        "Attack.plus",
        "10**100 plus 10**100 of every type (refused: above 10**100)",
        _refused(lambda: resistances.Attack(LARGEST, every).plus(LARGEST, every)),
    )


def _affinity_cases() -> Iterator[Case]:
    lock = affinity.Modifier("remove", "RS", lock=True, duration="scene")
    state = affinity.State()
    for number in range(1000):
        state = affinity.calculate(0, f"element {number}", "RS", state=state, modifier=lock).state
    yield (
        "calculate",
        "10**100 damage, a saved state of 1,000 types, every affinity ignored",
        lambda: affinity.calculate(
            LARGEST,
            "element 500",
            {f"element {n}": "AB" for n in range(1000)},
            guarding=True,
            state=state,
            modifier=affinity.Modifier("grant", "VU", duration="scene"),
            ignores={"VU", "RS", "IM", "AB"},
        ),
    )
    yield "State.expire", "a saved state of 1,000 types", lambda: state.expire("scene")


def _condition_cases() -> Iterator[Case]:
    crowd = conditions.Combatant("Ari")
    for number in range(1000):
        crowd = crowd.add("grabbed", source=f"grabber {number}").add("marked", source=f"marker {number}")
    crowd = crowd.add("unconscious").add("blinded").add("prone")
    penalties = [(kind, -(n % 7)) for n in range(10_000) for kind in ("cover", None)][:10_000]
    yield (
        "attack_penalty",
        "2,003 instances, 10,000 other penalties",
        lambda: conditions.attack_penalty(
            crowd,
            crowd,
            adjacent=False,
            cover="cover",
            concealment="total",
            violates_mark=True,
            other=penalties,
        ),
    )
    yield "stack", "10,000 penalties", lambda: conditions.stack(penalties)
    yield (
        "escape_check",
        "one of 1,000 grabbers",
        lambda: conditions.escape_check(crowd, "grabber 999", "acrobatics", LARGEST, {"reflex": 14}),
    )
    yield (
        "forced_movement",
        "away from 1,000 grabbers",
        lambda: conditions.forced_movement(
            crowd,
            away_from=[f"grabber {n}" for n in range(1000)],
            escapes={f"grabber {n}": n % 2 == 0 for n in range(1000)},
        ),
    )
    yield "after_damage", "2,003 instances", lambda: conditions.after_damage(crowd, LARGEST)
    yield "allowed_actions", "2,003 instances", lambda: conditions.allowed_actions(crowd)
    yield (
        "total_defense",
        "four defenses of 10**100",
        lambda: conditions.total_defense(
            {"AC": LARGEST, "Fortitude": LARGEST, "Reflex": LARGEST, "Will": LARGEST}, power_bonus=3
        ),
    )


def _typed_cases() -> Iterator[Case]:
    heavy = "X" * MOST_SYMBOLS + "-" * MOST_SYMBOLS + "(H)"
    yield "distribution", f"{MOST_DICE} dice", lambda: typed_damage.distribution("3-", None, MOST_DICE - 3)
    yield (
        "distribution",
        "10**100 dice (refused)",
        _refused(lambda: typed_damage.distribution("3-", None, LARGEST)),
    )
    yield (
        "expected_damage",
        "10**100 dice, no hardened armor",
        lambda: typed_damage.expected_damage("3E-*+", None, LARGEST - 3),
    )
    yield (
        "expected_damage",
        f"{MOST_DICE} dice against hardened armor of {2 * MOST_SYMBOLS}",
        lambda: typed_damage.expected_damage("3-", heavy, MOST_DICE - 3),
    )
    yield (
        "parse_armor",
        f"{MOST_TEXT} characters",
        lambda: typed_damage.parse_armor(
            "A" * (MOST_TEXT - 6 * MOST_SYMBOLS - 2) + ":" + "XBE-*+" * MOST_SYMBOLS
        ),
    )
    yield (
        "parse_armor",
        "10 million symbols (refused)",
        _refused(lambda: typed_damage.parse_armor("-" * 10**7)),
    )
    yield (
        "parse_weapon",
        f"{MOST_TEXT} characters of modes",
        lambda: typed_damage.parse_weapon("/".join(["9999E-*+(AP)"] * (MOST_TEXT // 13))),
    )
    yield (
        "damage",
        f"a roll of {MOST_TEXT} dice",
        lambda: typed_damage.damage("3-", None, "+" * MOST_TEXT, MOST_TEXT - 3),
    )
    yield "WoundTrack.take", "10**100 points", lambda: typed_damage.WoundTrack.simple().take(LARGEST)


def _hit_cases() -> Iterator[Case]:
    defender = taking_damage.Defender(
        magic_armor=LARGEST,
        physical_armor=LARGEST,
        natural_armor=LARGEST,
        monstrous_armor=LARGEST,
        body=LARGEST,
        immunities=tuple(
            taking_damage.Immunity(f"Immunity {n}", frozenset({f"effect {n}"}), stacks=True)
            for n in range(1000)
        ),
        one_time=tuple(
            taking_damage.OneTime(f"Shield {n}", n + 1, frozenset({f"other {n}"}), stacks=True)
            for n in range(1000)
        ),
    )
    yield (
        "take_hit",
        "10**100 against pools of 10**100, 2,000 effects",
        lambda: taking_damage.take_hit(defender, LARGEST),
    )
    yield (
        "gain",
        "a 1,001st immunity",
        lambda: taking_damage.gain(
            defender, taking_damage.Immunity("Last Immunity", frozenset({"effect x"}), stacks=True)
        ),
    )


def _monster_cases() -> Iterator[Case]:
    groups = list(monsters.MonsterGroup)
    population = {
        tuple(groups[i] for i in range(len(groups)) if mask >> i & 1): "1/2000" for mask in range(1, 2000)
    }
    yield (
        "expected_multipliers",
        "a population of 1,999 group combinations",
        lambda: monsters.expected_multipliers(population),
    )
    yield (
        "monster_traits",
        "every group, old rules at level 10**100",
        lambda: monsters.monster_traits(groups, level=LARGEST, new_rules=False),
    )
    yield (
        "variable_resistance_odds",
        "every damage type",
        lambda: monsters.variable_resistance_odds(list(resistances.DamageType)),
    )
    yield (
        "SharedShift.use",
        "a band of 1,000",
        lambda: monsters.SharedShift(tuple(f"Demon {n}" for n in range(1000))).use(
            [f"Demon {n}" for n in range(1000)], ["fire", "cold"], random.Random(1)
        ),
    )
    yield (
        "design_defenses",
        "average 10**100",
        lambda: monsters.design_defenses("Elite Lurker (Leader)", LARGEST),
    )


def cases() -> Iterator[Case]:
    """Every adversarial case: (function, what makes it costly, the call)."""
    for system in (
        _resistance_cases,
        _affinity_cases,
        _condition_cases,
        _typed_cases,
        _hit_cases,
        _monster_cases,
    ):
        yield from system()


def _best_of(call: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def engine_rows(runs: int = 3) -> list[tuple[str, str, str]]:
    """One row per public function: its slowest adversarial case, in milliseconds."""
    worst: dict[str, tuple[float, str]] = {}
    for function, label, call in cases():
        seconds = _best_of(call, runs)
        if function not in worst or seconds > worst[function][0]:
            worst[function] = (seconds, label)
    return [
        (f"`{function}` worst case: {label}", f"{seconds * 1000:.1f} ms", f"< {TARGET_MS} ms")
        for function, (seconds, label) in worst.items()
    ]


def main() -> None:
    print("| Public function, slowest adversarial case (best of 3 runs) | Time | Target |")
    print("|---|---|---|")
    for row in engine_rows():
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
