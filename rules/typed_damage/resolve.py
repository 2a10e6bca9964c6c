"""Resolving a hit with typed damage: the dice pool, armor, counting a roll, hardened and ablative armor.

`dice_pool` and `damage` run the same steps, in the flowchart's order, one helper
per step; `damage` then counts the roll. Every step cites a rule of ``typed-damage.md``.

>>> damage("3-", "Leather: +-*", "-  +", margin=2).final
1
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.errors import NotationError, RulesError
from rules.explain import Explained, Step
from rules.typed_damage import cite
from rules.typed_damage.notation import (
    Armor,
    DamageType,
    Face,
    Mode,
    Weapon,
    parse_armor,
    parse_weapon,
    source_name,
)

__all__ = ["DamageResult", "Plan", "damage", "dice_pool", "plan", "read_roll"]

_TYPE_WORDS = {
    DamageType.SLASHING: "slashing",
    DamageType.IMPACT: "impact",
    DamageType.PIERCING: "piercing",
    DamageType.BALLISTIC: "ballistic",
    DamageType.ENERGY: "energy",
}


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything decided before the dice are rolled.

    Attributes:
        weapon: The weapon, parsed.
        mode: The mode used.
        armor: The armor, parsed, as worn before the hit.
        sources: What the attack is, as `source_name` compares names (``"arrow"``, ``"fire"``).
        base: Weapon dice plus margin of success (or Strength), before armor.
        regular: Dice the armor's regular symbols stop.
        special: Dice its special symbols (B, E, X) stop.
        hardened: Whether the armor is hardened against this attack (then it removes successes).
        pool: The dice to roll.
        steps: The steps taken so far.

    """

    weapon: Weapon
    mode: Mode
    armor: Armor
    sources: frozenset[str]
    base: int
    regular: int
    special: int
    hardened: bool
    pool: int
    steps: tuple[Step, ...]

    @property
    def protection(self) -> int:
        """The armor's whole value against this attack."""
        return self.regular + self.special

    @property
    def removes(self) -> int:
        """Successes that hardened armor removes (0 if the armor is not hardened here)."""
        return self.protection if self.hardened else 0


@dataclass(frozen=True, slots=True)
class DamageResult(Explained):
    """One hit: the damage done, the pool rolled, and the armor as it is after the hit."""

    final: int
    pool: int
    successes: int
    armor: Armor
    mode: Mode
    steps: tuple[Step, ...]

    @property
    def outcome(self) -> str:
        """``"1 damage"``, or ``"No damage"``."""
        return f"{self.final} damage" if self.final else "No damage"


def plan(
    weapon: Weapon | str,
    armor: Armor | str | None,
    margin: int = 0,
    *,
    mode: int = 0,
    source: str | None = None,
    strength: int | None = None,
) -> Plan:
    """Run every step before the roll: mode, base pool, armor, the one-die minimum.

    Args:
        weapon: The weapon, as notation or parsed.
        armor: The defender's armor, as notation or parsed; ``None`` or ``""`` for none.
        margin: The attack's margin of success, 0 or more.
        mode: Which of the weapon's modes (``0`` for the first), chosen before rolling.
        source: What the attack is, e.g. ``"arrow"`` or ``"fire"``, for ``H vs.`` and energy types.
        strength: The attacker's Strength modifier, used in lieu of the margin (optional rule).

    Returns:
        The plan, with the pool to roll and the steps so far.

    Raises:
        RulesError: Bad notation, margin, Strength or mode.

    """
    parsed = parse_weapon(weapon)
    worn = parse_armor(armor)
    steps: list[Step] = []
    chosen = _choose_mode(parsed, mode, steps)
    sources = chosen.sources | ({source_name(source)} if source else set())
    base = _base_pool(chosen, margin, strength, steps)
    regular, special = _armor_value(chosen, worn, sources, steps)
    hardened = bool(regular + special) and _hardened(chosen, worn, sources, steps)
    if hardened:
        pool = max(base, 1)
        steps.append(Step(cite.FLOOR, f"hardened armor takes no dice: roll {_dice(pool)}"))
    else:
        pool = _at_least_one(base, regular, special, steps)
    return Plan(parsed, chosen, worn, frozenset(sources), base, regular, special, hardened, pool,
                tuple(steps))


def dice_pool(
    weapon: Weapon | str,
    armor: Armor | str | None,
    margin: int = 0,
    *,
    mode: int = 0,
    source: str | None = None,
    strength: int | None = None,
) -> int:
    """The number of dice to roll for a hit (see `plan` for the arguments).

    >>> dice_pool("3-", "Chainmail: ---*++", 2)
    2
    """
    return plan(weapon, armor, margin, mode=mode, source=source, strength=strength).pool


