"""The conditions rules' behaviour, pinned: each refusal, each field of a result, each table as text.

These checks were the programmers' section of docs/conditions.md, which keeps a few examples of the
error format and of a result. Each test names the rule or the input it checks.
"""

from __future__ import annotations

from rules.conditions import (
    Attack,
    Combatant,
    Concealment,
    Cover,
    Instance,
    Penalty,
    after_damage,
    allowed_actions,
    attack_penalty,
    can_be_commanded_by,
    can_coup_de_grace,
    can_flank,
    can_make_opportunity_attacks,
    condition_table,
    cover_table,
    damage_dealt,
    damage_taken,
    effects_of,
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
from rules.resistances import Resist
from tests.pinned import refusal

# The penalties of cover and concealment, from the rules (one source): a check that prints one computes
# it from these, so changing a level's penalty fails only the prose that states the old number.
COVER, SUPERIOR = Cover.COVER.penalty, Cover.SUPERIOR.penalty
CONCEALED, TOTAL = Concealment.CONCEALMENT.penalty, Concealment.TOTAL.penalty
MARK = -2  # the mark penalty (#marked), typed here as the rules type it: no constant names it
STONE = Resist("all").amount  # what a petrified character's Resist All takes away (#petrified)


def row(table, name):
    cells = next(cells for cells in table.rows if cells[0].startswith(f"[{name}]"))
    return "\n".join(f"{header}: {cell}" for header, cell in zip(table.headers, cells, strict=True))


def summary(result):
    return f"{result.situation}: {result.outcome}"


def figures(result):
    return result.start, result.changes, result.end


def test_a_bad_input_is_refused_with_a_message_naming_it():
    # moved from docs/conditions.md#condition-errors
    """Input the rules cannot use is refused with a message that names it."""
    assert refusal(lambda: Combatant("Ari").add("confused")) == (
        "RulesError: Unknown condition 'confused': use one of 'blinded', 'dazed', 'deafened', "
        "'dominated', 'exiled', 'grabbed', 'helpless', 'immobilized', 'marked', 'petrified', "
        "'prone', 'restrained', 'slowed', 'stunned', 'swallowed', 'unconscious' or 'weakened'"
    )
    assert refusal(lambda: stack_penalties([("flanking", -2)])) == (
        "RulesError: Unknown penalty type 'flanking': use one of 'cover', 'concealment', "
        "'power', 'mark' or 'untyped'"
    )
    assert (
        refusal(lambda: Combatant("Ari").add("grabbed"))
        == "RulesError: Grabbed needs a source: name the grabber, e.g. add('grabbed', source='ogre')"
    )
    assert refusal(lambda: Combatant("Ari").add("grabbed", source="ogre").escape("troll")) == (
        "RulesError: Ari cannot escape from 'troll': it holds no grabbed or swallowed instance "
        "(held by 'ogre')"
    )
    assert (
        refusal(lambda: stack_penalties([("cover", -2.5)]))
        == "RulesTypeError: A penalty's value must be a whole number, not -2.5"
    )
    assert (
        refusal(lambda: attack_penalty(Combatant(), Combatant(), cover="half"))
        == "RulesError: Unknown cover 'half': use one of 'none', 'cover' or 'superior cover'"
    )
    assert (
        refusal(
            lambda: escape_check(
                Combatant("Ari").add("grabbed", source="ogre"), "ogre", "stealth", 20, {"reflex": 12}
            )
        )
        == "RulesError: Unknown escape skill 'stealth': use one of 'acrobatics' or 'athletics'"
    )
    assert (
        refusal(
            lambda: escape_check(
                Combatant("Ari").add("grabbed", source="ogre"), "ogre", "athletics", 20, {"reflex": 12}
            )
        )
        == "RulesError: An athletics escape check needs ogre's Fortitude: none given"
    )
    assert (
        refusal(lambda: stack_penalties([-2]))
        == "RulesTypeError: A penalty is a (type, value) pair such as ('cover', -2), not -2"
    )
    assert (
        refusal(lambda: damage_dealt(Combatant("Ari"), -1)) == "RulesError: damage must be 0 or more, not -1"
    )
    assert (
        refusal(lambda: healing_received(Combatant("Ari"), "9"))
        == "RulesTypeError: healing must be a whole number, not '9'"
    )
    assert (
        refusal(lambda: after_damage(Combatant("Ari").add("unconscious"), 2.5))
        == "RulesTypeError: hit_points must be a whole number, not 2.5"
    )
    assert (
        refusal(lambda: total_defense({"AC": "18"}))
        == "RulesTypeError: The AC score must be a whole number, not '18'"
    )
    assert (
        refusal(lambda: Combatant("Ari").add("slowed", source=""))
        == "RulesError: A condition source must be a name such as 'ogre', not ''"
    )
    assert (
        refusal(lambda: Attack(["orc", ""]))
        == "RulesError: An attack's targets must be names such as ['orc'], not ''"
    )


def test_every_other_refusal_names_its_input():
    # moved from docs/conditions.md#condition-errors
    """Every other refusal names its input the same way."""
    assert refusal(lambda: damage_dealt("Ari", 10)) == (
        "RulesTypeError: attacker must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert refusal(lambda: healing_received("Ari", 10)) == (
        "RulesTypeError: target must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert refusal(lambda: damage_taken("Ari", 10)) == (
        "RulesTypeError: target must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert (
        refusal(lambda: damage_taken(Combatant(), "10"))
        == "RulesTypeError: damage must be a whole number, not '10'"
    )
    assert refusal(lambda: after_damage("Ari", 1)) == (
        "RulesTypeError: target must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert refusal(lambda: allowed_actions("Ari")) == (
        "RulesTypeError: combatant must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert refusal(lambda: can_flank("Ari")) == (
        "RulesTypeError: combatant must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert refusal(lambda: movement("Ari")) == (
        "RulesTypeError: combatant must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert refusal(lambda: perception_penalty("Ari")) == (
        "RulesTypeError: observer must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert refusal(lambda: grants_combat_advantage("Ari")) == (
        "RulesTypeError: target must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert (
        refusal(lambda: grants_combat_advantage(Combatant(), adjacent="no"))
        == "RulesTypeError: adjacent must be True or False, not 'no'"
    )
    assert refusal(lambda: attack_penalty("Ari", Combatant())) == (
        "RulesTypeError: attacker must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert refusal(lambda: attack_penalty(Combatant(), "Orc")) == (
        "RulesTypeError: target must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Orc'"
    )
    assert (
        refusal(lambda: attack_penalty(Combatant(), Combatant(), adjacent="no"))
        == "RulesTypeError: adjacent must be True or False, not 'no'"
    )
    assert (
        refusal(lambda: attack_penalty(Combatant(), Combatant(), violates_mark="yes"))
        == "RulesTypeError: violates_mark must be True or False, not 'yes'"
    )
    assert (
        refusal(lambda: attack_penalty(Combatant(), Combatant(), other=("power", -2)))
        == "RulesTypeError: A penalty is a (type, value) pair such as ('cover', -2), not 'power'"
    )
    assert (
        refusal(lambda: attack_penalty(Combatant(), Combatant(), other="power"))
        == "RulesTypeError: other must be a list or a set, such as ['power'], not the text 'power'"
    )
    assert refusal(lambda: can_coup_de_grace("Ari")) == (
        "RulesTypeError: target must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert refusal(lambda: can_be_commanded_by("Ari", "lich")) == (
        "RulesTypeError: target must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert (
        refusal(lambda: can_be_commanded_by(Combatant(), " "))
        == "RulesError: dominator must be a name such as 'vampire', not ' '"
    )
    grabbed = Combatant("Ari").add("grabbed", source="ogre")
    assert refusal(lambda: escape_check("Ari", "ogre", "athletics", 20, {})) == (
        "RulesTypeError: combatant must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert (
        refusal(lambda: escape_check(grabbed, "ogre", "athletics", "20", {}))
        == "RulesTypeError: check must be a whole number, not '20'"
    )
    assert refusal(lambda: escape_check(grabbed, "ogre", "athletics", 20, [("fortitude", 12)])) == (
        "RulesTypeError: defenses must map the source's defenses to scores, e.g. {'reflex': 14}, "
        "not [('fortitude', 12)]"
    )
    assert (
        refusal(lambda: escape_check(grabbed, "ogre", "athletics", 20, {"fortitude": "12"}))
        == "RulesTypeError: The fortitude score must be a whole number, not '12'"
    )
    assert (
        refusal(lambda: escape_check(grabbed, "ogre", "athletics", 20, {"fortitude": 12, "fort": 13}))
        == "RulesError: defenses gives one key twice, as 'fortitude' and as 'fort': give it once"
    )
    assert refusal(lambda: forced_movement("Ari")) == (
        "RulesTypeError: target must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Ari'"
    )
    assert (
        refusal(lambda: forced_movement(grabbed, away_from="ogre"))
        == "RulesTypeError: away_from must be a list or a set, such as ['ogre'], not the text 'ogre'"
    )
    assert (
        refusal(lambda: forced_movement(grabbed, away_from=[""]))
        == "RulesError: The names in away_from must be names such as 'ogre', not ''"
    )
    assert refusal(lambda: forced_movement(grabbed, escapes=["ogre"])) == (
        "RulesTypeError: escapes must map each grabber to True or False (did its check "
        "succeed?), not ['ogre']"
    )
    assert (
        refusal(lambda: forced_movement(grabbed, escapes={"": True}))
        == "RulesError: The names in escapes must be names such as 'ogre', not ''"
    )
    assert (
        refusal(lambda: forced_movement(grabbed, escapes={"ogre": "yes"}))
        == "RulesTypeError: escapes['ogre'] must be True or False, not 'yes'"
    )
    assert (
        refusal(lambda: total_defense([("AC", 16)]))
        == "RulesTypeError: defenses must map defenses to scores, e.g. {'AC': 16}, not [('AC', 16)]"
    )
    assert (
        refusal(lambda: total_defense({"AC": 16, "ac": 17}))
        == "RulesError: defenses gives one key twice, as 'AC' and as 'ac': give it once"
    )
    assert (
        refusal(lambda: total_defense({"AC": 16}, power_bonus=-1))
        == "RulesError: power_bonus must be 0 or more, not -1"
    )
    assert (
        refusal(lambda: total_defense({"charisma": 16}))
        == "RulesError: Unknown defense 'charisma': use one of 'ac', 'fortitude', 'reflex' or 'will'"
    )
    assert refusal(lambda: violates_mark("Orc", Attack(["wizard"]))) == (
        "RulesTypeError: attacker must be a Combatant(...), such as Combatant('Ari').add('prone'), not 'Orc'"
    )
    assert (
        refusal(lambda: violates_mark(Combatant(), "wizard"))
        == "RulesTypeError: attack must be an Attack(...), such as Attack(['orc']), not 'wizard'"
    )
    assert refusal(lambda: violates_mark(Combatant(), Attack(["wizard"]), simultaneous="wizard")) == (
        "RulesTypeError: simultaneous must be a list or a set, such as ['wizard'], not the text 'wizard'"
    )
    assert refusal(lambda: violates_mark(Combatant(), Attack(["wizard"]), simultaneous=["wizard"])) == (
        "RulesTypeError: each of simultaneous must be an Attack(...), such as Attack(['orc']), not 'wizard'"
    )
    assert refusal(lambda: violates_mark(Combatant(), Attack(["wizard"]), earlier="wizard")) == (
        "RulesTypeError: earlier must be a list or a set, such as ['wizard'], not the text 'wizard'"
    )
    assert refusal(lambda: violates_mark(Combatant(), Attack(["wizard"]), earlier=["wizard"])) == (
        "RulesTypeError: each of earlier must be an Attack(...), such as Attack(['orc']), not 'wizard'"
    )
    assert (
        refusal(lambda: triggers_opportunity_attacks("wizard"))
        == "RulesTypeError: attack must be an Attack(...), such as Attack(['orc']), not 'wizard'"
    )
    assert refusal(lambda: Attack(5)) == "RulesTypeError: An attack's targets must be a list or a set, not 5"
    assert (
        refusal(lambda: Attack(["orc"], forced="yes"))
        == "RulesTypeError: forced must be True or False, not 'yes'"
    )
    assert (
        refusal(lambda: Attack(["orc"], removed_by_enemy=[""]))
        == "RulesError: removed_by_enemy must be names such as ['orc'], not ''"
    )
    assert (
        refusal(lambda: Attack(["orc"], marked_during=[""]))
        == "RulesError: marked_during must be names such as ['orc'], not ''"
    )
    assert (
        refusal(lambda: Attack(["orc"], provokes="yes"))
        == "RulesTypeError: provokes must be True or False, not 'yes'"
    )
    assert (
        refusal(lambda: Combatant(""))
        == "RulesError: A combatant's name must be a name such as 'Ari', not ''"
    )
    assert refusal(lambda: Combatant("Ari", instances="prone")) == (
        "RulesTypeError: instances must be a list or a set, such as ['prone'], not the text 'prone'"
    )
    assert refusal(lambda: Combatant("Ari", instances=["prone"])) == (
        "RulesTypeError: instances must be Instance(...) values (add() adds a condition), not 'prone'"
    )
    assert refusal(lambda: Instance("grabbed")) == (
        "RulesError: Grabbed needs a source: name the grabber, e.g. Instance('grabbed', source='ogre')"
    )
    assert (
        refusal(lambda: Penalty("cover", -2, 5))
        == "RulesTypeError: A penalty's reason is text such as 'prone', not 5"
    )
    assert refusal(lambda: stack("cover")) == (
        "RulesTypeError: penalties must be a list or a set, such as ['cover'], not the text 'cover'"
    )


def test_a_conditions_effects_come_from_the_same_data_as_the_table():
    # moved from docs/conditions.md#condition-table-in-code
    """The condition table is computed from the same data as the rules; one condition's effects, in code."""
    prone = effects_of("Prone")
    assert (prone.combat_advantage.value, prone.movement.value, prone.penalties) == (
        "to adjacent enemies",
        "crawl only",
        "-2 power to attack rolls; cover (or superior cover) against non-adjacent attackers",
    )


def test_each_row_of_the_condition_table_reads_one_column_a_line():
    # moved from docs/conditions.md#condition-table-in-code
    """Each row of the table reads the same way in an example, one column a line."""
    assert row(condition_table(), "Stunned") == (
        "Condition: [Stunned](conditions-list.md#stunned)\n"
        "Grants combat advantage: yes\n"
        "Cannot flank: yes\n"
        "Actions: one action; cannot attack; no opportunity or immediate actions\n"
        "Movement: cannot move\n"
        "Penalties: —\n"
        "Line of sight: —"
    )
    assert row(condition_table(), "Blinded") == (
        "Condition: [Blinded](conditions-list.md#blinded)\n"
        "Grants combat advantage: yes\n"
        "Cannot flank: yes\n"
        "Actions: —\n"
        "Movement: —\n"
        f"Penalties: {TOTAL} concealment to attack rolls; {TOTAL} concealment to perception\n"
        "Line of sight: none to anything"
    )
    assert row(condition_table(), "Restrained") == (
        "Condition: [Restrained](conditions-list.md#restrained)\n"
        "Grants combat advantage: yes\n"
        "Cannot flank: —\n"
        "Actions: —\n"
        "Movement: cannot move; ignores forced movement\n"
        "Penalties: -2 power to attack rolls\n"
        "Line of sight: —"
    )
    assert row(condition_table(), "Prone") == (
        "Condition: [Prone](conditions-list.md#prone)\n"
        "Grants combat advantage: to adjacent enemies\n"
        "Cannot flank: —\n"
        "Actions: —\n"
        "Movement: crawl only\n"
        "Penalties: -2 power to attack rolls; cover (or superior cover) against non-adjacent "
        "attackers\n"
        "Line of sight: —"
    )
    assert row(condition_table(), "Dazed") == (
        "Condition: [Dazed](conditions-list.md#dazed)\n"
        "Grants combat advantage: —\n"
        "Cannot flank: yes\n"
        "Actions: one minor, and one standard or move; no opportunity or immediate actions\n"
        "Movement: —\n"
        "Penalties: —\n"
        "Line of sight: —"
    )


def test_every_answer_carries_its_situation_in_one_line():
    # moved from docs/conditions.md#conditions-results
    """Every answer carries its situation in one line, as the worked examples show it. Here is each
    question once, with the situation and the answer (a check, a defense score or hit points may be
    below 0: the code takes them as given).
    """
    held = Combatant("Ari").add("grabbed", source="ogre").add("grabbed", source="troll")
    assert (
        summary(damage_dealt(Combatant("Ari").add("weakened"), 15))
        == "15 damage dealt by Ari: weakened: 7 damage"
    )
    assert (
        summary(healing_received(Combatant("Ari"), 9))
        == "9 healing received by Ari: no conditions: 9 healing"
    )
    assert summary(damage_taken(Combatant("Ari"), 10)) == "10 damage to Ari: no conditions: 10 damage"
    assert (
        summary(damage_taken(Combatant("Ari").add("petrified"), 15))
        == f"15 damage to Ari: petrified: {15 - STONE(15)} damage"
    )
    assert (
        summary(after_damage(Combatant("Ari").add("unconscious"), -3))
        == "Ari: unconscious, prone damaged, -3 hit points left: Ari: unconscious, prone"
    )
    assert summary(total_defense({"armor class": 16, "fort": 14, "ref": 15}, power_bonus=2)) == (
        "Total Defense with AC 16, Fortitude 14, Reflex 15 (a +2 power bonus included): AC 18, "
        "Fortitude 16, Reflex 17"
    )
    assert (
        summary(total_defense({"AC": 16}, power_bonus=4))
        == "Total Defense with AC 16 (a +4 power bonus included): AC 16"
    )
    assert summary(
        escape_check(
            Combatant("Ari").add("grabbed", source="worm").add("swallowed", source="worm"),
            "worm",
            "athletics",
            20,
            {"fortitude": 20},
        )
    ) == (
        "Ari: grabbed (grabber: worm), swallowed (swallower: worm) tries to escape worm: "
        "Athletics 20 vs worm's Fortitude 20: escapes: Ari: no conditions"
    )
    assert summary(
        escape_check(
            Combatant("Ari").add("grabbed", source="ogre"),
            "ogre",
            "acrobatics",
            -1,
            {"reflex": -2, "fortitude": 17},
        )
    ) == (
        "Ari: grabbed (grabber: ogre) tries to escape ogre: Acrobatics -1 vs ogre's Reflex -2: "
        "escapes: Ari: no conditions"
    )
    assert summary(
        escape_check(Combatant("Ari").add("grabbed", source="ogre"), "ogre", "acrobatics", 12, {"ref": 13})
    ) == (
        "Ari: grabbed (grabber: ogre) tries to escape ogre: Acrobatics 12 vs ogre's Reflex 13: "
        "still held: Ari: grabbed (grabber: ogre)"
    )
    assert (
        summary(forced_movement(Combatant("Ari").add("restrained")))
        == "Forced movement of Ari: restrained: negated: Ari: restrained"
    )
    assert summary(
        forced_movement(held, away_from=["ogre", "troll"], escapes={"ogre": True, "troll": True})
    ) == (
        "Forced movement of Ari: grabbed (grabber: ogre), grabbed (grabber: troll), away from "
        "ogre, troll: moves: Ari: no conditions"
    )
    assert summary(forced_movement(held, away_from=["troll"], escapes={"troll": False})) == (
        "Forced movement of Ari: grabbed (grabber: ogre), grabbed (grabber: troll), away from "
        "troll: negated: Ari: grabbed (grabber: ogre), grabbed (grabber: troll)"
    )
    orc = Combatant("Orc").add("marked", source="fighter")
    assert (
        summary(violates_mark(orc, Attack(["wizard", "cleric"])))
        == "Orc: marked (marker: fighter) attacks wizard, cleric: yes"
    )
    assert (
        summary(violates_mark(orc, Attack([], forced=True)))
        == "Orc: marked (marker: fighter) attacks no one (a forced attack): no"
    )
    assert (
        summary(violates_mark(Combatant("Orc"), Attack("wizard"))) == "Orc: no conditions attacks wizard: no"
    )
    assert (
        summary(triggers_opportunity_attacks(Attack(["wizard"], provokes=True)))
        == "An attack on wizard, which would provoke: yes"
    )
    assert (
        summary(triggers_opportunity_attacks(Attack(["wizard"], forced=True)))
        == "An attack on wizard (a forced attack): no"
    )
    assert summary(triggers_opportunity_attacks(Attack(["wizard"]))) == "An attack on wizard: no"
    assert (
        summary(grants_combat_advantage(Combatant("Ari").add("prone"), adjacent=False))
        == "an enemy not adjacent attacks Ari: prone: no"
    )
    assert (
        summary(grants_combat_advantage(Combatant("Ari")))
        == "an adjacent enemy attacks Ari: no conditions: no"
    )
    assert summary(can_flank(Combatant("Ari").add("dazed"))) == "Ari: dazed would flank an enemy: no"
    assert summary(allowed_actions(Combatant("Ari").add("stunned"))) == (
        "The turn of Ari: stunned: actions: one action; cannot attack; no opportunity or immediate actions"
    )
    assert (
        summary(can_make_opportunity_attacks(Combatant("Ari")))
        == "Ari: no conditions could make an opportunity attack: yes"
    )
    assert (
        summary(movement(Combatant("Ari").add("slowed")))
        == "The movement of Ari: slowed: moves, 2 squares of movement per square"
    )
    assert summary(
        attack_penalty(
            Combatant("Ari"),
            Combatant("Orc").add("prone"),
            adjacent=False,
            cover="cover",
            concealment="total",
            violates_mark=True,
        )
    ) == (
        "Ari: no conditions attacks Orc: prone (not adjacent, cover, total concealment, violates "
        f"a mark): {SUPERIOR + TOTAL + MARK} to the attack roll"  # prone: cover one step up
    )
    assert (
        summary(attack_penalty(Combatant("Ari"), Combatant("Orc")))
        == "Ari: no conditions attacks Orc: no conditions (adjacent): 0 to the attack roll"
    )
    assert (
        summary(perception_penalty(Combatant("Ari").add("deafened")))
        == "Penalties -2 concealment (deafened): -2 in total"
    )
    assert summary(stack([])) == "No penalties: 0 in total"
    assert (
        summary(stack([("cover", -2), ("mark", -2), ("mark", -2)]))
        == "Penalties -2 cover, -2 mark, -2 mark: -4 in total"
    )
    assert (
        summary(can_coup_de_grace(Combatant("Ari").add("helpless")))
        == "A Coup de Grace against Ari: helpless: yes"
    )
    assert summary(can_coup_de_grace(Combatant("Ari"))) == "A Coup de Grace against Ari: no conditions: no"
    assert (
        summary(can_be_commanded_by(Combatant("Ari").add("dominated", source="lich"), "lich"))
        == "lich commands Ari: dominated (dominator: lich): yes"
    )
    assert summary(can_be_commanded_by(Combatant("Ari"), "lich")) == "lich commands Ari: no conditions: no"


def test_a_yes_or_no_answer_is_true_or_false():
    # moved from docs/conditions.md#conditions-results
    """A yes-or-no answer is `True` or `False`, never anything else, and so are the fields of an allowance."""
    held = Combatant("Ari").add("grabbed", source="ogre").add("grabbed", source="troll")
    assert [
        result.answer
        for result in (
            escape_check(
                Combatant("Ari").add("grabbed", source="ogre"), "ogre", "acrobatics", 12, {"reflex": 13}
            ),
            forced_movement(Combatant("Ari").add("restrained")),
            forced_movement(held, away_from=["troll"], escapes={"troll": False}),
            triggers_opportunity_attacks(Attack(["wizard"], forced=True)),
            triggers_opportunity_attacks(Attack(["wizard"])),
            can_coup_de_grace(Combatant("Ari")),
        )
    ] == [False, False, False, False, False, False]
    assert [
        (turn.can_attack, turn.reactions)
        for turn in map(
            allowed_actions,
            (
                Combatant("Ari").add("stunned"),
                Combatant("Ari").add("dazed"),
                Combatant("Ari").add("unconscious"),
            ),
        )
    ] == [(False, False), (True, False), (False, False)]


def test_amounts_carry_their_start_and_each_change():
    # moved from docs/conditions.md#conditions-results
    """Amounts carry the figure they started from and each change, and the explanations show every step."""
    assert [
        figures(amount)
        for amount in (
            damage_dealt(Combatant("Ari").add("weakened"), 15),
            healing_received(Combatant("Ari"), 9),
            damage_taken(Combatant("Ari"), 10),
            damage_taken(Combatant("Ari").add("petrified"), 15),
        )
    ] == [(15, (-8,), 7), (9, (), 9), (10, (), 10), (15, (-STONE(15), 0), 15 - STONE(15))]
    assert [
        figures(stacked)
        for stacked in (
            stack([("cover", -2)]),
            stack([("cover", -2), ("power", -2)]),
            stack([("cover", -2), ("cover", -5)]),
        )
    ] == [(0, (-2,), -2), (0, (-4,), -4), (0, (-5,), -5)]
    assert str(damage_taken(Combatant("Ari"), 10).explain()) == (
        "1. Petrified (§petrified): not petrified: full damage taken\n= 10 damage"
    )
    assert str(stack([("mark", -2), ("mark", -2)]).explain()) == (
        "1. Ruling: the mark penalty type (§ruling-mark-penalty-type): -2 mark, -2 mark: only "
        "the largest mark penalty, -2, applies\n"
        "= -2 in total"
    )
    assert str(
        attack_penalty(
            Combatant("Ari"), Combatant("Orc"), cover="superior", concealment="total", other=[("cover", -2)]
        ).explain()
    ) == (
        f"1. Cover and concealment (§cover-and-concealment): superior cover: {SUPERIOR} cover penalty\n"
        f"2. Cover and concealment (§cover-and-concealment): total concealment: {TOTAL} concealment "
        "penalty\n"
        f"3. Stacking (§penalty-stacking): {SUPERIOR} cover (superior cover), -2 cover: only the largest "
        f"cover penalty, {SUPERIOR}, applies\n"
        "4. Stacking (§penalty-stacking): different types add up: "
        f"{SUPERIOR} + {TOTAL} = {SUPERIOR + TOTAL}\n"
        f"5. Total attack penalty (§total-attack-penalty): total attack penalty {SUPERIOR + TOTAL}\n"
        f"= {SUPERIOR + TOTAL} to the attack roll"
    )
    assert repr(stack([("none", -1), ("cover", -2)]).applied) == (
        "(Penalty(kind=<PenaltyType.COVER: 'cover'>, value=-2, reason=''), "
        "Penalty(kind=<PenaltyType.UNTYPED: 'untyped'>, value=-1, reason=''))"
    )
    assert (total_defense({}).situation, total_defense({"AC": -1}).outcome) == (
        "Total Defense with no defenses",
        "AC 3",
    )
    assert (
        type(total_defense({"AC": 16}).scores).__name__,
        attack_penalty(Combatant(), Combatant(), cover="cover").stacked.total,
    ) == ("mappingproxy", COVER)


def test_the_explanations_name_each_rule_and_figure_on_every_branch(capsys):
    # moved from docs/conditions.md#conditions-results
    """The explanations name each rule and each figure, whatever the branch."""
    held = Combatant("Ari").add("grabbed", source="ogre").add("grabbed", source="troll")
    thrice = (
        Combatant("Ari")
        .add("dominated", source="vampire")
        .add("dominated", source="hag")
        .add("dominated", source="lich")
    )
    for result in (
        healing_received(Combatant("Ari").add("weakened"), 9),
        escape_check(
            Combatant("Ari").add("grabbed", source="worm").add("swallowed", source="worm"),
            "worm",
            "athletics",
            20,
            {"fortitude": 19},
        ),
        forced_movement(held, away_from=["ogre", "troll"], escapes={"ogre": True, "troll": True}),
        triggers_opportunity_attacks(Attack(["wizard"], provokes=True)),
        attack_penalty(Combatant("Ari").add("blinded"), Combatant("Orc"), concealment="total"),
        can_coup_de_grace(Combatant("Ari")),
        can_be_commanded_by(thrice, "lich"),
        can_be_commanded_by(Combatant("Ari").add("dominated", source="lich"), "lich"),
        can_be_commanded_by(Combatant("Ari"), "lich"),
    ):
        print(result.explain())
    assert capsys.readouterr().out == (
        "1. Ruling: Weakened rounds down (§ruling-weakened-rounds-down): weakened: healing "
        "received 9 halved, rounded down: 4\n"
        "= 4 healing\n"
        "1. Escape checks (§escape-checks): Athletics targets Fortitude\n"
        "2. Escape checks (§escape-checks): Athletics 20 vs worm's Fortitude 19: success\n"
        "3. Ruling: what an escape ends (§ruling-escape-ends-source): ends every instance worm "
        "holds: grabbed, swallowed\n"
        "= escapes: Ari: no conditions\n"
        "1. Forced movement while grabbed (§grabbed-forced-movement): free escape check against "
        "ogre succeeds\n"
        "2. Forced movement while grabbed (§grabbed-forced-movement): free escape check against "
        "troll succeeds\n"
        "3. Ruling: forced movement and several grabbers "
        "(§ruling-forced-movement-several-grabbers): every check succeeded: moves\n"
        "= moves: Ari: no conditions\n"
        "1. Opportunity attacks (§opportunity-attacks): the attack provokes as usual\n"
        "= yes\n"
        f"1. Cover and concealment (§cover-and-concealment): total concealment: {TOTAL} concealment "
        "penalty\n"
        f"2. Blinded (§blinded): blinded attacker: the target has total concealment, {TOTAL}\n"
        f"3. Stacking (§penalty-stacking): {TOTAL} concealment (total concealment), {TOTAL} concealment "
        f"(blinded): only the largest concealment penalty, {TOTAL}, applies\n"
        f"4. Total attack penalty (§total-attack-penalty): total attack penalty {TOTAL}\n"
        f"= {TOTAL} to the attack roll\n"
        "1. Helpless (§helpless): neither helpless nor unconscious\n"
        "= no\n"
        "1. Several dominators (§several-dominators): lich dominates Ari: move action to move "
        "it, standard to attack (as can vampire, hag)\n"
        "= yes\n"
        "1. Several dominators (§several-dominators): lich dominates Ari: move action to move "
        "it, standard to attack\n"
        "= yes\n"
        "1. Several dominators (§several-dominators): lich does not dominate Ari\n"
        "= no\n"
    )


def test_an_escape_names_whoever_holds_the_character(capsys):
    # moved from docs/conditions.md#conditions-results
    """The answers name whoever holds the character, however many they are."""
    held = Combatant("Ari").add("grabbed", source="ogre").add("grabbed", source="troll")
    assert refusal(lambda: Combatant("Ari").escape("ogre")) == (
        "RulesError: Ari cannot escape from 'ogre': it holds no grabbed or swallowed instance "
        "(held by nobody)"
    )
    assert refusal(lambda: held.escape("worm")) == (
        "RulesError: Ari cannot escape from 'worm': it holds no grabbed or swallowed instance "
        "(held by 'ogre', 'troll')"
    )
    assert (
        refusal(lambda: Combatant("Ari").save("prone")) == "RulesError: Ari has no instance of prone to end"
    )
    assert (
        refusal(lambda: Combatant("Ari").save("stun"))
        == "RulesError: Ari has no instance of stunned ('stun') to end"
    )
    assert (
        refusal(
            lambda: Combatant(
                "Ari",
                instances=(
                    Instance("swallowed", "worm"),
                    Instance("swallowed", "toad"),
                    Instance("swallowed", "frog"),
                ),
            )
        )
        == "RulesError: Ari is swallowed by 'worm': cannot be swallowed by 'toad' too"
    )
    print(
        Instance("grabbed", source=" ogre "),
        "|",
        Attack(" orc ").targets,
        "|",
        Combatant("Ari").add("unconscious"),
    )
    assert capsys.readouterr().out == "grabbed (grabber: ogre) | ('orc',) | Ari: unconscious, prone\n"


def test_the_condition_table_prints_as_the_page_shows_it():
    # moved from docs/conditions.md#conditions-tables-in-code
    """Each table on the page is computed from the rules' own data; here is each one as the code prints
    it. From Condition sources (#condition-sources).
    """
    assert str(source_table()) == (
        "Condition                                  Its source is the\n"
        "-----------------------------------------  -----------------\n"
        "[Dominated](conditions-list.md#dominated)  dominator\n"
        "[Grabbed](conditions-list.md#grabbed)      grabber\n"
        "[Marked](conditions-list.md#marked)        marker\n"
        "[Swallowed](conditions-list.md#swallowed)  swallower"
    )


def test_the_cover_and_concealment_table_prints_as_the_page_shows_it():
    # moved from docs/conditions.md#conditions-tables-in-code
    """From Cover and concealment (#cover-and-concealment)."""
    penalties = {
        "Concealment": f"{CONCEALED} concealment penalty to the attack roll",
        "Total concealment": f"{TOTAL} concealment penalty to the attack roll",
        "Cover": f"{COVER} cover penalty to the attack roll",
        "Superior cover": f"{SUPERIOR} cover penalty to the attack roll",
    }
    width = max(map(len, penalties.values()))
    assert str(cover_table()) == "\n".join(
        [
            "The target has     Penalty",
            f"-----------------  {'-' * width}",
            *(f"{level:<17}  {penalty}" for level, penalty in penalties.items()),
        ]
    )
    assert [
        attack_penalty(Combatant(), Combatant(), concealment=level).total
        for level in ("concealment", "total")
    ] == [CONCEALED, TOTAL]
    assert [
        attack_penalty(Combatant(), Combatant(), cover=level).total for level in ("cover", "superior")
    ] == [COVER, SUPERIOR]
    assert attack_penalty(Combatant(), Combatant(), cover="superior", concealment="total").total == (
        SUPERIOR + TOTAL
    )
