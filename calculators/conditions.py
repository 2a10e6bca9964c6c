"""Conditions: the total penalty to one attack roll, from conditions, cover, concealment and marks.

The player gives the attacker's and the target's conditions as the table tracks them
(one a line, the source in brackets: ``Marked (Fighter)``), what the battle map shows,
and any other penalty. `rules.conditions.attack_penalty` answers, with the mark verdict
of `rules.conditions.violates_mark` when the attacker is marked.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from calculators.fields import Calculator, Field
from calculators.form import FieldError, Form
from calculators.results import explained
from rules.conditions import (
    Attack,
    Combatant,
    Concealment,
    Condition,
    Cover,
    Verdict,
    attack_penalty,
    violates_mark,
)
from rules.errors import shown

__all__ = ["CALCULATOR", "solve"]

_LINE = re.compile(r"\s*(?P<condition>[^()]*?)\s*(?:\((?P<source>[^()]*)\))?\s*")  # Marked (Fighter)
_PENALTY = re.compile(r"\s*(?:(?P<kind>[A-Za-z][A-Za-z ]*?)\s+)?(?P<value>[+-]?[0-9]{1,102})\s*")  # power -2

FIELDS = (
    Field("attacker", "Attacker", "text", "Ari", hint="A name, as the marks name characters",
          rule="condition-sources"),
    Field("attacker-conditions", "The attacker's conditions", "lines", "Prone\nBlinded",
          hint="One a line; the source in brackets: Marked (Fighter), Grabbed (Ogre)",
          rule="condition-instances"),
    Field("target", "Target", "text", "Orc", rule="condition-sources"),
    Field("target-conditions", "The target's conditions", "lines", hint="One a line, e.g. Prone",
          rule="condition-instances"),
    Field("adjacent", "The attacker is adjacent to the target", "flag", "yes", rule="ruling-prone-cover"),
    Field("cover", "The target's cover", "choice", Cover.COVER.value,
          tuple((cover.value, cover.value.capitalize()) for cover in Cover),
          rule="cover-and-concealment"),
    Field("concealment", "The target's concealment", "choice", Concealment.NONE.value,
          tuple((level.value, level.value.capitalize()) for level in Concealment),
          rule="cover-and-concealment"),
    Field("also-targets", "Other enemies the attack targets", "text",
          hint="Names, with commas: a marked attacker that spares its marker violates the mark",
          rule="violating-marks"),
    Field("other", "Other penalties", "lines", hint="One a line: its type and value, e.g. power -1",
          rule="penalty-stacking"),
)

_PLAIN = MappingProxyType({field.name: field.default for field in FIELDS})


def _preset(**values: str) -> MappingProxyType[str, str]:
    return MappingProxyType({**_PLAIN, **{name.replace("_", "-"): value for name, value in values.items()}})


CALCULATOR = Calculator(
    system="conditions",
    page="conditions.md",
    title="Work out an attack penalty",
    intro="Enter both sides' conditions and what the battle map shows to see the penalty to the attack roll.",
    fields=FIELDS,
    presets=(
        ("Prone and blinded, against an orc in cover", _preset()),
        ("A restrained, prone archer at range against a prone orc",
         _preset(attacker="Archer", attacker_conditions="Restrained\nProne", target_conditions="Prone",
                 adjacent="", cover="none", concealment="concealment", other="power -1\n-1")),
        ("A marked orc attacks the wizard", _preset(attacker="Orc", attacker_conditions="Marked (fighter)",
                                                   target="Wizard")),
        ("A marked orc attacks its marker", _preset(attacker="Orc", attacker_conditions="Marked (fighter)",
                                                   target="fighter")),
        ("Cover, concealment, a power and a mark together",
         _preset(attacker="Orc", attacker_conditions="Marked (fighter)", target="Wizard",
                 cover="superior cover", concealment="total concealment", other="power -2")),
    ),
)


def _combatant(form: Form, name: str, conditions: str) -> Combatant:
    with form.concerning(name):
        combatant = Combatant(form.text(name))
    with form.concerning(conditions):
        for line in form.lines(conditions):
            found = _LINE.fullmatch(line)
            condition, source = (found["condition"], found["source"]) if found else (line, None)
            combatant = combatant.add(condition, source=source)
    return combatant


def _penalties(form: Form) -> list[tuple[str | None, int]]:
    penalties: list[tuple[str | None, int]] = []
    for line in form.lines("other"):
        found = _PENALTY.fullmatch(line)
        if found is None:
            msg = f"Cannot read the penalty {shown(line)}: write its type and value, such as 'power -2'"
            raise FieldError("other", msg)
        penalties.append((found["kind"], int(found["value"])))
    return penalties


def solve(form: Form) -> dict[str, object]:
    """The total penalty to the attack roll, explained penalty by penalty."""
    attacker = _combatant(form, "attacker", "attacker-conditions")
    target = _combatant(form, "target", "target-conditions")
    others = [name.strip() for name in form.text("also-targets").split(",") if name.strip()]
    verdict: Verdict | bool = False  # the mark's verdict counts only for a marked attacker
    if attacker.sources(Condition.MARKED):
        with form.concerning("also-targets"):
            verdict = violates_mark(attacker, Attack((target.name, *others)))
    with form.concerning("other"):
        result = attack_penalty(
            attacker, target, adjacent=form.flag("adjacent"), cover=form.choice("cover"),
            concealment=form.choice("concealment"), violates_mark=verdict,
            other=_penalties(form),
        )
    return explained(result)
