"""The search figures for scripts/bench: a keystroke to its results on a phone, beside the theme's search.

On a phone profile (390x844, touch, Chromium's CPU throttling at 4x through the DevTools
protocol), for the site's search (docs/assets/search/worker.js) and, in the same run, the
theme's own (its lunr worker served in its place: the bare baseline), each on a fresh load of
the home page:

- the time from the page's start to the search being ready (the worker holds its index);
- for a sample of the player queries (tests/search_queries.yml), typed one key at a time from
  the moment the theme has started (so the first keys wait for the index), each key after the
  last one's results are on screen: the time from the key's ``input`` event (the box holds the
  new text) to the frame that shows its results painted (the frame after the list changed),
  median, 95th percentile and worst, of every key typed once the index was ready, and apart
  from them the keys typed while it loaded; and where that time goes: the input to the query
  sent to the worker, the worker's answer, and the theme drawing it;
- how many of the whole query set find their rule first (sitetools/links.py).

    .venv/bin/python scripts/bench.py --search [--site DIR]
    .venv/bin/python scripts/bench_search.py SITE [--theme] [--slowest N]   (one engine, no query set)
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import Any

from sitetools.links import QUERIES, query_groups, query_misses, theme_search

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "service_workers": "block"}
THROTTLE = 4
PER_GROUP = 4  # queries per group of the set, typed key by key

# Per input event in the search box: its text, when it happened, when the theme sent that text
# to the worker, when the answer came back, and when the frame showing it was painted (a
# MessageChannel task queued from the frame's animation callback runs after that frame's paint).
# The worker answers the queries in the order it got them.
_TIMING_JS = """
window.searchKeys = []; window.searchReady = null;
const sent = [], waiting = [];
const isBox = target => target && target.matches && target.matches('.md-search__input');
document.addEventListener('input', event => {
  if (isBox(event.target))
    window.searchKeys.push({value: event.target.value, input: performance.now(),
                            loading: window.searchReady === null});
}, true);
const keyFor = (value, field) =>
  window.searchKeys.findLast(key => key.value === value && key[field] === undefined);
window.searchDrawn = value => new Promise(done => {
  if (window.searchKeys.some(key => key.value === value && key.drawn !== undefined)) done();
  else waiting.push({value, done});
});
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', event => {
      const type = event.data && event.data.type;
      if (type === 1 && window.searchReady === null) window.searchReady = performance.now();
      if (type !== 3) return;
      const value = sent.shift();
      const key = keyFor(value, 'answered');
      if (!key) return;
      key.answered = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          key.drawn = performance.now();
          for (const wait of waiting.filter(w => w.value === key.value)) wait.done();
        };
        channel.port2.postMessage(0);
      });
    });
  }
  postMessage(message, ...rest) {
    if (message && message.type === 2) {
      sent.push(message.data);
      const key = keyFor(message.data, 'sent');
      if (key) key.sent = performance.now();
    }
    return super.postMessage(message, ...rest);
  }
};
"""


def _sample() -> list[str]:
    return [query for pairs in query_groups().values() for query, _ in pairs[:PER_GROUP]]


def _type(page: Any, query: str) -> None:
    """Type ``query`` key by key into an emptied box, each key after the last one's results are drawn."""
    box = page.locator(".md-search__input")
    box.focus()
    if box.input_value():
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
        page.evaluate("() => window.searchDrawn('')")
    for count, key in enumerate(query, start=1):
        page.keyboard.type(key)
        page.evaluate("typed => window.searchDrawn(typed)", query[:count])


