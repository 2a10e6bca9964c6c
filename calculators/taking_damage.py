"""Taking damage: one hit called on a live-action character, through prevention, armor pools and body.

The player gives the hit as called ("4 Poison", "4 Pierce"), where it landed, and the
character's pools and defensive effects as the character card lists them.
`rules.taking_damage.take_hit` answers; its explained result is shown as it is.
"""

from __future__ import annotations

from types import MappingProxyType

from calculators.fields import Calculator, Field
from calculators.form import Form
from calculators.results import explained
from rules.taking_damage import Defender, Immunity, Location, OneTime, take_hit

__all__ = ["CALCULATOR", "solve"]

_POOLS = (
    ("magic-armor", "Magic armor", "pool-magic-armor", "2"),
    ("monstrous-armor", "Monstrous armor", "pool-monstrous-armor", "0"),
    ("physical-armor", "Physical armor", "pool-physical-armor", "1"),
    ("natural-armor", "Natural armor", "pool-natural-armor", "0"),
    ("body", "Body", "pool-body", "3"),
)

FIELDS = (
    Field("damage", "Damage called", "number", "4", hint="The number in the call, e.g. 4 for '4 Poison'",
          rule="damage-order"),
    Field("effect", "What the call carries", "text",
          hint="e.g. Poison or Silver; blank for plain damage", rule="ongoing-prevention"),
    Field("pierce", "The call has Pierce", "flag", rule="pierce-trait"),
    Field("location", "Where the hit landed", "choice", Location.TORSO.value,
          tuple((place.value, place.value.capitalize()) for place in Location), rule="hit-locations"),
    *(Field(name, label, "number", default, hint="Points left", rule=rule)
      for name, label, rule, default in _POOLS),
    Field("immunities", "Immunities up", "lines",
          hint="One a line, e.g. Poison Immunity", rule="ongoing-prevention"),
    Field("one-time", "One-time effects up", "lines",
          hint="One a line, each stops one whole hit, e.g. Spirit Shield", rule="one-time-prevention"),
    Field("requires", "Only hurt by", "text",
          hint="A damage requirement, e.g. silver; several with commas", rule="damage-requirements"),
)

_PLAIN = MappingProxyType({field.name: field.default for field in FIELDS})


def _preset(**values: str) -> MappingProxyType[str, str]:
    return MappingProxyType({**_PLAIN, **{name: "0" for name, *_ in _POOLS}, **values})


CALCULATOR = Calculator(
    system="taking-damage",
    page="taking-damage.md",
    title="Take a hit",
    intro="Enter the call, where it landed and the character's pools and defenses to see what the hit takes.",
    fields=FIELDS,
    presets=(
        ("4 damage against 2 magic armor, 1 physical armor and 3 body",
         _preset(**{"magic-armor": "2", "physical-armor": "1", "body": "3"})),
        ("4 Pierce against 4 monstrous armor and 4 body",
         _preset(pierce="yes", **{"monstrous-armor": "4", "body": "4"})),
        ("4 damage against 2 magic armor and 3 monstrous armor",
         _preset(**{"magic-armor": "2", "monstrous-armor": "3"})),
        ("4 Poison against Poison Immunity",
         _preset(effect="Poison", body="3", immunities="Poison Immunity")),
    ),
)


def _names(text: str) -> tuple[str, ...]:
    return tuple(word.strip() for word in text.split(",") if word.strip())


def solve(form: Form) -> dict[str, object]:
    """Where the hit's points went (or the No Effect call), explained step by step."""
    damage = form.number("damage")
    with form.concerning("immunities"):
        immunities = tuple(Immunity(line) for line in form.lines("immunities"))
    with form.concerning("one-time"):
        one_time = tuple(OneTime(line) for line in form.lines("one-time"))
    with form.concerning("immunities", inputs={"requires": "requires", "one_time": "one-time"}):
        defender = Defender(
            magic_armor=form.number("magic-armor"),
            physical_armor=form.number("physical-armor"),
            natural_armor=form.number("natural-armor"),
            monstrous_armor=form.number("monstrous-armor"),
            body=form.number("body"),
            immunities=immunities,
            one_time=one_time,
            requires=frozenset(_names(form.text("requires"))),
        )
    with form.concerning("effect"):
        result = take_hit(defender, damage, effect=form.text("effect") or None, pierce=form.flag("pierce"),
                          location=form.choice("location"))
    return explained(result)