def damage(
    weapon: Weapon | str,
    armor: Armor | str | None,
    faces: str | Sequence[Face | str],
    margin: int = 0,
    *,
    mode: int = 0,
    source: str | None = None,
    strength: int | None = None,
) -> DamageResult:
    """Resolve a hit whose dice show ``faces``: the damage, the worn armor after it, and the steps.

    Args:
        weapon: The weapon, as notation or parsed.
        armor: The defender's armor, as notation or parsed; ``None`` or ``""`` for none.
        faces: The roll as written: ``"-  +"``, ``"[-][ ][ ][+]"`` or ``["-", " ", " ", "+"]``.
        margin: The attack's margin of success, 0 or more.
        mode: Which of the weapon's modes (``0`` for the first), chosen before rolling.
        source: What the attack is, e.g. ``"arrow"`` or ``"fire"``, for ``H vs.`` and energy types.
        strength: The attacker's Strength modifier, used in lieu of the margin (optional rule).

    Returns:
        The result: ``final`` damage, ``pool``, ``successes``, ``armor`` after ablation, ``steps``.

    Raises:
        RulesError: Bad input, or a roll with a different number of dice than the pool.

    """
    before = plan(weapon, armor, margin, mode=mode, source=source, strength=strength)
    steps = list(before.steps)
    roll = read_roll(faces)
    if len(roll) != before.pool:
        msg = f"The pool is {before.pool} dice, but the roll {_show(roll)} has {len(roll)}"
        raise RulesError(msg)
    successes = _count(before.mode, roll, steps)
    final = _remove_successes(before, successes, steps)
    worn = _ablate(before, successes - final if before.hardened else before.base - before.pool,
                   steps)
    return DamageResult(final, before.pool, successes, worn, before.mode, tuple(steps))


_BRACKETED = re.compile(r"\[(.)\]")


def read_roll(faces: str | Sequence[Face | str]) -> tuple[Face, ...]:
    """Read a roll: one character per die (``"-  +"``), ``"[-][ ][ ][+]"``, or a list of faces.

    Examples:
        >>> read_roll("[-][+][+][*]") == read_roll("-++ ")
        True

    """
    if not isinstance(faces, str):
        return tuple(Face.parse(face) for face in faces)
    if "[" not in faces:
        return tuple(_face_at(faces, position) for position in range(len(faces)))
    roll = []
    position = 0
    for match in _BRACKETED.finditer(faces):
        if match.start() != position:
            break
        roll.append(_face_at(faces, match.start() + 1))
        position = match.end()
    if position != len(faces):
        raise NotationError("roll", faces, position, "expected a face in brackets such as '[+]'")
    return tuple(roll)


def _face_at(text: str, position: int) -> Face:
    try:
        return Face.parse(text[position])
    except RulesError:
        problem = f"{text[position]!r} is not a face of a Fudge die ('-', ' ', '*' or '+')"
        raise NotationError("roll", text, position, problem) from None


def _show(roll: Sequence[Face]) -> str:
    return "".join(map(str, roll)) or "(no dice)"


def _choose_mode(weapon: Weapon, mode: int, steps: list[Step]) -> Mode:
    """A weapon with several modes is used one way, chosen before rolling."""
    if isinstance(mode, bool) or not isinstance(mode, int) or not 0 <= mode < len(weapon.modes):
        modes = ", ".join(f"{number}: {each}" for number, each in enumerate(weapon.modes))
        msg = f"mode must be the number of one of the weapon's modes ({modes}), not {mode!r}"
        raise RulesError(msg)
    chosen = weapon.modes[mode]
    what = f"{weapon.name} {chosen}" if weapon.name else str(chosen)
    faces = "".join(str(face) for face in Face if face in chosen.succeeds_on)
    text = f"{what}: {_TYPE_WORDS[chosen.kind]}, succeeds on {faces}"
    if len(weapon.modes) > 1:
        text = f"mode {mode} of {'/'.join(map(str, weapon.modes))} is {text}"
    steps.append(Step(cite.MODE, text))
    return chosen


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        msg = f"{what} must be a whole number of 0 or more, not {value!r} (a miss does no damage)"
        raise RulesError(msg)
    return value


def _base_pool(mode: Mode, margin: int, strength: int | None, steps: list[Step]) -> int:
    """Weapon dice plus the margin of success, or plus Strength in lieu of it."""
    extra = _whole(margin, "margin")
    rule, what = cite.POOL, "margin of success"
    if strength is not None:
        extra = _whole(strength, "strength")
        rule, what = cite.STRENGTH, "Strength (in lieu of the margin)"
    base = mode.dice + extra
    steps.append(Step(rule, f"{mode.dice} weapon dice + {extra} {what} = {_dice(base)}"))
    return base


def _hardened(mode: Mode, armor: Armor, sources: frozenset[str], steps: list[Step]) -> bool:
    """Hardened armor (against this source) removes successes; armor piercing ignores that."""
    if not armor.hardened_against(sources):
        return False
    if mode.armor_piercing:
        steps.append(Step(cite.ARMOR_PIERCING, "armor piercing: the hardened armor is regular"))
        return False
    against = ", ".join(armor.hardened_vs) or "everything"
    steps.append(Step(cite.HARDENED, f"hardened against {against}: it removes successes, not dice"))
    return True


def _armor_value(
    mode: Mode, armor: Armor, sources: frozenset[str], steps: list[Step]
) -> tuple[int, int]:
    """The dice the armor stops against this mode: (regular symbols, special symbols)."""
    if not armor.symbols:
        steps.append(Step(cite.NO_ARMOR, "no armor"))
        return 0, 0
    regular = _regular_value(mode, armor, steps)
    special = _special_value(mode, armor, sources, steps)
    return regular, special


