"""The six system pages as a player reads them: phone and desktop, light and dark.

Each page is opened once per viewport and palette (a fresh context, so the palette comes
from the reader's system setting as on a first visit) and measured by ``player_view``;
the tests below assert on those figures. Nothing waits on time: only on conditions.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.player_view import (
    PALETTES,
    PLAYER_PAGES,
    SYSTEM_PAGES,
    VIEWPORTS,
    axe_violations,
    measure,
    open_page,
)

VIEWS = list(itertools.product(PLAYER_PAGES, VIEWPORTS, PALETTES))
# The pages with flowcharts: every system page (the seventeen conditions' page has none).
CHART_VIEWS = list(itertools.product(SYSTEM_PAGES, VIEWPORTS, PALETTES))


def _view_id(view: tuple[str, str, str]) -> str:
    path, viewport, palette = view
    return f"{path.strip('/')}-{viewport}-{palette}"


@pytest.fixture(scope="module")
def seen(browser, base_url):
    """Each page's figures, measured on first use and shared by every test of that view."""
    cache: dict[tuple[str, str, str], dict[str, Any]] = {}

    def look(view: tuple[str, str, str]) -> dict[str, Any]:
        if view not in cache:
            path, viewport, palette = view
            context, page = open_page(browser, base_url + path, viewport, palette)
            try:
                figures = measure(page)
                figures["axe"] = axe_violations(page)
            finally:
                context.close()
            cache[view] = figures
        return cache[view]

    return look


@pytest.mark.parametrize("view", VIEWS, ids=_view_id)
def test_no_serious_or_critical_accessibility_violation(seen, view):
    assert seen(view)["axe"] == []


@pytest.mark.parametrize("view", CHART_VIEWS, ids=_view_id)
def test_flowchart_labels_are_at_least_12_px(seen, view):
    figures = seen(view)
    assert figures["charts"] >= 1
    assert figures["smallestLabel"] >= 12, (
        f"{figures['smallestLabelText']!r} is drawn at {figures['smallestLabel']} px"
    )


@pytest.mark.parametrize("view", VIEWS, ids=_view_id)
def test_every_flowchart_box_that_links_is_at_least_24_px(seen, view):
    figures = seen(view)
    assert figures["smallTargets"] == 0, figures["smallTargetExamples"]


@pytest.mark.parametrize("view", VIEWS, ids=_view_id)
def test_every_flowchart_fits_the_column_at_a_readable_size(seen, view):
    assert seen(view)["chartsScrolling"] == 0


@pytest.mark.parametrize("view", VIEWS, ids=_view_id)
def test_the_page_never_scrolls_sideways(seen, view):
    assert seen(view)["pageWidth"] <= 0


@pytest.mark.parametrize("view", VIEWS, ids=_view_id)
def test_no_visible_block_is_cut_off_sideways(seen, view):
    figures = seen(view)
    assert figures["cutOff"] == 0, (
        f"{figures['cutOff']} blocks cut off, up to {figures['mostHidden']} px: "
        f"{figures['cutOffExamples']}"
    )


@pytest.mark.parametrize("view", VIEWS, ids=_view_id)
def test_the_player_sees_no_python(seen, view):
    figures = seen(view)
    shown = {word: figures[key] for word, key in
             [(">>>", "prompts"), ("Traceback", "tracebacks"), ("rules.", "rulesDot")]}
    assert shown == {">>>": 0, "Traceback": 0, "rules.": 0}


@pytest.fixture
def phone(browser, base_url):
    """A light phone-sized page opener; closes what it opened."""
    opened = []

    def open_at(path: str, palette: str = "light"):
        context, page = open_page(browser, base_url + path, "phone", palette)
        opened.append(context)
        return page

    yield open_at
    for context in opened:
        context.close()


@pytest.mark.parametrize("path", SYSTEM_PAGES)
def test_the_rule_at_a_glance_comes_first_and_fits_one_phone_screen(phone, path):
    page = phone(path)
    glance = page.locator("article h2[id$='at-a-glance']").first
    expect(glance).to_be_visible()
    first_h2 = page.locator("article h2").first
    assert first_h2.get_attribute("id") == glance.get_attribute("id")
    summary = glance.locator("xpath=following-sibling::*[1]")
    height = summary.evaluate(
        "(list, h) => list.getBoundingClientRect().bottom - h.getBoundingClientRect().top",
        glance.element_handle(),
    )
    assert height <= 844 - 48, f"the summary is {height:.0f} px tall"
    links = summary.locator("a[href*='#']")
    assert links.count() >= 5


