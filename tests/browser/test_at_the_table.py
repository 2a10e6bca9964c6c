"""At the table (issue 28), in Chromium against the built site: the small traps a player met.

- a search result on the page already open lands on its heading on a phone;
- a fresh search starts empty;
- a table wider than its column shows that it scrolls sideways, and with a mouse the wheel
  moves the page, never a table's own box;
- the navigation drawer, closed, takes no keyboard focus, and opened, shows its links.

Every wait is on a condition of the page (the limits are conftest.py's).
"""

from __future__ import annotations

import re

import pypdf
import pytest
from playwright.sync_api import expect

from rulesite import calculator_assets
from sitetools.links import instant_ready, landing, new_context, search
from sitetools.player_view import after_heading

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


def test_the_closed_drawer_takes_no_focus_and_opens_to_links_on_a_phone(phone, base_url):
    # Off screen and not drawn until opened (rules.css): tabbing goes from the header to the page.
    _open(phone, f"{base_url}/conditions/")
    reached = []
    for _ in range(8):
        phone.keyboard.press("Tab")
        reached.append(phone.evaluate("Boolean(document.activeElement.closest('.md-sidebar--primary'))"))
    assert not any(reached), f"the closed drawer's links took focus: {reached}"
    phone.locator("label.md-header__button[for='__drawer']").tap()
    link = phone.locator(".md-sidebar--primary").get_by_role("link", name="Taking damage", exact=True)
    expect(link).to_be_visible()
    link.tap()
    phone.wait_for_url("**/taking-damage/")
    expect(phone.locator("article h1")).to_have_text(re.compile("Taking damage"))


def test_a_table_that_scrolls_sideways_says_so_on_a_phone(phone, base_url):
    _open(phone, f"{base_url}/monsters/#role-defenses")
    box = phone.locator(after_heading("role-defenses", ".md-typeset__scrollwrap")).first
    box.scroll_into_view_if_needed()
    assert box.evaluate("b => b.scrollWidth > b.clientWidth"), "the role table fits: pick a wider one"
    hint = phone.locator(after_heading("role-defenses", ".table-scroll-hint")).first
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("scroll sideways")
    expect(box).to_have_attribute("data-overflow", "right")
    assert box.evaluate("b => getComputedStyle(b).maskImage") != "none", "no fade at the hidden edge"
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    expect(box).to_have_attribute("data-overflow", "left")
    assert box.evaluate("b => getComputedStyle(b).maskImage") == "none"


# An element's place on the screen once it holds still for two frames in a row (or after 200
# frames, if it never does: a count of frames, not a time).
_SETTLED_TOP = """
async element => {
  const frame = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  let last = NaN;
  for (let frames = 0; frames < 200; frames++) {
    await frame();
    const top = element.getBoundingClientRect().top;
    if (top === last) break;
    last = top;
  }
  return element.getBoundingClientRect().top;
}
"""


def test_the_mouse_wheel_over_a_tall_table_moves_the_page(laptop, base_url):
    _open(laptop, f"{base_url}/monsters/")
    boxes = laptop.locator("article .md-typeset__scrollwrap")
    expect(boxes.first).to_be_attached()
    trapped = boxes.evaluate_all(
        "bs => bs.filter(b => { const s = getComputedStyle(b);"
        " return b.scrollHeight > b.clientHeight + 1 && /auto|scroll/.test(s.overflowY); }).length"
    )
    assert trapped == 0, "a table's own box scrolls up and down under the mouse wheel"
    tall = laptop.locator(after_heading("group-traits", ".md-typeset__scrollwrap")).first
    tall.scroll_into_view_if_needed()
    # Where the table sits on the screen once the runs beside it are drawn, not scrollY: as
    # they are drawn the browser changes scrollY to keep what is on screen in place (scroll
    # anchoring), by more than a wheel's turn when a run is shorter than its estimate.
    top = tall.evaluate(_SETTLED_TOP)
    box = tall.bounding_box()
    laptop.mouse.move(box["x"] + box["width"] / 2, box["y"] + 20)
    laptop.mouse.wheel(0, 300)
    laptop.wait_for_function(
        "([b, top]) => b.getBoundingClientRect().top < top - 100", arg=[tall.element_handle(), top]
    )
    assert tall.evaluate("b => b.scrollTop") == 0


