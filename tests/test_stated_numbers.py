"""A number a sentence states with ``<!-- states: ... -->`` is checked at its page and line."""
# ruff: noqa: RUF001 - the prose under test writes the multiplication sign and the typographic minus

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import rules.conditions
import rules.resistances
from rulesite.doctests import pages_sybil
from rulesite.stated import check, drawn, find, numbers_in

ROOT = Path(__file__).resolve().parent.parent


def _failures(tmp_path: Path, text: str) -> list[str]:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    messages = []
    for example in pages_sybil(tmp_path).parse(page):
        try:
            example.evaluate()
        except Exception as failure:
            messages.append(str(failure))
    return messages


def test_numbers_are_read_as_prose_writes_them():
    found = numbers_in("VU ×2, RS ×½, AB ×−1, cover (-5), level 1,000, 2.5 and 3/4")
    assert found == [("2", 2), ("½", Fraction(1, 2)), ("−1", -1), ("-5", -5), ("1,000", 1000),
                     ("2.5", Fraction(5, 2)), ("3/4", Fraction(3, 4))]


def test_dice_versions_and_words_hold_no_numbers_of_their_own():
    assert numbers_in("1d6, MkDocs 1.6.1, h2 and step5") == []


# The pages' numbers are the rules' business: these tests write their made-up pages from the rules.
COVER, SUPERIOR = rules.conditions.Cover.COVER.penalty, rules.conditions.Cover.SUPERIOR.penalty


def test_a_true_statement_passes_and_a_stale_one_fails_at_its_line(tmp_path):
    messages = _failures(tmp_path, (
        f"Cover is {COVER}<!-- states: rules.conditions.Cover.COVER.penalty -->.\n\n"
        f"Superior cover is\n{SUPERIOR - 1}<!-- states: rules.conditions.Cover.SUPERIOR.penalty -->.\n"))
    [message] = messages
    assert "page.md, line 4, column " in message and " did not evaluate as expected" in message
    assert (f"the text states {SUPERIOR - 1}, but the rules now give {SUPERIOR} "
            "(rules.conditions.Cover.SUPERIOR.penalty)") in message


def test_a_list_checks_the_last_numbers_written_in_order():
    text = "5. Multiply: A ×2, B ×1, C ×½, D ×0, E ×−1<!-- states: [2, 1, Fraction(1, 2), 0, -1] -->"
    [stated] = find(text)
    assert check(stated, {"Fraction": Fraction}) is None
    [swapped] = find(text.replace("×2, B ×1", "×1, B ×2"))
    assert check(swapped, {"Fraction": Fraction}) == (
        "the text states 1, 2, ½, 0, −1, but the rules now give 2, 1, ½, 0, −1 "
        "([2, 1, Fraction(1, 2), 0, -1]): rewrite the sentence with the new number")


def test_a_second_comment_on_a_line_is_reported_at_its_own_column(tmp_path):
    [message] = _failures(tmp_path, "x\ny 1<!-- states: 1 --> and 3<!-- states: 2 -->\n")
    assert "line 2, column 28 did not evaluate as expected" in message


def test_a_comment_checks_only_what_follows_the_previous_one_in_its_paragraph():
    text = "a 1<!-- states: 1 --> b 2<!-- states: 2 -->\n\nc<!-- states: 3 -->"
    assert [stated.written for stated in find(text)] == [(("1", 1),), (("2", 2),), ()]


def test_an_expression_can_use_what_the_pages_examples_defined(tmp_path):
    text = ("```python\n>>> from fractions import Fraction\n>>> half = Fraction(1, 2)\n```\n\n"
            "Half of 20 is 10<!-- states: 20 * half -->.\n")
    assert _failures(tmp_path, text) == []


@pytest.mark.parametrize(("text", "error"), [
    ("It is 3<!-- states: nosuch -->", "<!-- states: nosuch --> fails: NameError: name 'nosuch' is not"),
    ("It is 3<!-- states: {3: 3} -->", "<!-- states: {3: 3} --> gives {3: 3}, not a number, a word or"),
    ("It is three<!-- states: 3 -->", "gives 1 number(s), but the text before it has 0: put the comment"),
])
def test_a_comment_that_checks_nothing_says_why(tmp_path, text, error):
    [message] = _failures(tmp_path, text)
    assert error in message


