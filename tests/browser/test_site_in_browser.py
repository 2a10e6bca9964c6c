"""The built site in a real Chromium: offline, flowcharts drawn, search, deep links, phones."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import SITE, site_pages

RENDERER = "assets/vendor/mermaid.min.js"


def _pages():
    # Collected before the `site` fixture runs: scripts/test builds the site first.
    return site_pages(SITE) if (SITE / "index.html").exists() else ["/"]


def flowchart_drawn(page):
    """Wait until every flowchart on the page is an SVG, and return how many there are."""
    page.wait_for_function(
        "document.querySelectorAll('pre.flowchart').length === 0"
        " && [...document.querySelectorAll('div.flowchart')].every(d => d.querySelector('svg'))",
        timeout=20000,
    )
    return page.locator("div.flowchart svg").count()


@pytest.mark.parametrize("path", _pages())
def test_no_request_leaves_the_machine(page, base_url, path):
    page.goto(base_url + path, wait_until="networkidle")
    if page.locator("div.flowchart, pre.flowchart").count():
        flowchart_drawn(page)
    assert page.escaped == [], f"{path} asked the internet for {page.escaped}"


def test_the_affinity_flowchart_is_drawn_and_links_to_its_rules(page, base_url):
    page.goto(base_url + "/affinity/", wait_until="networkidle")
    assert flowchart_drawn(page) == 1
    svg = page.locator("div.flowchart svg")
    box = svg.bounding_box()
    assert box["height"] > 300 and box["width"] > 200
    links = svg.locator("a").evaluate_all(
        "els => els.map(a => a.getAttribute('href') || a.getAttribute('xlink:href'))"
    )
    assert {"#guarding", "#attack-modifiers", "#final-damage", "#save-state"} <= set(links)
    for href in set(links):
        assert page.locator(href).count() == 1, f"flowchart links to missing {href}"
    # drawn ahead of time: the page loads no diagram script at all
    assert not [url for url in page.requests if "mermaid" in url]


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
    assert page.escaped == []


@pytest.mark.parametrize("path", _pages())
def test_no_page_loads_a_diagram_script(page, base_url, path):
    page.goto(base_url + path, wait_until="networkidle")
    assert page.locator("pre.flowchart").count() == 0
    assert not [url for url in page.requests if "mermaid" in url]


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


def test_a_deep_link_to_a_ruling_scrolls_it_into_view(page, base_url):
    page.goto(base_url + "/affinity/#ruling-zero-damage")
    heading = page.locator("#ruling-zero-damage")
    expect(heading).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 1000


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


@pytest.mark.parametrize("path", _pages())
def test_a_phone_never_scrolls_sideways(browser, base_url, path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto(base_url + path, wait_until="networkidle")
    if phone.locator("pre.flowchart, div.flowchart").count():
        flowchart_drawn(phone)
    widths = phone.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    context.close()
    assert widths[0] <= widths[1], f"{path} is {widths[0]}px wide on a {widths[1]}px screen"


def test_every_heading_has_a_permalink(page, base_url):
    page.goto(base_url + "/affinity/")
    headings = page.locator("article h2[id], article h3[id]")
    assert headings.count() >= 15
    assert page.locator("article h2 a.headerlink, article h3 a.headerlink").count() == headings.count()

