"""Resistances: a hit of one or more damage types against a stat block's trait lines.

The player gives the damage, its types, the creature's traits as the stat block prints
them, and what can switch a trait on or off (Combat Advantage, a critical hit...).
`rules.resistances.take_damage` answers; its explained result is shown as it is.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from calculators.fields import Calculator, Field
from calculators.form import FieldError, Form
from calculators.results import explained
from rules.errors import shown
from rules.resistances import Circumstances, DamageType, parse_trait, take_damage

__all__ = ["CALCULATOR", "solve"]

_TYPES = tuple((kind.value.casefold(), kind.value) for kind in DamageType)
_REDUCTION = re.compile(r"\s*(?P<kind>[A-Za-z][A-Za-z -]*?)\s*(?P<value>[+-]?[0-9]{1,102})\s*")

FIELDS = (
    Field("damage", "Damage dealt", "number", "17", hint="The damage rolled, before any trait",
          rule="damage-taken"),
    Field("types", "Damage types", "choices", "fire", _TYPES,
          hint="Tick none for plain physical damage", rule="resist-damage-types"),
    Field("traits", "The creature's traits", "lines", "Resist Fire\nVulnerable 5 Fire",
          hint="One stat-block line each, e.g. Resist 10 Fire or Damage Immune: Poison",
          rule="trait-resist"),
    Field("advantage", "The attack has Combat Advantage", "flag", rule="trait-conditions"),
    Field("critical", "A critical hit", "flag", rule="trait-conditions"),
    Field("ongoing", "Ongoing damage", "flag", rule="trait-conditions"),
    Field("silvered", "A silvered weapon or implement", "flag", rule="trait-conditions"),
    Field("area", "From a burst or blast", "flag", rule="trait-conditions"),
    Field("level", "The attacker's level", "number", "1",
          hint="Paragon from level 11, Epic from level 21", rule="trait-conditions"),
    Field("environmental", "Environmental damage (no attacker)", "flag",
          hint="Lava, a burning building: not an attack", rule="environmental-damage"),
    Field("reduction", "The attacker's Resistance Reduction", "text",
          hint="A damage type and a number, e.g. Fire 5; several with commas",
          rule="resistance-reduction"),
)

_PLAIN = MappingProxyType({field.name: field.default for field in FIELDS})


def _preset(**values: str) -> MappingProxyType[str, str]:
    return MappingProxyType({**_PLAIN, **values})


CREATURE = "Resist Fire (Advantage)\nResist 10 Fire\nResist 5 All"

CALCULATOR = Calculator(
    system="resistances",
    page="resistances.md",
    title="Work out a hit",
    intro="Enter the damage, its types and the creature's trait lines to see the damage it takes.",
    fields=FIELDS,
    presets=(
        ("17 fire against Resist Fire and Vulnerable 5 Fire",
         _preset(damage="17", types="fire", traits="Resist Fire\nVulnerable 5 Fire")),
        ("27 fire without Combat Advantage", _preset(damage="27", types="fire", traits=CREATURE)),
        ("27 fire with Combat Advantage",
         _preset(damage="27", types="fire", traits=CREATURE, advantage="yes")),
        ("17 fire and cold against Resist Fire and Vulnerable 5 Cold",
         _preset(damage="17", types="fire,cold", traits="Resist Fire\nVulnerable 5 Cold")),
        ("17 fire, cold and acid against an immunity and two vulnerabilities",
         _preset(damage="17", types="fire,cold,acid",
                 traits="Damage Immune: Fire\nVulnerable 5 Cold\nVulnerable Acid")),
        ("17 fire and cold against Resist Fire and Resist All 5",
         _preset(damage="17", types="fire,cold", traits="Resist Fire\nResist All 5")),
    ),
)


def _reduction(form: Form) -> dict[DamageType | str, int]:
    """``"Fire 5, Cold 2"`` as ``{"Fire": 5, "Cold": 2}``; the rules read the types and numbers."""
    reduction: dict[DamageType | str, int] = {}
    written: dict[str, str] = {}
    for item in filter(str.strip, form.text("reduction").split(",")):
        found = _REDUCTION.fullmatch(item)
        if found is None:
            msg = (
                f"Cannot read Resistance Reduction {shown(item.strip())}: "
                "write a damage type and a number, such as 'Fire 5'"
            )
            raise FieldError("reduction", msg)
        kind = found["kind"]
        if kind in written:  # the rules refuse a type given twice; a dict would keep the last
            msg = (
                f"Resistance Reduction gives {shown(kind)} twice, as {shown(written[kind])} and as "
                f"{shown(item.strip())}: give each damage type once"
            )
            raise FieldError("reduction", msg)
        written[kind] = item.strip()
        reduction[kind] = int(found["value"])
    return reduction


def solve(form: Form) -> dict[str, object]:
    """The damage the creature takes, explained step by step."""
    damage = form.number("damage")
    types = form.read_choices("types", DamageType.parse)
    with form.concerning("traits"):
        traits = [parse_trait(line) for line in form.lines("traits")]
    level = form.number("level", minimum=1)
    with form.concerning("environmental"):
        circumstances = Circumstances(
            advantage=form.flag("advantage"),
            critical=form.flag("critical"),
            ongoing=form.flag("ongoing"),
            silvered=form.flag("silvered"),
            attacker_level=level,
            area=form.flag("area"),
            environmental=form.flag("environmental"),
        )
    reduction = _reduction(form)
    inputs = {"amount": "damage", "reduction": "reduction", "traits": "traits", "types": "types"}
    with form.concerning(None, inputs=inputs):
        result = take_damage(damage, types, traits, reduction=reduction, circumstances=circumstances)
    return explained(result)
