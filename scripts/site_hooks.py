"""MkDocs hooks of the rules site (registered in mkdocs.yml).

- Ship the site's own copy of Mermaid (from ``node_modules``, installed by the
  scripts) as ``assets/vendor/mermaid.min.js``: no page loads anything from a CDN.
- Turn every ``§`` citation of an anchor (as an example's explanation prints them)
  into a link to that rule, wherever it is on the site; anchors are unique across
  the site, and a citation of an unknown anchor fails the strict build.
- Inline each flowchart's SVG, drawn ahead of time by scripts/flowcharts.py, so a page
  needs no diagram script; a flowchart without a current SVG is left for the browser
  to draw (tests/test_flowcharts.py fails until it is drawn again).
- Check that every flowchart node links to an anchor that exists on its page.
- Replace each ``<!-- table: module:function -->`` line by the `rules.tables.Table`
  that function returns, so tables come from the rules code, never typed by hand.
"""

from __future__ import annotations

import importlib
import logging
import re
from pathlib import Path
from typing import Any

from anchor_tools import explicit_ids
from flowcharts import flowcharts_in
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

log = logging.getLogger("mkdocs.hooks.rules_site")
ROOT = Path(__file__).resolve().parent.parent
MERMAID = ROOT / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
MERMAID_URI = "assets/vendor/mermaid.min.js"

_CITATION = re.compile(r"§([a-z0-9][a-z0-9-]*[a-z0-9])")
_CLICK = re.compile(r'^\s*click\s+\S+\s+href\s+"([^"]*)"', re.MULTILINE)
_TABLE = re.compile(r"^([ \t]*)<!--\s*table:\s*([\w.]+):(\w+)\s*-->[ \t]*$", re.MULTILINE)
_ID = re.compile(r'\sid="([^"]+)"')

# anchor -> the page that defines it, for every explicit anchor of the site
_anchors: dict[str, File] = {}
# page -> the anchors its flowcharts' nodes link to
_flowchart_links: dict[str, list[str]] = {}


def on_files(files: Files, config: Any) -> Files:
    """Add the self-hosted Mermaid renderer to the site."""
    if MERMAID.is_file():
        files.append(File.generated(config, MERMAID_URI, abs_src_path=str(MERMAID)))
    else:
        # Every flowchart is drawn ahead of time; the renderer only serves the browser fallback.
        log.info("%s is missing: flowcharts not drawn ahead will not render (scripts/setup --browser)",
                 MERMAID.relative_to(ROOT))
    _anchors.clear()
    for file in files.documentation_pages():
        for anchor in explicit_ids(Path(file.abs_src_path).read_text(encoding="utf-8")):
            other = _anchors.setdefault(anchor, file)
            if other is not file:
                log.warning(
                    "Anchor '#%s' is defined on both %s and %s: anchors must be unique",
                    anchor, other.src_uri, file.src_uri,
                )
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """Render the tables a page includes from the rules code; inline drawn flowcharts."""
    links = []
    for chart in flowcharts_in(markdown, page.file.src_uri):
        links += _CLICK.findall(chart.source)
        if chart.svg_path.exists():
            svg = chart.svg_path.read_text(encoding="utf-8").strip()
            figure = f'<div class="flowchart" data-drawn="ahead">{svg}</div>'
            markdown = markdown.replace(f"```mermaid\n{chart.source}```", f"\n{figure}\n", 1)
        else:
            log.info("%s:%d: flowchart drawn in the browser (run scripts/render-flowcharts)",
                     page.file.src_uri, chart.line)
    _flowchart_links[page.file.src_uri] = links
    return _TABLE.sub(lambda match: _table(match, page), markdown)


def _table(match: re.Match[str], page: Any) -> str:
    indent, module_name, function_name = match.groups()
    try:
        table = getattr(importlib.import_module(module_name), function_name)()
        text = table.markdown()
    except Exception as error:  # any failure must fail the strict build, with its cause
        log.warning("%s: table %s:%s failed: %r", page.file.src_uri, module_name, function_name, error)
        return match.group(0)
    return "\n".join(indent + line for line in text.splitlines())


def on_page_content(html_text: str, page: Any, config: Any, files: Files) -> str:
    """Link rule citations and check flowchart links on one page."""
    ids = set(_ID.findall(html_text))
    for target in _flowchart_links.get(page.file.src_uri, []):
        if not target.startswith("#") or target.removeprefix("#") not in ids:
            log.warning(
                "%s: flowchart node links to %r, which is not an anchor on this page",
                page.file.src_uri,
                target,
            )
    return _CITATION.sub(lambda match: _cite(match, page, ids), html_text)


def _cite(match: re.Match[str], page: Any, ids: set[str]) -> str:
    anchor = match.group(1)
    target = _anchors.get(anchor)
    if target is None:
        log.warning("%s: '§%s' cites no anchor of the site", page.file.src_uri, anchor)
        return match.group(0)
    href = "#" + anchor
    if target is not page.file and anchor not in ids:  # the print page holds every rule
        href = get_relative_url(target.url, page.url) + href
    return f'<a class="rule-cite" href="{href}">§{anchor}</a>'

