"""The built site in a real Chromium, acted on: flowchart clicks, instant navigation, the palette
switch, drawing a flowchart on the page, search, and a link from an explanation.

What every page shows (offline, flowcharts drawn, no sideways scroll) is in tests/browser/test_pages.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

RENDERER = "assets/vendor/mermaid.min.js"


def flowchart_drawn(page):
    """Wait until every flowchart on the page is an SVG, and return how many there are."""
    page.wait_for_function(
        "document.querySelectorAll('pre.flowchart').length === 0"
        " && [...document.querySelectorAll('div.flowchart')].every(d => d.querySelector('svg'))"
    )
    return page.locator("div.flowchart svg").count()


def test_a_flowchart_node_takes_the_reader_to_its_rule(page, base_url):
    page.goto(base_url + "/affinity/")
    flowchart_drawn(page)
    node = "//*[local-name()='a'][@*[local-name()='href']='#ignore-flags']"
    page.locator("div.flowchart svg").locator(f"xpath={node}").first.click()
    expect(page).to_have_url(re.compile(r"#ignore-flags$"))
    expect(page.locator("#ignore-flags")).to_be_in_viewport()


def test_the_flowchart_is_there_after_instant_navigation(page, base_url):
    page.goto(base_url + "/")
    page.wait_for_load_state("networkidle")
    page.locator("article a[href$='affinity/']").first.click()
    page.wait_for_url(re.compile(r"/affinity/$"))
    page.locator("article h1#affinity").wait_for()  # the new content is in place
    assert flowchart_drawn(page) == 1
    # instant navigation swapped the content in place: still the first document
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1
    assert page.evaluate("performance.getEntriesByType('navigation')[0].name").endswith("/")


def test_dark_mode_inverts_the_flowchart(page, base_url):
    page.goto(base_url + "/affinity/")
    flowchart_drawn(page)
    svg = page.locator("div.flowchart svg")
    assert svg.evaluate("s => getComputedStyle(s).filter") == "none"
    page.locator("form[data-md-component=palette] label:visible").first.click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
    assert "invert" in svg.evaluate("s => getComputedStyle(s).filter")


def test_a_flowchart_not_drawn_ahead_is_drawn_by_the_sites_own_renderer(page, base_url):
    page.goto(base_url + "/glossary/", wait_until="networkidle")
    assert not [url for url in page.requests if "mermaid" in url]
    page.evaluate(
        """() => {
          const pre = document.createElement("pre");
          pre.className = "flowchart";
          pre.textContent = 'flowchart TD\\n  A["Edited box"] --> B["Rule"]\\n  click B href "#glossary-vu"';
          document.querySelector("article").appendChild(pre);
          return window.drawFlowcharts();
        }"""
    )
    assert flowchart_drawn(page) == 1
    assert "Edited box" in page.locator("div.flowchart svg").text_content()
    assert any(url.endswith("/" + RENDERER) for url in page.requests)
    # It gets a frame and the smallest width of a chart drawn ahead (labels at 12 px or more).
    svg = page.locator("div.flowchart > .flowchart__frame > svg")
    svg.wait_for(state="attached")
    smallest = svg.evaluate("s => [parseFloat(getComputedStyle(s).minWidth), s.viewBox.baseVal.width]")
    assert smallest[0] == pytest.approx(0.75 * smallest[1], abs=0.5), smallest
    assert page.escaped == []


def test_search_finds_a_ruling_and_lands_on_its_anchor(page, base_url):
    page.goto(base_url + "/")
    page.locator(".md-search__input").click()
    page.keyboard.type("untyped")
    result = page.locator(".md-search-result__link[href*='#ruling-untyped-affinity']").first
    expect(result).to_be_visible(timeout=15000)
    result.click()
    expect(page).to_have_url(re.compile(r"/affinity/(\?h=untyped)?#ruling-untyped-affinity$"))
    expect(page.locator("#ruling-untyped-affinity")).to_be_in_viewport()
    # search.highlight marks the term on the page the result leads to
    expect(page.locator("article mark", has_text="untyped").first).to_be_attached()


def test_an_explanation_links_each_step_to_its_rule(page, base_url):
    page.goto(base_url + "/affinity/")
    # The explanation is printed by the example's Python, shipped inert until it is shown.
    toggle = page.evaluate(
        "[...document.querySelectorAll('details.example-python')].findIndex("
        "d => d.querySelector(':scope > template').content.textContent.includes('§guarding'))"
    )
    assert toggle >= 0
    page.locator("details.example-python > summary").nth(toggle).click()
    cite = page.locator("a.rule-cite", has_text="§guarding").first
    assert cite.evaluate("a => a.href").endswith("/affinity/#guarding")  # the address it leads to
    page.goto(base_url + "/linking/")
    cite = page.locator("a.rule-cite", has_text="§guarding").first
    cite.click()
    expect(page).to_have_url(re.compile(r"/affinity/#guarding$"))
