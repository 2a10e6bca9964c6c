"""The typed damage rules' behaviour, pinned: each refusal, each field of a result, each table as text.

These checks were the programmers' section of docs/typed-damage.md, which keeps a few examples of the
error format and of a result. Each test names the rule or the input it checks.
"""

from __future__ import annotations

from fractions import Fraction

from rules.typed_damage import (
    Armor,
    Face,
    Mode,
    Weapon,
    WoundLevel,
    WoundTrack,
    damage,
    dice_pool,
    distribution,
    expected_damage,
    parse_armor,
    parse_weapon,
    plan,
    read_roll,
)
from rules.typed_damage.equipment import source_name
from rules.typed_damage.odds import (
    convolve,
    hardened_chart,
    hardened_check,
    mode_distribution,
)
from rules.typed_damage.samples import face_table
from rules.typed_damage.wounds import severity_track_table, simple_track_table
from tests.pinned import refusal, shown


def test_unreadable_notation_is_refused_with_text_position_and_caret():
    # moved from docs/typed-damage.md#typed-damage-errors
    """Notation that cannot be read is refused with the text, the position of the first bad character and
    a caret under it; other bad values name what is wrong.
    """
    assert refusal(lambda: parse_armor("Chainmail: ---*++ H")) == (
        "NotationError: Cannot read armor 'Chainmail: ---*++ H': unexpected 'H'; expected an "
        "armor symbol (-, *, +, B, E, X) or '(' at position 18\n"
        "    Chainmail: ---*++ H\n"
        "                      ^"
    )
    assert refusal(lambda: parse_armor("Foam: EEEE(Fire, Ab")) == (
        "NotationError: Cannot read armor 'Foam: EEEE(Fire, Ab': the text ends where ',' or ')' "
        "should follow at position 19\n"
        "    Foam: EEEE(Fire, Ab\n"
        "                       ^"
    )
    assert refusal(lambda: parse_weapon("4-/+")) == (
        "NotationError: Cannot read weapon '4-/+': unexpected '+'; expected the number of dice "
        "at position 3\n"
        "    4-/+\n"
        "       ^"
    )
    assert refusal(lambda: parse_armor("--+(Cold)")) == (
        "NotationError: Cannot read armor '--+(Cold)': 'Cold' names an energy type, but the "
        "armor has no E (Tip: write E(Cold) for one point against cold) at position 4\n"
        "    --+(Cold)\n"
        "        ^"
    )
    assert (
        refusal(lambda: damage("3-", "+-*", "-+ ", margin=2))
        == "RulesError: The pool is 4 dice, but the roll [-][+][ ] has 3"
    )
    assert refusal(lambda: damage("3-", None, "-x-")) == (
        "NotationError: Cannot read roll '-x-': 'x' is not a face of a Fudge die ('-', ' ', '*' "
        "or '+') at position 1\n"
        "    -x-\n"
        "     ^"
    )
    assert (
        refusal(lambda: dice_pool("3-", None, margin=-1))
        == "RulesError: margin must be 0 or more, not -1 (a miss does no damage)"
    )
    assert (
        refusal(lambda: dice_pool("4-/2+", None, mode=2))
        == "RulesError: mode must be the number of one of the weapon's modes (0: 4-, 1: 2+), not 2"
    )
    assert (
        refusal(lambda: dice_pool("4-/2+", None, mode=-1))
        == "RulesError: mode must be the number of one of the weapon's modes (0: 4-, 1: 2+), not -1"
    )
    assert refusal(lambda: damage("3-", "+-*", ["[-]", "[x]", "[ ]", "[+]"], margin=2)) == (
        "NotationError: Cannot read die face '[x]': a Fudge die shows '-', ' ' (or '*') or '+' "
        "at position 0\n"
        "    [x]\n"
        "    ^"
    )
    assert refusal(lambda: parse_weapon(": 3-")) == (
        "NotationError: Cannot read weapon ': 3-': an empty name before ':' at position 0\n    : 3-\n    ^"
    )
    assert refusal(lambda: parse_weapon("3-x")) == (
        "NotationError: Cannot read weapon '3-x': unexpected 'x'; expected the end of the "
        "notation at position 2\n"
        "    3-x\n"
        "      ^"
    )
    assert refusal(lambda: WoundTrack.simple().take(-1)) == "RulesError: damage must be 0 or more, not -1"


