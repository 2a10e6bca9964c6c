"""Wide tables on a phone (issue 46): scrolled sideways, a table keeps its whole first column in view.

A table wider than the column scrolls in its own box, its first column sticky. What the player
sees of a cell is its box cut by every box around it that clips what it draws: the scroll box,
and any ancestor whose overflow, paint containment or ``content-visibility`` clips (the runs of
blocks drawn as the player nears them, rulesite/offscreen.py, do). A sticky cell stuck inside
the scroll box but cut by a run around it is what players saw ("ondition"): so each table is
scrolled to its far end and its first cell, and its last column, are checked against all of those,
and by asking the browser what lies under the cell's left edge.

Conditions at a glance, the widest table, fits a laptop's column and keeps its rows short on a phone.
"""

from __future__ import annotations

import pytest

from sitetools.links import instant_ready, new_context
from sitetools.player_view import PALETTES

# Every page with a table that scrolls sideways on a phone, and how many at least it holds there.
WIDE = {
    "/monsters/": 2,
    "/monster-balance/": 3,
    "/conditions/": 1,
    "/typed-damage/": 2,
    "/typed-damage-odds/": 3,
    "/print/": 11,
}

# Each scrolling table, scrolled to its far end: where its first cell and its last header cell are,
# what of the screen is left of them once every clipping box around is counted, and what the browser
# finds under the first cell's left edge. Waits are counted in frames, not time.
_SCROLLED = r"""
async () => {
  const frames = n => new Promise(done => {
    const step = () => (n-- > 0 ? requestAnimationFrame(step) : done());
    step();
  });
  const clips = el => {
    const s = getComputedStyle(el);
    const contained = /paint|strict|content/.test(s.contain) || s.contentVisibility === "auto";
    return s.overflowX !== "visible" || contained;
  };
  const found = [];
  for (const box of document.querySelectorAll("article .md-typeset__scrollwrap, article .we-table-scroll")) {
    const first = box.querySelector("tbody tr > :first-child");
    if (!first) continue;
    first.scrollIntoView({block: "center"});
    await frames(2);
    if (box.scrollWidth - box.clientWidth <= 1) continue;
    box.scrollLeft = box.scrollWidth;
    await frames(2);
    let left = 0, right = innerWidth;
    for (let el = box; el; el = el.parentElement) {
      if (el !== box && !clips(el)) continue;
      const r = el.getBoundingClientRect();
      left = Math.max(left, r.left);
      right = Math.min(right, r.right);
    }
    const cell = first.getBoundingClientRect();
    const last = box.querySelector("thead tr > :last-child").getBoundingClientRect();
    const under = document.elementFromPoint(cell.left + 2, cell.top + cell.height / 2);
    found.push({
      text: first.textContent.trim().slice(0, 30),
      scrolled: box.scrollLeft,
      cell: [cell.left, cell.right], last: [last.left, last.right], shown: [left, right],
      underIsCell: Boolean(under && first.contains(under)),
    });
  }
  return found;
}
"""


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("path", list(WIDE))
def test_a_wide_table_scrolled_keeps_its_whole_first_column_on_a_phone(browser, base_url, path, palette):
    context = new_context(browser, (390, 844), color_scheme=palette)
    try:
        page = context.new_page()
        page.goto(base_url + path)
        instant_ready(page)
        tables = page.evaluate(_SCROLLED)
    finally:
        context.close()
    assert len(tables) >= WIDE[path], f"{path}: {len(tables)} tables scroll sideways, {WIDE[path]} expected"
    for table in tables:
        (left, right), (shown_left, shown_right) = table["cell"], table["shown"]
        where = f"{path}, the table of {table['text']!r} scrolled {table['scrolled']} px"
        assert table["scrolled"] > 0, f"{where}: did not scroll"
        assert shown_left - 1 <= left and right <= shown_right + 1, (
            f"{where}: its first cell spans {left:.0f}-{right:.0f} px, "
            f"{shown_left:.0f}-{shown_right:.0f} px is seen"
        )
        assert table["underIsCell"], f"{where}: something else is drawn over the first cell's left edge"
        last_right = table["last"][1]
        assert last_right <= shown_right + 1, (
            f"{where}: its last column ends at {last_right:.0f} px, past {shown_right:.0f}"
        )


_GLANCE = "#conditions-at-a-glance ~ .rule-run .md-typeset__scrollwrap"


def _glance(browser, base_url, size):
    context = new_context(browser, size)
    page = context.new_page()
    page.goto(base_url + "/conditions/#conditions-at-a-glance")
    instant_ready(page)
    box = page.locator(_GLANCE).first
    box.scroll_into_view_if_needed()
    return context, box


def test_conditions_at_a_glance_fits_a_laptop_without_scrolling_sideways(browser, base_url):
    context, box = _glance(browser, base_url, (1280, 900))
    try:
        hidden = box.evaluate("b => b.scrollWidth - b.clientWidth")
    finally:
        context.close()
    assert hidden <= 1, f"Conditions at a glance is {hidden} px wider than its column at 1280 px"


def test_conditions_at_a_glance_has_no_very_tall_row_on_a_phone(browser, base_url):
    context, box = _glance(browser, base_url, (390, 844))
    try:
        lines = box.evaluate(
            "b => [...b.querySelectorAll('tbody tr')].map(row => row.getBoundingClientRect().height"
            " / parseFloat(getComputedStyle(row.querySelector('td')).lineHeight))"
        )
    finally:
        context.close()
    assert len(lines) >= 17
    assert max(lines) <= 6, f"a row of Conditions at a glance is {max(lines):.1f} lines tall on a phone"
