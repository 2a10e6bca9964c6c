"""Reference features in Chromium: copy links, glossary taps, print, PDF, 404, the keyboard.

Every page's accessibility audit and the copy-link controls' count are in tests/browser/test_pages.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from rules.affinity import Affinity
from rules.words import times_word


def test_the_copy_link_control_puts_the_rules_full_address_on_the_clipboard(browser, base_url):
    context = browser.new_context(service_workers="block")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = context.new_page()
    page.goto(base_url + "/affinity/?h=guarding#affinity")
    button = page.locator("#ruling-untyped-affinity .copy-link")
    expect(button).to_have_attribute("aria-label", re.compile("Copy link to Ruling: the affinity of untyped"))
    button.click()
    expect(button).to_have_class(re.compile("copied"))
    assert page.evaluate("navigator.clipboard.readText()") == base_url + "/affinity/#ruling-untyped-affinity"
    context.close()


def test_a_glossary_term_shows_its_meaning_when_tapped(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    page.goto(base_url + "/affinity/")
    term = page.locator("article abbr", has_text="VU").first
    term.scroll_into_view_if_needed()
    term.tap()
    expect(term).to_be_focused()
    tip = page.locator(".glossary-tip")
    expect(tip).to_be_visible()
    # the glossary's word for VU's multiplier (tests/test_restated_numbers.py holds the entry to it)
    expect(tip).to_contain_text(times_word(Affinity.VU.multiplier))
    # Drawn whole on the screen and on top (nothing clips or covers it), at the foot.
    box = tip.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    assert box["y"] > 844 / 2
    assert tip.evaluate(
        "t => { const r = t.getBoundingClientRect();"
        " return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === t; }"
    )
    page.locator("article h1").first.tap()
    expect(tip).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    context.close()


def test_the_print_view_drops_navigation_and_shows_link_addresses(page, base_url):
    page.goto(base_url + "/conditions/")
    page.emulate_media(media="print")
    for chrome in [".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer"]:
        expect(page.locator(chrome).first).to_be_hidden()
    link = page.locator("article a[href*='resistances/#trait-resist']").first
    after = link.evaluate("a => getComputedStyle(a, '::after').content")
    assert "/resistances/#trait-resist" in after


# The print page's own PDF (its page count, its links, its words) is made and read once, in each
# palette, by test_at_the_table.py's test_the_print_page_prints_the_rules_in_game_words.
@pytest.mark.parametrize(("path", "at_least"), [("/affinity/", 5)])
def test_a_print_view_renders_to_pdf_with_its_flowcharts(page, base_url, path, at_least, tmp_path):
    page.goto(base_url + path)
    page.wait_for_function(
        "!document.querySelector('pre.flowchart')"
        " && [...document.querySelectorAll('div.flowchart')].every(d => d.querySelector('svg'))",
        timeout=30000,
    )
    pdf = page.pdf(path=str(tmp_path / "rules.pdf"), format="A4", print_background=False)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages >= at_least, f"{path} printed to {pages} pages"
    assert b"/Subtype /Link" in pdf or b"/Subtype/Link" in pdf  # links survive into the PDF


def test_a_wrong_address_offers_search(page, base_url):
    response = page.goto(base_url + "/affinity/guardng/")
    assert response.status == 404
    expect(page.locator("h1#not-found")).to_be_visible()
    page.get_by_text("Search the rules").click()
    expect(page.locator(".md-search__input")).to_be_focused()


def test_the_keyboard_reaches_skip_link_search_and_copy_links(page, base_url):
    page.goto(base_url + "/affinity/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to content"
    reached: set[str] = set()
    for _ in range(80):
        page.keyboard.press("Tab")
        reached.update(page.evaluate("[...document.activeElement.classList]"))
    assert {"md-nav__link", "headerlink", "copy-link"} <= reached
