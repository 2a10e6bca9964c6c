"""Limits refuse the input that broke them; the expected multipliers stay exact when fast.

A population key that names no group is refused, not counted as "no group"; a margin or
a Strength that would make a pool above 10**100 dice is refused naming itself, not the
pool; `expected_multipliers` equals its definition (every kind of monster through
`take_damage` with its merged group traits) on any population.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.checks import LARGEST
from rules.errors import RulesError, shown
from rules.monsters import MonsterGroup, expected_multipliers, read_population, traits_for
from rules.monsters.data import BEFORE, DAMAGE_TYPES
from rules.resistances import take_damage
from rules.resistances.tables import EXAMPLE
from rules.typed_damage import damage, dice_pool
from rules.typed_damage.armor import dice_text


@pytest.mark.parametrize("key", ["", "   ", ()])
def test_a_population_key_that_names_no_group_is_refused(key):
    with pytest.raises(RulesError, match="names no monster group") as refused:
        expected_multipliers({key: "10%", "Undead": "10%"})
    assert refused.value.concerns == "population"
    # It quotes the key and says what to write instead, and where the rest of the share goes.
    message = str(refused.value)
    assert message.startswith(f"The population key {shown(key)} names no monster group")
    assert message.endswith("such as 'Undead' (the share left over is the monsters of no group)")


@pytest.mark.parametrize("given_as", ["margin", "strength"])
@pytest.mark.parametrize("weapon", ["3-", "1B", "100E+"])
def test_a_pool_above_the_largest_number_is_refused_at_the_input_that_made_it(given_as, weapon):
    dice = int(weapon.rstrip("-+*BE"))
    largest = {given_as: LARGEST - dice}
    assert dice_pool(weapon, None, **({"margin": 0} | largest)) == LARGEST
    for value, call in (
        (LARGEST - dice + 1, lambda: dice_pool(weapon, None, **{given_as: LARGEST - dice + 1})),
        (LARGEST, lambda: damage(weapon, None, "-", **{given_as: LARGEST})),
    ):
        with pytest.raises(RulesError, match=f"^{given_as} must be at most 10\\*\\*100 - {dice}") as refused:
            call()
        assert refused.value.concerns == given_as
        # It names the weapon's dice that leave this much room, and quotes the value refused.
        message = str(refused.value)
        assert f" with the weapon's {dice_text(dice)} (" in message
        assert message.endswith(f", not {shown(value)}")


def by_definition(population, **options) -> dict:
    """Each entry's monsters through `take_damage` with its merged traits, share-weighted."""
    entries = read_population(population)
    rest = 1 - sum((share for _, share in entries), Fraction(0))
    result = {}
    for kind in DAMAGE_TYPES:
        taken = Fraction(0)
        for groups, share in entries:
            if options.get("before"):
                lines = tuple(line for group in groups for line in BEFORE.get(group, ()))
            else:
                new_rules = options.get("new_rules", True)
                lines = traits_for(groups, level=options.get("level"), new_rules=new_rules)
            taken += share * Fraction(take_damage(EXAMPLE, kind, lines).final, EXAMPLE)
        result[kind] = taken + rest
    return result


populations = st.dictionaries(
    st.frozensets(st.sampled_from(list(MonsterGroup)), min_size=1, max_size=4).map(
        lambda groups: tuple(sorted(groups, key=list(MonsterGroup).index))
    ),
    st.integers(0, 7).map(lambda n: Fraction(n, 100)),
    max_size=8,
)
options = st.sampled_from(
    [{}, {"before": True}, {"new_rules": False, "level": 1}, {"new_rules": False, "level": 25}]
)


@given(population=populations, chosen=options)
def test_expected_multipliers_equal_their_definition(population, chosen):
    assert expected_multipliers(population, **chosen) == by_definition(population, **chosen)