def _regular_value(mode: Mode, armor: Armor, steps: list[Step]) -> int:
    kind = mode.kind
    if kind is DamageType.ENERGY:
        if armor.slashing + armor.impact + armor.piercing:
            steps.append(Step(cite.ENERGY, "regular symbols (-, *, +) do not stop energy"))
        return 0
    if kind is DamageType.BALLISTIC:
        if armor.ballistic:
            return 0  # ballistic armor uses its B's instead of - and * (§ruling-ballistic-armor-instead)
        weaker = min(armor.impact, armor.piercing)
        steps.append(Step(cite.BALLISTIC_VS_REGULAR, f"{armor.impact} impact (*) and "
                          f"{armor.piercing} piercing (+): the weaker stops {weaker}"))
        return weaker
    value: int = getattr(armor, _TYPE_WORDS[kind])
    steps.append(Step(cite.REGULAR, f"{armor.symbols} stops {value} {_TYPE_WORDS[kind]} ({kind.value})"))
    return value


def _energy_matches(armor: Armor, sources: frozenset[str]) -> bool:
    wanted = {source_name(kind) for kind in armor.energy_types}
    return not wanted or bool(wanted & sources)


def _special_value(mode: Mode, armor: Armor, sources: frozenset[str], steps: list[Step]) -> int:
    special = 0
    if mode.kind is DamageType.BALLISTIC and armor.ballistic:
        steps.append(Step(cite.BALLISTIC, f"ballistic armor: its {armor.ballistic} B stop "
                          f"{armor.ballistic}"))
        special += armor.ballistic
    if mode.kind is DamageType.ENERGY and armor.energy:
        types = ", ".join(armor.energy_types)
        if _energy_matches(armor, sources):
            against = f"{types} energy" if types else "any energy"
            steps.append(Step(cite.ENERGY, f"its {armor.energy} E stop {armor.energy} ({against})"))
            special += armor.energy
        else:
            attack = ", ".join(sorted(sources)) or "untyped"
            steps.append(Step(cite.ENERGY_TYPES, f"its E stop only {types}, not {attack} energy"))
    if armor.universal:
        steps.append(Step(cite.UNIVERSAL, f"its {armor.universal} X stop {armor.universal}"))
        special += armor.universal
    return special


def _at_least_one(base: int, regular: int, special: int, steps: list[Step]) -> int:
    """Armor never takes the pool below 1 die, unless special armor (B, E, X) takes part."""
    left = base - regular - special
    sums = f"{base} - {regular + special} = {left}"
    if left >= 1:
        steps.append(Step(cite.FLOOR, f"{sums}: roll {_dice(left)}"))
        return left
    if special:
        steps.append(Step(cite.SPECIAL_TO_ZERO, f"{sums}: special armor can leave 0 dice"))
        return 0
    steps.append(Step(cite.FLOOR, f"{sums}: roll at least 1 die"))
    return 1


def _dice(count: int) -> str:
    return "1 die" if count == 1 else f"{count} dice"


def _count(mode: Mode, roll: tuple[Face, ...], steps: list[Step]) -> int:
    """Count the dice whose face is a success for the mode."""
    successes = sum(face in mode.succeeds_on for face in roll)
    faces = "".join(str(face) for face in Face if face in mode.succeeds_on)
    steps.append(Step(cite.COUNT, f"{_show(roll)}: {successes} on {faces}"))
    return successes


def _remove_successes(before: Plan, successes: int, steps: list[Step]) -> int:
    if not before.hardened:
        return successes
    final = max(successes - before.removes, 0)
    steps.append(Step(cite.HARDENED, f"{successes} - {before.removes} hardened = {final} damage"))
    return final


def _ablate(before: Plan, prevented: int, steps: list[Step]) -> Armor:
    """Ablative armor loses one point for each die (or success) it prevented."""
    armor = before.armor
    if not armor.ablative or prevented <= 0:
        return armor
    worn = armor
    left = prevented
    for field in _wear_order(before):
        taken = min(left, getattr(worn, field))
        worn = replace(worn, **{field: getattr(worn, field) - taken})
        left -= taken
    steps.append(Step(cite.ABLATIVE_WEAR, f"prevented {prevented}: {armor.symbols} "
                      f"wears to {worn.symbols or 'nothing'}"))
    return worn


def _wear_order(before: Plan) -> tuple[str, ...]:
    """The symbols that wear, the type's own first and universal X last (§ruling-ablative-wear)."""
    armor, kind = before.armor, before.mode.kind
    own: tuple[str, ...] = ()
    if kind is DamageType.BALLISTIC:
        weaker = "impact" if armor.impact < armor.piercing else "piercing"
        own = ("ballistic",) if armor.ballistic else (weaker,)
    elif kind is DamageType.ENERGY:
        own = ("energy",) if _energy_matches(armor, before.sources) else ()
    else:
        own = (_TYPE_WORDS[kind],)
    return (*own, "universal")
