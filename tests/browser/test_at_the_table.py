"""At the table (issue 28), in Chromium against the built site: the small traps a player met.

- a search result on the page already open lands on its heading on a phone;
- a fresh search starts empty;
- a table wider than its column shows that it scrolls sideways, and with a mouse the wheel
  moves the page, never a table's own box.

Every wait is on a condition of the page (the limits are conftest.py's).
"""

from __future__ import annotations

import pytest
from links_report import instant_ready, landing, new_context, search
from playwright.sync_api import expect

PHONE = (390, 844)
LAPTOP = (1280, 900)


@pytest.fixture
def phone(browser):
    context = new_context(browser, PHONE)
    yield context.new_page()
    context.close()


@pytest.fixture
def laptop(browser):
    context = new_context(browser, LAPTOP)
    yield context.new_page()
    context.close()


def _open(page, url):
    page.goto(url)
    instant_ready(page)


# A link inside the site to a rule of another page, followed by instant navigation (the
# page is swapped, not loaded): the start where a same-page result used to stay put.
_FOLLOW_A_LINK = """
href => {
  const link = document.createElement("a");
  link.href = href;
  link.id = "table-test-link";
  link.textContent = "Defenses by role";
  document.querySelector("article").prepend(link);
}
"""


@pytest.mark.parametrize("arrival", ["followed", "opened fresh"])
def test_a_search_result_on_the_same_page_lands_on_a_phone(phone, base_url, arrival):
    if arrival == "followed":
        _open(phone, f"{base_url}/")
        phone.evaluate(_FOLLOW_A_LINK, "monsters/#role-defenses")
        phone.locator("#table-test-link").tap()
        phone.wait_for_function(
            "() => location.pathname === '/monsters/' && document.getElementById('group-traits')"
        )
    else:
        _open(phone, f"{base_url}/monsters/#role-defenses")
    assert landing(phone, "role-defenses")["landed"]
    links = search(phone, "group traits")
    links.locator("xpath=self::*[contains(@href, '#group-traits')]").first.tap()
    phone.wait_for_function("() => !document.getElementById('__search').checked")
    where = landing(phone, "group-traits")
    assert where["landed"], f"{arrival} /monsters/#role-defenses, #group-traits did not land: {where}"
    assert phone.evaluate("location.pathname + location.hash") == "/monsters/#group-traits"


def test_reopening_search_starts_with_an_empty_query(laptop, base_url):
    _open(laptop, f"{base_url}/")
    search(laptop, "brute")
    laptop.keyboard.press("Escape")
    laptop.wait_for_function("() => !document.getElementById('__search').checked")
    laptop.locator(".md-search__input").click()
    expect(laptop.locator(".md-search__input")).to_have_value("")
    expect(laptop.locator(".md-search-result__item")).to_have_count(0)
    search(laptop, "undead")
    expect(laptop.locator(".md-search__input")).to_have_value("undead")


def test_a_table_that_scrolls_sideways_says_so_on_a_phone(phone, base_url):
    _open(phone, f"{base_url}/monsters/#role-defenses")
    box = phone.locator("#role-defenses ~ .md-typeset__scrollwrap").first
    box.scroll_into_view_if_needed()
    assert box.evaluate("b => b.scrollWidth > b.clientWidth"), "the role table fits: pick a wider one"
    hint = phone.locator("#role-defenses ~ .table-scroll-hint").first
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("scroll sideways")
    expect(box).to_have_attribute("data-overflow", "right")
    assert box.evaluate("b => getComputedStyle(b).maskImage") != "none", "no fade at the hidden edge"
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    expect(box).to_have_attribute("data-overflow", "left")
    assert box.evaluate("b => getComputedStyle(b).maskImage") == "none"


def test_the_mouse_wheel_over_a_tall_table_moves_the_page(laptop, base_url):
    _open(laptop, f"{base_url}/monsters/")
    boxes = laptop.locator("article .md-typeset__scrollwrap")
    expect(boxes.first).to_be_attached()
    trapped = boxes.evaluate_all(
        "bs => bs.filter(b => { const s = getComputedStyle(b);"
        " return b.scrollHeight > b.clientHeight + 1 && /auto|scroll/.test(s.overflowY); }).length"
    )
    assert trapped == 0, "a table's own box scrolls up and down under the mouse wheel"
    tall = laptop.locator("#group-traits ~ .md-typeset__scrollwrap").first
    tall.scroll_into_view_if_needed()
    box = tall.bounding_box()
    before = laptop.evaluate("scrollY")
    laptop.mouse.move(box["x"] + box["width"] / 2, box["y"] + 20)
    laptop.mouse.wheel(0, 300)
    laptop.wait_for_function("y => scrollY > y", arg=before)
    assert tall.evaluate("b => b.scrollTop") == 0


# For each result of the open search: is the section it opens the programmers' material
# (at or after its page's h2 "For programmers")? Read from the built pages themselves.
_PROGRAMMERS_HITS = """
async () => {
  const hits = [];
  for (const link of document.querySelectorAll(".md-search-result__item a.md-search-result__link")) {
    const url = new URL(link.href);
    if (url.hash.length < 2) continue;
    const html = await (await fetch(url.pathname)).text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    const start = doc.querySelector("h2[id$='-for-programmers']");
    const target = doc.getElementById(decodeURIComponent(url.hash.slice(1)));
    if (start && target && (start === target
        || start.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)) {
      hits.push(url.pathname + url.hash);
    }
  }
  return hits;
}
"""


@pytest.mark.parametrize("query", ["fire and cold", "brute", "undead", "bad input", "what a result carries"])
def test_search_never_offers_the_programmers_material(laptop, base_url, query):
    _open(laptop, f"{base_url}/")
    links = laptop.locator(".md-search__input")
    links.click()
    laptop.keyboard.type(query)
    laptop.wait_for_function(
        "q => window.searchSentFor === q && window.searchSent === window.searchGot", arg=query
    )
    shown = laptop.locator(".md-search-result__item a.md-search-result__link").count()
    assert shown > 0 or query in {"bad input", "what a result carries"}
    assert laptop.evaluate(_PROGRAMMERS_HITS) == [], f"searching {query!r} offers code"
