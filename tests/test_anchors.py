"""Anchors are a public API: published links keep working, every rule has one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from anchor_tools import DOCS, docs_anchors, page_url, published_anchors

from rules.explain import Rule
from tests.conftest import site_pages

_ID = re.compile(r'\sid="([^"]+)"')
_HEADING = re.compile(r"^(#{2,4}) (.+)$", re.MULTILINE)
_FENCE = re.compile(r"^\s*```.*?^\s*```", re.MULTILINE | re.DOTALL)


def _ids(site: Path, url: str) -> set[str]:
    html = site / url.lstrip("/") / "index.html"
    return set(_ID.findall(html.read_text(encoding="utf-8"))) if html.exists() else set()


def test_every_published_anchor_is_in_the_built_site(site):
    missing = []
    for link in published_anchors():
        url, anchor = link.split("#", 1)
        if anchor not in _ids(site, url):
            missing.append(link)
    assert not missing, (
        f"Published anchors missing from the built site: {missing}. Players' links to them "
        "break. Restore them, or withdraw one deliberately: scripts/anchors.py --remove LINK"
    )


def test_every_explicit_anchor_in_the_docs_is_published():
    unpublished = sorted(set(docs_anchors()) - set(published_anchors()))
    assert not unpublished, (
        f"New anchors not yet published: {unpublished}. Run: .venv/bin/python scripts/anchors.py"
    )


def test_anchors_are_unique_across_the_site():
    seen: dict[str, str] = {}
    clashes = []
    for link in docs_anchors():
        url, anchor = link.split("#", 1)
        if anchor in seen:
            clashes.append(f"#{anchor} on {seen[anchor]!r} and {url!r}")
        seen[anchor] = url
    assert not clashes


def test_every_rule_a_step_can_cite_exists_in_the_built_site(site):
    cited = Rule.cited()
    assert len(cited) >= 10
    missing = [rule.link for rule in cited if rule.anchor not in _ids(site, page_url(rule.page))]
    assert not missing, f"Results cite rules whose anchors are not on the site: {missing}"


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md") if p.name != "api.md"))
def test_every_heading_has_an_explicit_anchor(page):
    text = _FENCE.sub("", (DOCS / page).read_text(encoding="utf-8"))
    derived = [title for _, title in _HEADING.findall(text) if "{ #" not in title]
    assert not derived, f"{page}: headings need an explicit {{ #anchor }}: {derived}"


def test_the_site_has_every_page(site):
    assert {"/", "/affinity/", "/linking/", "/editing/", "/api/"} <= set(site_pages(site))
