"""The reference as players use it: rulings index, glossary, titles, print page, publishing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from anchor_tools import DOCS, docs_anchors
from reference_hooks import glossary, rulings_of

from tests.conftest import site_pages

ROOT = Path(__file__).resolve().parent.parent
_RULING_HEADING = re.compile(r"^(#{2,4}) Ruling: .*\{ #(ruling-[\w-]+) \}$", re.MULTILINE)
SYSTEM_PAGES = [
    "resistances.md", "monsters.md", "affinity.md", "conditions.md", "typed-damage.md", "taking-damage.md",
]


def _html(site: Path, url: str) -> str:
    return (site / url.lstrip("/") / "index.html").read_text(encoding="utf-8")


def test_the_rulings_index_lists_every_ruling_of_the_site(site):
    rulings = sorted(link for link in docs_anchors() if "#ruling-" in link)
    assert len(rulings) >= 60
    index = _html(site, "/rulings/")
    missing = [link for link in rulings if f'href="..{link}"' not in index]
    assert not missing, f"Rulings missing from the index: {missing}"


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md")))
def test_every_ruling_is_a_ruling_box_with_a_reading_and_an_example(page):
    markdown = (DOCS / page).read_text(encoding="utf-8")
    anchors = [match.group(2) for match in _RULING_HEADING.finditer(markdown)]
    assert len(anchors) == len(re.findall(r"\{ #ruling-", markdown)), "ruling anchors on non-ruling headings"
    rulings = {ruling.anchor: ruling for ruling in rulings_of(markdown, page)}
    for anchor in anchors:
        section = markdown.split(f"{{ #{anchor} }}", 1)[1].split("\n#", 1)[0]
        assert '!!! ruling "Ruling"' in section, f"{page}#{anchor}: no ruling box"
        assert "**Reading.**" in section and "**Why.**" in section, f"{page}#{anchor}"
        assert "    >>> " in section, f"{page}#{anchor}: no executed example pins the ruling"
        assert rulings[anchor].summary, f"{page}#{anchor}: no one-line reading for the index"


def test_the_glossary_covers_the_terms_of_art():
    terms = glossary()
    for term in ["VU", "RS", "IM", "AB", "MoS", "CA", "OA", "AC", "Fort", "Ref", "Will", "burst", "blast"]:
        assert term in terms, f"{term} has no glossary entry"
        assert len(terms[term]) > 15


def test_glossary_terms_show_their_meaning_on_every_page(site):
    meaning = glossary()["VU"]
    for url in ["/affinity/", "/glossary/"]:
        assert f'<abbr title="{meaning}">VU</abbr>' in _html(site, url)


def test_every_page_has_its_own_title_and_description(site):
    seen_titles = set()
    for url in site_pages(site):
        html = _html(site, url)
        title = re.search(r"<title>(.+?)</title>", html).group(1)
        description = re.search(r'<meta name="description" content="([^"]*)"', html)
        assert description and len(description.group(1)) > 40, f"{url}: no description of its own"
        assert title not in seen_titles, f"{url}: title {title!r} is not unique"
        seen_titles.add(title)


def test_the_print_page_holds_every_system_with_its_flowcharts(site):
    html = _html(site, "/print/")
    for page in SYSTEM_PAGES:
        for link in docs_anchors():
            if link.startswith("/" + page.removesuffix(".md") + "/#"):
                assert f'id="{link.split("#")[1]}"' in html, f"print page lacks {link}"
    flowcharts = sum((DOCS / page).read_text(encoding="utf-8").count("```mermaid") for page in SYSTEM_PAGES)
    assert html.count('<div class="flowchart" data-drawn="ahead">') == flowcharts


def test_the_print_page_is_kept_out_of_search(site):
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert '"location":"print/' not in index
    assert '"location":"affinity/#guarding"' in index


def test_the_404_page_offers_search_and_a_way_home(site):
    html = (site / "404.html").read_text(encoding="utf-8")
    assert "data-open-search" in html and "Search the rules" in html
    assert 'href="/rulings/"' in html


def test_publishing_runs_the_same_tests_and_deploys_the_site():
    workflow = (ROOT / ".github" / "workflows" / "publish.yml").read_text(encoding="utf-8")
    assert "scripts/test" in workflow
    assert "actions/deploy-pages" in workflow and "path: site" in workflow
