"""How readers find a rule and land on it, measured in Chromium against a built site.

Shared by the browser tests (tests/browser/test_links*.py, test_search.py, ...) and a report for
people, ``scripts/links_report.py``:

    .venv/bin/python scripts/links_report.py [SITE_DIR] [--port 8000] [--prefix /repo]

The report counts: player queries whose first search result is the right rule; for
each viewport, the ways in (search tap, rulings index, cross-link, flowchart box,
fresh deep link) that land their heading fully below the header and uncovered; and
published ruling links that land, opened fresh and followed from the rulings index.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import Any

from sitetools.browser import launch
from sitetools.server import serve

ROOT = Path(__file__).resolve().parent.parent
VIEWPORTS = {"phone": (390, 844), "tablet": (800, 1000), "desktop": (1280, 900)}

# Queries a player types, grouped by what they try (names, typos, the game's other words,
# questions, dice notation, filters), each with the anchor its first result must open: one
# file, tests/search_queries.yml, read by the browser tests and by this report.
QUERY_FILE = ROOT / "tests" / "search_queries.yml"


def query_groups() -> dict[str, list[tuple[str, str]]]:
    """The query set: group -> [(query, anchor)], in the file's order."""
    import yaml

    data = yaml.safe_load(QUERY_FILE.read_text(encoding="utf-8"))
    return {group: [(str(query), str(anchor)) for query, anchor in queries.items()]
            for group, queries in data.items()}


QUERIES = [pair for pairs in query_groups().values() for pair in pairs]


# True when the element with the given id sits fully inside the screen, below the
# header, and the topmost thing at its centre line is the heading itself (no button,
# bar or overlay over it).
LANDED_JS = """
id => {
  const el = document.getElementById(id);
  if (!el) return {landed: false, why: 'no element #' + id};
  const r = el.getBoundingClientRect();
  const header = document.querySelector('.md-header');
  const below = header ? header.getBoundingClientRect().bottom : 0;
  const result = {top: Math.round(r.top), bottom: Math.round(r.bottom), header: Math.round(below),
                  height: innerHeight, path: location.pathname, hash: location.hash};
  if (r.height === 0) return {...result, landed: false, why: 'not shown'};
  if (r.top < below - 1 || r.bottom > innerHeight) return {...result, landed: false, why: 'off screen'};
  const y = (r.top + r.bottom) / 2;
  for (const x of [r.left + 4, (r.left + r.right) / 2, Math.min(r.right, innerWidth) - 4]) {
    const hit = document.elementFromPoint(x, y);
    if (hit && !el.contains(hit) && !hit.contains(el))
      return {...result, landed: false, why: 'covered by ' + (hit.className || hit.tagName)};
  }
  return {...result, landed: true};
}
"""


URL_OF_LINK = "a => new URL(a.getAttribute('href') || a.getAttribute('xlink:href'), location.href).href"
PATH_OF_LINK = "a => new URL(a.getAttribute('href') || a.getAttribute('xlink:href'), location.href).pathname"


# Counts the queries the page sends Material's search worker and the answers it gets,
# so a test waits for the results of the whole query, not of a few typed letters.
COUNT_SEARCHES_JS = """
window.searchSent = 0; window.searchGot = 0; window.searchSentFor = null;
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', e => { if (e.data && e.data.type === 3) window.searchGot++; });
  }
  postMessage(message, ...rest) {
    if (message && message.type === 2) {
      window.searchSent++;
      const input = document.querySelector('.md-search__input');
      window.searchSentFor = input ? input.value : null;
    }
    return super.postMessage(message, ...rest);
  }
};
"""


def new_context(browser: Any, size: tuple[int, int], **options: Any) -> Any:
    """A browser context at ``size`` (a phone below 500 px wide) that counts searches."""
    phone = size[0] < 500
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  is_mobile=phone, has_touch=phone,
                                  **{"service_workers": "block", **options})
    context.add_init_script(COUNT_SEARCHES_JS + WATCH_SITEMAP_JS)
    return context


def landing(page: Any, anchor: str, timeout: float = 30_000) -> dict[str, Any]:
    """Wait (up to ``timeout`` ms) for the heading ``anchor`` to land; return where it is."""
    with contextlib.suppress(Exception):
        page.wait_for_function(f"({LANDED_JS})({anchor!r}).landed", timeout=timeout, polling="raf")
    result: dict[str, Any] = page.evaluate(f"({LANDED_JS})({anchor!r})")
    return result


