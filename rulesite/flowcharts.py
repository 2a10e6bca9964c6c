"""Flowcharts drawn ahead of time: every page's Mermaid source, rendered once to SVG.

Designers edit the ```` ```mermaid ```` blocks in ``docs/``; ``scripts/render-flowcharts``
draws each one with the site's own Mermaid in headless Chromium and stores the SVG under
``docs/assets/flowcharts/``, named by a hash of the source and the Mermaid version.
`formatter` (a superfences formatter, listed in ``mkdocs.yml``) then inlines the SVG,
so a page needs no diagram script at all. A flowchart without a current SVG still
works: the page falls back to drawing it in the browser (``assets/js/flowcharts.js``),
and ``tests/test_flowcharts.py`` fails until it is drawn again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import sys
from html import escape, unescape
from pathlib import Path
from typing import Any

from rulesite.build import docs_of, holds_all, page_of, rule_href
from rulesite.model import DOCS, ROOT, Flowchart, current
from rulesite.stated import drawn

log = logging.getLogger("mkdocs.rulesite")
STORE = DOCS / "assets" / "flowcharts"
MERMAID = ROOT / "node_modules" / "mermaid"
# Neutral colours print well and invert cleanly for the dark theme (see rules.css).
CONFIG = {"startOnLoad": False, "securityLevel": "strict", "theme": "neutral"}
_HREF = re.compile(r'(?P<attr>(?:xlink:)?href)="#(?P<anchor>[a-z0-9-]+)"')

# What Mermaid draws that a reader never sees (see `slim`).
_EMPTY_EDGE_LABEL = re.compile(
    r'<g class="edgeLabel"><g class="label"[^>]*><foreignObject width="0" height="0">'
    r'<div[^>]*><span class="edgeLabel"></span></div></foreignObject></g></g>'
)
_EMPTY_RECT = "<rect></rect>"
_MARKER = re.compile(r'<marker id="(?P<id>[^"]+)".*?</marker>', re.DOTALL)
_FILTER = re.compile(r'<defs><filter id="(?P<id>[^"]+)".*?</filter></defs>', re.DOTALL)
_EDGE_DATA = re.compile(r' data-points="[^"]*"')
_REFERENCE = re.compile(r"url\(#([^)]+)\)")
_TITLE = re.compile(r"<title[^>]*>(?P<name>[^<]*)</title>")
_VIEW_BOX = re.compile(r'viewBox="[-\d.]+ [-\d.]+ (?P<width>[\d.]+) (?P<height>[\d.]+)"')


def mermaid_version() -> str:
    """The locked Mermaid's version (the drawing depends on it), from package-lock.json: no npm needed."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"]["node_modules/mermaid"]["version"])


def key(source: str) -> str:
    """The name of a flowchart's SVG: changes when the source, Mermaid or the drawing settings do."""
    digest = hashlib.sha256()  # the chart as drawn: its `states:` comments are checks, not drawing
    for part in (mermaid_version(), json.dumps(CONFIG, sort_keys=True), drawn(source).rstrip("\n") + "\n"):
        digest.update(part.encode("utf-8") + b"\0")
    return digest.hexdigest()[:16]


def svg_path(source: str) -> Path:
    """Where the SVG of a flowchart with this source is stored."""
    return STORE / f"{key(source)}.svg"


def formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    """Superfences formatter: the flowchart's SVG drawn ahead of time, or its source for the browser."""
    _check_targets(src, md)
    path = svg_path(src)
    if path.exists():
        svg = _linked(slim(path.read_text(encoding="utf-8").strip()), md)
        return f'<div class="flowchart" data-drawn="ahead">{_framed(svg)}</div>'
    log.info("a flowchart is drawn in the browser until scripts/render-flowcharts draws it")
    return f'<pre class="{class_name}"><code>{escape(drawn(src))}</code></pre>'


