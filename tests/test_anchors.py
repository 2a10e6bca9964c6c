"""Anchors are a public API: published links keep working, every rule has one."""

from __future__ import annotations

import re
from pathlib import Path

from rules.explain import Rule
from rulesite.model import ANCHOR, load, page_url, published_anchors
from tests.conftest import site_pages

DOCS = load()
_HTML_ID = re.compile(r'\sid="([^"]+)"')


def _ids(site: Path, url: str) -> set[str]:
    html = site / url.lstrip("/") / "index.html"
    return set(_HTML_ID.findall(html.read_text(encoding="utf-8"))) if html.exists() else set()


def test_every_published_anchor_is_in_the_built_site(site):
    missing = []
    for link in published_anchors():
        url, anchor = link.split("#", 1)
        if anchor not in _ids(site, url):
            missing.append(link)
    assert not missing, (
        f"Published anchors missing from the built site: {missing}. Players' links to them "
        "break. Restore them, retire one with a release (scripts/release VERSION: its link then lands "
        "on its last text on the What changed page), or withdraw one deliberately: "
        "scripts/anchors.py --remove LINK"
    )


def test_every_explicit_anchor_in_the_docs_is_published():
    # A malformed anchor is reported (with its fix) by the conventions' test below, never offered for
    # publishing: scripts/anchors.py refuses it, since a published typo is kept forever.
    well_formed = {link for link in DOCS.published_form() if ANCHOR.match(link.split("#", 1)[1])}
    unpublished = sorted(well_formed - set(published_anchors()))
    assert not unpublished, (
        f"New anchors not yet published: {unpublished}. Run: .venv/bin/python scripts/anchors.py"
    )


def test_the_docs_keep_their_conventions():
    """Anchor form and uniqueness, every heading anchored, rulings complete, flowcharts linked."""
    problems = DOCS.problems()
    assert not problems, "\n".join(problems)


def test_every_rule_a_step_can_cite_exists_in_the_built_site(site):
    cited = Rule.cited()
    assert len(cited) >= 10
    missing = [rule.link for rule in cited if rule.anchor not in _ids(site, page_url(rule.page))]
    assert not missing, f"Results cite rules whose anchors are not on the site: {missing}"


def test_the_site_has_every_page(site):
    assert {"/", "/affinity/", "/linking/", "/editing/", "/api/"} <= set(site_pages(site))