# The theme follows a link in place (instant navigation) only once it has parsed the site's
# sitemap: a click before that loads the next page whole. The theme parses it with DOMParser
# ("text/xml") and hands the result on in the same task, so a page whose context counts searches
# (``new_context``) flags the parse and a wait that sees the flag runs after the theme holds the
# sitemap, however loaded the machine. A page from another context falls back to the sitemap's
# request done and two frames, which a loaded machine can outrun.
WATCH_SITEMAP_JS = """
window.sitemapWatched = true; window.sitemapParsed = false;
const nativeParse = DOMParser.prototype.parseFromString;
DOMParser.prototype.parseFromString = function (text, type) {
  const parsed = nativeParse.call(this, text, type);
  if (type === "text/xml" && parsed.querySelector("urlset")) window.sitemapParsed = true;
  return parsed;
};
"""
_SITEMAP_READ = """() => new Promise(done => {
  if (window.sitemapWatched) return done(window.sitemapParsed);
  const read = performance.getEntriesByType("resource")
    .some(entry => new URL(entry.name).pathname.endsWith("/sitemap.xml") && entry.responseEnd > 0);
  if (!read) return done(false);
  requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
})"""


def instant_ready(page: Any) -> None:
    """Wait until Material's scripts run (its ``document$`` has emitted) and it can follow links in place."""
    page.wait_for_function("() => window.document$ !== undefined && document.readyState === 'complete'")
    page.wait_for_function(_SITEMAP_READ)


def search(page: Any, query: str) -> Any:
    """Type ``query`` into the site search as a reader does; return the result links (maybe none)."""
    toggle = page.locator("label.md-header__button[for='__search']")
    if page.evaluate("document.getElementById('__search')?.checked"):
        page.locator(".md-search__input").focus()  # already open (a phone's search covers the header)
    elif toggle.is_visible():
        toggle.click()
    else:
        page.locator(".md-search__input").click()
    page.keyboard.type(query)
    # Results come from the search worker; wait for the answer to the whole query, then for the
    # theme to have drawn it (its count line says how many, or that none matched).
    page.wait_for_function(
        "q => window.searchSentFor === q && window.searchSent === window.searchGot", arg=query
    )
    page.wait_for_function(
        "() => document.querySelector('.md-search-result__item')"
        " || document.querySelector('.md-search-result__meta')?.textContent.trim().startsWith('No ')"
    )
    return page.locator(".md-search-result__item a")


def first_hit(page: Any, base: str, query: str) -> str:
    """The anchor (or page) the first search result for ``query`` opens."""
    page.goto(base + "/")
    instant_ready(page)
    search(page, query)
    return first_result(page)


def search_again(page: Any, query: str) -> str:
    """On a page where a search is open: clear the box, search ``query``; what its first result opens."""
    page.locator(".md-search__input").focus()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.wait_for_function(
        "() => document.querySelector('.md-search__input').value === ''"
        " && !document.querySelector('.md-search-result__item')"
    )
    search(page, query)
    return first_result(page)


def first_result(page: Any) -> str:
    """The anchor (or page) the first result of the search shown opens ("" when none)."""
    # Material groups results by page, the page itself first; the group's best match is
    # the link with the highest score.
    href: str = page.evaluate(
        """() => {
          const item = document.querySelector('.md-search-result__item');
          if (!item) return '';
          const links = [...item.querySelectorAll('a.md-search-result__link')];
          const score = a => parseFloat(a.querySelector('article').dataset.mdScore);
          return links.reduce((best, a) => score(a) > score(best) ? a : best).href;
        }"""
    )
    return href.split("#", 1)[1] if "#" in href else href.split("?", 1)[0]


