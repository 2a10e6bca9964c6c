"""The search figures for scripts/bench: a keystroke to its results on a phone, beside the theme's search.

On a phone profile (390x844, touch, Chromium's CPU throttling at 4x through the DevTools
protocol), for the site's search (docs/assets/search/worker.js) and, in the same run, the
theme's own (its lunr worker served in its place), each on a fresh load of the home page:

- the time from the page's start to the search being ready (the worker built its index);
- for a sample of the player queries (tests/search_queries.yml), typed one key at a time, the
  time from each key going down to its results drawn (the worker's answer for the box's text,
  then the theme's redraw of the list, then a frame): median, 95th percentile and worst;
- how many of the whole query set find their rule first (sitetools/links.py).

    .venv/bin/python scripts/bench.py --search [--site DIR]
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from sitetools.links import QUERIES, query_groups, query_misses, theme_search

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "service_workers": "block"}
THROTTLE = 4
PER_GROUP = 4  # queries per group of the set, typed key by key

# Records when each key goes down in the search box, when the worker answers each query and
# when the theme has drawn that answer (the next frame after the list changed).
_TIMING_JS = """
window.searchTimes = []; window.searchReady = null; window.searchPending = null;
document.addEventListener('keydown', event => {
  if (event.target.matches && event.target.matches('.md-search__input'))
    window.searchPending = {down: performance.now()};
}, true);
// The theme asks on the key's release (keyup): the test harness's own time between a key's
// press and its release is no part of the site's answer, so each figure is also taken from it.
document.addEventListener('keyup', event => {
  if (window.searchPending && event.target.matches && event.target.matches('.md-search__input'))
    window.searchPending.up = performance.now();
}, true);
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', event => {
      const type = event.data && event.data.type;
      if (type === 1) window.searchReady = performance.now();
      if (type !== 3 || !window.searchPending) return;
      const pending = window.searchPending;
      const value = document.querySelector('.md-search__input').value;
      pending.answered = performance.now();
      // The theme draws the answer in the same task; the frame after it is on screen.
      setTimeout(() => requestAnimationFrame(() => {
        pending.drawn = performance.now();
        pending.value = value;
        window.searchTimes.push(pending);
      }), 0);
    });
  }
};
"""


def _sample() -> list[str]:
    return [query for pairs in query_groups().values() for query, _ in pairs[:PER_GROUP]]


def _keystrokes(page: Any, query: str) -> list[list[float]]:
    """Type ``query`` key by key, each after the last one's results drawn.

    Per key, ms from its press to its results drawn, to the worker's answer, and from its release
    to its results drawn.
    """
    box = page.locator(".md-search__input")
    box.focus()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.wait_for_function("() => document.querySelector('.md-search__input').value === ''")
    page.evaluate("window.searchTimes = []")
    for count, key in enumerate(query, start=1):
        typed = query[:count]
        page.keyboard.type(key)
        if not typed.strip() or typed.endswith(" "):
            continue  # the theme asks nothing new for a trailing space
        page.wait_for_function(
            "typed => window.searchTimes.some(t => t.value === typed)", arg=typed, polling=50
        )
    times: list[list[float]] = page.evaluate(
        "() => window.searchTimes.map(t => [t.drawn - t.down, t.answered - t.down, t.drawn - t.up])"
    )
    return times


def engine_figures(browser: Any, base: str, site: Path | None) -> dict[str, Any]:
    """One engine's figures on the phone profile (``site``: serve the theme's worker from it)."""
    context = browser.new_context(**PHONE)
    if site is not None:
        theme_search(context, site)
    context.add_init_script(_TIMING_JS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.goto(base + "/")
    page.wait_for_function("() => window.searchReady !== null", polling=50)
    ready = page.evaluate("window.searchReady")
    page.locator("label.md-header__button[for='__search']").click()
    keys = [key for query in _sample() for key in _keystrokes(page, query)]
    context.close()
    drawn, answered, released = (sorted(key[part] for key in keys) for part in range(3))
    return {"ready": ready, "keys": len(keys), "drawn": _spread(drawn), "worst": drawn[-1],
            "answered": _spread(answered), "released": _spread(released)}


def _spread(values: list[float]) -> str:
    """Median / 95th percentile of sorted milliseconds."""
    return f"{statistics.median(values):.0f} / {values[int(0.95 * (len(values) - 1))]:.0f}"


def search_rows(base: str, site: Path, chromium: str, flags: list[str]) -> list[tuple[str, str, str]]:
    """The figures, as bench rows (figure, value, goal)."""
    from playwright.sync_api import sync_playwright

    rows: list[tuple[str, str, str]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=flags)
        for name, theme in (("the site's search (MiniSearch)", None), ("the theme's search (lunr)", site)):
            figures = engine_figures(browser, base, theme)
            rows.append((f"Search, phone at {THROTTLE}x CPU, {name}: ready after load",
                         f"{figures['ready']:.0f} ms", ""))
            goal = "<= 50 ms" if theme is None else ""
            rows.append((f"Search, phone at {THROTTLE}x CPU, {name}: a key to its results drawn, "
                         f"median / 95% / worst of {figures['keys']} keys",
                         f"{figures['drawn']} / {figures['worst']:.0f} ms", goal))
            rows.append((f"Search, phone at {THROTTLE}x CPU, {name}: a key's release (the theme asks on "
                         "keyup) to its results drawn, median / 95%", f"{figures['released']} ms", goal))
            rows.append((f"Search, phone at {THROTTLE}x CPU, {name}: a key to the worker's answer "
                         "(before the theme draws it), median / 95%", f"{figures['answered']} ms", ""))
            misses = query_misses(browser, base, (390, 844), QUERIES, theme)
            rows.append((f"Search, {name}: player queries whose first result is their rule (phone)",
                         f"{len(QUERIES) - len(misses)} / {len(QUERIES)}", ""))
        browser.close()
    return rows