def _framed(svg: str) -> str:
    """The chart as the player meets it: its "Enlarge chart" button and the frame it scrolls in.

    Both are in the page from the start, so nothing moves when the site's script (player.js)
    gives the button its action. The frame carries the chart's width and its height per unit
    of width: the stylesheet (rules.css) keeps the chart's place at its drawn height while it
    waits undrawn (``data-waiting``) for the player to come near it. A drawing without a
    viewBox (Mermaid always writes one) is drawn at once.
    """
    title = _TITLE.search(svg)
    name = escape(unescape(title["name"]).strip()) if title and title["name"].strip() else "flowchart"
    button = ('<button type="button" class="md-button flowchart__enlarge"'
              f' aria-label="Enlarge chart: {name}">Enlarge chart</button>')
    frame = f'class="flowchart__frame" tabindex="0" role="region" aria-label="{name} (scrolls sideways)"'
    box = _VIEW_BOX.search(svg)
    if box is None:
        return f"{button}<div {frame}>{svg}</div>"
    width, height = float(box["width"]), float(box["height"])
    size = f"--chart-width: {width:g}px; --chart-ratio: {height / width:.4f}"
    return f'{button}<div {frame} data-waiting style="{size}">{svg}</div>'


def slim(svg: str) -> str:
    """The drawing without what Mermaid adds that shows nothing: a quarter of a chart's elements.

    Edge labels with no words (Mermaid draws one, zero by zero, for every unlabelled arrow),
    the empty ``<rect>`` in every box's label, the arrowheads and shadows no line or style
    refers to, and the coordinates Mermaid keeps on each line for its own editing. Every box,
    word, link and referenced definition stays; each element of a chart is styled and laid
    out by the phone that opens its page.
    """
    referred = set(_REFERENCE.findall(svg))

    def used(match: re.Match[str]) -> str:
        return match.group(0) if match["id"] in referred else ""

    svg = _EMPTY_EDGE_LABEL.sub("", svg).replace(_EMPTY_RECT, "")
    svg = _FILTER.sub(used, _MARKER.sub(used, svg))
    return _EDGE_DATA.sub("", svg)


def _linked(svg: str, md: Any) -> str:
    """Boxes that link to a rule on another page (anchors are unique site-wide) point at that page."""

    def resolve(match: re.Match[str]) -> str:
        href = rule_href(match["anchor"], md, docs_of(md))
        return f'{match["attr"]}="{escape(href)}"' if href else match.group(0)

    return _HREF.sub(resolve, svg)


def _check_targets(src: str, md: Any) -> None:
    page = page_of(md)
    if page is None or holds_all(md):
        return
    site_ids = set(docs_of(md).anchors)
    for chart in (chart for chart in page.flowcharts if chart.source.strip() == src.strip()):
        for node, target in chart.clicks:
            if not target.startswith("#") or target[1:] not in site_ids:
                log.warning(
                    "docs/%s:%d: flowchart box %s links to %r, which is not an anchor of the site",
                    page.src, chart.line, node, target,
                )


def render(charts: list[Flowchart]) -> None:
    """Draw each flowchart with Mermaid in headless Chromium and store its SVG."""
    from playwright.sync_api import sync_playwright

    from rulesite.chromium import CHROMIUM, CHROMIUM_FLAGS

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_FLAGS))
        page = browser.new_page()
        page.set_content("<!doctype html><html><body></body></html>")
        page.add_script_tag(path=str(MERMAID / "dist" / "mermaid.min.js"))
        page.evaluate("config => mermaid.initialize(config)", CONFIG)
        for chart in charts:
            svg = page.evaluate(
                "async ([id, source]) => (await mermaid.render(id, source)).svg",
                [f"flowchart-{key(chart.source)}", chart.source],
            )
            STORE.mkdir(parents=True, exist_ok=True)
            svg_path(chart.source).write_text(svg + "\n", encoding="utf-8")
            print(f"drew docs/{chart.page}:{chart.line} -> {svg_path(chart.source).relative_to(ROOT)}")
        browser.close()


def main() -> int:
    """Draw what is missing, delete what is stale."""
    charts = list(current().flowcharts)
    render([chart for chart in charts if not svg_path(chart.source).exists()])
    drawn = {svg_path(chart.source) for chart in charts}
    for stale in sorted(set(STORE.glob("*.svg")) - drawn):
        stale.unlink()
        print(f"deleted stale {stale.relative_to(ROOT)}")
    print(f"{len(charts)} flowcharts drawn ahead of time in {STORE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