@pytest.mark.parametrize("path", SYSTEM_PAGES)
def test_programmer_material_is_collapsed_at_the_end(phone, path):
    page = phone(path)
    last_h2 = page.locator("article h2").last
    expect(last_h2).to_have_id(re.compile(r"-for-programmers$"))
    details = page.locator("article details.info").last
    assert details.evaluate("d => !d.open")
    assert details.locator("details.example-python").count() >= 1  # its examples, code and all
    content = details.locator(":scope > :not(summary)").first
    expect(content).to_be_hidden()
    details.locator(":scope > summary").click()
    expect(content).to_be_visible()


def test_a_flowchart_enlarges_to_the_whole_chart_from_the_keyboard(phone):
    page = phone("/conditions/")
    button = page.get_by_role("button", name=re.compile("^Enlarge chart: Ending a condition"))
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog.flowchart-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("svg")).to_be_visible()
    chart = dialog.locator("svg").bounding_box()
    assert chart is not None and chart["width"] >= 300
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    expect(page.locator("div.flowchart svg").first).to_be_visible()


@pytest.mark.parametrize("palette", PALETTES)
def test_a_wide_table_keeps_its_first_column_and_header_in_view(phone, palette):
    page = phone("/typed-damage/", palette)
    table = page.locator("#expected-damage-tables ~ .md-typeset__scrollwrap").first
    table.scroll_into_view_if_needed()
    expect(table).to_have_attribute("tabindex", "0")
    first_cell = table.locator("tbody tr td").first
    header = table.locator("thead th").nth(1)
    # Scroll to the far corner; retried until the table is laid out (it may still be pending).
    page.wait_for_function(
        "t => { t.scrollLeft = t.scrollWidth; t.scrollTop = t.scrollHeight;"
        " return t.scrollLeft > 0 && t.scrollTop > 0; }",
        arg=table.element_handle(),
    )
    frame = table.bounding_box()
    cell = first_cell.bounding_box()
    assert frame["x"] - 1 <= cell["x"] and cell["x"] + cell["width"] <= frame["x"] + frame["width"] + 1
    top = header.bounding_box()
    assert frame["y"] - 1 <= top["y"] <= frame["y"] + 1, "the header scrolled out of view"
    background = first_cell.evaluate("c => getComputedStyle(c).backgroundColor")
    assert background not in {"rgba(0, 0, 0, 0)", "transparent"}


# Words of the visible tables' cells that wrap inside a word. A compound such as
# "by-damage-type" may wrap after a hyphen; each hyphen-ended piece must stay whole.
_SPLIT_WORDS = r"""
() => {
  const split = [];
  for (const cell of document.querySelectorAll("article table :is(td, th)")) {
    if (!cell.getClientRects().length) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const piece of node.textContent.matchAll(/[^\s-]+-?|-/g)) {
        const range = document.createRange();
        range.setStart(node, piece.index);
        range.setEnd(node, piece.index + piece[0].length);
        const drawn = [...range.getClientRects()].filter(r => r.width > 0);
        const lines = new Set(drawn.map(r => Math.round(r.top)));
        if (lines.size > 1) split.push(piece[0]);
      }
    }
  }
  return split;
}
"""


@pytest.mark.parametrize("path", PLAYER_PAGES)
def test_no_table_splits_a_word_on_a_phone(phone, path):
    page = phone(path)
    # Every table laid out, the programmer's sections too (opened as a reader may).
    page.add_style_tag(content="*, *::before, *::after { content-visibility: visible !important; }")
    page.evaluate("document.querySelectorAll('article details').forEach(d => { d.open = true; })")
    split = page.evaluate(_SPLIT_WORDS)
    assert split == [], f"{path}: table words split over two lines at 390 px: {sorted(set(split))[:10]}"
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
