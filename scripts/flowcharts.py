"""Flowcharts drawn ahead of time: every page's Mermaid source, rendered once to SVG.

Designers edit the ```` ```mermaid ```` blocks in ``docs/``; this script draws each one
with the site's own Mermaid in headless Chromium and stores the SVG under
``docs/assets/flowcharts/``, named by a hash of the source and the Mermaid version.
The site then inlines the SVG, so a page needs no diagram script at all. A flowchart
without a current SVG still works: the page falls back to drawing it in the browser,
and ``tests/test_flowcharts.py`` fails until this script is run again.

    scripts/render-flowcharts          # draw what is missing, delete what is stale
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
STORE = DOCS / "assets" / "flowcharts"
MERMAID = ROOT / "node_modules" / "mermaid"
# Neutral colours print well and invert cleanly for the dark theme (see rules.css).
CONFIG = {"startOnLoad": False, "securityLevel": "strict", "theme": "neutral"}

_BLOCK = re.compile(r"^```mermaid[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True, slots=True)
class Flowchart:
    """One Mermaid block of a page."""

    page: str
    line: int
    source: str

    @property
    def key(self) -> str:
        """The name of its SVG: changes when the source, Mermaid or the drawing settings do."""
        digest = hashlib.sha256()
        for part in (mermaid_version(), json.dumps(CONFIG, sort_keys=True), self.source):
            digest.update(part.encode("utf-8") + b"\0")
        return digest.hexdigest()[:16]

    @property
    def svg_path(self) -> Path:
        """Where its SVG is stored."""
        return STORE / f"{self.key}.svg"


def mermaid_version() -> str:
    """The locked Mermaid's version (the drawing depends on it), from package-lock.json: no npm needed."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"]["node_modules/mermaid"]["version"])


def flowcharts_in(markdown: str, page: str) -> list[Flowchart]:
    """The Mermaid blocks of one page's Markdown, in order."""
    return [
        Flowchart(page, markdown.count("\n", 0, match.start()) + 1, match.group(1))
        for match in _BLOCK.finditer(markdown)
    ]


def all_flowcharts() -> list[Flowchart]:
    """Every Mermaid block of the docs."""
    charts = []
    for path in sorted(DOCS.rglob("*.md")):
        page = path.relative_to(DOCS).as_posix()
        charts += flowcharts_in(path.read_text(encoding="utf-8"), page)
    return charts


def render(charts: list[Flowchart]) -> None:
    """Draw each flowchart with Mermaid in headless Chromium and store its SVG."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        page = browser.new_page()
        page.set_content("<!doctype html><html><body></body></html>")
        page.add_script_tag(path=str(MERMAID / "dist" / "mermaid.min.js"))
        page.evaluate("config => mermaid.initialize(config)", CONFIG)
        for chart in charts:
            svg = page.evaluate(
                "async ([id, source]) => (await mermaid.render(id, source)).svg",
                [f"flowchart-{chart.key}", chart.source],
            )
            STORE.mkdir(parents=True, exist_ok=True)
            chart.svg_path.write_text(svg + "\n", encoding="utf-8")
            print(f"drew {chart.page}:{chart.line} -> {chart.svg_path.relative_to(ROOT)}")
        browser.close()


def main() -> int:
    charts = all_flowcharts()
    render([chart for chart in charts if not chart.svg_path.exists()])
    current = {chart.svg_path for chart in charts}
    for stale in sorted(set(STORE.glob("*.svg")) - current):
        stale.unlink()
        print(f"deleted stale {stale.relative_to(ROOT)}")
    print(f"{len(charts)} flowcharts drawn ahead of time in {STORE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