def test_the_table_of_faces_prints_as_the_page_shows_it():
    # moved from docs/typed-damage.md#faces-in-code
    """The table of faces at the top of the page, as the code prints it."""
    assert str(face_table()) == (
        "Face                 Type            Sample weapons\n"
        "-------------------  --------------  "
        "---------------------------------------------------------------------------------------------------\n"
        "`[-]`                slashing (`-`)  Dagger, Shortsword, Longsword, Shuriken\n"
        "`[ ]` (written `*`)  impact (`*`)    Fist, Gauntlet, Light Club, Truncheon, Mace\n"
        "`[+]`                piercing (`+`)  Dagger, Stiletto, Shortsword, Longsword, Rapier, "
        "Spear, Dart, Self Bow, Shortbow, Longbow, Crossbow"
    )


def test_every_notation_refusal_names_the_text_and_position():
    # moved from docs/typed-damage.md#typed-damage-refusals
    """Energy intensities, damage types, the size of numbers and of notation (a number of 101 digits is
    shown without its quoted text, one unbroken run of nines) and armor notes: each refusal's first
    line names the text and the position."""
    assert (
        shown(lambda: parse_weapon("4E++"))
        == "Cannot read weapon '4E++': '+' twice in an energy intensity at position 3"
    )
    assert shown(lambda: parse_weapon("4E")) == (
        "Cannot read weapon '4E': the text ends where the energy intensity (E+, E*+ or E-*+) "
        "should follow at position 2"
    )
    assert shown(lambda: parse_weapon("4Ex")) == (
        "Cannot read weapon '4Ex': unexpected 'x'; expected the energy intensity (E+, E*+ or "
        "E-*+) at position 2"
    )
    assert (
        shown(lambda: parse_weapon("  : 3-"))
        == "Cannot read weapon '  : 3-': an empty name before ':' at position 2"
    )
    assert shown(lambda: parse_weapon("3x")) == (
        "Cannot read weapon '3x': unexpected 'x'; expected a damage type: '-', '*', '+', 'B' or "
        "'E' at position 1"
    )
    assert shown(lambda: parse_weapon("3-" * 5001)) == (
        "Cannot read weapon "
        "'3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3-3...-3-3-3-3-3-3-3-3-3-' (10004 "
        "characters): it is longer than 10000 characters, the most notation may have at position "
        "10000"
    )
    assert (
        shown(lambda: parse_weapon("Big: " + "9" * 101 + "-")).rpartition("): ")[2]
        == "a number above 10**100, the largest the rules accept at position 5"
    )
    assert (
        parse_weapon("Big: " + "9" * 100 + "-").modes[0].dice == 10**100 - 1,
        parse_armor("X" * 1000).universal,
    ) == (True, 1000)
    assert shown(lambda: parse_armor("-X" * 1001)) == (
        "Cannot read armor "
        "'-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-X-...X-X-X-X-X-X-X-X-X-X' (2004 "
        "characters): more than 1000 slashing symbols, the most an armor may have at position "
        "2000"
    )
    assert shown(lambda: parse_armor("--(H, )")) == "Cannot read armor '--(H, )': an empty note at position 6"
    assert (
        shown(lambda: parse_armor("--(H (x))"))
        == "Cannot read armor '--(H (x))': unexpected '('; expected ',' or ')' at position 5"
    )
    assert shown(lambda: parse_armor("--(H)x")) == (
        "Cannot read armor '--(H)x': unexpected 'x'; expected the end of the notation at position 5"
    )
    assert (
        shown(lambda: parse_armor("--(H vs.)"))
        == "Cannot read armor '--(H vs.)': 'H vs.' names nothing at position 3"
    )


def test_a_hits_other_inputs_are_refused_by_name():
    # moved from docs/typed-damage.md#typed-damage-refusals
    """The other inputs of a hit, each wrong in turn (the last is a good one)."""
    assert shown(lambda: dice_pool("3-", None, strength=-1)) == "strength must be 0 or more, not -1"
    assert shown(lambda: dice_pool("3-", None, mode="1")) == "mode must be a whole number, not '1'"
    assert shown(lambda: dice_pool("3-", None, "2")) == "margin must be a whole number, not '2'"
    assert (
        shown(lambda: dice_pool("3-", None, source=" ")) == "A source must be a name such as 'arrow', not ' '"
    )
    assert shown(lambda: dice_pool(3, None)) == "A weapon is notation text such as '3-', not 3"
    assert shown(lambda: dice_pool("3-", 5)) == "Armor is notation text such as '---*++', or None, not 5"
    assert shown(lambda: dice_pool("3-", None, strength=2)) == "5"


