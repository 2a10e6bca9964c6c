"""The site search finds rules before code: the programmers' material is not in the index (issue 28)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import markdown

from rulesite.searchable import SearchableExtension

_ID = re.compile(r'<h[2-6][^>]*\bid="([^"]+)"')


def _programmers_anchors(html: str) -> set[str]:
    """Ids of the headings from a page's "For programmers" h2 to the end of the page."""
    start = re.search(r'<h2[^>]*\bid="[^"]*-for-programmers"', html)
    return set(_ID.findall(html[start.start():])) if start else set()


def test_no_section_of_the_programmers_material_is_in_the_search_index(site: Path) -> None:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"] for doc in index["docs"]}
    pages = {location.split("#", 1)[0] for location in locations}
    hidden = {
        f"{page}#{anchor}"
        for page in pages
        if (site / page / "index.html").is_file()
        for anchor in _programmers_anchors((site / page / "index.html").read_text(encoding="utf-8"))
    }
    assert len(hidden) >= 6, "each system page has its programmers' section"
    assert not locations & hidden, f"programmers' sections in the search index: {sorted(locations & hidden)}"
    assert "monsters/#group-traits" in locations


def test_only_the_programmers_section_is_marked() -> None:
    text = (
        "## Rule { #rule }\n\nText.\n\n## For programmers { #x-for-programmers }\n\nCode talk.\n\n"
        "### Bad input { #x-errors }\n\nRefusals.\n"
    )
    html = markdown.markdown(text, extensions=["attr_list", "toc", SearchableExtension()])
    marked = re.findall(r'<(\w+)[^>]*data-search-exclude[^>]*>', html)
    assert marked == ["h2", "p", "h3", "p"]
    assert '<h2 id="rule">' in html
