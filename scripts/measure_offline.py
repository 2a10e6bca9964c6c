"""Measures the reference offline: bytes stored, time to offline-ready, and phone screenshots.

    .venv/bin/python scripts/measure_offline.py [--runs N] [--shots DIR]

Serves the built site/ (with scripts/offline's service worker) under /rules-site/ and, in a
fresh phone-sized Chromium context per run: opens the home page and waits for
<html data-offline="ready">; reads the page's "offline:ready" mark (milliseconds from the start
of the navigation) and, as the scale of this machine's speed at that moment, the home page's
own load time; sums the bytes the worker stored (by cache and by kind); opens the Resistances
calculator once (the runtime's cache). With --shots, turns the network off and takes 390x844
screenshots of a system page, light and dark, with the search open. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitetools.browser import launch  # noqa: E402
from sitetools.server import serve  # noqa: E402

SITE = ROOT / "site"
PHONE = {"width": 390, "height": 844}
LIMIT_MS = 120_000

STORED_BYTES = """
async () => {
  const kinds = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      const kind = name.includes("-calculator-") ? "calculator runtime (on first use)"
        : path.endsWith(".html") ? "pages (HTML)"
        : path.includes("/search/") ? "search index"
        : "styles, scripts, images";
      const size = (await (await cache.match(request)).blob()).size;
      kinds[kind] = (kinds[kind] || 0) + size;
    }
  }
  return kinds;
}
"""


def _run(browser: Any, base: str) -> dict[str, Any]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="allow")
    page = context.new_page()
    page.set_default_timeout(LIMIT_MS)
    page.goto(base + "/")
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'")
    ready = page.evaluate("performance.getEntriesByName('offline:ready')[0].startTime")
    load = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    page.goto(base + "/resistances/")
    page.locator('details.calculator[data-system="resistances"] > summary').click()
    page.locator('details.calculator[data-system="resistances"][data-state="ready"]').wait_for()
    stored = page.evaluate(STORED_BYTES)
    usage = page.evaluate("navigator.storage.estimate().then(e => e.usage)")
    return {"context": context, "page": page, "ready": ready, "load": load, "stored": stored, "usage": usage}


def _shots(run: dict[str, Any], base: str, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    context, page = run["context"], run["page"]
    context.set_offline(True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.goto(base + "/resistances/#trait-damage-immunity")
        if scheme == "dark":  # Material keeps the palette of the last visit: switch as a player does
            page.locator("label[title='Switch to dark mode']").click()
            page.locator("body[data-md-color-scheme='slate']").wait_for()
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'")
        page.screenshot(path=str(folder / f"offline-resistances-{scheme}.png"))
        page.goto(base + "/")
        page.locator("label.md-header__button[for='__search']").click()
        page.keyboard.type("petrified")
        page.locator(".md-search-result__item a").first.wait_for()
        page.screenshot(path=str(folder / f"offline-search-{scheme}.png"))
        page.goto(base + "/")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.screenshot(path=str(folder / f"offline-footer-{scheme}.png"))
    context.set_offline(False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shots", type=Path, help="folder for the offline phone screenshots")
    options = parser.parse_args()
    assert (SITE / "sw.js").exists(), "site/ has no sw.js: build the site, then run scripts/offline"
    with serve(SITE, 0, "/rules-site") as served, sync_playwright() as playwright:
        browser = launch(playwright)
        runs = []
        for number in range(options.runs):
            run = _run(browser, served.base)
            if options.shots and number == 0:
                _shots(run, served.base, options.shots)
            run["context"].close()
            runs.append(run)
        browser.close()
    mb = 1e6
    print("| Measure | Median | Runs |")
    print("|---|---|---|")
    timings = (("offline-ready (ms from navigation start)", "ready"), ("home page load (ms)", "load"))
    for label, key in timings:
        values = [round(run[key]) for run in runs]
        print(f"| {label} | {statistics.median(values)} | {values} |")
    for kind in sorted(runs[0]["stored"]):
        print(f"| stored: {kind} (MB) | {runs[0]['stored'][kind] / mb:.2f} | |")
    print(f"| stored: all, as the browser counts it (navigator.storage.estimate, MB) | "
          f"{statistics.median(run['usage'] for run in runs) / mb:.2f} | |")


if __name__ == "__main__":
    main()
