"""The conditions framework, read like the rulebook: sources, instances, stacking, marks, conditions."""

from __future__ import annotations

import dataclasses

import pytest

from rules.checks import half_down
from rules.conditions import (
    EFFECTS,
    SOURCE_NAMES,
    Attack,
    Combatant,
    Concealment,
    Condition,
    Cover,
    after_damage,
    allowed_actions,
    attack_penalty,
    can_be_commanded_by,
    can_coup_de_grace,
    can_flank,
    can_make_opportunity_attacks,
    condition_table,
    damage_dealt,
    damage_taken,
    escape_check,
    forced_movement,
    grants_combat_advantage,
    healing_received,
    movement,
    perception_penalty,
    source_table,
    stack,
    stack_penalties,
    total_defense,
    triggers_opportunity_attacks,
    violates_mark,
)
from rules.conditions.amounts import TOTAL_DEFENSE_BONUS
from rules.errors import RulesError, RulesTypeError
from rules.explain import Rule
from rules.resistances import take_damage
from rulesite.model import load


def having(*conditions: str, name: str = "Ari") -> Combatant:
    combatant = Combatant(name)
    for condition in conditions:
        combatant = combatant.add(condition)
    return combatant


def marked_by(*markers: str) -> Combatant:
    combatant = Combatant("Orc")
    for marker in markers:
        combatant = combatant.add("marked", source=marker)
    return combatant


# Penalty types and stacking


def test_only_the_largest_penalty_of_one_type_applies():
    assert stack_penalties([("cover", -2), ("cover", -5)]) == -5
    assert stack_penalties([("concealment", -5), ("concealment", -2)]) == -5
    assert stack_penalties([("power", -2), ("power", -2)]) == -2


def test_penalties_of_different_types_add_up():
    assert stack_penalties([("cover", -2), ("concealment", -2), ("power", -2)]) == -6


def test_untyped_penalties_all_apply():
    assert stack_penalties([(None, -1), (None, -2), ("untyped", -1)]) == -4


def test_a_mark_penalty_is_its_own_type():
    assert stack_penalties([("mark", -2), ("mark", -2)]) == -2
    assert stack_penalties([("mark", -2), ("power", -2)]) == -4


def test_stacking_names_the_penalties_that_counted():
    result = stack([("cover", -2), ("cover", -5), (None, -1)])
    assert [str(penalty) for penalty in result.applied] == ["-5 cover", "-1 untyped"]
    assert result.total == -6


@pytest.mark.parametrize("level", [*Cover, *Concealment])
def test_cover_and_concealment_cost_their_levels_penalty(level):
    screen = {"cover": level} if isinstance(level, Cover) else {"concealment": level}
    assert attack_penalty(Combatant(), Combatant(), **screen).total == level.penalty


@pytest.mark.parametrize("screen", [Cover, Concealment])
def test_each_level_of_cover_or_concealment_costs_more_than_the_one_below(screen):
    none, plain, better = screen
    assert none.penalty == 0 > plain.penalty > better.penalty


def test_prone_and_blinded_attacker_against_cover_add_up_their_types():
    both = attack_penalty(having("prone", "blinded"), Combatant(), cover="cover").total
    assert both == (attack_penalty(having("prone"), Combatant()).total
                    + attack_penalty(having("blinded"), Combatant(), cover="cover").total)


def test_blinded_attacker_treats_a_concealed_target_as_totally_concealed():
    assert attack_penalty(having("blinded"), Combatant(), concealment="concealment").total == (
        Concealment.TOTAL.penalty)


def test_prone_and_restrained_power_penalties_do_not_stack():
    each = [attack_penalty(having(condition), Combatant()).total for condition in ("prone", "restrained")]
    assert attack_penalty(having("prone", "restrained"), Combatant()).total == min(each) < 0