def theme_search(context: Any, site: Path) -> None:
    """Make ``context`` answer searches with the theme's own worker (lunr), as before issue 43."""
    worker = next((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    body = worker.read_bytes()
    context.route("**/assets/search/worker.js",
                  lambda route: route.fulfill(body=body, content_type="text/javascript"))


def query_misses(
    browser: Any, base: str, size: tuple[int, int], queries: list[tuple[str, str]],
    theme_from: Path | None = None,
) -> list[tuple[str, str, str]]:
    """Type every query into one load of the home page at ``size``; (query, got, wanted) of each miss.

    With ``theme_from`` (a built site), the theme's own search answers instead of the site's.
    """
    context = new_context(browser, size)
    if theme_from is not None:
        theme_search(context, theme_from)
    page = context.new_page()
    misses = []
    for number, (query, want) in enumerate(queries):
        got = first_hit(page, base, query) if number == 0 else search_again(page, query)
        if got != want:
            misses.append((query, got, want))
    context.close()
    return misses


def search_tap(page: Any, base: str, query: str, anchor: str) -> dict[str, Any]:
    """From the home page, search ``query`` and tap the result that links to ``anchor``."""
    page.goto(base + "/")
    instant_ready(page)
    links = search(page, query)
    link = links.locator(f"xpath=self::*[contains(@href, '#{anchor}')]").first
    path = link.evaluate(PATH_OF_LINK)
    href = link.evaluate(URL_OF_LINK)
    hit = _tap_reaching(page, link, href)
    where = _arrived(page, path, anchor)
    return where if where["landed"] else {**where, "tap reached": hit}


# Records the link each click reached (its address, or null when the click hit no link).
RECORD_CLICKS_JS = f"""() => {{
  window.clickReached = [];
  document.addEventListener('click', event => {{
    const link = event.target.closest ? event.target.closest('a') : null;
    window.clickReached.push(link ? ({URL_OF_LINK})(link) : null);
  }}, true);
}}"""


def _tap_reaching(page: Any, link: Any, href: str, tries: int = 3) -> list[str | None]:
    """Click ``link`` until a click reaches a link to ``href``; the links each click reached.

    A click can miss the link it aimed at: if what holds the link is redrawn or moves between the
    press and the release (the theme redraws the search results when an answer for the query
    arrives; a long page's later sections take their real height as they are drawn), the browser
    sends the click elsewhere, and nothing is followed. A player taps again, and so does this; a
    click that reached the link and was not followed is still reported by the caller. (CI runs
    saw a search result and a ruling of the index not followed; which of the two happened there
    is not known.)
    """
    page.evaluate(RECORD_CLICKS_JS)
    reached: list[str | None] = []
    for _ in range(tries):
        link.click()
        try:
            reached = page.evaluate("window.clickReached || []")
        except Exception:  # the click loaded a new document: it reached a link
            return [href]
        if href in reached or not reached:  # none recorded: a new document, already loaded
            break
    return reached


def follow(page: Any, url: str, selector: str, anchor: str) -> dict[str, Any]:
    """Open ``url``, click the first element matching ``selector``; where did ``anchor`` land."""
    page.goto(url)
    instant_ready(page)
    return click_and_land(page, selector, anchor)


def click_and_land(page: Any, selector: str, anchor: str) -> dict[str, Any]:
    """On the page shown, click the first element matching ``selector``; where did ``anchor`` land.

    Tapped again if the tap missed it, as a player does (`_tap_reaching`): on a loaded machine
    one CI run saw a ruling of the index not followed at all, the page left as it was.
    """
    target = page.locator(selector).first
    # A flowchart's box: the player scrolls to the chart, which is drawn as it comes near (player.js).
    target.evaluate("link => link.closest('.flowchart__frame')?.scrollIntoView()")
    target.scroll_into_view_if_needed()
    path = target.evaluate(PATH_OF_LINK)
    hit = _tap_reaching(page, target, target.evaluate(URL_OF_LINK))
    where = _arrived(page, path, anchor)
    return where if where["landed"] else {**where, "tap reached": hit}


def _arrived(page: Any, path: str, anchor: str) -> dict[str, Any]:
    """Wait for the page at ``path`` to show (instant navigation swaps the article); then land."""
    try:
        page.wait_for_function(
            "([path, anchor]) => location.pathname === path && document.getElementById(anchor)"
            " && document.readyState === 'complete'",
            arg=[path, anchor], timeout=60_000,
        )
    except Exception:  # reported, not raised: the report counts what did not arrive
        return {"landed": False, "why": "never arrived", "url": page.url}
    return landing(page, anchor)


def fresh(page: Any, url: str) -> dict[str, Any]:
    """Open ``url`` (with a #fragment) in a fresh load; where its anchor landed.

    A new document every time: from the same page, going to another #fragment only scrolls
    (a same-document navigation), which is not how a shared link opens.
    """
    page.goto("about:blank")
    page.goto(url)
    instant_ready(page)
    page.wait_for_function("() => location.hash.length > 1")
    return landing(page, page.evaluate("location.hash.slice(1)"))


def ruling_links(published: Path = ROOT / "tests" / "published_anchors.txt") -> list[str]:
    """Every published ruling link, ``/page/#ruling-...``."""
    lines = published.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if "#ruling-" in line and not line.startswith("#")]


# One way in of each kind: (name, start page, selector to click, anchor it should land on).
WAYS_IN = [
    ("rulings index", "/rulings/", "article a[href$='#ruling-escape-ties']", "ruling-escape-ties"),
    ("cross-link", "/resistances/", "article a[href$='#ruling-petrified-damage-taken']",
     "ruling-petrified-damage-taken"),
    ("flowchart box", "/conditions/", "div.flowchart a[*|href='#several-grabbers']", "several-grabbers"),
]
SEARCH_TAP = ("dazed", "dazed")
DEEP_LINK = "/taking-damage/#ruling-body-at-zero"


def ways_in(browser: Any, base: str, size: tuple[int, int]) -> dict[str, dict[str, Any]]:
    """Each way in at one viewport: name -> landing."""
    context = new_context(browser, size)
    page = context.new_page()
    found = {"search tap": search_tap(page, base, *SEARCH_TAP)}
    for name, start, selector, anchor in WAYS_IN:
        found[name] = follow(page, base + start, selector, anchor)
    found["fresh deep link"] = fresh(page, base + DEEP_LINK)
    context.close()
    return found


def main(argv: list[str]) -> int:
    """The report for people (see the module); ``argv`` as the command line gives it."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "site"))
    parser.add_argument("--port", type=int, default=8000, help="8000: the default site_url's port")
    parser.add_argument("--prefix", default="")
    parser.add_argument("--only", choices=["search", "ways", "rulings"], help="one part of the report")
    parser.add_argument("--theme-search", action="store_true",
                        help="search with the theme's own worker (lunr), for comparison")
    args = parser.parse_args(argv)
    parts = {args.only} if args.only else {"search", "ways", "rulings"}
    with serve(Path(args.site), args.port, args.prefix) as served, sync_playwright() as play:
        browser = launch(play)
        if "search" in parts:
            report_search(browser, served.base, Path(args.site), args.theme_search)
        if "ways" in parts:
            report_ways(browser, served.base)
        if "rulings" in parts:
            report_rulings(browser, served.base)
        browser.close()
    return 0


def report_search(browser: Any, base: str, site: Path, theme: bool = False) -> None:
    """Print how many player queries find the right rule first, on a phone and a desktop."""
    for name in ("phone", "desktop"):
        misses = query_misses(browser, base, VIEWPORTS[name], QUERIES, site if theme else None)
        engine = "the theme's search (lunr)" if theme else "the site's search"
        print(f"search, {engine}, {name}: first result right for {len(QUERIES) - len(misses)}"
              f"/{len(QUERIES)} queries", flush=True)
        for query, got, want in misses:
            print(f"  {query!r}: first result {got!r}, wanted #{want}")


def report_ways(browser: Any, base: str) -> None:
    """Print, per viewport, how many ways in land their heading."""
    for name, size in VIEWPORTS.items():
        found = ways_in(browser, base, size)
        landed = [way for way, where in found.items() if where["landed"]]
        print(f"{name} {size[0]}x{size[1]}: {len(landed)}/{len(found)} ways in landed", flush=True)
        for way, where in found.items():
            if not where["landed"]:
                print(f"  {way}: {where}")


def report_rulings(browser: Any, base: str) -> None:
    """Print how many published ruling links land at phone size, opened fresh and followed."""
    context = new_context(browser, VIEWPORTS["phone"])
    page = context.new_page()
    links = ruling_links()
    opened = [fresh(page, base + link) for link in links]
    print(f"phone: {sum(o['landed'] for o in opened)}/{len(links)} ruling links landed, opened fresh",
          flush=True)
    followed = []
    for link in links:
        anchor = link.split("#", 1)[1]
        followed.append(follow(page, base + "/rulings/", f"article a[href$='#{anchor}']", anchor))
    print(f"phone: {sum(f['landed'] for f in followed)}/{len(links)} ruling links landed, "
          "followed from the rulings index")
    context.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
