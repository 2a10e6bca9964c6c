"""Search that understands players (issue 43), and the All rulings filter, in Chromium.

The query set (tests/search_queries.yml: names, typos, word forms, the game's other words,
questions, dice notation, filters) is typed into one load of the home page per viewport, the
box cleared between queries, and every miss is listed at once: a designer fixes one by adding
the player's word to docs/vocabulary.yml. Every wait is on a condition of the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from sitetools.links import QUERIES, VIEWPORTS, instant_ready, new_context, query_misses, search


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_every_player_query_finds_its_rule_first(browser, base_url, viewport):
    misses = query_misses(browser, base_url, VIEWPORTS[viewport], QUERIES)
    report = "\n".join(f"  {query!r}: the first result opens {got or 'nothing'!r}, not #{want}"
                       for query, got, want in misses)
    assert not misses, (
        f"{len(misses)} of {len(QUERIES)} player queries miss at {viewport} size "
        f"(add the player's word under its rule in docs/vocabulary.yml):\n{report}"
    )


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_the_search_box_names_its_filters(browser, base_url, viewport):
    context = new_context(browser, VIEWPORTS[viewport])
    page = context.new_page()
    page.goto(base_url + "/")
    instant_ready(page)
    toggle = page.locator("label.md-header__button[for='__search']")
    (toggle if toggle.is_visible() else page.locator(".md-search__input")).click()
    box = page.locator(".md-search__input")
    expect(box).to_have_attribute("placeholder", "Search (try in:conditions)")
    hint = page.locator(".md-search-result__meta")
    expect(hint).to_contain_text("in:conditions")
    expect(hint).to_contain_text("is:ruling")
    # A filter alone lists what it keeps: every ruling of the Conditions page.
    search(page, "in:conditions is:ruling")
    hrefs = page.locator(".md-search-result__item a").evaluate_all("links => links.map(a => a.href)")
    assert hrefs and all("/conditions/#ruling-" in href or href.endswith("/conditions/") for href in hrefs)
    context.close()


def test_the_rulings_index_filters_by_system_and_by_rule(browser, base_url):
    context = new_context(browser, VIEWPORTS["phone"])
    page = context.new_page()
    page.goto(base_url + "/rulings/?system=Conditions")
    instant_ready(page)
    form = page.locator("form.rulings-filter")
    expect(form).to_be_visible()
    rows = page.locator("article table tbody tr:not([hidden])")
    expect(page.locator("article h2:not([hidden])")).to_have_count(1)
    expect(page.locator("article h2:not([hidden])")).to_have_id("conditions")
    conditions = rows.count()
    assert conditions >= 10
    form.locator("select[name=rule]").select_option("escape-checks")
    expect(rows.first).to_be_visible()
    interpreted = rows.evaluate_all("rows => rows.map(r => [...r.cells[1].querySelectorAll('a')]"
                                    ".map(a => a.getAttribute('href').split('#')[1]))")
    assert 0 < len(interpreted) < conditions
    assert all("escape-checks" in anchors for anchors in interpreted)
    expect(form.locator("output")).to_have_text(f"{len(interpreted)} rulings" if len(interpreted) > 1
                                                else "1 ruling")
    assert "rule=escape-checks" in page.url
    form.locator("select[name=system]").select_option("")
    form.locator("select[name=rule]").select_option("")
    expect(page.locator("article h2:not([hidden])")).to_have_count(6)
    context.close()