def engine_keys(browser: Any, base: str, site: Path | None) -> tuple[float, list[dict[str, Any]]]:
    """When the search was ready (ms after the page's start), and every key's timings.

    ``site``: serve the theme's own search worker from that built site instead of the site's.
    """
    context = browser.new_context(**PHONE)
    if site is not None:
        theme_search(context, site)
    context.add_init_script(_TIMING_JS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.goto(base + "/", wait_until="commit")
    # A player can open the search once the theme has started; the index may still be loading.
    page.wait_for_function("() => window.document$ !== undefined", polling=50)
    page.locator("label.md-header__button[for='__search']").click()
    for query in _sample():
        _type(page, query)
    ready: float = page.evaluate("window.searchReady")
    keys: list[dict[str, Any]] = page.evaluate("window.searchKeys.filter(key => key.value !== '')")
    context.close()
    return ready, keys


def figures(ready: float, keys: list[dict[str, Any]]) -> dict[str, Any]:
    """Spreads of the keys typed with the index ready, and the keys typed while it loaded."""
    warm = [key for key in keys if not key["loading"]]
    parts = {
        "drawn": [key["drawn"] - key["input"] for key in warm],
        "sent": [key["sent"] - key["input"] for key in warm],
        "worker": [key["answered"] - key["sent"] for key in warm],
        "theme": [key["drawn"] - key["answered"] for key in warm],
    }
    loading = [key["drawn"] - key["input"] for key in keys if key["loading"]]
    return {"ready": ready, "keys": len(warm), "loading": loading,
            **{name: sorted(values) for name, values in parts.items()}}


def _spread(values: list[float]) -> str:
    """Median / 95th percentile of sorted milliseconds."""
    return f"{statistics.median(values):.0f} / {values[int(0.95 * (len(values) - 1))]:.0f}"


def _rows(name: str, got: dict[str, Any], goal: str) -> list[tuple[str, str, str]]:
    where = f"Search, phone at {THROTTLE}x CPU, {name}"
    loading = ", ".join(f"{ms:.0f}" for ms in got["loading"]) or "none"
    return [
        (f"{where}: ready after load", f"{got['ready']:.0f} ms", ""),
        (f"{where}: a key's input to its results painted, median / 95% / worst of {got['keys']} keys "
         "typed with the index ready", f"{_spread(got['drawn'])} / {got['drawn'][-1]:.0f} ms", goal),
        (f"{where}: keys typed while the index loaded, input to results painted", f"{loading} ms", ""),
        (f"{where}: of which the input to the query sent / the worker's answer / the theme drawing "
         "it, median / 95% each",
         f"{_spread(got['sent'])} · {_spread(got['worker'])} · {_spread(got['theme'])} ms", ""),
    ]


def search_rows(base: str, site: Path, chromium: str, flags: list[str]) -> list[tuple[str, str, str]]:
    """The figures, as bench rows (figure, value, goal)."""
    from playwright.sync_api import sync_playwright

    rows: list[tuple[str, str, str]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=flags)
        for name, theme in (("the site's search (MiniSearch)", None), ("the theme's search (lunr)", site)):
            rows += _rows(name, figures(*engine_keys(browser, base, theme)),
                          "<= 50 ms" if theme is None else "")
            misses = query_misses(browser, base, (390, 844), QUERIES, theme)
            rows.append((f"Search, {name}: player queries whose first result is their rule (phone)",
                         f"{len(QUERIES) - len(misses)} / {len(QUERIES)}", ""))
        browser.close()
    return rows


def main(argv: list[str]) -> int:
    """One engine's keystroke figures and its slowest keys, for working on the search."""
    import argparse

    from bench import CHROMIUM, CHROMIUM_FLAGS, serve
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("site", type=Path)
    parser.add_argument("--theme", action="store_true", help="the theme's own search (lunr) instead")
    parser.add_argument("--slowest", type=int, default=10, help="list this many of the slowest keys")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        ready, keys = engine_keys(browser, base, site if args.theme else None)
        browser.close()
    for figure, value, goal in _rows("theme" if args.theme else "site", figures(ready, keys), ""):
        print(f"{figure}: {value} {goal}")
    slowest = sorted(keys, key=lambda key: key["input"] - key["drawn"])[: args.slowest]
    for key in slowest:
        print(f"  {key['value']!r:32} {key['drawn'] - key['input']:6.0f} ms: "
              f"sent +{key['sent'] - key['input']:.0f}, worker {key['answered'] - key['sent']:.0f}, "
              f"drawn {key['drawn'] - key['answered']:.0f}{' (index loading)' if key['loading'] else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
