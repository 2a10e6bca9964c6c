"""From a rule to its code in one step: a table read from the code's own citations (rulesite/citations.py)."""

from __future__ import annotations

import re
from pathlib import Path

import rules.affinity
import rules.conditions
import rules.monsters
import rules.resistances
import rules.taking_damage
import rules.typed_damage  # noqa: F401 - every system imported, so every Rule is registered
from rules.explain import Rule
from rulesite.citations import applied_by, citation_table, citations, documented

ROOT = Path(__file__).resolve().parent.parent


def test_every_cited_rule_is_applied_by_a_documented_function():
    unreached = sorted(anchor for anchor, (_, entries) in applied_by().items() if not entries)
    assert not unreached, f"rules whose code no documented function reaches: {unreached}"


def test_every_rule_of_a_rulebook_has_a_row_and_one_no_code_cites_says_so():
    rows = {re.search(r"#([\w-]+)\)", rule)[1]: (applied, code)
            for rule, applied, code in citation_table().rows}
    assert set(Rule.registry) <= set(rows)
    for anchor in set(Rule.registry) - set(applied_by()):
        assert rows[anchor] == ("—", "—")


def test_a_private_helper_leads_to_the_documented_function_that_calls_it():
    code, entries = applied_by()["guarding"]
    assert code == ("rules.affinity.steps._guard",)
    assert entries == ("rules.affinity.steps.calculate",)
    assert documented()["rules.affinity.steps.calculate"] == ("affinity.md", "rules.affinity.calculate")


def test_a_section_sign_in_a_comment_is_a_citation_too():
    assert applied_by()["ruling-half-rounds-down"][0] == ("rules.checks.half_down",)


def test_the_rule_of_each_condition_leads_to_the_functions_that_read_it():
    _, entries = applied_by()["prone"]
    assert {"rules.conditions.questions.attack_penalty",
            "rules.conditions.questions.grants_combat_advantage"} <= set(entries)


def test_every_citation_names_code_of_the_rules_package():
    assert {c.code for c in citations() if c.anchor == "multipliers"} == {"rules.affinity.steps.calculate"}
    assert all(c.code.startswith("rules.") and not c.code.startswith("rules.explain.") for c in citations())


def test_the_table_links_each_rule_to_its_page_and_each_function_to_its_entry():
    rows = citation_table().rows
    anchors = [re.search(r"\]\(\.\./[\w-]+\.md#([\w-]+)\)", rule)[1] for rule, _, _ in rows]
    assert len(anchors) == len(set(anchors)) == len(set(applied_by()) | set(Rule.registry))
    guarding = next(row for row in rows if "#guarding)" in row[0])
    assert guarding == ("[Step 2: guarding](../affinity.md#guarding)",
                        "[affinity.calculate](affinity.md#rules.affinity.calculate)",
                        "`affinity.steps._guard`")


def test_the_page_from_a_rule_to_its_code_includes_the_table():
    text = (ROOT / "docs" / "api" / "rule-code.md").read_text(encoding="utf-8")
    assert "<!-- table: rulesite.citations:citation_table -->" in text