def test_weapons_modes_and_armor_built_in_code_are_checked_as_notation(capsys):
    # moved from docs/typed-damage.md#typed-damage-refusals
    """Weapons, modes and armor built in code are checked as notation is: each field names itself when it
    is wrong, an armor has at most 1000 of one symbol, and only energy has an intensity. A weapon built
    from a list of modes is the same value as the one its notation gives.
    """
    assert shown(lambda: Armor(slashing=-1)) == "slashing must be 0 or more, not -1"
    assert (
        shown(lambda: Armor(universal=1001))
        == "universal must be at most 1000 symbols (armor's limit), not 1001"
    )
    assert (
        shown(lambda: Armor(energy_types="Fire"))
        == "energy_types must be a list or a set, such as ['Fire'], not the text 'Fire'"
    )
    assert shown(lambda: Armor(hardened="yes")) == "hardened must be True or False, not 'yes'"
    assert (
        shown(lambda: Armor(hardened_vs=("Arrows",)))
        == "hardened_vs ('Arrows',) needs hardened=True: only hardened armor is hardened against something"
    )
    assert (
        shown(lambda: Armor(hardened_vs="Arrows", hardened=True))
        == "hardened_vs must be a list or a set, such as ['Arrows'], not the text 'Arrows'"
    )
    assert shown(lambda: Armor(ablative=1)) == "ablative must be True or False, not 1"
    assert shown(lambda: Armor(name=" ")) == "name must be a name such as 'Longsword', not ' '"
    assert (
        shown(lambda: Armor(energy=1, energy_types=[""]))
        == "energy_types must be words such as 'Fire', not ''"
    )
    assert Armor(universal=1000).universal == 1000
    assert shown(lambda: Mode(-1, "-")) == "A mode's dice must be 0 or more, not -1"
    assert shown(lambda: Mode(2, "x")) == "Unknown damage type 'x': use one of '-', '*', '+', 'B' or 'E'"
    assert (
        shown(lambda: Mode(2, "E", "+"))
        == "intensity must be a list or a set, such as ['+'], not the text '+'"
    )
    assert (
        shown(lambda: Mode(2, "E", ["x"]))
        == "Cannot read die face 'x': a Fudge die shows '-', ' ' (or '*') or '+' at position 0"
    )
    assert shown(lambda: Mode(2, "E", ["+"], "yes")) == "armor_piercing must be True or False, not 'yes'"
    assert (
        shown(lambda: Mode(2, "-", (), False, "Fire"))
        == "notes must be a list or a set, such as ['Fire'], not the text 'Fire'"
    )
    assert (
        shown(lambda: Mode(2, "E", ["-", "+"])) == "An energy mode's intensity is one of +, *+ or -*+, not -+"
    )
    assert shown(lambda: Mode(2, "E")) == "An energy mode's intensity is one of +, *+ or -*+, not none"
    assert shown(lambda: Mode(2, "+", ["+"])) == "Only energy has an intensity; a piercing mode has none"
    assert shown(lambda: Weapon("3-")) == "modes must be a list or a set, such as ['3-'], not the text '3-'"
    assert shown(lambda: Weapon([])) == "A weapon has one or more modes, not none"
    assert (
        shown(lambda: Weapon(["3-"]))
        == "A weapon's modes are Mode(...) values, such as parse_weapon('3-').modes[0], not '3-'"
    )
    assert shown(lambda: Weapon([Mode(1, "-")], "")) == "name must be a name such as 'Longsword', not ''"
    assert len({Weapon([Mode(1, "-")]), parse_weapon("1-")}) == 1


