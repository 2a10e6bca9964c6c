"""Find a rule and land on it: search, every way in, moved anchors and previews, in Chromium.

One browser for the module; one context per viewport, reused; every wait is on a
condition of the page (sitetools/links.py holds the shared steps). The player queries
are in tests/browser/test_search.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from sitetools.links import (
    DEEP_LINK,
    LANDED_JS,
    SEARCH_TAP,
    VIEWPORTS,
    WAYS_IN,
    click_and_land,
    follow,
    fresh,
    instant_ready,
    landing,
    new_context,
    ruling_links,
    search_tap,
)

RULINGS = ruling_links()


@pytest.fixture(scope="module")
def tabs(browser):
    """One page per viewport, reused by every test of the module."""
    contexts = {name: new_context(browser, size) for name, size in VIEWPORTS.items()}
    yield {name: context.new_page() for name, context in contexts.items()}
    for context in contexts.values():
        context.close()


def _assert_landed(where, what):
    assert where["landed"], (
        f"{what}: the heading did not land fully below the header and uncovered: {where}"
    )


def test_the_api_reference_and_example_code_are_not_searched(tabs, base_url):
    page = tabs["desktop"]
    page.goto(base_url + "/")
    instant_ready(page)
    index = page.evaluate("fetch('search/search_index.json').then(r => r.json())")
    locations = [doc["location"] for doc in index["docs"]]
    assert not [loc for loc in locations if loc.startswith("api/")]
    assert not [doc for doc in index["docs"] if ">>>" in doc["text"]], "example code is in the index"
    assert {"conditions-list/#dazed", "glossary/#glossary-vu", "affinity/#guarding"} <= set(locations)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_search_result_tap_lands_on_its_heading(tabs, base_url, viewport):
    where = search_tap(tabs[viewport], base_url, *SEARCH_TAP)
    _assert_landed(where, f"search {SEARCH_TAP[0]!r} at {viewport}")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize(("way", "start", "selector", "anchor"), WAYS_IN, ids=[w[0] for w in WAYS_IN])
def test_a_followed_link_lands_on_its_heading(tabs, base_url, viewport, way, start, selector, anchor):
    _assert_landed(follow(tabs[viewport], base_url + start, selector, anchor), f"{way} at {viewport}")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_fresh_deep_link_lands_on_its_heading(tabs, base_url, viewport):
    _assert_landed(fresh(tabs[viewport], base_url + DEEP_LINK), f"{DEEP_LINK} opened fresh at {viewport}")


@pytest.mark.parametrize("link", RULINGS)
def test_every_published_ruling_lands_opened_fresh_on_a_phone(tabs, base_url, link):
    _assert_landed(fresh(tabs["phone"], base_url + link), f"{link} opened fresh at 390x844")


@pytest.fixture(scope="module")
def rulings_index(browser, base_url):
    """``rulings_index()``: a phone showing the rulings index, freshly loaded.

    One context for every ruling; the index is loaded again for each (going back to it with
    instant navigation raced the next tap on a loaded machine: the tap could land on the page
    being swapped in, and nothing followed).
    """
    context = new_context(browser, VIEWPORTS["phone"])
    page = context.new_page()

    def shown():
        page.goto(base_url + "/rulings/")
        instant_ready(page)
        page.wait_for_function(RULINGS_INDEX_SHOWN)
        return page

    yield shown
    context.close()


RULINGS_INDEX_SHOWN = (
    "() => location.pathname.endsWith('/rulings/') && document.getElementById('rulings-index') !== null"
    " && document.readyState === 'complete'"
)


@pytest.mark.parametrize("link", RULINGS)
def test_every_published_ruling_lands_followed_from_the_rulings_index_on_a_phone(rulings_index, link):
    anchor = link.split("#", 1)[1]
    where = click_and_land(rulings_index(), f"article a[href$='#{anchor}']", anchor)
    _assert_landed(where, f"{link} followed from the rulings index at 390x844")
    assert where["path"] == link.split("#", 1)[0]


def test_every_published_ruling_is_tested():
    assert len(RULINGS) >= 80


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_an_old_link_to_a_moved_anchor_lands_on_the_new_place(tabs, base_url, viewport):
    page = tabs[viewport]
    page.goto(base_url + "/conditions/#dazed")
    page.wait_for_url(re.compile(r"/conditions-list/#dazed$"))
    instant_ready(page)
    _assert_landed(landing(page, "dazed"), f"/conditions/#dazed at {viewport}")


def test_a_link_on_the_old_page_to_a_moved_anchor_goes_on_to_the_new_place(tabs, base_url):
    # The "Ending a condition" flowchart's box for Prone, on the Conditions page, which the
    # conditions left: the box links to its rule's new place.
    page = tabs["desktop"]
    page.goto(base_url + "/conditions/")
    instant_ready(page)
    box = page.locator("div.flowchart a[*|href$='#prone']").first
    # The chart is drawn as the player nears it (player.js): its frame is there to scroll to.
    box.evaluate("link => link.closest('.flowchart__frame').scrollIntoView()")
    box.scroll_into_view_if_needed()
    box.click()
    page.wait_for_url(re.compile(r"/conditions-list/#prone$"))
    instant_ready(page)
    _assert_landed(landing(page, "prone"), "flowchart box #prone on the old page")


def _preview(page):
    tip = page.locator(".md-tooltip2").last
    expect(tip).to_be_visible()
    page.wait_for_function(
        "() => { const t = [...document.querySelectorAll('.md-tooltip2')].pop();"
        " return t && getComputedStyle(t).opacity === '1'; }"
    )
    return tip


def test_hovering_a_link_to_a_rule_shows_the_rule_in_place(tabs, base_url):
    page = tabs["desktop"]
    page.goto(base_url + "/resistances/")
    instant_ready(page)
    link = page.locator("article a[data-preview][href$='conditions-list/#petrified']").first
    link.scroll_into_view_if_needed()
    link.hover()
    tip = _preview(page)
    expect(tip).to_contain_text("Petrified")
    expect(tip).to_contain_text("Resists all damage")
    assert page.url.endswith("/resistances/")


def test_tapping_a_link_to_a_ruling_on_a_phone_shows_it_then_a_second_tap_follows(tabs, base_url):
    page = tabs["phone"]
    page.goto(base_url + "/conditions-list/")
    instant_ready(page)
    link = page.locator("article p a[data-preview][href$='#ruling-weakened-rounds-down']").first
    link.scroll_into_view_if_needed()
    link.tap()
    tip = _preview(page)
    expect(tip).to_contain_text("Weakened rounds down")
    assert page.url.endswith("/conditions-list/"), "the first tap left the page"
    link.tap()
    page.wait_for_url(re.compile(r"/conditions/#ruling-weakened-rounds-down$"))
    _assert_landed(landing(page, "ruling-weakened-rounds-down"), "second tap on a ruling link")


def test_a_headings_permalink_sign_follows_at_the_first_tap_with_its_title(tabs, base_url):
    # A preview of the heading the sign sits on would take the first tap and the sign's title.
    page = tabs["phone"]
    page.goto(base_url + "/conditions/")
    instant_ready(page)
    sign = page.locator("#penalty-stacking a.headerlink")
    expect(sign).to_have_attribute("title", "Link to this rule")
    expect(sign).not_to_have_attribute("data-preview", re.compile(".*"))
    sign.scroll_into_view_if_needed()
    sign.tap()
    page.wait_for_url(re.compile(r"/conditions/#penalty-stacking$"))


def test_landing_from_a_search_shows_no_flood_of_marks(tabs, base_url):
    page = tabs["desktop"]
    page.goto(base_url + "/resistances/?h=immune+fire#trait-damage-immunity")
    instant_ready(page)
    assert page.locator("mark").count() == 0  # search.highlight is off: see docs/linking.md


def test_the_landing_check_sees_a_covered_heading(tabs, base_url):
    # The check itself can fail: a heading scrolled under the header is not "landed".
    page = tabs["desktop"]
    page.goto(base_url + "/affinity/#guarding")
    instant_ready(page)
    where = page.evaluate(
        f"() => {{ document.getElementById('guarding').scrollIntoView({{block: 'start'}});"
        f" window.scrollBy(0, 100); return ({LANDED_JS})('guarding'); }}"
    )
    assert not where["landed"], where