def test_the_pages_mark_the_numbers_the_rule_change_trials_touch():
    """The VU multiplier and the cover penalties are stated in prose only with a check."""
    pages = {page: (ROOT / "docs" / page).read_text(encoding="utf-8")
             for page in ("affinity.md", "conditions.md", "conditions-list.md")}
    expressions = [stated.expression for text in pages.values() for stated in find(text)]
    assert any("Affinity" in expression for expression in expressions)
    assert any("Cover.SUPERIOR" in expression for expression in expressions)


def test_a_name_bound_with_walrus_serves_the_later_comments_of_the_page_only(tmp_path):
    text = ("Seventeen makes 8<!-- states: (hit := divmod(17, 2))[0] --> pairs and 1 left over:\n"
            "2 × 8 + 1 = 17<!-- states: [hit[0], hit[1], 17] -->.\n\n"
            "```python\n>>> 'hit' in dir()\nFalse\n```\n")
    assert _failures(tmp_path, text) == []


def test_a_comment_shown_as_code_is_not_checked():
    text = ("````markdown\n```python\n```\nIt is 3<!-- states: 4 -->\n````\n\n"
            "Write `It is 3<!-- states: 4 -->` to check it.\n\nIt is 4<!-- states: 4 -->\n")
    assert [stated.expression for stated in find(text)] == ["4"]


def test_a_number_is_reported_as_the_page_writes_it(tmp_path):
    """A sentence that says 7.5 hears of 8.5, not of 17/2; one that says ½ hears of ¼."""
    [decimal] = _failures(tmp_path, "```python\n>>> from fractions import Fraction\n```\n\n"
                                    "A rate of 7.5<!-- states: Fraction(17, 2) -->%\n")
    assert "the text states 7.5, but the rules now give 8.5 " in decimal
    [whole] = _failures(tmp_path, "```python\n>>> from fractions import Fraction\n```\n\n"
                                  "At most 6<!-- states: Fraction(27, 5) -->%\n")
    assert "the text states 6, but the rules now give 5.4 " in whole
    [vulgar] = _failures(tmp_path, "RS ×½<!-- states: __import__('fractions').Fraction(1, 4) -->")
    assert "the text states ½, but the rules now give ¼ " in vulgar


def test_a_word_is_checked_as_the_rules_word_for_the_value(tmp_path):
    """The word comes from the rules' table, so a changed share fails the sentence that says the old one."""
    word = "rules.words.part_word(rules.resistances.Resist.SHARE)"
    said = rules.resistances.Resist.share_word()
    assert _failures(tmp_path, f"A resistance removes *{said}*<!-- states: {word} --> the damage.\n") == []
    third = "rules.words.part_word(__import__('fractions').Fraction(1, 3))"
    [message] = _failures(tmp_path, f"It removes half<!-- states: {third} -->\n")
    assert "the text does not say 'a third', of the rules' words now 'a third'" in message
    assert "it reads 'It removes half'" in message


def test_a_heading_is_checked_by_a_comment_on_the_line_below(tmp_path):
    text = "## Ruling: the monstrous rule reduces to 1 { #x }\n<!-- states: 2 -->\n\nText.\n"
    [message] = _failures(tmp_path, text)
    assert "page.md, line 2" in message and "the text states 1, but the rules now give 2" in message


def test_a_flowchart_label_is_checked_by_a_mermaid_comment_below_it(tmp_path):
    text = ("Intro.\n\n```mermaid\nflowchart TD\n  A[\"Resist mitigates half\"] --> B\n"
            "  %% states: 'a third'\n  B[\"what reaches it becomes 1\"]\n  %% states: 1\n```\n")
    [message] = _failures(tmp_path, text)
    assert "page.md, line 6" in message
    assert "the flowchart label does not say 'a third'" in message


def test_a_charts_comments_are_not_drawn():
    source = "flowchart TD\n  A --> B\n  %% states: 1\n  B --> C\n"
    assert drawn(source) == "flowchart TD\n  A --> B\n  B --> C\n"


def test_a_label_comment_can_name_the_box_it_checks(tmp_path):
    text = ('```mermaid\nflowchart TD\n  X["5. Multiplier: VU 2, RS 1/2"] --> F("6. Times")\n'
            "  %% states X: [2, __import__('fractions').Fraction(1, 2)]\n  %% states F: 6\n```\n")
    assert _failures(tmp_path, text) == []
