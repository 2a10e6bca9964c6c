"""Find the explicit anchors of the docs: shared by the site hooks, scripts/anchors.py and tests.

An explicit anchor is an attr_list id written in a page's Markdown, e.g.
``## Guarding { #guarding }``. Code (fenced blocks and inline spans) is ignored, so
a page may show the syntax without defining an anchor.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PUBLISHED = ROOT / "tests" / "published_anchors.txt"

_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)
_INLINE_CODE = re.compile(r"(`+)[^\n]*?\1")
_EXPLICIT_ID = re.compile(r"\{[^}\n]*?#([A-Za-z][\w-]*)[^}\n]*\}")


def explicit_ids(markdown: str) -> list[str]:
    """The explicit anchors a page defines, in the order they appear."""
    prose = _INLINE_CODE.sub("", _FENCE.sub("", markdown))
    return _EXPLICIT_ID.findall(prose)


def page_url(src: str) -> str:
    """The URL path of a page on the site: ``affinity.md`` -> ``/affinity/``, ``index.md`` -> ``/``."""
    path = src.removesuffix(".md")
    if path == "index":
        return "/"
    return "/" + path.removesuffix("/index") + "/"


def docs_anchors(docs: Path = DOCS) -> dict[str, str]:
    """Every explicit anchor of the docs as ``{"/affinity/#guarding": "affinity.md"}``."""
    found: dict[str, str] = {}
    for page in sorted(docs.rglob("*.md")):
        src = page.relative_to(docs).as_posix()
        for anchor in explicit_ids(page.read_text(encoding="utf-8")):
            found[f"{page_url(src)}#{anchor}"] = src
    return found


def published_anchors(path: Path = PUBLISHED) -> list[str]:
    """The committed list of published anchors (``/page-url/#anchor`` per line)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]
