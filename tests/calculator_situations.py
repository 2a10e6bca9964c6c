"""Situations every calculator is tried on: the seeds' worked examples, their edges, and bad input.

Shared by the Python tests (`tests/test_calculators.py`, which check each answer against the
rules called directly) and the browser tests (which check the page's answer under Pyodide
against `calculators.answer` in CPython). A situation gives only the fields it sets; the
others take their default. ``refused`` names the field a bad input must be refused on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Situation:
    system: str
    values: Mapping[str, str]
    why: str
    refused: str = field(default="", kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))


def _resistances() -> list[Situation]:
    def hit(why: str, *, refused: str = "", **values: str) -> Situation:
        return Situation("resistances", values, why, refused=refused)

    creature = "Resist Fire (Advantage)\nResist 10 Fire\nResist 5 All"
    return [
        hit("seed worked example: 17 fire against Resist Fire and Vulnerable 5 Fire",
            damage="17", types="fire", traits="Resist Fire\nVulnerable 5 Fire"),
        hit("seed worked example: 27 fire without Combat Advantage", damage="27", types="fire",
            traits=creature),
        hit("seed worked example: 27 fire with Combat Advantage", damage="27", types="fire",
            traits=creature, advantage="yes"),
        hit("seed worked example: 17 fire and cold against Resist Fire, Vulnerable 5 Cold",
            damage="17", types="fire,cold", traits="Resist Fire\nVulnerable 5 Cold"),
        hit("seed worked example: 17 fire, cold and acid against an immunity and two vulnerabilities",
            damage="17", types="fire,cold,acid",
            traits="Damage Immune: Fire\nVulnerable 5 Cold\nVulnerable Acid"),
        hit("seed worked example: 17 fire and cold against Resist Fire and Resist All 5",
            damage="17", types="fire,cold", traits="Resist Fire\nResist All 5"),
        hit("edge: a limit larger than half the damage", damage="27", types="fire",
            traits="Resist Fire 20"),
        hit("edge: no type named is physical", damage="12", types="", traits="Resist Physical"),
        hit("edge: no traits at all", damage="9", types="cold", traits=""),
        hit("edge: zero damage", damage="0", types="fire", traits="Vulnerable Fire"),
        hit("edge: environmental damage against an unlimited resistance", damage="15", types="fire",
            traits="Resist Fire", environmental="yes"),
        hit("edge: environmental with a limit", damage="15", types="fire", traits="Resist Fire 10",
            environmental="yes"),
        hit("edge: Resistance Reduction against a limited resistance", damage="20", types="fire",
            traits="Resist Fire 10", reduction="Fire 5"),
        hit("edge: an Epic vulnerability and a level 20 attacker", damage="20", types="fire",
            traits="Vulnerable Fire (Epic)", level="20"),
        hit("edge: a Not Silvered resistance against a silvered weapon", damage="27", types="acid",
            traits="Resist All 5 (Not Silvered)", silvered="yes"),
        hit("edge: immunity beats vulnerability", damage="17", types="fire",
            traits="Damage Immune: Fire\nVulnerable Fire"),
        hit("edge: the limit written after the type", damage="27", types="fire", traits="Resist Fire 10"),
        hit("bad input: damage that is not a number", damage="lots", refused="damage"),
        hit("bad input: negative damage", damage="-3", refused="damage"),
        hit("bad input: a misspelt damage type in a trait line", traits="Resist 10 Fyre", refused="traits"),
        hit("bad input: an unknown damage type", types="fire,fyre", refused="types"),
        hit("bad input: an attacker of level 0", level="0", refused="level"),
        hit("bad input: Combat Advantage on environmental damage", advantage="yes", environmental="yes",
            refused="environmental"),
        hit("bad input: Resistance Reduction that cannot be read", reduction="five", refused="reduction"),
        hit("bad input: the invalid 'Damage Immune: All'", traits="Damage Immune: All", refused="traits"),
    ]


SITUATIONS: tuple[Situation, ...] = (*_resistances(),)
"""Every situation, grouped by system."""
