"""Every page of the built site, loaded once per viewport and palette, and what it shows there.

``look(browser, base_url, view)`` opens one view (a page, ``phone`` or ``desktop``, ``light`` or
``dark``) in a fresh context, as on a reader's first visit, waits for real conditions (the page
loaded and the theme's scripts run, every flowchart drawn, the palette applied), and reads
everything the tests assert on: the requests the page made, the player's view
(``sitetools.player_view.measure``), axe-core's findings where they are audited, and, on a phone, the rule
at a glance, the programmer's section and the words of the tables. The tests
(tests/browser/test_pages.py) then make cheap assertions over that record; nothing is loaded
twice for them.
"""

from __future__ import annotations

import contextlib
import itertools
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from sitetools.axe import axe_violations
from sitetools.browser import WAIT_LIMIT_MS
from sitetools.links import instant_ready
from sitetools.player_view import (
    LAY_OUT_EVERYTHING,
    PALETTES,
    PLAYER_PAGES,
    SYSTEM_PAGES,
    VIEWPORTS,
    measure,
)


@dataclass(frozen=True, slots=True)
class View:
    """One page at one viewport in one palette."""

    path: str
    viewport: str
    palette: str

    @property
    def id(self) -> str:
        return f"{self.path.strip('/') or 'home'}-{self.viewport}-{self.palette}"

    @property
    def phone(self) -> bool:
        return self.viewport == "phone"

    @property
    def player_page(self) -> bool:
        return self.path in PLAYER_PAGES

    @property
    def audited(self) -> bool:
        """axe-core runs on every page at desktop size in light, and on a player's page in every view."""
        return self.player_page or (self.viewport == "desktop" and self.palette == "light")


# The print page holds every system page's text, styled on screen as on those pages, which are
# audited in all four views: its colour contrast (three quarters of axe's time on its 14,000
# elements, 8-12 s) would repeat their findings. Every other rule of axe runs on it.
REPEATED_RULES = {"/print/": ("color-contrast",)}


def views(pages: list[str]) -> list[View]:
    return [View(path, viewport, palette)
            for path, viewport, palette in itertools.product(pages, VIEWPORTS, PALETTES)]


_CHARTS_DRAWN = (
    "!document.querySelector('pre.flowchart')"
    " && [...document.querySelectorAll('div.flowchart')].every(d => d.querySelector('svg'))"
)

# The rule at a glance (system pages, phone): the first h2, and its summary fits one phone screen.
_GLANCE = r"""
() => {
  const glance = document.querySelector("article h2[id$='at-a-glance']");
  if (!glance) return null;
  const summary = glance.nextElementSibling;
  return {
    id: glance.id,
    visible: glance.getClientRects().length > 0,
    firstH2: document.querySelector("article h2").id,
    height: summary.getBoundingClientRect().bottom - glance.getBoundingClientRect().top,
    links: summary.querySelectorAll("a[href*='#']").length,
  };
}
"""

# The programmer's material: the last h2, and the last details.info, collapsed, holding code.
_PROGRAMMER = r"""
() => {
  const h2s = document.querySelectorAll("article h2");
  const all = document.querySelectorAll("article details.info");
  const details = all[all.length - 1];
  return {
    lastH2: h2s.length ? h2s[h2s.length - 1].id : null,
    found: Boolean(details),
    open: details ? details.open : null,
    code: details ? details.querySelectorAll("details.example-python").length : 0,  // its examples
  };
}
"""

# Words of the visible tables' cells that wrap inside a word. A compound such as
# "by-damage-type" may wrap after a hyphen; each hyphen-ended piece must stay whole.
_SPLIT_WORDS = r"""
() => {
  const split = [];
  for (const cell of document.querySelectorAll("article table :is(td, th)")) {
    if (!cell.getClientRects().length) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const piece of node.textContent.matchAll(/[^\s-]+-?|-/g)) {
        const range = document.createRange();
        range.setStart(node, piece.index);
        range.setEnd(node, piece.index + piece[0].length);
        const drawn = [...range.getClientRects()].filter(r => r.width > 0);
        const lines = new Set(drawn.map(r => Math.round(r.top)));
        if (lines.size > 1) split.push(piece[0]);
      }
    }
  }
  return split;
}
"""

_AFFINITY_CHART = r"""
() => {
  const svgs = document.querySelectorAll("div.flowchart svg");
  if (svgs.length !== 1) return {charts: svgs.length};
  const box = svgs[0].getBoundingClientRect();
  const links = [...svgs[0].querySelectorAll("a")]
    .map(a => a.getAttribute("href") || a.getAttribute("xlink:href"));
  const count = href => document.querySelectorAll(href).length;
  const targets = Object.fromEntries([...new Set(links)].map(href => [href, count(href)]));
  return {charts: 1, width: box.width, height: box.height, links, targets};
}
"""