# A prone target's cover one step up (#ruling-prone-cover): none -> cover -> superior cover, no further.
_ONE_STEP_UP = {Cover.NONE: Cover.COVER, Cover.COVER: Cover.SUPERIOR, Cover.SUPERIOR: Cover.SUPERIOR}


@pytest.mark.parametrize("cover", list(Cover))
def test_prone_target_has_cover_one_step_better_against_non_adjacent_attackers_only(cover):
    prone = having("prone", name="Orc")
    far = attack_penalty(Combatant(), prone, adjacent=False, cover=cover).total
    near = attack_penalty(Combatant(), prone, adjacent=True, cover=cover).total
    assert (far, near) == (_ONE_STEP_UP[cover].penalty, cover.penalty)


def test_the_attack_penalty_cites_every_rule_it_used():
    result = attack_penalty(having("prone", "blinded"), Combatant(), cover="cover")
    anchors = [rule.anchor for rule in result.rules_used]
    assert anchors == [
        "cover-and-concealment", "blinded", "prone", "penalty-stacking", "total-attack-penalty",
    ]


def test_blinded_and_deafened_perception_penalties_do_not_stack():
    # Both are concealment penalties: only the larger counts, blinded's total concealment.
    each = [perception_penalty(having(condition)).total for condition in ("blinded", "deafened")]
    assert perception_penalty(having("blinded", "deafened")).total == min(each) == Concealment.TOTAL.penalty


# Condition sources and instances


@pytest.mark.parametrize("condition", ["dominated", "grabbed", "marked", "swallowed"])
def test_source_dependent_conditions_need_a_source(condition):
    with pytest.raises(RulesError, match=f"{condition.capitalize()} needs a source"):
        Combatant().add(condition)


def test_instances_do_not_add_up_but_are_tracked_separately():
    slowed_twice = having("slowed", "slowed")
    assert slowed_twice.count("slowed") == 2
    assert movement(slowed_twice).square_cost == 2


def test_a_save_ends_one_instance_and_the_condition_stays():
    slowed_twice = having("slowed", "slowed")
    assert slowed_twice.save("slowed").has("slowed")
    assert not slowed_twice.save("slowed").save("slowed").has("slowed")


def test_ending_the_condition_type_ends_every_instance():
    assert not having("slowed", "slowed", "dazed").end("slowed").has("slowed")
    assert having("slowed", "slowed", "dazed").end("slowed").has("dazed")


def test_a_save_with_a_source_ends_that_sources_instance():
    orc = marked_by("fighter", "paladin")
    assert orc.save("marked", source="fighter").sources("marked") == ("paladin",)
    assert orc.save("marked").sources("marked") == ("fighter",)


def test_a_combatant_never_changes():
    ari = Combatant("Ari")
    ari.add("prone")
    assert not ari.has("prone")
    with pytest.raises(dataclasses.FrozenInstanceError):
        ari.name = "Bo"  # type: ignore[misc]


def test_falling_unconscious_knocks_prone_and_waking_leaves_prone():
    out = having("unconscious")
    assert out.has("prone")
    woken = after_damage(out, 1).combatant
    assert woken.has("prone") and not woken.has("unconscious")
    assert after_damage(out, 0).combatant.has("unconscious")


def test_a_swallowed_character_cannot_be_swallowed_by_another_swallower():
    inside = Combatant("Ari").add("swallowed", source="worm")
    assert inside.add("swallowed", source="worm").count("swallowed") == 2
    with pytest.raises(RulesError, match="cannot be swallowed by 'behemoth'"):
        inside.add("swallowed", source="behemoth")


# Several sources


def test_each_dominator_can_command():
    thrall = Combatant("Thrall").add("dominated", source="vampire").add("dominated", source="lich")
    assert can_be_commanded_by(thrall, "vampire") and can_be_commanded_by(thrall, "lich")
    assert not can_be_commanded_by(thrall, "ogre")


