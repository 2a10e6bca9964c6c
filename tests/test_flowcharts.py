"""Flowcharts are drawn ahead of time, the drawings are current, and every box links to a rule."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from rulesite.flowcharts import STORE, slim, svg_path
from rulesite.model import load

CHARTS = load().flowcharts


def test_every_system_page_has_a_flowchart():
    pages = {chart.page for chart in CHARTS}
    assert {"resistances.md", "monsters.md", "affinity.md", "conditions.md",
            "typed-damage.md", "taking-damage.md"} <= pages


@pytest.mark.parametrize("chart", CHARTS, ids=lambda chart: f"{chart.page}:{chart.line}")
def test_every_flowchart_has_a_current_drawing(chart):
    path = svg_path(chart.source)
    assert path.exists(), (
        f"docs/{chart.page}, line {chart.line}: the flowchart changed and its drawing is stale. "
        "Run scripts/render-flowcharts and commit docs/assets/flowcharts/."
    )
    svg = path.read_text(encoding="utf-8")
    for _, target in chart.clicks:
        assert f'href="{target}"' in svg


def test_no_drawing_is_left_over():
    current = {svg_path(chart.source) for chart in CHARTS}
    stale = sorted(path.name for path in set(STORE.glob("*.svg")) - current)
    assert not stale, f"Drawings of flowcharts that no longer exist: {stale}; run scripts/render-flowcharts"


@pytest.mark.parametrize("chart", CHARTS, ids=lambda chart: f"{chart.page}:{chart.line}")
def test_every_box_of_a_flowchart_links_to_its_rule(chart):
    linked = {node for node, _ in chart.clicks}
    assert chart.nodes, f"{chart.page}:{chart.line}: no boxes found"
    unlinked = sorted(chart.nodes - linked)
    assert not unlinked, f"{chart.page}:{chart.line}: boxes without a rule: {unlinked}"


class _Drawing(HTMLParser):
    """A drawing's elements, words, links and ids, and the ids it refers to."""

    def __init__(self, svg: str) -> None:
        super().__init__()
        self.elements, self.words, self.links, self.ids = 0, [], [], set()
        self.feed(svg)
        self.refers = set(re.findall(r"url\(#([^)]+)\)", svg))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements += 1
        found = dict(attrs)
        self.links += [found["xlink:href"]] if "xlink:href" in found else []
        self.ids |= {found["id"]} if found.get("id") else set()

    def handle_data(self, data: str) -> None:
        self.words += [data.strip()] if data.strip() else []


@pytest.mark.parametrize("path", sorted(STORE.glob("*.svg")), ids=lambda path: path.stem)
def test_a_slimmed_drawing_keeps_every_word_link_and_definition(path):
    drawn = path.read_text(encoding="utf-8")
    before, after = _Drawing(drawn), _Drawing(slim(drawn))
    assert after.words == before.words  # every label, the title, the description, the style
    assert after.links == before.links
    assert after.refers <= after.ids  # every arrowhead, shadow and gradient referred to is defined
    assert after.elements < before.elements
    assert '<span class="edgeLabel"></span>' not in slim(drawn)