def test_a_roll_reads_as_characters_bracketed_faces_or_a_list():
    # moved from docs/typed-damage.md#typed-damage-refusals
    """A roll is read one character per die, or as faces in brackets one after the other, or as a list of
    faces.
    """
    assert shown(lambda: read_roll("+x")) == (
        "Cannot read roll '+x': 'x' is not a face of a Fudge die ('-', ' ', '*' or '+') at position 1"
    )
    assert shown(lambda: read_roll(("+", "-"))) == "(<Face.PLUS: '+'>, <Face.MINUS: '-'>)"
    assert shown(lambda: read_roll(5)) == "faces must be a list or a set, not 5"
    assert (
        shown(lambda: read_roll("[+] "))
        == "Cannot read roll '[+] ': expected a face in brackets such as '[+]' at position 3"
    )
    assert shown(lambda: read_roll("[+][x]")) == (
        "Cannot read roll '[+][x]': 'x' is not a face of a Fudge die ('-', ' ', '*' or '+') at position 4"
    )
    assert (
        shown(lambda: read_roll("[+][-"))
        == "Cannot read roll '[+][-': expected a face in brackets such as '[+]' at position 3"
    )
    assert (
        shown(lambda: read_roll("[+]x[-]"))
        == "Cannot read roll '[+]x[-]': expected a face in brackets such as '[+]' at position 3"
    )
    assert shown(lambda: read_roll("+-" * 5001)) == (
        "Cannot read roll '+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+...-+-+-+-+-+-+-+-+-+-' "
        "(10004 characters): it is longer than 10000 characters, the most notation may have at position 10000"
    )
    assert shown(lambda: Face.parse(5)) == "Unknown die face 5: use one of '-', '*' or '+'"


def test_weapons_and_armor_write_themselves_back_as_notation():
    # moved from docs/typed-damage.md#typed-damage-refusals
    """Parsed weapons and armor write themselves back as notation (`H vs.` with or without its dot and
    space); a result keeps the mode the hit used.
    """
    assert (
        str(parse_armor("--(H vs.X-rays, H vs Bolts, H vsDarts)"))
        == "--(H vs. X-rays, H vs. Bolts, H vs. Darts)"
    )
    assert (
        str(parse_weapon("Shortsword: 3-/2+(AP)")),
        str(parse_weapon("Flamer: 6E*+(Fire, AP)")),
        str(parse_armor("EE(Fire, H vs. Lasers)")),
    ) == ("Shortsword: 3-/2+(AP)", "Flamer: 6E*+(Fire, AP)", "EE(Fire, H vs. Lasers)")
    assert (
        str(damage("4-/2+", None, "++", mode=1).mode),
        str(parse_weapon("Dagger:2-")),
        str(parse_armor("Vest:*+")),
        str(parse_weapon("Rifle: 3B(Note: loud)")),
    ) == ("2+", "Dagger: 2-", "Vest: *+", "Rifle: 3B(Note: loud)")


def test_source_names_are_case_folded_squeezed_and_singular():
    # moved from docs/typed-damage.md#typed-damage-source-names
    """`H vs.` and energy types compare names as `source_name` writes them: case-folded, spaces squeezed,
    a plural `s` dropped, but not from a word of three letters or fewer, nor from one ending in `ss`.
    """
    assert shown(lambda: source_name("Arrows")) == "arrow"
    assert shown(lambda: source_name("Gas")) == "gas"
    assert shown(lambda: source_name("Axes")) == "axe"
    assert shown(lambda: source_name("Glass")) == "glass"
    assert shown(lambda: source_name("Acid  Spray")) == "acid spray"
    assert shown(lambda: source_name(" ")) == "A source must be a name such as 'arrow', not ' '"


def test_a_result_states_its_situation():
    # moved from docs/typed-damage.md#typed-damage-results
    """Besides the damage, the steps and the armor after the hit, a result states its situation in one
    line: the weapon, what the attack is, the armor (or none), the margin of success or the Strength
    used in lieu of it, and the roll.
    """
    assert [
        damage(*hit).situation
        for hit in [("3-", "Leather: +-*", "-  +", 2), ("3E+(Fire, Plasma)", None, "+++")]
    ] == [
        "Weapon 3- against Leather: -*+, margin of success 2, roll [-][ ][ ][+]",
        "Weapon 3E+(Fire, Plasma) (fire, plasma) against no armor, margin of success 0, roll [+][+][+]",
    ]
    assert damage("2*", "*", "+  ", strength=2).situation == "Weapon 2* against *, Strength 2, roll [+][ ][ ]"


