"""What a player sees of a system page: measured in the browser, shared by tests and scripts.

``measure(page)`` reads the page as it is laid out (at whatever viewport and palette the
page was opened with) and returns the figures the player-page tests assert on and
``scripts/measure-pages`` reports: visible code blocks and how many are cut off sideways,
the smallest flowchart label and the flowchart links under 24 px, and what of the
programmer's vocabulary (``>>>``, ``Traceback``, ``rules.``) is in view.
``open_page`` opens a page at a viewport and palette with its charts drawn; axe-core's audit is
`sitetools.axe`.
"""

from __future__ import annotations

from typing import Any

from sitetools.browser import WAIT_LIMIT_MS

SYSTEM_PAGES = [
    "/resistances/",
    "/monsters/",
    "/affinity/",
    "/conditions/",
    "/typed-damage/",
    "/taking-damage/",
]
# Every page a player reads rules on: the systems, the seventeen conditions, and the designers'
# pages split from two systems (the monsters' balance, the odds of typed damage).
PLAYER_PAGES = [*SYSTEM_PAGES, "/conditions-list/", "/monster-balance/", "/typed-damage-odds/"]
VIEWPORTS = {"phone": (390, 844), "desktop": (1280, 900)}
PALETTES = ["light", "dark"]

# Every block drawn, as if the player had scrolled past it: runs and members (content-visibility)
# and the flowcharts waiting for the player to come near (player.js).
LAY_OUT_EVERYTHING = (
    "*, *::before, *::after { content-visibility: visible !important; }"
    " .flowchart__frame[data-waiting] { height: auto !important; }"
    " .flowchart__frame[data-waiting] > svg { display: inline !important; }"
)

_MEASURE = r"""
() => {
  const article = document.querySelector("article.md-content__inner");
  const shown = el => el.getClientRects().length > 0 && !el.closest("details:not([open])");
  const code = [...article.querySelectorAll("pre")].filter(p => !p.classList.contains("flowchart"));
  const visibleCode = code.filter(shown);
  const cutOff = visibleCode
    .map(pre => {
      const box = pre.querySelector("code") || pre;
      return {hidden: box.scrollWidth - box.clientWidth, text: box.textContent.slice(0, 60)};
    })
    .filter(b => b.hidden > 1);
  const labels = [];
  const smallTargets = [];
  for (const svg of article.querySelectorAll("div.flowchart svg")) {
    if (!shown(svg)) continue;
    const drawn = svg.getBoundingClientRect().width;
    const scale = drawn / (svg.viewBox.baseVal.width || drawn);
    for (const el of svg.querySelectorAll("foreignObject span, foreignObject p, text")) {
      if (!el.textContent.trim() || !shown(el)) continue;
      labels.push({px: parseFloat(getComputedStyle(el).fontSize) * scale, text: el.textContent.trim()});
    }
    for (const link of svg.querySelectorAll("a")) {
      const r = link.getBoundingClientRect();
      if (r.width < 24 || r.height < 24) {
        smallTargets.push({w: Math.round(r.width), h: Math.round(r.height), text: link.textContent.trim()});
      }
    }
  }
  labels.sort((a, b) => a.px - b.px);
  const text = article.innerText;
  const count = word => text.split(word).length - 1;
  return {
    visibleCode: visibleCode.length,
    allCode: code.length,
    cutOff: cutOff.length,
    mostHidden: Math.max(0, ...cutOff.map(b => b.hidden)),
    cutOffExamples: cutOff.slice(0, 3).map(b => b.text),
    smallestLabel: labels.length ? Math.round(labels[0].px * 10) / 10 : null,
    smallestLabelText: labels.length ? labels[0].text : null,
    smallTargets: smallTargets.length,
    smallTargetExamples: smallTargets.slice(0, 3),
    charts: article.querySelectorAll("div.flowchart svg").length,
    chartsScrolling: [...article.querySelectorAll("div.flowchart .flowchart__frame")]
      .filter(f => f.scrollWidth - f.clientWidth > 1).length,
    prompts: count(">>>"),
    tracebacks: count("Traceback"),
    // A module path such as rules.resistances; "... from the rules." in prose is fine.
    rulesDot: (text.match(/\brules\.[A-Za-z_]/g) || []).length,
    pageWidth: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}
"""

def open_page(browser: Any, url: str, viewport: str, palette: str) -> tuple[Any, Any]:
    """A new context at the viewport and palette, with the page loaded and its charts drawn."""
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        color_scheme="dark" if palette == "dark" else "light",
        is_mobile=viewport == "phone",
        has_touch=viewport == "phone",
        service_workers="block",  # the offline worker is tested on its own (test_offline.py)
    )
    context.set_default_timeout(WAIT_LIMIT_MS)  # a limit on conditions on a loaded machine, not a speed check
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.wait_for_function(
        "!document.querySelector('pre.flowchart')"
        " && [...document.querySelectorAll('div.flowchart')].every(d => d.querySelector('svg'))"
    )
    want = "slate" if palette == "dark" else "default"
    page.wait_for_function(f"document.body.getAttribute('data-md-color-scheme') === '{want}'")
    return context, page


def measure(page: Any) -> dict[str, Any]:
    """The player's view of the open page (see the module docstring)."""
    style = page.add_style_tag(content=LAY_OUT_EVERYTHING)
    try:
        result: dict[str, Any] = page.evaluate(_MEASURE)
    finally:
        style.evaluate("s => s.remove()")
    return result


def after_heading(anchor: str, selector: str) -> str:
    """A selector for ``selector`` among the blocks after the heading ``#anchor``.

    From a page's second section on, the blocks between two headings sit in one run
    (rulesite/offscreen.py), so they are the heading's siblings or inside the run beside it.
    Several may match: take ``.first``, the nearest below the heading.
    """
    return f"#{anchor} ~ {selector}, #{anchor} ~ .rule-run {selector}"