def test_escaping_one_grabber_leaves_the_others():
    ari = Combatant("Ari").add("grabbed", source="ogre").add("grabbed", source="troll")
    result = escape_check(ari, "ogre", "acrobatics", 15, {"reflex": 13})
    assert result.escaped
    assert result.combatant.sources("grabbed") == ("troll",)


def test_leaving_one_grabber_ends_only_its_grab():
    ari = Combatant("Ari").add("grabbed", source="ogre").add("grabbed", source="troll")
    assert ari.no_longer_adjacent("troll").sources("grabbed") == ("ogre",)


def test_acrobatics_targets_reflex_and_athletics_fortitude():
    ari = Combatant("Ari").add("grabbed", source="ogre")
    ogre = {"reflex": 12, "fortitude": 20}
    assert escape_check(ari, "ogre", "acrobatics", 12, ogre).escaped
    assert not escape_check(ari, "ogre", "athletics", 19, ogre).escaped
    assert escape_check(ari, "ogre", "athletics", 19, ogre).combatant == ari


def test_escaping_a_source_that_holds_nothing_is_refused():
    with pytest.raises(RulesError, match="cannot escape from 'troll'"):
        Combatant("Ari").add("grabbed", source="ogre").escape("troll")
    with pytest.raises(RulesError, match="held by nobody"):
        Combatant("Ari").escape("troll")


def test_forced_movement_away_from_a_grabber_needs_a_successful_escape():
    ari = Combatant("Ari").add("grabbed", source="ogre")
    assert not forced_movement(ari, away_from=["ogre"]).moves
    assert not forced_movement(ari, away_from=["ogre"], escapes={"ogre": False}).moves
    moved = forced_movement(ari, away_from=["ogre"], escapes={"ogre": True})
    assert moved.moves and not moved.combatant.has("grabbed")
    assert forced_movement(ari, away_from=["goblin"]).moves


def test_restrained_ignores_forced_movement():
    assert not forced_movement(having("restrained")).moves


# Marks


def test_an_attack_on_enemies_without_the_marker_violates_the_mark():
    assert violates_mark(marked_by("fighter"), Attack(["wizard"]))
    assert not violates_mark(marked_by("fighter"), Attack(["wizard", "fighter"]))


def test_an_attack_on_no_enemy_violates_nothing():
    assert not violates_mark(marked_by("fighter"), Attack([]))


def test_several_markers_one_included_is_enough():
    assert not violates_mark(marked_by("fighter", "paladin"), Attack(["paladin"]))
    assert violates_mark(marked_by("fighter", "paladin"), Attack(["rogue"]))


def test_simultaneous_attacks_share_the_marker():
    orc = marked_by("fighter")
    assert not violates_mark(orc, Attack(["wizard"]), simultaneous=[Attack(["fighter"])])
    assert violates_mark(orc, Attack(["wizard"]), simultaneous=[Attack(["rogue"])])


def test_attacks_after_the_marker_was_targeted_do_not_violate():
    orc = marked_by("fighter")
    assert not violates_mark(orc, Attack(["wizard"]), earlier=[Attack(["fighter"])])
    assert violates_mark(orc, Attack(["wizard"]), earlier=[Attack(["rogue"])])


def test_marker_removed_by_an_enemy_does_not_violate():
    assert not violates_mark(marked_by("fighter"), Attack(["wizard"], removed_by_enemy=["fighter"]))
    assert violates_mark(marked_by("fighter"), Attack(["wizard"], removed_by_enemy=["rogue"]))


def test_marked_while_attacking_does_not_violate_that_mark():
    assert not violates_mark(marked_by("paladin"), Attack(["wizard"], marked_during=["paladin"]))
    assert violates_mark(marked_by("fighter", "paladin"), Attack(["wizard"], marked_during=["paladin"]))


def test_forced_attacks_ignore_marks_and_never_provoke():
    forced = Attack(["wizard"], forced=True, provokes=True)
    assert not violates_mark(marked_by("fighter"), forced)
    assert not triggers_opportunity_attacks(forced)
    assert triggers_opportunity_attacks(Attack(["wizard"], provokes=True))