def test_a_plan_gives_everything_decided_before_the_roll():
    # moved from docs/typed-damage.md#typed-damage-results
    """`plan` gives everything decided before the roll (here the longsword's second mode, 2 dice, against
    hardened armor with one `+` and one `X`), and its first step names the mode.
    """
    assert [
        getattr(plan("Longsword: 4-/2+", "+X(H)", mode=1), name)
        for name in ("base", "regular", "special", "hardened", "pool", "protection", "removes")
    ] == [2, 1, 1, True, 2, 2, 2]
    assert str(plan("3-", None).steps[0]) == "Weapon modes (§weapon-modes): 3-: slashing, succeeds on [-]"


def test_the_changes_of_the_steps_add_up_to_the_damage():
    # moved from docs/typed-damage.md#typed-damage-results
    """The steps that change the damage carry the change, so the changes add up to the damage: the
    successes counted, then the ones hardened armor removes.
    """
    assert damage("4+", "++(H)", "+++ ").changes == (3, -2)


def test_what_the_armor_steps_say_for_each_kind_of_armor(capsys):
    # moved from docs/typed-damage.md#typed-damage-results
    """What the armor steps say for each kind of armor, from the third step on (the first two are the mode
    and the pool): ballistic armor, energy armor of two types, energy of two types that the armor does
    not stop, regular symbols against energy, universal with regular armor, armor hardened against two
    things, hardened armor with a universal symbol, and energy armor against a blade; then the
    ballistic armor's step with the rule it cites.
    """
    hits = [
        ("3B", "BB*", "+"),
        ("3E+(Fire)", "EE(Fire, Cold)", "+"),
        ("4E+(Fire, Plasma)", "EEE(Cold)", "++++"),
        ("3E+", "E*+", "++"),
        ("4-", "--X", "-"),
        ("4+(Arrow)", "++(H vs. Arrows, H vs. Bolts)", "++++"),
        ("3+", "+X(H)", "+++"),
        ("2-", "E-", "-"),
    ]
    for hit in hits:
        print("; ".join(step.text for step in damage(*hit).steps[2:]))
    assert capsys.readouterr().out == (
        "ballistic armor: its 2 B stop 2; 3 - 2 = 1: roll 1 die; [+]: 1 on [ ][+]\n"
        "its 2 E stop 2 (Fire, Cold energy); 3 - 2 = 1: roll 1 die; [+]: 1 on [+]\n"
        "its E stop only Cold, not fire, plasma energy; 4 - 0 = 4: roll 4 dice; [+][+][+][+]: 4 "
        "on [+]\n"
        "regular symbols (-, *, +) do not stop energy; its 1 E stop 1 (any energy); 3 - 1 = 2: "
        "roll 2 dice; [+][+]: 2 on [+]\n"
        "X-- stops 2 slashing (-); its 1 X stop 1; 4 - 3 = 1: roll 1 die; [-]: 1 on [-]\n"
        "++ stops 2 piercing (+); hardened against Arrows, Bolts: it removes successes, not "
        "dice; hardened armor takes no dice: roll 4 dice; [+][+][+][+]: 4 on [+]; 4 - 2 hardened "
        "= 2 damage\n"
        "X+ stops 1 piercing (+); its 1 X stop 1; hardened against everything: it removes "
        "successes, not dice; hardened armor takes no dice: roll 3 dice; [+][+][+]: 3 on [+]; 3 "
        "- 2 hardened = 1 damage\n"
        "E- stops 1 slashing (-); 2 - 1 = 1: roll 1 die; [-]: 1 on [-]\n"
    )
    assert (
        str(damage("3B", "BB*", "+").steps[2])
        == "Ballistic damage (§ballistic-damage): ballistic armor: its 2 B stop 2"
    )
    assert shown(lambda: damage("3E+", "EE", "++")) == "The pool is 1 die, but the roll [+][+] has 2"


