"""Flowcharts are drawn ahead of time, the drawings are current, and every node links to a rule."""

from __future__ import annotations

import re

import pytest
from flowcharts import STORE, all_flowcharts

CHARTS = all_flowcharts()
_CLICK = re.compile(r'^\s*click\s+(\S+)\s+href\s+"#([\w-]+)"', re.MULTILINE)
_NODE = re.compile(r"^\s*(\w+)[\[{(/>]", re.MULTILINE)


def test_every_system_page_has_a_flowchart():
    pages = {chart.page for chart in CHARTS}
    assert {"resistances.md", "monsters.md", "affinity.md", "conditions.md",
            "typed-damage.md", "taking-damage.md"} <= pages


@pytest.mark.parametrize("chart", CHARTS, ids=lambda chart: f"{chart.page}:{chart.line}")
def test_every_flowchart_has_a_current_drawing(chart):
    assert chart.svg_path.exists(), (
        f"docs/{chart.page}, line {chart.line}: the flowchart changed and its drawing is stale. "
        "Run scripts/render-flowcharts and commit docs/assets/flowcharts/."
    )
    svg = chart.svg_path.read_text(encoding="utf-8")
    for _, anchor in _CLICK.findall(chart.source):
        assert f'href="#{anchor}"' in svg


def test_no_drawing_is_left_over():
    current = {chart.svg_path for chart in CHARTS}
    stale = sorted(path.name for path in set(STORE.glob("*.svg")) - current)
    assert not stale, f"Drawings of flowcharts that no longer exist: {stale}; run scripts/render-flowcharts"


@pytest.mark.parametrize("chart", CHARTS, ids=lambda chart: f"{chart.page}:{chart.line}")
def test_every_box_of_a_flowchart_links_to_its_rule(chart):
    nodes = set(_NODE.findall(chart.source)) - {"flowchart", "click", "accTitle", "accDescr"}
    linked = {node for node, _ in _CLICK.findall(chart.source)}
    assert nodes <= linked, f"{chart.page}:{chart.line}: boxes without a rule: {sorted(nodes - linked)}"