def test_a_forced_attack_cannot_target_the_attacker():
    with pytest.raises(RulesError, match="cannot target the attacker itself"):
        violates_mark(Combatant("Thrall"), Attack(["Thrall"], forced=True))


def test_violating_a_mark_gives_a_mark_penalty_once():
    orc = marked_by("fighter", "paladin")
    verdict = violates_mark(orc, Attack(["wizard"]))
    assert attack_penalty(orc, Combatant(), violates_mark=verdict).total == -2


# The conditions


GRANT_COMBAT_ADVANTAGE = {
    "blinded", "deafened", "helpless", "petrified", "restrained", "stunned", "unconscious",
}
CANNOT_FLANK = {"blinded", "dazed", "dominated", "petrified", "stunned", "unconscious"}


@pytest.mark.parametrize("condition", [condition.value for condition in Condition])
def test_which_conditions_grant_combat_advantage(condition):
    combatant = Combatant().add(condition, source="someone")
    to_adjacent = condition in GRANT_COMBAT_ADVANTAGE or condition == "prone"
    assert bool(grants_combat_advantage(combatant, adjacent=True)) is to_adjacent
    assert bool(grants_combat_advantage(combatant, adjacent=False)) is (condition in GRANT_COMBAT_ADVANTAGE)


@pytest.mark.parametrize("condition", [condition.value for condition in Condition])
def test_which_conditions_cannot_flank(condition):
    assert bool(can_flank(Combatant().add(condition, source="someone"))) is (condition not in CANNOT_FLANK)


def test_conditions_that_take_away_all_actions():
    for condition in ("dominated", "petrified", "unconscious"):
        actions = allowed_actions(Combatant().add(condition, source="someone"))
        assert actions.limit.value == "none" and not actions.can_attack and not actions.reactions


def test_stunned_takes_one_action_and_cannot_attack_or_move():
    stunned = having("stunned")
    assert allowed_actions(stunned).limit.value == "one action"
    assert not allowed_actions(stunned).can_attack
    assert not movement(stunned).can_move


def test_the_strictest_action_limit_applies():
    both = Combatant().add("dazed").add("swallowed", source="worm")
    assert allowed_actions(both).limit.value == "one action"


def test_blinded_can_still_make_opportunity_attacks_dazed_cannot():
    assert can_make_opportunity_attacks(having("blinded"))
    assert not can_make_opportunity_attacks(having("dazed"))
    assert not can_make_opportunity_attacks(having("stunned"))


def test_prone_crawls_and_slowed_pays_double():
    crawl = movement(having("prone", "slowed"))
    assert crawl.can_move and crawl.crawl_only and crawl.square_cost == 2


@pytest.mark.parametrize("condition", ["grabbed", "immobilized", "restrained", "stunned"])
def test_conditions_that_stop_movement(condition):
    assert not movement(Combatant().add(condition, source="someone")).can_move


def test_weakened_halves_damage_dealt_and_healing_received_rounding_down():
    weak = having("weakened")
    assert [damage_dealt(weak, n).value for n in range(16)] == [half_down(n) for n in range(16)]
    assert [healing_received(weak, n).value for n in range(16)] == [half_down(n) for n in range(16)]
    assert damage_dealt(Combatant(), 15).value == 15


def test_petrified_resists_all_damage():
    assert damage_taken(having("petrified"), 15).value == take_damage(15, "fire", ["Resist All"]).final < 15
    assert damage_taken(Combatant(), 15).value == 15


def test_coup_de_grace_against_helpless_or_unconscious():
    assert can_coup_de_grace(having("helpless"))
    assert can_coup_de_grace(having("unconscious"))
    assert not can_coup_de_grace(having("stunned"))