def test_a_distribution_takes_the_same_choices_as_damage():
    # moved from docs/typed-damage.md#typed-damage-odds-in-code
    """`distribution` takes the same choices as `damage`: the mode, what the attack is, and Strength in
    lieu of the margin. `mode_distribution` gives the odds of a pool of one mode, less the successes
    hardened armor removes.
    """
    assert repr(
        (
            distribution("1-/2+", None, mode=1),
            distribution("2E+", "E(Fire)", source="fire"),
            distribution("1-", None, strength=1),
        )
    ) == (
        "({0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}, {0: Fraction(2, 3), 1: "
        "Fraction(1, 3)}, {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)})"
    )
    assert (
        repr(
            (
                expected_damage("1-/2+", None, mode=1),
                expected_damage("2E+", "E(Fire)", source="fire"),
                expected_damage("1-", None, strength=1),
            )
        )
        == "(Fraction(2, 3), Fraction(1, 3), Fraction(2, 3))"
    )
    ballistic = parse_weapon("2B").modes[0]
    assert (
        shown(lambda: mode_distribution(ballistic, 2))
        == "{0: Fraction(1, 9), 1: Fraction(4, 9), 2: Fraction(4, 9)}"
    )
    assert shown(lambda: mode_distribution(ballistic, 2, 1)) == "{0: Fraction(5, 9), 1: Fraction(4, 9)}"
    assert shown(lambda: mode_distribution(ballistic, 2, -1)) == "removes must be 0 or more, not -1"
    every_face = parse_weapon("1E-*+").modes[0]
    assert shown(lambda: mode_distribution(every_face, 2000)) == "{2000: Fraction(1, 1)}"
    assert shown(lambda: mode_distribution(every_face, 2001)) == (
        "A pool of 2001 dice is above 2000, the most whose odds are listed one damage at a time; "
        "expected_damage gives the average of any pool without hardened armor"
    )
    assert shown(lambda: mode_distribution(every_face, -1)) == "pool must be 0 or more, not -1"
    assert (
        shown(lambda: mode_distribution("3-", 2))
        == "mode must be a Mode, such as parse_weapon('3-').modes[0], not '3-'"
    )


def test_the_tables_print_as_the_page_shows_them():
    # moved from docs/typed-damage.md#typed-damage-tables-in-code
    """The simple wound track (#simple-wound-track) prints as the page's table shows it."""
    assert str(simple_track_table()) == (
        "Boxes  Level               Effect\n"
        "-----  ------------------  -----------------\n"
        "4      Scratched           No penalty\n"
        "3      Hurt                -1 to all actions\n"
        "2      Injured             -2 to all actions\n"
        "1      Critically Injured  -4 to all actions\n"
        "1      Incapacitated       Taken out"
    )


def test_the_severity_track_table_prints_as_the_page_shows_it():
    # moved from docs/typed-damage.md#typed-damage-tables-in-code
    """From Severity track (#severity-wound-track): On a fresh track, the row each size of hit reaches,
    and the table in text.
    """
    assert [WoundTrack.severity().take(hit).status for hit in range(1, 8)] == [
        "Scratched",
        "Scratched",
        "Hurt",
        "Injured",
        "Critically Injured",
        "Critically Injured",
        "Incapacitated",
    ]
    assert str(severity_track_table()) == (
        "Damage  Boxes  Level               Effect\n"
        "------  -----  ------------------  -----------------\n"
        "1-2     2      Scratched           No penalty\n"
        "3       2      Hurt                -1 to all actions\n"
        "4       1      Injured             -2 to all actions\n"
        "5-6     1      Critically Injured  -4 to all actions\n"
        "7+      1      Incapacitated       Taken out"
    )