# For each result of the open search: is the section it opens the programmers' material
# (at or after its page's h2 "For programmers")? Read from the built pages themselves.
_PROGRAMMERS_HITS = """
async () => {
  const hits = [];
  const pages = new Map();  // each page read once, however many of its sections are offered
  const read = async path => new DOMParser().parseFromString(await (await fetch(path)).text(), "text/html");
  for (const link of document.querySelectorAll(".md-search-result__item a.md-search-result__link")) {
    const url = new URL(link.href);
    if (url.hash.length < 2) continue;
    if (!pages.has(url.pathname)) pages.set(url.pathname, await read(url.pathname));
    const doc = pages.get(url.pathname);
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


def test_a_calculator_says_its_download_and_waits_for_its_runtime_on_a_phone(phone, base_url):
    assets = calculator_assets.present()
    assert assets is not None, "built without the calculators' runtime"
    size = f"{assets.download / 1_000_000:.1f} MB"
    held = []
    # The runtime's largest file waits until the test has seen the form waiting.
    phone.route("**/assets/calculator/pyodide.asm.wasm", lambda route: held.append(route))  # noqa: PLW0108 (Playwright cannot wrap a builtin)
    _open(phone, f"{base_url}/typed-damage/#typed-damage-try-it")
    calculator = phone.locator("details.calculator[data-system='typed-damage']")
    summary = calculator.locator("summary")
    expect(summary).not_to_contain_text("MB")  # the size is said once it downloads, not on every page
    with phone.expect_request("**/assets/calculator/pyodide.asm.wasm"):
        summary.tap()
    submit = calculator.locator("button[type=submit]")
    expect(submit).to_be_disabled()
    expect(calculator.locator(".calculator__preset").first).to_be_disabled()
    download = calculator.locator(".calculator__download")
    expect(download).to_be_visible()
    expect(download).to_contain_text(f"of {size}")
    expect(summary).to_contain_text(re.compile(rf"\(downloading: \d+\.\d MB of {re.escape(size)}\)"))
    expect(calculator.locator(".calculator__status")).to_contain_text("Getting the calculator ready")
    # Where the player is looking: the progress is within a screen of "Work it out".
    gap = download.bounding_box()["y"] - submit.bounding_box()["y"]
    assert 0 < gap < 200, f"the download's progress is {gap} px below the button"
    assert held, "the runtime was not requested"
    held[0].continue_()
    expect(submit).to_be_enabled()
    expect(download).to_have_count(0)
    expect(calculator.locator(".calculator__status")).to_contain_text("Ready")
    expect(summary).to_contain_text("(ready)")


# The print-out a table uses (issue 46): read from the PDF itself, each text run with its size on
# the paper (the font's size times its transformation) and its height on the page.
_SMALLEST_PRINTED_PT = 8


def _printed_runs(reader):
    """Each page's runs of text as (size in pt, height from the page's foot, text)."""
    pages = []
    for sheet in reader.pages:
        runs = []

        def visit(text, cm, tm, font, size, runs=runs):
            if text.strip():
                scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
                runs.append((size * scale, tm[5] * cm[3] + cm[5], text.strip()))

        sheet.extract_text(visitor_text=visit)
        pages.append((float(sheet.mediabox.height), runs))
    return pages


def _check_the_paper(pages, chart_words, headings):
    """Flowchart words at 8 pt or more, a full first page, no heading last on its page."""
    in_charts = [size for _, runs in pages for size, _, text in runs
                 if len(text) >= 10 and any(text in words for words in chart_words)]
    assert len(in_charts) > 100, f"only {len(in_charts)} runs of flowchart words found in the PDF"
    assert min(in_charts) >= _SMALLEST_PRINTED_PT, f"a flowchart prints words at {min(in_charts):.1f} pt"
    height, first = pages[0]
    lowest = min(y for _, y, _ in first)
    assert lowest < height / 4, f"the first page's text ends {height - lowest:.0f} pt down: part blank"
    for number, (_, runs) in enumerate(pages, start=1):
        last = min(runs, key=lambda run: run[1], default=None)
        in_a_chart = last is not None and any(last[2] in words for words in chart_words)
        stranded = last is not None and last[2] in headings and not in_a_chart
        assert not stranded, f"page {number} ends with the heading {last[2]!r}"


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_the_print_page_prints_the_rules_in_game_words(browser, base_url, palette, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=palette)
    page = context.new_page()
    page.goto(base_url + "/print/")
    page.wait_for_function(
        "!document.querySelector('pre.flowchart')"
        " && [...document.querySelectorAll('div.flowchart')].every(d => d.querySelector('svg'))"
    )
    page.emulate_media(media="print")
    charts = page.locator("article div.flowchart svg")
    assert charts.count() >= 6
    chart_words = charts.evaluate_all(
        "svgs => svgs.flatMap(s => [...s.querySelectorAll('.nodeLabel')].map(l => l.textContent))"
    )
    headings = set(page.locator("article :is(h2, h3, h4, h5, h6)").evaluate_all(
        "hs => hs.filter(h => h.checkVisibility())"
        ".map(h => h.firstChild ? h.firstChild.textContent.trim() : '')"
    ))
    filters = set(charts.evaluate_all("svgs => svgs.map(s => getComputedStyle(s).filter)"))
    assert filters == {"none"}, f"printed flowcharts are drawn inverted: {filters}"
    ink = page.evaluate("getComputedStyle(document.querySelector('article p')).color")
    assert ink.startswith("rgba(0, 0, 0") or ink == "rgb(0, 0, 0)", f"text prints in {ink}"
    # The palette changes the ink (above), not what prints: the PDF's text is read from the light
    # print-out (pypdf takes 6-7 s over it); the dark one's words are read from its print layout.
    laid_out = page.evaluate("document.body.innerText") if palette == "dark" else None
    pdf = tmp_path / "rules.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=False)
    context.close()
    reader = pypdf.PdfReader(pdf)
    # Every system's rules and rulings are there, and far fewer pages than with the code (each
    # system starts a page; the body prints at 8.6 pt).
    assert 60 <= len(reader.pages) <= 160, f"the print page printed to {len(reader.pages)} A4 pages"
    if palette == "light":
        _check_the_paper(_printed_runs(reader), chart_words, headings - {""})
    links = [note for sheet in reader.pages for note in sheet.get("/Annots") or []
             if note.get_object().get("/Subtype") == "/Link"]
    assert links, "no link survives into the printed PDF"
    text = laid_out if palette == "dark" else "\n".join(sheet.extract_text() for sheet in reader.pages)
    for words in ["Typed damage with Fudge dice", "Ruling: the leather in the examples", "RESULT"]:
        assert words in text, f"the print-out lacks {words!r}"
    for code in [">>>", "Traceback", "Show as Python", "http://", "For programmers", "Try it yourself"]:
        assert code not in text, f"the print-out shows {code!r}"