def test_total_defense_raises_every_defense_by_its_power_bonus_which_does_not_stack():
    bonus = TOTAL_DEFENSE_BONUS
    scores = {d.value: s for d, s in total_defense({"ac": 15, "will": 12}).scores.items()}
    assert scores == {"ac": 15 + bonus, "will": 12 + bonus}
    for included in range(bonus + 3):  # a power bonus already in the scores: only the better one counts
        raised = total_defense({"ac": 15}, power_bonus=included).scores
        assert {d.value: s for d, s in raised.items()} == {"ac": 15 + max(bonus - included, 0)}


def test_every_condition_has_effects_and_a_table_row():
    assert len(Condition) == 17
    assert set(EFFECTS) == set(Condition)
    assert len(condition_table().rows) == 17


def test_every_cited_rule_of_this_system_has_its_anchor_on_the_page():
    anchors = {anchor.name for anchor in load().pages["conditions.md"].anchors}
    ours = [rule.anchor for rule in Rule.cited() if rule.page == "conditions.md"]
    assert ours and set(ours) <= anchors


# Bad input


def test_unknown_condition_names_the_input():
    with pytest.raises(RulesError, match="Unknown condition 'confused'"):
        Combatant().add("confused")


def test_unknown_penalty_type_names_the_input():
    with pytest.raises(RulesError, match="Unknown penalty type 'flanking'"):
        stack_penalties([("flanking", -2)])


def test_a_positive_penalty_is_refused_with_a_tip():
    with pytest.raises(RulesError, match="Tip: write -2"):
        stack_penalties([("cover", 2)])


def test_saving_against_an_instance_that_is_not_there_is_refused():
    with pytest.raises(RulesError, match="Ari has no instance of dazed to end"):
        Combatant("Ari").save("dazed")


ARI = Combatant("Ari").add("grabbed", source="ogre")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Combatant(3), "A combatant's name must be a name such as 'Ari', not 3"),
        (lambda: Combatant("Ari", instances="prone"),
         r"instances must be a list or a set, such as \['prone'\]"),
        (lambda: Combatant("Ari", instances=["prone"]), "instances must be Instance"),
        (lambda: stack_penalties(None), "penalties must be a list or a set, not None"),
        (lambda: stack_penalties([-2]), r"A penalty is a \(type, value\) pair"),
        (lambda: attack_penalty("me", Combatant()), "attacker must be a Combatant"),
        (lambda: attack_penalty(Combatant(), "orc"), "target must be a Combatant"),
        (lambda: attack_penalty(Combatant(), Combatant(), adjacent="yes"), "adjacent must be True or False"),
        (lambda: attack_penalty(Combatant(), Combatant(), violates_mark="no"),
         "violates_mark must be True or False, not 'no'"),
        (lambda: attack_penalty(Combatant(), Combatant(), other=("power", -2)),
         r"A penalty is a \(type, value\) pair such as \('cover', -2\), not 'power'"),
        (lambda: attack_penalty(Combatant(), Combatant(), other="power"),
         r"other must be a list or a set, such as \['power'\], not the text 'power'"),
        (lambda: attack_penalty(Combatant(), Combatant(), cover=2), "Unknown cover 2"),
        (lambda: violates_mark(Combatant(), "x"), "attack must be an Attack"),
        (lambda: violates_mark("Orc", Attack(["x"])), "attacker must be a Combatant"),
        (lambda: violates_mark(Combatant(), Attack(["x"]), earlier="x"),
         r"earlier must be a list or a set, such as \['x'\]"),
        (lambda: violates_mark(Combatant(), Attack(["x"]), simultaneous=["x"]),
         "each of simultaneous must be an Attack"),
        (lambda: Attack(["x"], forced="yes"), "forced must be True or False, not 'yes'"),
        (lambda: Attack([3]), "An attack's targets must be names such as \\['orc'\\], not 3"),
        (lambda: triggers_opportunity_attacks(None), "attack must be an Attack"),
        (lambda: grants_combat_advantage(Combatant(), adjacent=None), "adjacent must be True or False"),
        (lambda: can_flank(None), "combatant must be a Combatant"),
        (lambda: movement("Ari"), "combatant must be a Combatant"),
        (lambda: can_be_commanded_by(ARI, 3), "dominator must be a name such as 'vampire', not 3"),
        (lambda: damage_dealt(ARI, "15"), "damage must be a whole number, not '15'"),
        (lambda: healing_received("Ari", 15), "target must be a Combatant"),
        (lambda: damage_dealt(None, 15), "attacker must be a Combatant"),
        (lambda: after_damage(ARI, None), "hit_points must be a whole number, not None"),
        (lambda: total_defense([16]), "defenses must map defenses to scores"),
        (lambda: total_defense({"AC": 16}, power_bonus="2"), "power_bonus must be a whole number, not '2'"),
        (lambda: escape_check(ARI, "ogre", "athletics", "15", {"fortitude": 14}),
         "check must be a whole number"),
        (lambda: escape_check(ARI, "ogre", "athletics", 15, 14), "defenses must map the source's defenses"),
        (lambda: forced_movement(ARI, away_from="ogre"),
         r"away_from must be a list or a set, such as \['ogre'\]"),
        (lambda: forced_movement(ARI, away_from=["ogre"], escapes=["ogre"]), "escapes must map each grabber"),
        (lambda: forced_movement(ARI, away_from=["ogre"], escapes={"ogre": "yes"}),
         r"escapes\['ogre'\] must be True or False, not 'yes'"),
    ],
)
def test_an_input_of_the_wrong_type_is_a_rules_type_error(call, message):
    with pytest.raises(RulesTypeError, match=message):
        call()


