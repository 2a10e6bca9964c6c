"""Where two systems name the same things, they name the same things.

The resistances system's Condition Immunity lists the conditions of the conditions
system (plus forced movement). It keeps its own enum because the conditions system
imports the resistances engine (Petrified is Resist All), so the reverse import would
be circular; this test keeps the two lists from drifting apart.
"""

from __future__ import annotations

from rules.conditions import Condition
from rules.resistances import CharacterCondition


def test_condition_immunity_names_exactly_the_seventeen_conditions_and_forced_movement():
    immune_to = {member.name for member in CharacterCondition} - {"FORCED_MOVEMENT"}
    assert immune_to == {member.name for member in Condition}
    assert len(immune_to) == 17


def test_each_condition_reads_the_same_in_both_systems():
    for member in Condition:
        assert CharacterCondition.parse(member.value).name == member.name
        assert Condition(member.value) is member
