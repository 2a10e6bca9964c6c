"""The built site works wherever it is served: under a subpath (/<repo>/) of another origin.

The session's one server serves it there (``subpath_url``: ``http://subpath.test:PORT/rules-site``),
where nothing outside the subpath is found, so a link or asset that assumes the site sits at the
root of its origin fails here. (Served on a port other than the built ``site_url``'s, the site is
tested everywhere else: ``base_url`` is on a free port.)
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from sitetools.links import SEARCH_TAP, VIEWPORTS, instant_ready, landing, new_context, search, search_tap

pytestmark = pytest.mark.xdist_group("subpath")  # one worker: the tab is shared


@pytest.fixture(scope="module")
def elsewhere(subpath_url):
    return subpath_url


@pytest.fixture(scope="module")
def tab(browser, subpath_url):
    context = new_context(browser, VIEWPORTS["desktop"])
    page = context.new_page()
    page.escaped = []
    page.on("request", lambda request: None if request.url.startswith((subpath_url, "data:", "blob:"))
            else page.escaped.append(request.url))
    yield page
    assert not page.escaped, f"requests left the machine: {page.escaped}"
    context.close()


def test_instant_navigation_stays_on(tab, elsewhere):
    tab.goto(elsewhere + "/")
    instant_ready(tab)
    tab.evaluate("window.stillTheSameDocument = true")
    tab.locator("nav.md-nav--primary a[href$='affinity/']").first.click()
    tab.wait_for_url(elsewhere + "/affinity/")
    expect(tab.locator("article h1")).to_contain_text("Affinity")
    assert tab.evaluate("window.stillTheSameDocument === true"), "the click reloaded the page"


def test_search_finds_and_lands(tab, elsewhere):
    where = search_tap(tab, elsewhere, *SEARCH_TAP)
    assert where["landed"], where
    assert tab.url.startswith(elsewhere + "/conditions-list/")


def test_search_result_links_stay_under_the_site(tab, elsewhere):
    tab.goto(elsewhere + "/")
    instant_ready(tab)
    links = search(tab, "guarding")
    assert links.first.get_attribute("href").startswith(elsewhere + "/")


def test_previews_show(tab, elsewhere):
    tab.goto(elsewhere + "/resistances/")
    instant_ready(tab)
    link = tab.locator("article a[data-preview][href$='conditions-list/#petrified']").first
    link.scroll_into_view_if_needed()
    link.hover()
    expect(tab.locator(".md-tooltip2").last).to_contain_text("Resists all damage")


def test_an_old_link_to_a_moved_anchor_lands(tab, elsewhere):
    tab.goto(elsewhere + "/conditions/#grabbed")
    tab.wait_for_url(re.compile(re.escape(elsewhere) + r"/conditions-list/#grabbed$"))
    instant_ready(tab)
    assert landing(tab, "grabbed")["landed"]
