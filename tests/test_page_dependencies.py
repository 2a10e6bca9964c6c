"""Which pages the live server rebuilds after a code change (rulesite/dependencies.py)."""

from __future__ import annotations

from rulesite.dependencies import ImportGraph, pages_using
from rulesite.model import ROOT, current

DOCS = current()
GRAPH = ImportGraph(ROOT)()


def test_a_rule_change_rebuilds_the_pages_whose_examples_use_it_and_not_the_others():
    pages = pages_using(["rules.affinity.steps"], DOCS, GRAPH)
    assert "affinity.md" in pages
    assert "monsters.md" not in pages


def test_a_calculator_change_rebuilds_only_the_pages_with_a_calculator():
    pages = pages_using(["calculators.affinity"], DOCS, GRAPH)
    assert "affinity.md" in pages
    assert "glossary.md" not in pages


def test_the_cards_code_or_templates_draw_every_page_so_every_page_is_rebuilt():
    for changed in ("calculators.card", "calculators.templates.worked-example"):
        assert pages_using([changed], DOCS, GRAPH) == set(DOCS.pages), changed
