"""What a phone makes small, and what floats over the text (issue 46), in Chromium against the built site.

- every run of text a player can see is at least 12 px, every control at least 24 px (a link
  inside a sentence is exempt, as WCAG 2.5.8 exempts it);
- the search's highlighted words stand out from the result at 4.5:1 or more, in both palettes;
- nothing floats over a heading a link landed on: the theme's "Back to top" pill, which shows when
  the page moves up, waits for the reader's own scroll.

Every wait is on a condition of the page (the limits are conftest.py's).
"""

from __future__ import annotations

import pytest

from sitetools.links import instant_ready, landing, new_context, search
from sitetools.player_view import LAY_OUT_EVERYTHING, PALETTES, PLAYER_PAGES

_SMALL = r"""
() => {
  const text = [];
  const walker = document.createTreeWalker(document.querySelector("article"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || el.closest("template, .flowchart, svg")) continue;
    if (!el.checkVisibility()) continue;
    if (el.closest("details:not([open])") && !el.closest("summary")) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    const what = `${node.textContent.trim().slice(0, 30)} (${el.className || el.tagName}`;
    if (px < 12) text.push(`${what}, ${px.toFixed(1)} px)`);
  }
  const targets = [];
  for (const el of document.querySelectorAll("article :is(a, button, summary, [tabindex])")) {
    if (!el.checkVisibility() || el.closest("template, .flowchart")) continue;
    // A glossary term or a link in a sentence: exempt, as WCAG 2.5.8 exempts it.
    const inSentence = el.matches("a:not(.headerlink)") && el.closest("p, li, td, th, dd, dt");
    if (el.matches("abbr") || inSentence) continue;
    if (el.closest("details:not([open])") && !el.matches("summary")) continue;
    const r = el.getBoundingClientRect();
    if (r.width && (r.width < 24 - 0.5 || r.height < 24 - 0.5)) {
      targets.push(`${el.className || el.tagName} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return {text, targets};
}
"""


@pytest.mark.parametrize("path", PLAYER_PAGES)
def test_text_is_at_least_12_px_and_controls_24_px_on_a_phone(browser, base_url, path):
    context = new_context(browser, (390, 844))
    try:
        page = context.new_page()
        page.goto(base_url + path)
        instant_ready(page)
        page.add_style_tag(content=LAY_OUT_EVERYTHING)
        found = page.evaluate(_SMALL)
    finally:
        context.close()
    text, targets = found["text"], found["targets"]
    assert text == [], f"{path}: {len(text)} runs of text under 12 px, e.g. {text[:5]}"
    assert targets == [], f"{path}: {len(targets)} controls under 24 px, e.g. {targets[:5]}"


# The contrast of each highlighted word against what lies behind it (WCAG's relative luminance).
_MARK_CONTRAST = r"""
() => {
  const rgb = c => c.match(/[\d.]+/g).map(Number);
  const linear = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => [r, g, b].map(linear)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const behind = el => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll(".md-search-result mark")].map(mark => {
    const [a, b] = [lum(rgb(getComputedStyle(mark).color)), lum(behind(mark))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}
"""


@pytest.mark.parametrize("palette", PALETTES)
def test_search_highlights_stand_out_at_4_5_to_1(browser, base_url, palette):
    context = new_context(browser, (1280, 900), color_scheme=palette)
    try:
        page = context.new_page()
        page.goto(base_url + "/")
        instant_ready(page)
        search(page, "fire")
        contrasts = page.evaluate(_MARK_CONTRAST)
    finally:
        context.close()
    assert contrasts, "no highlighted word in the results"
    assert min(contrasts) >= 4.5, f"a highlighted word stands at {min(contrasts):.2f}:1 ({palette} palette)"


def test_nothing_floats_over_the_heading_a_link_landed_on_a_phone(browser, base_url):
    context = new_context(browser, (390, 844))
    try:
        page = context.new_page()
        page.goto(base_url + "/monsters/")
        instant_ready(page)
        # From the foot of the page, a link to a heading above: the page moves up, and the theme
        # shows its "Back to top" pill on the way.
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_function("() => window.scrollY > 2000")
        page.evaluate("location.hash = '#group-traits'")
        assert landing(page, "group-traits")["landed"]
        # Once landed, the pill does not show over the page at all: whatever a link lands on (a
        # heading, a ruling's box, a table's row), nothing floats over it.
        shown = page.evaluate(
            """() => {
              const top = document.querySelector(".md-top");
              const pill = top && top.checkVisibility({opacityProperty: true, visibilityProperty: true})
                ? top.getBoundingClientRect() : null;
              return pill && pill.bottom > 0 ? Math.round(pill.top) : null;
            }"""
        )
    finally:
        context.close()
    assert shown is None, f"the Back to top pill shows {shown} px from the top, over what the link landed on"
