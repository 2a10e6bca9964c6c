"""A player's hands on the system pages, on a phone: enlarging a flowchart, scrolling to one, a wide table.

What each page shows at every viewport and palette is read once per view and checked in
tests/browser/test_pages.py; these tests act on a page (a key press, a scroll), so each opens
its own. Nothing waits on time: only on conditions.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from sitetools.browser import WAIT_LIMIT_MS
from sitetools.links import instant_ready
from sitetools.player_view import PALETTES, after_heading, open_page


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


@pytest.fixture
def phone_context(browser):
    """A fresh phone-sized context of its own (for a test that records from the first load); closed after."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    context.set_default_timeout(WAIT_LIMIT_MS)  # a limit on conditions on a loaded machine
    yield context
    context.close()


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


# Each layout shift Chromium reports (as Lighthouse reads it), with the classes of what it moved.
_RECORD_SHIFTS = """
window.__shifts = [];
new PerformanceObserver(list => {
  for (const shift of list.getEntries())
    window.__shifts.push(shift.sources.map(source => source.node ? String(source.node.className) : ""));
}).observe({type: "layout-shift", buffered: true});
"""


def test_a_flowchart_below_the_first_screens_waits_undrawn_in_its_place_until_the_player_nears_it(
        phone_context, base_url):
    # Resistances' chart starts a screen and a half down a phone: the first load leaves its three
    # hundred elements alone, keeps the height it will have, and draws it before it comes into view.
    phone_context.add_init_script(_RECORD_SHIFTS)
    page = phone_context.new_page()
    page.goto(base_url + "/resistances/")
    instant_ready(page)  # the theme and the site's scripts have started
    frame = page.locator("article div.flowchart > .flowchart__frame").first
    chart = frame.locator("svg")
    expect(frame).to_have_attribute("data-waiting", "")
    assert not chart.evaluate("svg => svg.checkVisibility()"), "the chart was drawn at load"
    # Below the screen, the chart can move nothing the player sees. Hidden another way
    # (content-visibility: hidden), Chromium counted it as shifting the whole screen.
    shifts = page.evaluate("window.__shifts")
    assert not [shift for shift in shifts if any("flowchart" in moved for moved in shift)], shifts
    waiting = frame.evaluate("frame => frame.getBoundingClientRect().height")
    # Scrolled until the chart's top is just below the screen: drawn, unseen.
    frame.evaluate("frame => window.scrollBy(0, frame.getBoundingClientRect().top - innerHeight - 40)")
    expect(frame).not_to_have_attribute("data-waiting", "")
    expect(chart).to_be_visible()
    drawn = frame.evaluate("frame => frame.getBoundingClientRect().height")
    assert abs(drawn - waiting) <= 4, f"the chart held {waiting:.0f} px waiting, {drawn:.0f} px drawn"


def test_after_instant_navigation_the_new_pages_chart_waits_and_is_drawn_when_neared(phone_context, base_url):
    # The theme swaps the article in place: the charts of the page left are no longer watched,
    # and the new page's chart waits, then is drawn as on a first load.
    page = phone_context.new_page()
    page.goto(base_url + "/resistances/")
    instant_ready(page)
    expect(page.locator("article .flowchart__frame").first).to_have_attribute("data-waiting", "")
    page.locator("a.md-footer__link--next").click()  # "Next": Monster defenses, in place
    page.wait_for_url(re.compile(r"/monsters/$"))
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1
    frame = page.locator("article div.flowchart > .flowchart__frame").first
    expect(frame).to_have_attribute("data-waiting", "")
    frame.evaluate("frame => window.scrollBy(0, frame.getBoundingClientRect().top - innerHeight - 40)")
    expect(frame).not_to_have_attribute("data-waiting", "")
    expect(frame.locator("svg")).to_be_visible()


def test_without_scripts_a_flowchart_is_drawn_at_once(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    context.set_default_timeout(WAIT_LIMIT_MS)
    try:
        page = context.new_page()
        page.goto(base_url + "/resistances/")
        expect(page.locator("article div.flowchart svg").first).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize("palette", PALETTES)
def test_a_wide_table_keeps_its_first_column_and_header_in_view(phone, palette):
    page = phone("/typed-damage-odds/", palette)
    table = page.locator(after_heading("expected-damage-tables", ".md-typeset__scrollwrap")).first
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
    # The three boxes read in one task: the page around the table may still move between two reads.
    frame, cell, top = table.evaluate(
        "(t, [cell, head]) => [t, cell, head].map(e => { const b = e.getBoundingClientRect();"
        " return {x: b.x, y: b.y, width: b.width}; })",
        [first_cell.element_handle(), header.element_handle()],
    )
    assert frame["x"] - 1 <= cell["x"] and cell["x"] + cell["width"] <= frame["x"] + frame["width"] + 1
    assert frame["y"] - 1 <= top["y"] <= frame["y"] + 1, "the header scrolled out of view"
    background = first_cell.evaluate("c => getComputedStyle(c).backgroundColor")
    assert background not in {"rgba(0, 0, 0, 0)", "transparent"}
