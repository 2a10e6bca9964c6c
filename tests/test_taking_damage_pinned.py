"""The taking damage rules' behaviour, pinned: each refusal, each field of a result, each table as text.

These checks were the programmers' section of docs/taking-damage.md, which keeps a few examples of the
error format and of a result. Each test names the rule or the input it checks.
"""

from __future__ import annotations

from rules.taking_damage import (
    Defender,
    Immunity,
    OneTime,
    Pool,
    gain,
    in_doubt,
    order_table,
    take_hit,
)
from rules.taking_damage.hit import MONSTROUS_TO
from tests.pinned import refusal


def carried(result):
    return result.situation, str(result.before), result.absorbed, (result.start, result.changes, result.end)


def test_a_bad_hit_or_effect_to_gain_is_refused():
    # moved from docs/taking-damage.md#taking-damage-errors
    """A hit, and an effect to gain, are refused with a message naming the bad input."""
    assert refusal(lambda: take_hit(Defender(body=3), -2)) == "RulesError: amount must be 0 or more, not -2"
    assert refusal(lambda: take_hit(Defender(body=3), -1)) == "RulesError: amount must be 0 or more, not -1"
    assert (
        refusal(lambda: take_hit(Defender(body=3), 2.5))
        == "RulesTypeError: amount must be a whole number, not 2.5"
    )
    assert (
        refusal(lambda: take_hit(Defender(body=3), 2, effect=""))
        == "RulesError: effect must be a word such as 'poison', not ''"
    )
    assert (
        refusal(lambda: take_hit(Defender(body=3), 2, pierce="yes"))
        == "RulesTypeError: pierce must be True or False, not 'yes'"
    )
    assert refusal(lambda: take_hit(Defender(body=3), 2, location="head")) == (
        "RulesError: Unknown hit location 'head': use one of 'right leg', 'left leg', 'right "
        "arm', 'left arm' or 'torso'"
    )
    assert (
        refusal(lambda: take_hit("body 3", 2))
        == "RulesTypeError: defender must be a Defender(...), such as Defender(body=3), not 'body 3'"
    )
    assert (
        refusal(lambda: gain(Defender(body=3), 5))
        == "RulesTypeError: effect must be an Immunity, a OneTime or an immunity's name, not 5"
    )


def test_a_bad_defender_is_refused():
    # moved from docs/taking-damage.md#taking-damage-errors
    """A defender's pools, immunities and requirements are refused with a message naming the bad input."""
    assert refusal(lambda: Defender(body="3")) == "RulesTypeError: body must be a whole number, not '3'"
    assert (
        refusal(lambda: Defender(physical_armor=-1)) == "RulesError: physical_armor must be 0 or more, not -1"
    )
    assert (
        refusal(lambda: Defender(immunities=5)) == "RulesTypeError: immunities must be a list or a set, not 5"
    )
    assert refusal(lambda: Defender(immunities=[5])) == (
        "RulesTypeError: immunities must be Immunity(...) or names such as 'Poison Immunity', not 5"
    )
    assert refusal(lambda: Defender(one_time=5)) == "RulesTypeError: one_time must be a list or a set, not 5"
    assert (
        refusal(lambda: Defender(one_time=["Spirit Shield"]))
        == "RulesTypeError: one_time effects must be OneTime(name, level), not 'Spirit Shield'"
    )
    assert refusal(lambda: Defender(wounds=5)) == "RulesTypeError: wounds must be a list or a set, not 5"
    assert refusal(lambda: Defender(requires=5)) == "RulesTypeError: requires must be a list or a set, not 5"
    assert refusal(lambda: Defender(next_hit="shield")) == (
        "RulesError: Unknown pool 'shield': use one of 'magic armor', 'monstrous armor', "
        "'physical armor', 'natural armor' or 'body'"
    )
    assert (
        refusal(lambda: Defender(order="body"))
        == "RulesTypeError: order must be a list or a set, such as ['body'], not the text 'body'"
    )
    assert (
        refusal(lambda: Defender(order=["body"]))
        == "RulesError: order must list each of the five pools once, not ['body']"
    )


def test_a_bad_immunity_or_one_time_effect_is_refused():
    # moved from docs/taking-damage.md#taking-damage-errors
    """An immunity or a one-time effect is refused with a message naming the bad input."""
    assert (
        refusal(lambda: Immunity(""))
        == "RulesError: An immunity's name must be a name such as 'Poison Immunity', not ''"
    )
    assert refusal(lambda: Immunity("Immunity")) == (
        "RulesError: Cannot tell what 'Immunity' stops: write Immunity('Immunity', against={'poison'})"
    )
    assert refusal(lambda: Immunity("Mind Blank")) == (
        "RulesError: Cannot tell what 'Mind Blank' stops: write Immunity('Mind Blank', against={'poison'})"
    )
    assert (
        refusal(lambda: Immunity("Poison Immunity", stacks="yes"))
        == "RulesTypeError: stacks must be True or False, not 'yes'"
    )
    assert (
        refusal(lambda: Immunity("Ward", against=5))
        == "RulesTypeError: what 'Ward' stops must be a list or a set, not 5"
    )
    assert (
        refusal(lambda: Immunity("Ward", against={""}))
        == "RulesError: what 'Ward' stops must be a word such as 'poison', not ''"
    )
    assert (
        refusal(lambda: OneTime(" "))
        == "RulesError: A one-time effect's name must be a name such as 'Spirit Shield', not ' '"
    )
    assert (
        refusal(lambda: OneTime("Spirit Shield", level=-1))
        == "RulesError: The level of 'Spirit Shield' must be 0 or more, not -1"
    )
    assert (
        refusal(lambda: OneTime("Spirit Shield", stacks="yes"))
        == "RulesTypeError: stacks must be True or False, not 'yes'"
    )
    assert (
        refusal(lambda: OneTime("Ward", against=5))
        == "RulesTypeError: what 'Ward' stops must be a list or a set, not 5"
    )


