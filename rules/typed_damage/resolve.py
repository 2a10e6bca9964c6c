"""Resolving a hit with typed damage: the dice pool, armor, counting a roll, hardened and ablative armor.

`dice_pool` and `damage` run the same steps, in the flowchart's order, one helper
per step; `damage` then counts the roll. Every step cites a rule of ``typed-damage.md``;
the armor steps are in `rules.typed_damage.armor`.

Examples:
    >>> damage("3-", "Leather: +-*", "-  +", margin=2).final
    1

"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rules.checks import LARGEST, collection, whole_number
from rules.errors import NotationError, RulesError, concerning, shown
from rules.explain import Explained, Step
from rules.typed_damage import rulebook as rb
from rules.typed_damage.armor import ablate, armor_value, at_least_one, dice_text, hardened
from rules.typed_damage.equipment import Armor, Face, Mode, Weapon, source_name
from rules.typed_damage.notation import parse_armor, parse_weapon

__all__ = ["DamageResult", "Plan", "damage", "dice_pool", "plan", "read_roll"]


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
    def answer(self) -> int:
        """The damage done: `final`."""
        return self.final

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
    with concerning("weapon"):
        parsed = parse_weapon(weapon)
    with concerning("armor"):
        worn = parse_armor(armor)
    steps: list[Step] = []
    with concerning("mode"):
        chosen = _choose_mode(parsed, mode, steps)
    with concerning("source"):
        sources = chosen.sources | ({source_name(source)} if source is not None else set())
    base = _base_pool(chosen, margin, strength, steps)
    regular, special = armor_value(chosen, worn, sources, steps)
    is_hardened = bool(regular + special) and hardened(chosen, worn, sources, steps)
    if is_hardened:
        pool = max(base, 1)
        steps.append(Step(rb.FLOOR, f"hardened armor takes no dice: roll {dice_text(pool)}"))
    else:
        pool = at_least_one(base, regular, special, steps)
    return Plan(parsed, chosen, worn, frozenset(sources), base, regular, special, is_hardened, pool,
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

    Examples:
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
    with concerning("faces"):
        roll = read_roll(faces)
    if len(roll) != before.pool:
        msg = f"The pool is {dice_text(before.pool)}, but the roll {_show(roll)} has {len(roll)}"
        raise RulesError(msg, concerns="faces")
    successes = _count(before.mode, roll, steps)
    final = _remove_successes(before, successes, steps)
    prevented = successes - final if before.hardened else before.base - before.pool
    worn = ablate(before.armor, before.mode, before.sources, prevented, steps)
    return DamageResult(
        final, before.pool, successes, worn, before.mode, tuple(steps),
        situation=_situation(before, roll, margin, strength),
    )


def _situation(before: Plan, roll: tuple[Face, ...], margin: int, strength: int | None) -> str:
    """``"Weapon 3- against Leather: -*+, margin of success 2, roll [-][ ][ ][+]"``."""
    worn = str(before.armor) or "no armor"
    extra = f"Strength {strength}" if strength is not None else f"margin of success {margin}"
    sources = sorted(before.sources - {before.mode.kind.word})
    what = f" ({', '.join(sources)})" if sources else ""
    return f"Weapon {before.weapon}{what} against {worn}, {extra}, roll {_show(roll)}"


_BRACKETED = re.compile(r"\[(.)\]")


def read_roll(faces: str | Sequence[Face | str]) -> tuple[Face, ...]:
    """Read a roll: one character per die (``"-  +"``), ``"[-][ ][ ][+]"``, or a list of faces.

    Examples:
        >>> read_roll("[-][+][+][*]") == read_roll("-++ ")
        True

    """
    if not isinstance(faces, str):
        return tuple(Face.parse(face) for face in collection(faces, "faces"))
    NotationError.check_length("roll", faces)
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
        problem = f"{shown(text[position])} is not a face of a Fudge die ('-', ' ', '*' or '+')"
        raise NotationError("roll", text, position, problem) from None


def _show(roll: Sequence[Face]) -> str:
    return "".join(map(str, roll)) or "(no dice)"


def _choose_mode(weapon: Weapon, mode: int, steps: list[Step]) -> Mode:
    """A weapon with several modes is used one way, chosen before rolling."""
    if not 0 <= whole_number(mode, "mode", minimum=None) < len(weapon.modes):
        modes = ", ".join(f"{number}: {each}" for number, each in enumerate(weapon.modes))
        msg = f"mode must be the number of one of the weapon's modes ({modes}), not {shown(mode)}"
        raise RulesError(msg)
    chosen = weapon.modes[mode]
    what = f"{weapon.name} {chosen}" if weapon.name else str(chosen)
    text = f"{what}: {chosen.kind.word}, succeeds on {chosen.success_faces}"
    if len(weapon.modes) > 1:
        text = f"mode {mode} of {'/'.join(map(str, weapon.modes))} is {text}"
    steps.append(Step(rb.MODE, text))
    return chosen


def _base_pool(mode: Mode, margin: int, strength: int | None, steps: list[Step]) -> int:
    """Weapon dice plus the margin of success, or plus Strength in lieu of it."""
    with concerning("margin"):
        extra = whole_number(margin, "margin", hint="a miss does no damage")
    rule, what, given = rb.POOL, "margin of success", "margin"
    if strength is not None:
        with concerning("strength"):
            extra = whole_number(strength, "strength")
        rule, what, given = rb.STRENGTH, "Strength (in lieu of the margin)", "strength"
    base = mode.dice + extra
    if base > LARGEST:  # refused at the input that made it, not later at the pool
        msg = (
            f"{given} must be at most 10**100 - {mode.dice} with the weapon's {dice_text(mode.dice)} "
            f"(a pool of 10**100 dice is the most the rules accept), not {shown(extra)}"
        )
        raise RulesError(msg, concerns=given)
    steps.append(Step(rule, f"{mode.dice} weapon dice + {extra} {what} = {dice_text(base)}"))
    return base


def _count(mode: Mode, roll: tuple[Face, ...], steps: list[Step]) -> int:
    """Count the dice whose face is a success for the mode."""
    successes = sum(face in mode.succeeds_on for face in roll)
    steps.append(Step(rb.COUNT, f"{_show(roll)}: {successes} on {mode.success_faces}", change=successes))
    return successes


def _remove_successes(before: Plan, successes: int, steps: list[Step]) -> int:
    if not before.hardened:
        return successes
    final = max(successes - before.removes, 0)
    text = f"{successes} - {before.removes} hardened = {final} damage"
    steps.append(Step(rb.HARDENED, text, change=final - successes))
    return final