_HEADINGS = r"""
() => ({
  h2h3: document.querySelectorAll("article h2[id], article h3[id]").length,
  permalinks: document.querySelectorAll("article h2 a.headerlink, article h3 a.headerlink").length,
  h2h3h4: document.querySelectorAll("article h2[id], article h3[id], article h4[id]").length,
  copyLinks: document.querySelectorAll("article .copy-link").length,
  title: (() => {
    // The page title's lines, and the lines its words take (a sign wrapped alone adds one).
    const h1 = document.querySelector("article h1");
    if (!h1 || !h1.firstChild) return null;
    const words = document.createRange();
    words.setStartBefore(h1.firstChild);
    const sign = h1.querySelector(".headerlink");
    if (sign) words.setEndBefore(sign); else words.setEndAfter(h1.lastChild);
    const tops = [...words.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top));
    return {text: h1.textContent.replace(/¶$/, "").trim(), wordLines: new Set(tops).size,
            boxLines: Math.round(h1.getBoundingClientRect().height
                                 / parseFloat(getComputedStyle(h1).lineHeight))};
  })(),
})
"""

_PAGE_WIDTH = "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"


def open_view(browser: Any, base_url: str, view: View) -> tuple[Any, Any, list[str], list[str]]:
    """A fresh context at the view, the page loaded, the theme's scripts run; its requests, those blocked.

    Not "network idle" (half a second with no request, on every view): the survey reads its
    conditions itself, and what the page asks for is read once the survey is done.
    """
    width, height = VIEWPORTS[view.viewport]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        color_scheme="dark" if view.palette == "dark" else "light",
        is_mobile=view.phone,
        has_touch=view.phone,
        service_workers="block",  # the offline worker is tested on its own (test_offline.py)
    )
    context.set_default_timeout(WAIT_LIMIT_MS)
    context.set_default_navigation_timeout(2 * WAIT_LIMIT_MS)
    requests: list[str] = []
    escaped: list[str] = []

    def route(request_route: Any) -> None:
        url = request_route.request.url
        requests.append(url)
        if url.startswith((base_url, "data:", "blob:")):
            request_route.continue_()
        else:
            escaped.append(url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.goto(base_url + view.path, wait_until="load")
    instant_ready(page)
    return context, page, requests, escaped


def look(browser: Any, base_url: str, view: View) -> dict[str, Any]:
    """Everything the tests check of one view, read from one load (see the module docstring)."""
    context, page, requests, escaped = open_view(browser, base_url, view)
    try:
        page.wait_for_function(_CHARTS_DRAWN)
        want = "slate" if view.palette == "dark" else "default"
        page.wait_for_function(f"document.body.getAttribute('data-md-color-scheme') === '{want}'")
        seen: dict[str, Any] = measure(page)
        seen["flowchartsLeftAsText"] = page.locator("pre.flowchart").count()
        seen["width"] = page.evaluate(_PAGE_WIDTH)
        seen["headings"] = page.evaluate(_HEADINGS)
        if view.path == "/affinity/":
            seen["affinityChart"] = page.evaluate(_AFFINITY_CHART)
        if view.audited:
            seen["axe"] = axe_violations(page, without=REPEATED_RULES.get(view.path, ()))
        if view.phone and view.path in SYSTEM_PAGES:
            seen["glance"] = page.evaluate(_GLANCE)
            seen["programmer"] = _programmer(page)
        if view.phone and view.player_page:
            seen["splitWords"] = _split_words(page)  # last: it opens every details
            seen["widthAllOpen"] = page.evaluate(_PAGE_WIDTH)
        seen["loaded"] = list(requests)  # all the view asked for, late requests included
        seen["escaped"] = list(escaped)
        return seen
    finally:
        context.close()


def _programmer(page: Any) -> dict[str, Any]:
    """The programmer's section: collapsed at first; a tap on its summary shows what it holds."""
    found: dict[str, Any] = page.evaluate(_PROGRAMMER)
    if not found["found"]:
        return found
    details = page.locator("article details.info").last
    content = details.locator(":scope > :not(summary)").first
    found["hiddenAtFirst"] = content.is_hidden()
    details.locator(":scope > summary").click()
    with contextlib.suppress(PlaywrightTimeoutError):  # recorded below, asserted by the test
        content.wait_for(state="visible")
    found["shownOnTap"] = content.is_visible()
    return found


def _split_words(page: Any) -> list[str]:
    # Every table laid out, the programmer's sections too (opened as a reader may).
    page.add_style_tag(content=LAY_OUT_EVERYTHING)
    page.evaluate("document.querySelectorAll('article details').forEach(d => { d.open = true; })")
    split: list[str] = page.evaluate(_SPLIT_WORDS)
    return split
