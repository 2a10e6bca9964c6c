"""The armor steps of a hit: what the armor stops, the one-die minimum, hardness and ablation.

Each helper is one step of the flowchart on ``typed-damage.md`` and cites its rule;
`rules.typed_damage.resolve` calls them in order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.explain import Step
from rules.typed_damage import rulebook as rb
from rules.typed_damage.equipment import Armor, DamageType, Mode, source_key
from rules.words import word_key

__all__ = ["ablate", "armor_value", "at_least_one", "dice_text", "hardened"]


def dice_text(count: int) -> str:
    """A number of dice in words: ``"1 die"``, ``"3 dice"``."""
    return "1 die" if count == 1 else f"{count} dice"


def hardened(mode: Mode, armor: Armor, sources: frozenset[str], steps: list[Step]) -> bool:
    """Hardened armor (against this source) removes successes; armor piercing ignores that."""
    if not armor.hardened_against(sources, mode.kind):
        return False
    if mode.armor_piercing:
        steps.append(Step(rb.ARMOR_PIERCING, "armor piercing: the hardened armor is regular"))
        return False
    qualifiers = [*(f"{kind.word} ({kind.value}H)" for kind in armor.hardened_types), *armor.hardened_vs]
    against = ", ".join(qualifiers) or "everything"
    steps.append(Step(rb.HARDENED, f"hardened against {against}: it removes successes, not dice"))
    return True


def armor_value(
    mode: Mode, armor: Armor, sources: frozenset[str], steps: list[Step]
) -> tuple[int, int]:
    """The dice the armor stops against this mode: (regular symbols, special symbols)."""
    if not armor.symbols:
        steps.append(Step(rb.NO_ARMOR, "no armor"))
        return 0, 0
    regular = _regular_value(mode, armor, steps)
    special = _special_value(mode, armor, sources, steps)
    return regular, special


def _regular_value(mode: Mode, armor: Armor, steps: list[Step]) -> int:
    kind = mode.kind
    if kind is DamageType.ENERGY:
        if armor.slashing + armor.impact + armor.piercing:
            steps.append(Step(rb.ENERGY, "regular symbols (-, *, +) do not stop energy"))
        return 0
    if kind is DamageType.BALLISTIC:
        if armor.ballistic:
            return 0  # ballistic armor uses its B's instead of - and * (§ruling-ballistic-armor-instead)
        weaker = min(armor.impact, armor.piercing)
        steps.append(Step(rb.BALLISTIC_VS_REGULAR, f"{armor.impact} impact (*) and "
                          f"{armor.piercing} piercing (+): the weaker stops {weaker}"))
        return weaker
    value: int = getattr(armor, kind.word)
    steps.append(Step(rb.REGULAR, f"{armor.symbols} stops {value} {kind.word} ({kind.value})"))
    return value


def _energy_matches(armor: Armor, sources: frozenset[str]) -> bool:
    wanted = {source_key(kind) for kind in armor.energy_types}
    return not wanted or bool(wanted & {word_key(source) for source in sources})


def _special_value(mode: Mode, armor: Armor, sources: frozenset[str], steps: list[Step]) -> int:
    special = 0
    if mode.kind is DamageType.BALLISTIC and armor.ballistic:
        steps.append(Step(rb.BALLISTIC, f"ballistic armor: its {armor.ballistic} B stop "
                          f"{armor.ballistic}"))
        special = armor.ballistic
    elif mode.kind is DamageType.ENERGY and armor.energy:
        types = ", ".join(armor.energy_types)
        if _energy_matches(armor, sources):
            against = f"{types} energy" if types else "any energy"
            steps.append(Step(rb.ENERGY, f"its {armor.energy} E stop {armor.energy} ({against})"))
            special = armor.energy
        else:
            attack = ", ".join(sorted(sources)) or "untyped"
            steps.append(Step(rb.ENERGY_TYPES, f"its E stop only {types}, not {attack} energy"))
    if armor.universal:
        steps.append(Step(rb.UNIVERSAL, f"its {armor.universal} X stop {armor.universal}"))
    return special + armor.universal


def at_least_one(base: int, regular: int, special: int, steps: list[Step]) -> int:
    """Armor never takes the pool below 1 die, unless special armor (B, E, X) takes part."""
    left = base - regular - special
    sums = f"{base} - {regular + special} = {left}"
    if left >= 1:
        steps.append(Step(rb.FLOOR, f"{sums}: roll {dice_text(left)}"))
        return left
    if special:
        steps.append(Step(rb.SPECIAL_TO_ZERO, f"{sums}: special armor can leave 0 dice"))
        return 0
    steps.append(Step(rb.FLOOR, f"{sums}: roll at least 1 die"))
    return 1



def ablate(armor: Armor, mode: Mode, sources: frozenset[str], prevented: int, steps: list[Step]) -> Armor:
    """Ablative armor loses one point for each die (or success) it prevented."""
    if not armor.ablative or prevented <= 0:
        return armor
    counts: dict[str, Any] = {}  # symbol fields of Armor, by name
    left = prevented
    for field in _wear_order(armor, mode.kind, sources):
        taken = min(left, getattr(armor, field))
        counts[field] = getattr(armor, field) - taken
        left -= taken
    # An H after a type's symbols goes with the last of them (§ruling-hardened-sources).
    kept = tuple(kind for kind in armor.hardened_types if counts.get(kind.word, getattr(armor, kind.word)))
    still_hard = armor.hardened and bool(kept or armor.hardened_vs or not armor.hardened_types)
    # E worn away stops no energy type: the notation writes no type without an E
    energy_types = armor.energy_types if counts.get("energy", armor.energy) else ()
    worn = replace(
        armor, **counts, hardened_types=kept, hardened=still_hard, energy_types=energy_types
    )
    steps.append(Step(rb.ABLATIVE_WEAR, f"prevented {prevented}: {armor.symbols} "
                      f"wears to {worn.symbols or 'nothing'}"))
    return worn


def _wear_order(armor: Armor, kind: DamageType, sources: frozenset[str]) -> tuple[str, ...]:
    """The symbols that wear, the type's own first and universal X last (§ruling-ablative-wear)."""
    own: tuple[str, ...]
    if kind is DamageType.BALLISTIC:
        weaker = "impact" if armor.impact < armor.piercing else "piercing"
        own = ("ballistic",) if armor.ballistic else (weaker,)
    elif kind is DamageType.ENERGY:
        own = ("energy",) if _energy_matches(armor, sources) else ()
    else:
        own = (kind.word,)
    return (*own, "universal")