def test_a_negative_power_bonus_is_refused():
    with pytest.raises(RulesError, match="power_bonus must be 0 or more, not -2"):
        total_defense({"AC": 16}, power_bonus=-2)


@pytest.mark.parametrize(("conditions", "outcome"), [
    ((), "moves, 1 square of movement per square"),
    (("slowed",), "moves, 2 squares of movement per square"),
    (("prone",), "crawls, 1 square of movement per square"),
])
def test_movement_says_square_or_squares(conditions, outcome):
    assert movement(having(*conditions)).outcome == outcome


@pytest.mark.parametrize("written", ["superior cover", "Superior-Cover", "superior_cover", "superior"])
def test_cover_reads_with_spaces_hyphens_or_underscores(written):
    assert Cover.parse(written) is Cover.SUPERIOR


def test_cover_and_concealment_levels_read_by_their_first_word():
    assert Concealment.parse("total") is Concealment.TOTAL
    assert Cover.parse(None) is Cover.NONE


def test_the_source_table_lists_every_source_dependent_condition():
    rows = source_table().rows
    assert [name for _, name in rows] == list(SOURCE_NAMES.values())
    assert rows[1] == ("[Grabbed](conditions-list.md#grabbed)", "grabber")


def test_forced_movement_compares_the_names_it_is_given_whole():
    assert not forced_movement(ARI, away_from={"ogre"}).moves
    assert forced_movement(ARI, away_from=["o", "g", "r", "e"]).moves



def test_a_save_against_no_instance_names_the_word_given() -> None:
    """Another name for a condition is quoted beside the condition it means."""
    with pytest.raises(RulesError, match=r"Ari has no instance of exiled \('removed from game'\) to end"):
        Combatant("Ari").save("removed from game")


def test_a_grabber_named_twice_in_escapes_is_refused_naming_escapes():
    """Escapes are matched by name in any case: one grabber given twice is refused, naming the input."""
    twice = r"^escapes gives one key twice, as 'Ogre' and as 'ogre': give it once$"
    with pytest.raises(RulesError, match=twice):
        forced_movement(Combatant(), escapes={"Ogre": True, "ogre": False})
