"""Affinity: one attack on an NPC through the seven steps of the affinity flowchart.

The player gives the damage and its element, the NPC's native affinity, whether it guards,
the modifier the attack grants or removes, what the attack ignores, and a modifier an earlier
attack left in force (played first, as the saved state the rules carry between attacks).
`rules.affinity.calculate` answers; its explained result is shown as it is.
"""

from __future__ import annotations

from types import MappingProxyType

from calculators.fields import Calculator, Field
from calculators.form import Form
from calculators.results import explained
from rules.affinity import Action, Affinity, Duration, Modifier, State, calculate

__all__ = ["CALCULATOR", "solve"]

_AFFINITIES = tuple((affinity.value, affinity.value) for affinity in Affinity)
_CHANGEABLE = tuple(choice for choice in _AFFINITIES if choice[0] != Affinity.NORMAL.value)
_ACTIONS = (("", "None"), ("grant", "Grant"), ("remove", "Remove"))

FIELDS = (
    Field("damage", "Damage", "number", "12", hint="The attack's damage before affinity",
          rule="affinity-inputs"),
    Field("type", "Damage type", "text", "fire", hint="The element, e.g. fire or ice; blank for untyped",
          rule="affinity-inputs"),
    Field("native", "The NPC's affinity to it", "choice", Affinity.RS.value, _AFFINITIES,
          hint="VU vulnerable, RS resists, IM immune, AB absorbs", rule="initial-affinity"),
    Field("guarding", "The NPC is guarding", "flag", rule="guarding"),
    Field("modifier", "The attack's modifier", "choice", "", _ACTIONS, rule="attack-modifiers"),
    Field("modifier-affinity", "Affinity it grants or removes", "choice", Affinity.VU.value, _CHANGEABLE,
          rule="attack-modifiers"),
    Field("lock", "The removal locks", "flag", hint="The NPC cannot get the affinity back",
          rule="modifier-lock"),
    Field("duration", "How long the modifier lasts", "choice", Duration.THIS_ATTACK.value,
          tuple((duration.value, duration.value.capitalize()) for duration in Duration),
          rule="modifier-durations"),
    Field("ignores", "The attack ignores", "choices", "", _CHANGEABLE, rule="ignore-flags"),
    Field("earlier", "An earlier attack's modifier, still in force", "choice", "", _ACTIONS,
          hint="Lasting the scene; it is played first, as the saved state", rule="save-state"),
    Field("earlier-affinity", "Affinity it granted or removed", "choice", Affinity.RS.value, _CHANGEABLE,
          rule="save-state"),
    Field("earlier-lock", "The earlier removal locked", "flag", rule="affinity-locks"),
)

_PLAIN = MappingProxyType({field.name: field.default for field in FIELDS})


def _preset(**values: str) -> MappingProxyType[str, str]:
    return MappingProxyType({**_PLAIN, **{name.replace("_", "-"): value for name, value in values.items()}})


CALCULATOR = Calculator(
    system="affinity",
    page="affinity.md",
    title="Work out an attack",
    intro="Enter the damage, its element and the NPC's affinity to see the damage it takes, or heals.",
    fields=FIELDS,
    presets=(
        ("12 fire against a resistant NPC", _preset()),
        ("Ice against a guarding NPC", _preset(damage="10", type="ice", native="Normal", guarding="yes")),
        ("A grant of VU on a normal NPC", _preset(damage="10", native="Normal", modifier="grant")),
        ("Removing an immunity",
         _preset(damage="10", native="IM", modifier="remove", modifier_affinity="IM")),
        ("A locked removal of RS, the next hit", _preset(damage="10", earlier="remove", earlier_lock="yes")),
        ("An attack that ignores resistance", _preset(damage="10", ignores="RS")),
        ("Fire against an NPC that absorbs it", _preset(damage="9", native="AB")),
    ),
)


def _modifier(form: Form, action: str, affinity: str, *, lock: str, duration: str | None) -> Modifier | None:
    lasts = Duration.SCENE if duration is None else Duration(form.choice(duration))  # every field is read
    locked = form.flag(lock)
    if not action:
        return None
    with form.concerning(lock):
        return Modifier(Action(action), Affinity.parse(affinity), lock=locked, duration=lasts)


def solve(form: Form) -> dict[str, object]:
    """The damage dealt (or healed), explained through the flowchart's steps."""
    damage = form.number("damage")
    kind = form.text("type") or None
    native = form.choice("native")
    earlier = _modifier(form, form.choice("earlier"), form.choice("earlier-affinity"),
                        lock="earlier-lock", duration=None)
    modifier = _modifier(form, form.choice("modifier"), form.choice("modifier-affinity"),
                         lock="lock", duration="duration")
    ignores = form.read_choices("ignores", Affinity.parse)
    with form.concerning("type"):
        state = State() if earlier is None else calculate(0, kind, native, modifier=earlier).state
    with form.concerning("type", inputs={"ignores": "ignores", "base_damage": "damage"}):
        result = calculate(damage, kind, native, guarding=form.flag("guarding"), state=state,
                           modifier=modifier, ignores=ignores)
    return explained(result)
