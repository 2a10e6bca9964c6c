"""The reference as players use it: rulings index, glossary, titles, print page, publishing."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rulesite.model import load, system_pages
from tests.conftest import site_pages

ROOT = Path(__file__).resolve().parent.parent
DOCS = load()
SYSTEM_PAGES = system_pages()


def _html(site: Path, url: str) -> str:
    return (site / url.lstrip("/") / "index.html").read_text(encoding="utf-8")


def test_the_rulings_index_lists_every_ruling_of_the_site(site):
    rulings = sorted(link for link in DOCS.published_form() if "#ruling-" in link)
    assert len(rulings) >= 60
    assert len(DOCS.rulings) == len(rulings), "every ruling anchor is on a ruling heading"
    index = _html(site, "/rulings/")
    missing = [link for link in rulings if f'href="..{link}"' not in index]
    assert not missing, f"Rulings missing from the index: {missing}"


def test_every_ruling_has_a_box_a_reading_a_why_and_an_example():
    incomplete = [problem for problem in DOCS.problems() if "the ruling" in problem]
    assert not incomplete, "\n".join(incomplete)
    assert all(ruling.summary for ruling in DOCS.rulings)


def test_the_glossary_covers_the_terms_of_art():
    terms = DOCS.glossary()
    for term in ["VU", "RS", "IM", "AB", "MoS", "CA", "OA", "AC", "Fort", "Ref", "Will", "burst", "blast"]:
        assert term in terms, f"{term} has no glossary entry"
        assert len(terms[term]) > 15


def test_glossary_terms_show_their_meaning_on_every_page(site):
    meaning = DOCS.glossary()["VU"]
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


def test_no_script_holds_up_the_parser_on_any_page(site):
    # The theme's own script too waits for the page (docs/overrides/main.html): a script the parser
    # must run where it meets it holds up the page's first paint on a phone.
    for url in [*site_pages(site), "/404.html"]:
        html = _html(site, url) if url.endswith("/") else (site / url.lstrip("/")).read_text(encoding="utf-8")
        blocking = [tag for tag in re.findall(r"<script\b[^>]*\bsrc=[^>]*>", html)
                    if not re.search(r"\b(defer|async)\b|type=\"module\"", tag)]
        assert blocking == [], f"{url}: these scripts hold up the parser: {blocking}"


def _programmers_anchors(page: str) -> set[str]:
    """The anchors of a page's "For programmers" section, which the print page leaves out."""
    headings = DOCS.pages[page].headings
    start = next((h for h in headings if (h.anchor or "").endswith("-for-programmers")), None)
    if start is None:
        return set()
    end = min((h.line for h in headings if h.line > start.line and h.level <= start.level), default=None)
    section = "\n".join(DOCS.pages[page].lines[start.line - 1 : end and end - 1])
    return set(re.findall(r"\{ *#([a-z0-9-]+)", section))  # its headings, those in admonitions too


def test_the_print_page_holds_every_system_with_its_flowcharts(site):
    html = _html(site, "/print/")
    for page in SYSTEM_PAGES:
        left_out = _programmers_anchors(page)
        for link in DOCS.published_form():
            if link.startswith("/" + page.removesuffix(".md") + "/#"):
                anchor = link.split("#")[1]
                if anchor in left_out:
                    assert f'id="{anchor}"' not in html, f"print page prints the programmers' {link}"
                else:
                    assert f'id="{anchor}"' in html, f"print page lacks {link}"
    flowcharts = sum(len(DOCS.pages[page].flowcharts) for page in SYSTEM_PAGES)
    assert html.count('<div class="flowchart" data-drawn="ahead">') == flowcharts
    assert sum(len(_programmers_anchors(page)) for page in SYSTEM_PAGES) >= 6


def test_the_print_page_is_kept_out_of_search(site):
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert '"location":"print/' not in index
    assert '"location":"affinity/#guarding"' in index


def test_the_search_index_keeps_the_cells_of_a_table_apart(site):
    # Cells run together ("Share vulnerablePoison3321%9%Radiant...") made one long word that
    # broke lunr's prefix search: typing "VU" gave "Invalid query" and no result at all.
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    words = (
        (doc["location"], word)
        for doc in index["docs"]
        for word in re.split(r"[\s\-]+", re.sub(r"<[^>]+>", " ", doc["title"] + " " + doc["text"]))
    )
    run_on = [f"{location}: {word[:60]}..." for location, word in words if len(word) > 40]
    assert not run_on, f"Words run together in the search index (a table without spaces?): {run_on}"


def test_the_404_page_offers_search_and_a_way_home(site):
    html = (site / "404.html").read_text(encoding="utf-8")
    assert "data-open-search" in html and "Search the rules" in html
    assert 'href="/rulings/"' in html


def test_publishing_runs_the_same_tests_and_deploys_the_site():
    workflow = (ROOT / ".github" / "workflows" / "publish.yml").read_text(encoding="utf-8")
    assert "scripts/test" in workflow
    assert "actions/deploy-pages" in workflow and "path: site" in workflow