def test_the_odds_tables_print_as_the_page_shows_them():
    # moved from docs/typed-damage.md#typed-damage-tables-in-code
    """From the typed damage odds (typed-damage-odds.md): hardened armor against regular armor, as the chart
    and the check print them, and `convolve`, which adds two independent amounts, given good and bad
    input.
    """
    assert str(hardened_chart()) == (
        "6 slashing dice: three regular levels against one hardened level\n"
        "damage               0      1      2      3      4      5      6\n"
        "No armor          8.8%  26.3%  32.9%  21.9%   8.2%   1.6%   0.1%\n"
        "3 regular ---    29.6%  44.4%  22.2%   3.7%   0.0%   0.0%   0.0%\n"
        "1 hardened -(H)  35.1%  32.9%  21.9%   8.2%   1.6%   0.1%   0.0%"
    )
    assert str(hardened_check()) == (
        "Dice  No armor  3 regular (---)  1 hardened (-(H))  1 hardened = regular levels  Same, "
        "ballistic\n"
        "----  --------  ---------------  -----------------  ---------------------------  "
        "---------------\n"
        "1     0.33      0.33             0.00               1.00                         1.00\n"
        "2     0.67      0.33             0.11               1.67                         1.33\n"
        "3     1.00      0.33             0.30               2.11                         1.44\n"
        "4     1.33      0.33             0.53               2.41                         1.48\n"
        "5     1.67      0.67             0.80               2.60                         1.49\n"
        "6     2.00      1.00             1.09               2.74                         1.50\n"
        "7     2.33      1.33             1.39               2.82                         1.50\n"
        "8     2.67      1.67             1.71               2.88                         1.50\n"
        "9     3.00      2.00             2.03               2.92                         1.50\n"
        "10    3.33      2.33             2.35               2.95                         1.50"
    )
    assert (
        repr(convolve({0: Fraction(1, 2), 1: Fraction(1, 2)}, {0: Fraction(1, 3), 1: Fraction(2, 3)}))
        == "{0: Fraction(1, 6), 1: Fraction(1, 2), 2: Fraction(1, 3)}"
    )
    assert (
        repr(convolve({-1: 1}, {1: Fraction(1, 3), 2: Fraction(2, 3)}))
        == "{0: Fraction(1, 3), 1: Fraction(2, 3)}"
    )
    assert refusal(lambda: convolve([0, 1], {0: 1})) == (
        "RulesTypeError: first must map whole amounts to chances, e.g. {0: Fraction(1, 2)}, not [0, 1]"
    )
    assert (
        refusal(lambda: convolve({0: 1}, {0: 0.5}))
        == "RulesTypeError: A chance in second must be a Fraction such as Fraction(1, 2), not 0.5"
    )
    assert (
        refusal(lambda: convolve({0: 1}, {"one": 1}))
        == "RulesTypeError: An amount of second must be a whole number, not 'one'"
    )


def test_a_wound_track_carries_its_kind_rows_and_counts():
    # moved from docs/typed-damage.md#typed-damage-wound-track-code
    """A wound track is a `WoundTrack`: its kind, its rows (each a `WoundLevel`: name, boxes, penalty, and
    on the severity track the least damage that lands on the row) and how many boxes of each row are
    checked. A game can use a track of its own. A row's name loses surrounding spaces, its least damage
    is 0 unless given, and a penalty of `None` marks the row that takes a character out.
    """
    assert repr((WoundLevel(" Grazed ", 1, -1), WoundLevel("Out", 1, None, 4))) == (
        "(WoundLevel(name='Grazed', boxes=1, penalty=-1, least=0), WoundLevel(name='Out', "
        "boxes=1, penalty=None, least=4))"
    )


def test_a_wound_tracks_kind_may_be_a_word_and_its_rows_lists():
    # moved from docs/typed-damage.md#typed-damage-wound-track-code
    """The kind may be written as a word, and the rows and counts as lists; the track keeps them as the
    kind itself and tuples.
    """
    assert repr(
        WoundTrack("Severity", [WoundLevel("Grazed", 1, -1, 2), WoundLevel("Out", 1, None, 4)], [0, 1])
    ) == (
        "WoundTrack(kind=<TrackKind.SEVERITY: 'severity'>, levels=(WoundLevel(name='Grazed', "
        "boxes=1, penalty=-1, least=2), WoundLevel(name='Out', boxes=1, penalty=None, least=4)), "
        "checked=(0, 1))"
    )


def test_a_hit_below_the_first_severity_row_checks_no_box():
    # moved from docs/typed-damage.md#typed-damage-wound-track-code
    """On a severity track whose first row needs 2 damage, a hit of 1 checks no box."""
    grazed = WoundTrack("severity", [WoundLevel("Grazed", 1, -1, 2), WoundLevel("Out", 1, None, 4)], [0, 0])
    assert [grazed.take(hit).status for hit in range(1, 5)] == ["Unhurt", "Grazed", "Grazed", "Out"]