def test_names_are_tidied_and_with_pools_copies_a_defender():
    # moved from docs/taking-damage.md#taking-damage-errors
    """Names are kept with their spaces tidied, and `with_pools` gives a copy of a defender with some
    pools set and the others as they were.
    """
    assert (Immunity("  Poison   Immunity ").name, OneTime(" Spirit  Shield ").name) == (
        "Poison Immunity",
        "Spirit Shield",
    )
    assert str(Defender(magic_armor=2, body=3).with_pools({Pool.BODY: 1})) == "magic armor 2, body 1"


def test_a_result_carries_its_situation_and_each_prevention():
    # moved from docs/taking-damage.md#taking-damage-errors
    """A result carries its situation in one line, the defender before the hit, what each prevention
    took, and the damage the steps start from, each change they make, and where they end."""
    assert carried(take_hit(Defender(body=3, immunities=["Poison Immunity"]), 4, effect="poison")) == (
        "4 Poison to the torso, against body 3",
        "body 3",
        (("immunity", 4),),
        (4, (-4,), 0),
    )
    assert carried(take_hit(Defender(body=3, requires={"silver", "cold iron"}), 4)) == (
        "4 damage to the torso, against body 3",
        "body 3",
        (("damage requirement", 4),),
        (4, (-4,), 0),
    )
    assert carried(take_hit(Defender(body=3, one_time=[OneTime("Spirit Shield", level=3)]), 4)) == (
        "4 damage to the torso, against body 3",
        "body 3",
        (("one-time effect", 4),),
        (4, (-4,), 0),
    )
    assert carried(take_hit(Defender(physical_armor=2, body=3), 4, pierce=True, location="left arm")) == (
        "4 Pierce to the left arm, against physical armor 2, body 3",
        "physical armor 2, body 3",
        (("body", 3), ("wound", 1)),
        (4, (-3, -1), 0),
    )
    assert carried(take_hit(Defender(), 0)) == (
        "0 damage to the torso, against no pools left",
        "no pools left",
        (),
        (0, (), 0),
    )
    assert carried(in_doubt(Defender(magic_armor=1, body=3))) == (
        "A hit of unknown damage, against magic armor 1, body 3",
        "magic armor 1, body 3",
        (),
        (0, (), 0),
    )
    assert str(in_doubt(Defender(magic_armor=1, body=3)).explain()) == (
        "1. When in doubt (§when-in-doubt): unsure of the damage: every pool to 0 and a torso "
        "wound\n"
        "= magic armor 1 -> 0, body 3 -> 0, torso wound"
    )
    assert take_hit(Defender(physical_armor=2, body=3), 4).changes == (-2, -2)
    # the monstrous rule takes all but MONSTROUS_TO off the 4, then the armor takes what is left
    assert take_hit(Defender(monstrous_armor=3, body=4), 4).changes == (MONSTROUS_TO - 4, -MONSTROUS_TO)
    assert (
        str(take_hit(Defender(body=3), 2, pierce=True).steps[3])
        == "Pierce (§pierce-trait): bypasses every armor pool (none up)"
    )
    assert (
        str(take_hit(Defender(magic_armor=1, physical_armor=2, body=3), 2, pierce=True).steps[3])
        == "Pierce (§pierce-trait): bypasses every armor pool (magic armor 1, physical armor 2)"
    )
    gained = gain(Defender(body=3), "Poison Immunity")
    assert gained.situation == "Poison Immunity, received by body 3"
    assert str(gained.explain()) == (
        "1. Gaining defenses (§gaining-defenses): Poison Immunity is up\n= gained"
    )
    mastered = gain(Defender(body=3), OneTime("Battle Mastery"))
    assert mastered.situation == "Battle Mastery, received by body 3"
    assert str(mastered.explain()) == (
        "1. Gaining defenses (§gaining-defenses): Battle Mastery is up\n= gained"
    )
    spirit = Defender(body=4, requires={"silver"})
    barred = gain(spirit, "Silver Immunity")
    assert barred.situation == "Silver Immunity, received by body 4"
    assert str(barred.explain()) == (
        "1. No invulnerability (§no-invulnerability): Silver Immunity would leave nothing able "
        "to hurt (requires silver): prevented\n"
        "= prevented"
    )
    metal = Defender(body=4, requires={"silver", "cold iron"})
    assert str(gain(metal, Immunity("Metal Immunity", against={"silver", "cold iron"})).explain()) == (
        "1. No invulnerability (§no-invulnerability): Metal Immunity would leave nothing able to "
        "hurt (requires cold iron or silver): prevented\n"
        "= prevented"
    )


def test_the_order_table_prints_as_the_page_shows_it():
    # moved from docs/taking-damage.md#taking-damage-tables-in-code
    """Each table on the page is computed from the rules' own data; here is each one as the code prints
    it. From The order (#damage-order): The order table at the top of this section, as text.
    """
    assert str(order_table()) == (
        "Step  What                 Notes\n"
        "----  -------------------  --------------------------------------\n"
        "1     Ongoing prevention   immunities, damage requirements\n"
        "2     One-time prevention  e.g. spirit shield; used up\n"
        "3     Damage reduction     the monstrous rule, at monstrous armor\n"
        "4     Magic armor          Pierce skips it\n"
        "5     Monstrous armor      Pierce skips it\n"
        "6     Physical armor       Pierce skips it\n"
        "7     Natural armor        Pierce skips it\n"
        "8     Body                 one for one\n"
        "9     Wound                at most one, at the location hit"
    )
