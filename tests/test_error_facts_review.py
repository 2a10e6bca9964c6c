"""Errors carry their facts: a refusal says which input it concerns as data, set where it is raised.

The calculators put a refusal on the field of the input it concerns (`RulesError.concerns`),
never on a field a word of the message happens to name, so rewording a message cannot move
an error to another field. Notation errors also carry the text and the position.
"""

from __future__ import annotations

import pytest

from calculators import CALCULATORS
from calculators.form import FieldError, Form
from rules.affinity import calculate
from rules.errors import NotationError, RulesError
from rules.monsters import design_defenses, expected_multipliers, monster_traits
from rules.resistances import Attack, take_damage
from rules.taking_damage import Defender
from rules.typed_damage import damage, dice_pool

REFUSALS = [
    (lambda: dice_pool("3-", None, -1), "margin"),
    (lambda: dice_pool("3-", None, 10**100), "margin"),
    (lambda: dice_pool("3-", None, strength=10**100), "strength"),
    (lambda: dice_pool("3-", None, strength=-1), "strength"),
    (lambda: dice_pool("3-", None, mode=2), "mode"),
    (lambda: dice_pool("3-", None, source="Arrows or Bolts"), "source"),
    (lambda: dice_pool("3x", None), "weapon"),
    (lambda: dice_pool("3-", "H--"), "armor"),
    (lambda: damage("3-", None, "++"), "faces"),
    (lambda: damage("3-", None, "+x+"), "faces"),
    (lambda: take_damage(5, "fire", ["Resist 10 Fyre"]), "traits"),
    (lambda: take_damage(5, "fyre", []), "types"),
    (lambda: take_damage(5, "fire", [], reduction={"fire": 5, "FIRE": 1}), "reduction"),
    (lambda: take_damage(-5, "fire", []), "amount"),
    (lambda: Attack(10**100).plus(1), "extra"),
    (lambda: design_defenses("Wizard", 16), "role"),
    (lambda: design_defenses("Soldier", 16, minus="will"), "minus"),
    (lambda: design_defenses("Soldier", 16, plus="will", minus="will"), "plus"),
    (lambda: monster_traits(["Undead"], new_rules=False), "level"),
    (lambda: monster_traits(["Goblin"]), "groups"),
    (lambda: expected_multipliers({"": "10%"}), "population"),
    (lambda: Defender(requires={"silver"}, immunities=["Silver Immunity"]), "requires"),
    (lambda: Defender(immunities=["Spirit Shield"]), "immunities"),
    (lambda: calculate(10, "fire", "RS", ignores=["Normal"]), "ignores"),
    (lambda: calculate(-1, "fire", "RS"), "base_damage"),
    (lambda: calculate(10, 5, "RS"), "damage_type"),
    (lambda: calculate(10, "fire", "XX"), "native"),
    (lambda: calculate(10, "fire", "RS", guarding="yes"), "guarding"),
    (lambda: calculate(10, "fire", "RS", state="x"), "state"),
    (lambda: calculate(10, "fire", "RS", modifier="x"), "modifier"),
]


@pytest.mark.parametrize(("call", "concerns"), REFUSALS, ids=[c for _, c in REFUSALS])
def test_a_refusal_names_the_input_it_concerns(call, concerns):
    with pytest.raises(RulesError) as refused:
        call()
    assert refused.value.concerns == concerns


def test_a_notation_error_carries_its_text_and_position():
    with pytest.raises(NotationError) as refused:
        dice_pool("3-", "--q+")
    assert (refused.value.text, refused.value.position, refused.value.concerns) == ("--q+", 2, "armor")


@pytest.mark.parametrize(
    ("concerns", "field"),
    [("reduction", "reduction"), ("traits", "traits"), ("types", "types"), (None, None)],
)
def test_the_calculator_reads_the_input_not_the_words(concerns, field):
    """A message naming every field's word still lands on the field of the input it concerns."""
    form = Form.read(CALCULATORS["resistances"], {})
    message = "a damage type, a trait and a reduction are all named here"
    with pytest.raises(FieldError) as refused, form.concerning(None, inputs={
        "reduction": "reduction", "traits": "traits", "types": "types"
    }):
        raise RulesError(message, concerns=concerns)
    assert (refused.value.field, str(refused.value)) == (field, message)
