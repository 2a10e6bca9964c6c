"""Monster defenses and group traits: what a new or retrofitted monster's stat block gets.

The designer gives the monster's role line, the average defense its level gives, the
optional +1/-1 variety, and its groups. `rules.monsters.design_defenses` and
`rules.monsters.monster_traits` answer, and both explained results are shown in turn.
"""

from __future__ import annotations

from types import MappingProxyType

from calculators.fields import Calculator, Field
from calculators.form import Form
from calculators.results import explained_together
from rules.monsters import Defense, MonsterGroup, design_defenses, monster_traits

__all__ = ["CALCULATOR", "solve"]

_DEFENSES = (("", "None"), *((kind.value, kind.value.capitalize()) for kind in Defense))

FIELDS = (
    Field("role", "Role", "text", "Soldier",
          hint="As the stat block says it, e.g. Brute, or Elite Lurker (Leader)", rule="role-defenses"),
    Field("average", "Average defense for its level", "number", "16",
          hint="The figure the DMG gives for the monster's level", rule="defense-scores"),
    Field("plus", "Variety: +1 to", "choice", "", _DEFENSES, hint="Both or neither", rule="variety-option"),
    Field("minus", "Variety: -1 to", "choice", "", _DEFENSES, rule="variety-option"),
    Field("groups", "Monster groups", "choices", "",
          tuple((group.value, group.value) for group in MonsterGroup), rule="group-traits"),
    Field("old-rules", "Without the new resistance rules", "flag",
          hint="Group traits then have a limit of 5 per tier", rule="group-limits-old-rules"),
    Field("level", "Level", "number", "1", hint="Counts only without the new resistance rules",
          rule="group-limits-old-rules"),
)

_PLAIN = MappingProxyType({field.name: field.default for field in FIELDS})


def _preset(**values: str) -> MappingProxyType[str, str]:
    return MappingProxyType({**_PLAIN, **{name.replace("_", "-"): value for name, value in values.items()}})


CALCULATOR = Calculator(
    system="monsters",
    page="monsters.md",
    title="Design a monster",
    intro="Enter the monster's role, the average defense for its level and its groups to see its "
    "Fortitude, Reflex and Will and its resistances.",
    fields=FIELDS,
    presets=(
        ("A brute with average defense 16", _preset(role="Brute")),
        ("A controller with +1 Fortitude and -1 Will",
         _preset(role="Controller", plus="fortitude", minus="will")),
        ("A shadow undead lurker", _preset(role="Lurker", average="18", groups="Undead,Shadow")),
        ("A level 24 shadow undead, old resistance rules",
         _preset(role="Artillery", average="30", groups="Undead,Shadow", old_rules="yes", level="24")),
        ("An elite lurker leader", _preset(role="Elite Lurker (Leader)", average="20")),
    ),
)


def solve(form: Form) -> dict[str, object]:
    """The monster's three defenses and its merged group traits, each explained."""
    average = form.number("average", minimum=None)
    plus, minus = form.choice("plus") or None, form.choice("minus") or None
    groups = form.choices("groups")
    level = form.number("level", minimum=None)
    old_rules = form.flag("old-rules")
    with form.concerning("role", inputs={"plus": "plus", "minus": "minus", "average": "average"}):
        defenses = design_defenses(form.text("role"), average, plus=plus, minus=minus)
    with form.concerning("groups", inputs={"level": "level"}):
        traits = monster_traits(groups, level=level, new_rules=not old_rules)
    return explained_together(defenses, traits)