def test_a_bad_wound_row_or_track_is_refused_by_name():
    # moved from docs/typed-damage.md#typed-damage-wound-track-code
    """A row or a track that cannot be used is refused with a message that names what is wrong."""
    assert (
        shown(lambda: WoundLevel(" ", 1, 0)) == "A wound level's name must be a name such as 'Hurt', not ' '"
    )
    assert shown(lambda: WoundLevel("Hurt", 0, 0)) == "A wound level's boxes must be 1 or more, not 0"
    assert (
        shown(lambda: WoundLevel("Hurt", 1, "-1"))
        == "A wound level's penalty must be a whole number, not '-1'"
    )
    assert (
        shown(lambda: WoundLevel("Hurt", 1, 0, -1))
        == "A wound level's least damage must be 0 or more, not -1"
    )
    hurt = WoundLevel("Hurt", 2, -1)
    assert (
        shown(lambda: WoundTrack("bleeding", [hurt], [0]))
        == "Unknown wound track kind 'bleeding': use one of 'simple' or 'severity'"
    )
    assert shown(lambda: WoundTrack("simple", hurt, [0])) == (
        "A wound track's levels must be a list or a set, not WoundLevel(name='Hurt', boxes=2, "
        "penalty=-1, least=0)"
    )
    assert (
        shown(lambda: WoundTrack("simple", ["Hurt"], [0]))
        == "A wound track's levels must be rows such as WoundLevel('Hurt', 3, -1), not 'Hurt'"
    )
    assert shown(lambda: WoundTrack("simple", [], [])) == "A wound track has one or more levels, not none"
    assert (
        shown(lambda: WoundTrack("simple", [hurt], 2))
        == "A wound track's checked boxes must be a list or a set, not 2"
    )
    assert (
        shown(lambda: WoundTrack("simple", [hurt], ["2"]))
        == "A count of checked boxes must be a whole number, not '2'"
    )
    assert (
        shown(lambda: WoundTrack("simple", [hurt], [0, 0]))
        == "A wound track has a count of checked boxes per level (1), not (0, 0)"
    )
    assert shown(lambda: WoundTrack("simple", [hurt], [3])) == "Hurt has 2 boxes: 3 cannot be checked"


def test_an_h_hardens_only_the_damage_type_whose_symbol_it_follows():
    """§ruling-hardened-sources: an H after universal armor, or after no symbol at all, is refused with
    the way to write it."""
    assert shown(lambda: parse_armor("XXH")) == (
        "Cannot read armor 'XXH': an H after X: universal armor is no damage type; write (H) to harden "
        "against everything at position 2"
    )
    assert shown(lambda: parse_armor("H--")) == (
        "Cannot read armor 'H--': an H that follows no damage type's symbol; write it after one (BBBBH) "
        "or as (H) at position 0"
    )


def test_a_source_that_could_never_match_an_attack_is_refused_with_its_name():
    """A source names one thing with letters (§ruling-hardened-sources): a name of no letter, or one
    joining several sources, is refused, quoting it."""
    assert refusal(lambda: source_name("...")) == (
        "RulesError: A source names one thing with letters, such as 'arrow', not '...'"
    )
    assert refusal(lambda: source_name("Arrows and Bolts")) == (
        "RulesError: A source names one thing, not several joined by 'and' in 'Arrows and Bolts': "
        "write one note per source, e.g. (H vs. Arrows, H vs. Bolts)"
    )


def test_h_in_the_notes_and_an_h_among_the_symbols_do_not_mix():
    """§ruling-hardened-sources: (H) hardens against everything, so armor that also hardens one type
    with an H among its symbols is refused, naming each such symbol, the caret under the (H)."""
    assert refusal(lambda: parse_armor("BBH--H(Ab, H)")) == (
        "NotationError: Cannot read armor 'BBH--H(Ab, H)': (H) hardens against everything, but BH, -H "
        "against one type: write one at position 11\n"
        "    BBH--H(Ab, H)\n"
        "               ^"
    )


def test_a_note_that_names_no_source_is_refused_with_a_caret_under_it():
    """An energy type or an 'H vs.' source in the notes names one thing with letters; the caret stands
    under the note."""
    assert refusal(lambda: parse_armor("E(Fire, ...)")) == (
        "NotationError: Cannot read armor 'E(Fire, ...)': the energy type names one thing with letters, "
        "such as 'arrow', not '...' at position 8\n"
        "    E(Fire, ...)\n"
        "            ^"
    )
    assert refusal(lambda: parse_armor("-(H vs.)")) == (
        "NotationError: Cannot read armor '-(H vs.)': 'H vs.' names nothing at position 2\n"
        "    -(H vs.)\n"
        "      ^"
    )
