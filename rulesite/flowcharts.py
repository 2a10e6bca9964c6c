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
from html import escape
from pathlib import Path
from typing import Any

from rulesite.build import docs_of, holds_all, page_of, rule_href
from rulesite.markup import Element, parse
from rulesite.model import DOCS, ROOT, Flowchart, current
from rulesite.stated import drawn

log = logging.getLogger("mkdocs.rulesite")
STORE = DOCS / "assets" / "flowcharts"
MERMAID = ROOT / "node_modules" / "mermaid"
# Neutral colours print well and invert cleanly for the dark theme (see rules.css).
CONFIG = {"startOnLoad": False, "securityLevel": "strict", "theme": "neutral"}
_REFERENCE = re.compile(r"url\(#([^)]+)\)")
"""A reference to a definition (an arrowhead, a shadow) in an attribute or a style sheet's text."""
_LINKS = ("href", "xlink:href")
_ANCHOR = re.compile(r"#[a-z0-9-]+")


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
        drawing = parse(path.read_text(encoding="utf-8").strip())
        _slimmed(drawing)
        _linked(drawing, md)
        return f'<div class="flowchart" data-drawn="ahead">{_framed(drawing)}</div>'
    log.info("a flowchart is drawn in the browser until scripts/render-flowcharts draws it")
    return f'<pre class="{class_name}"><code>{escape(drawn(src))}</code></pre>'


def _framed(drawing: Element) -> str:
    """The chart as the player meets it: its "Enlarge chart" button and the frame it scrolls in.

    Both are in the page from the start, so nothing moves when the site's script (player.js)
    gives the button its action. The frame carries the chart's width and its height per unit
    of width: the stylesheet (rules.css) keeps the chart's place at its drawn height while it
    waits undrawn (``data-waiting``) for the player to come near it. A drawing without a
    viewBox (Mermaid always writes one) is drawn at once.
    """
    title = next(drawing.iter("title"), None)
    name = escape(title.text.strip()) if title is not None and title.text.strip() else "flowchart"
    button = ('<button type="button" class="md-button flowchart__enlarge"'
              f' aria-label="Enlarge chart: {name}">Enlarge chart</button>')
    frame = f'class="flowchart__frame" tabindex="0" role="region" aria-label="{name} (scrolls sideways)"'
    svg = drawing.html
    box = next((element.get("viewbox") or "" for element in drawing.iter() if element.get("viewbox")), "")
    sizes = box.split()
    if len(sizes) != 4:
        return f"{button}<div {frame}>{svg}</div>"
    width, height = float(sizes[2]), float(sizes[3])
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
    drawing = parse(svg)
    _slimmed(drawing)
    return drawing.html


def _slimmed(drawing: Element) -> None:
    referred = {name for element in drawing.iter() for value in element.attrs.values() if value
                for name in _REFERENCE.findall(value)}
    referred |= {name for text in drawing.texts() for name in _REFERENCE.findall(text.text)}
    for element in list(drawing.iter()):
        if _shows_nothing(element, referred) and element.parent is not None:
            element.parent.replace(element)
        else:
            element.remove("data-points")


def _shows_nothing(element: Element, referred: set[str]) -> bool:
    """An empty edge label or label background, or a definition nothing refers to."""
    if element.tag == "g" and element.classes == ["edgeLabel"]:
        sizes = [(box.get("width"), box.get("height")) for box in element.iter("foreignobject")]
        return sizes == [("0", "0")] and not element.text
    if element.tag == "rect":
        return not element.attrs and not element.children
    if element.tag == "marker":
        return element.get("id") not in referred
    if element.tag == "defs":
        kids = [child for child in element.children if isinstance(child, Element)]
        return [kid.tag for kid in kids] == ["filter"] and kids[0].get("id") not in referred
    return False


def _linked(drawing: Element, md: Any) -> None:
    """Boxes that link to a rule on another page (anchors are unique site-wide) point at that page."""
    docs = docs_of(md)
    for element in drawing.iter():
        for name in _LINKS:
            target = element.get(name) or ""
            href = rule_href(target[1:], md, docs) if _ANCHOR.fullmatch(target) else None
            if href:
                element.set(name, href)


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

    from sitetools.browser import CHROMIUM, CHROMIUM_FLAGS

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
