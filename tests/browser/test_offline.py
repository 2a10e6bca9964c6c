"""The reference at the table without a signal: one online visit, then the network really off.

The built site, with the service worker ``scripts/offline`` writes over it (Workbox), is served
under a subpath (``/rules-site/``, as a GitHub Pages project site is) to a phone-sized Chromium
context that allows service workers. One visit online: the home page, until the page says the
reference is stored (``<html data-offline="ready">``: the worker is active, its precache
complete, and it serves the page), then one calculator answer. Then ``context.set_offline(True)``
and: every page of the site, a ruling's deep link, instant navigation, a search, a preview and
the calculator's answer. A second deployment with a changed page replaces what is stored; the
web app manifest passes Chromium's installability check. No wait here depends on time: each
waits for a condition the page exposes.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import calculators
from sitetools.browser import WAIT_LIMIT_MS, refuse_other_hosts
from sitetools.links import VIEWPORTS, instant_ready, landing, new_context, search
from sitetools.server import serve
from tests.browser.test_calculators import _ANSWERED, _form_values, _wait_ready
from tests.conftest import ROOT, site_pages

PREFIX = "/rules-site"
SYSTEM = "resistances"
RULING = ("conditions", "ruling-weakened-rounds-down")
STORED = "() => ['ready', 'unavailable', 'unsupported'].includes(document.documentElement.dataset.offline)"
PRECACHE_NAMES = "async () => (await caches.keys()).filter(name => name.includes('-precache-'))"
CALCULATOR_NAMES = "async () => (await caches.keys()).filter(name => name.includes('-calculator-'))"


def _with_service_worker(site: Path) -> Path:
    """``site`` with its service worker written over the current build (as scripts/test does)."""
    worker = site / "sw.js"
    if not worker.exists() or worker.stat().st_mtime < (site / "index.html").stat().st_mtime:
        written = subprocess.run(
            [str(ROOT / "scripts" / "offline"), "--require", str(site)],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )
        assert written.returncode == 0, f"scripts/offline failed:\n{written.stdout}{written.stderr}"
    return site


# The page's workers, for a failure's message: which serves it, which waits, which installs.
WORKERS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const state = worker => worker ? worker.state : null;
  return { controlled: Boolean(navigator.serviceWorker.controller),
           active: state(registration && registration.active),
           waiting: state(registration && registration.waiting),
           installing: state(registration && registration.installing),
           notice: Boolean(document.getElementById("offline-update")),
           reloadedBecause: sessionStorage.getItem("offline-update-reload") };
}"""


def _phone(browser: Any) -> Any:
    """A phone-sized context with service workers allowed, that refuses any other host."""
    context = new_context(browser, VIEWPORTS["phone"], service_workers="allow")
    context.escaped = []
    context.failed = []
    refuse_other_hosts(context, ("http://127.0.0.1", "data:", "blob:"), context.escaped)
    return context


def _failed(page: Page, request: Any) -> None:
    """Record a request that failed; one cut short because the test moved to the next page
    (net::ERR_ABORTED, e.g. the search worker of a page left at once) is no offline failure.
    """
    if request.failure != "net::ERR_ABORTED":
        page.context.failed.append(f"{request.url} ({request.failure})")


def _watch(page: Page) -> Page:
    page.set_default_timeout(WAIT_LIMIT_MS)
    page.set_default_navigation_timeout(2 * WAIT_LIMIT_MS)
    page.on("requestfailed", lambda request: _failed(page, request))
    return page


def _stored(page: Page) -> None:
    """Wait until the page says whether the reference is stored; it must be."""
    page.wait_for_function(STORED)
    assert page.evaluate("document.documentElement.dataset.offline") == "ready"


def _calculator_answer(page: Page, base: str) -> str:
    """Open the calculator on the system page, load its first worked example, return the answer."""
    calculator = calculators.CALCULATORS[SYSTEM]
    page.goto(f"{base}/{SYSTEM}/")
    instant_ready(page)
    page.locator(f'details.calculator[data-system="{SYSTEM}"] > summary').click()
    _wait_ready(page, SYSTEM)
    name, preset = calculator.presets[0]
    page.get_by_role("button", name=name).click()
    page.wait_for_function(_ANSWERED, arg=[SYSTEM, _form_values(calculator, preset)])
    answer: str = page.locator(f'details.calculator[data-system="{SYSTEM}"] .calculator__answer').inner_text()
    return answer


@pytest.fixture(scope="module")
def offline_site(site: Path) -> Iterator[str]:
    with serve(_with_service_worker(site), 0, PREFIX) as served:
        yield served.base


# The tests of the one online visit share an xdist group: split over two workers, each worker
# made its own visit (the home page stored, the calculator's runtime booted), the costliest setup here.
OFFLINE_VISIT = pytest.mark.xdist_group("offline-visit")


@pytest.fixture(scope="module")
def visited(browser: Any, offline_site: str) -> Iterator[dict[str, Any]]:
    """One visit online (the home page, then one calculator answer); then the network goes off."""
    context = _phone(browser)
    page = _watch(context.new_page())
    page.goto(offline_site + "/")
    _stored(page)
    online_answer = _calculator_answer(page, offline_site)
    context.set_offline(True)
    yield {"context": context, "page": page, "base": offline_site, "answer": online_answer}
    assert context.escaped == [], f"requests left the machine: {context.escaped}"
    context.close()


@pytest.fixture
def offline(visited: dict[str, Any]) -> Iterator[Page]:
    """The visited context's page, offline; no request may fail while the test uses it."""
    context = visited["context"]
    context.failed.clear()
    yield visited["page"]
    assert context.failed == [], f"requests failed offline: {context.failed}"


@OFFLINE_VISIT
def test_every_page_opens_offline_after_one_visit(offline: Page, visited: dict[str, Any], site: Path) -> None:
    pages = site_pages(site)
    assert {"/", f"/{SYSTEM}/", "/print/", "/glossary/", "/rulings/"} <= set(pages)
    for path in pages:
        response = offline.goto(visited["base"] + path)
        assert response is not None and response.ok, path
        assert response.from_service_worker, f"{path} did not come from the stored copy"
        expect(offline.locator("article h1").first).to_be_visible()
        assert offline.evaluate("document.documentElement.dataset.offline") == "ready", path


@OFFLINE_VISIT
def test_the_rules_data_and_its_schema_are_read_offline(offline: Page, visited: dict[str, Any]) -> None:
    """A tool running in the page (or a player saving it) reads rules.json from the stored copy."""
    offline.goto(visited["base"] + "/tools/")
    read = "names => Promise.all(names.map(name => fetch(name).then(r => r.json())))"
    data, schema = offline.evaluate(read, ["../rules.json", "../rules.schema.json"])
    assert data["rules"] and data["$schema"] == "rules.schema.json" and schema["title"]
    first = data["releases"][0]
    release = offline.evaluate("name => fetch(name).then(r => r.json())", "../" + first["address"])
    assert release["version"] == first["version"]


@OFFLINE_VISIT
def test_an_unknown_address_opens_the_site_s_own_not_found_page_offline(visited: dict[str, Any]) -> None:
    # A page of its own: the stored 404 page links its styles from the root of the address it
    # was built for, outside this test's subpath, and those fail offline here (not on a site
    # published at its own address); what is asserted is the page itself.
    page = visited["context"].new_page()
    try:
        response = page.goto(visited["base"] + "/no-such-rule/#anywhere")
        assert response is not None, "no answer"
        assert response.from_service_worker, "the browser's own error, not the site's"
        expect(page.locator("h1#not-found")).to_have_text("This rule is not here")
    finally:
        page.close()


@OFFLINE_VISIT
def test_the_flowchart_is_there_offline(offline: Page, visited: dict[str, Any]) -> None:
    offline.goto(visited["base"] + "/affinity/")
    chart = offline.locator(".flowchart svg").first
    expect(chart).to_be_visible()
    assert chart.evaluate("svg => svg.getBoundingClientRect().height") > 100


@OFFLINE_VISIT
def test_a_ruling_deep_link_lands_offline(offline: Page, visited: dict[str, Any]) -> None:
    page, anchor = RULING
    offline.goto(f"{visited['base']}/{page}/#{anchor}")
    instant_ready(offline)
    where = landing(offline, anchor, timeout=WAIT_LIMIT_MS)
    assert where["landed"], where


@OFFLINE_VISIT
def test_instant_navigation_follows_links_offline(offline: Page, visited: dict[str, Any]) -> None:
    offline.goto(visited["base"] + "/")
    instant_ready(offline)
    offline.evaluate("window.sameDocument = true")
    offline.locator(f"article a[href$='{SYSTEM}/']").first.click()
    offline.wait_for_url(f"**{PREFIX}/{SYSTEM}/")
    expect(offline.locator("article h1").first).to_contain_text("Resistances")
    assert offline.evaluate("window.sameDocument === true"), "the link reloaded the page instead"


@OFFLINE_VISIT
def test_search_answers_offline(offline: Page, visited: dict[str, Any]) -> None:
    offline.goto(visited["base"] + "/")
    instant_ready(offline)
    links = search(offline, "petrified")
    hrefs = links.evaluate_all("links => links.map(a => a.href)")
    assert any("#petrified" in href for href in hrefs), hrefs


@OFFLINE_VISIT
def test_a_preview_shows_the_rule_offline(offline: Page, visited: dict[str, Any]) -> None:
    offline.goto(visited["base"] + "/resistances/")
    instant_ready(offline)
    link = offline.locator("article a[data-preview][href$='conditions-list/#petrified']").first
    link.scroll_into_view_if_needed()
    link.tap()
    tip = offline.locator(".md-tooltip2").last
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("Resists all damage")


@OFFLINE_VISIT
def test_the_calculator_answers_offline_as_online(offline: Page, visited: dict[str, Any]) -> None:
    assert _calculator_answer(offline, visited["base"]) == visited["answer"]


def test_the_manifest_passes_the_installability_check(
    browser_type: Any, browser_type_launch_args: dict[str, Any], offline_site: str, tmp_path: Path
) -> None:
    """Chromium's own check, in a profile on disk (it never offers to install from an incognito one)."""
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, service_workers="allow",
        viewport={"width": VIEWPORTS["phone"][0], "height": VIEWPORTS["phone"][1]}, is_mobile=True,
        has_touch=True,
    )
    try:
        context.failed = []
        page = _watch(context.pages[0] if context.pages else context.new_page())
        page.goto(offline_site + "/")
        _stored(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert manifest["url"] == offline_site + "/manifest.webmanifest"
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


# A second deployment --------------------------------------------------------------------------


@pytest.fixture
def deployment(site: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the built site (the calculator runtime linked, not copied), served under the subpath."""
    copy = tmp_path / "site"
    shutil.copytree(_with_service_worker(site), copy, ignore=shutil.ignore_patterns("calculator"))
    (copy / "assets" / "calculator").symlink_to(site / "assets" / "calculator")
    with serve(copy, 0, PREFIX) as served:
        yield copy, served.base


_IMPORTS = re.compile(r'importScripts\(([^)]*)\)')


def _imports(site: Path) -> set[str]:
    """The scripts the site's sw.js imports."""
    found = _IMPORTS.findall((site / "sw.js").read_text(encoding="utf-8"))
    return {name.strip().strip('"') for names in found for name in names.split(",")}


def _redeploy_with_a_changed_page(copy: Path) -> None:
    """Change the system page and the cached-on-first-use files, then write the worker again.

    Not in one step, as an upload or rsync is not: a browser may look for a new sw.js meanwhile.
    What sw.js imports changes with the first deployment's runtime files, so it must come under
    a new name: the old sw.js, still served, must never import new bytes.
    """
    before = _imports(copy)
    page = copy / SYSTEM / "index.html"
    opening = '<article class="md-content__inner md-typeset">'
    html = page.read_text(encoding="utf-8")
    assert opening in html
    page.write_text(html.replace(opening, opening + '<p id="second-edition">Second edition.</p>', 1),
                    encoding="utf-8")
    (copy / "assets" / "vendor").mkdir(parents=True, exist_ok=True)
    (copy / "assets" / "vendor" / "second-edition.txt").write_text("new runtime files\n", encoding="utf-8")
    written = subprocess.run([str(ROOT / "scripts" / "offline"), "--require", str(copy)],
                             cwd=ROOT, capture_output=True, text=True, check=False)
    assert written.returncode == 0, written.stdout + written.stderr
    after = _imports(copy)
    assert before and after and not before & after, f"the new sw.js imports {after}, the old one {before}"
    assert all(not (copy / name).exists() for name in before), "an import of the old sw.js was left behind"


class _Timeline:
    """For a failure's message: the page's documents (who answered) and its workers' states.

    Each line is stamped when the test reads it: what the browser reports while the test works
    in Python (writing the second deployment) is read, and stamped, at the test's next call.
    """

    def __init__(self, context: Any, page: Page) -> None:
        self.lines: list[str] = []
        self.started = time.monotonic()
        cdp = context.new_cdp_session(page)
        cdp.on("ServiceWorker.workerVersionUpdated", self._versions)
        cdp.on("ServiceWorker.workerErrorReported", lambda event: self.note(f"worker error {event}"))
        cdp.send("ServiceWorker.enable")
        page.on("response", self._document)

    def note(self, line: str) -> None:
        self.lines.append(f"{time.monotonic() - self.started:7.2f}s {line}")

    def _versions(self, event: dict[str, Any]) -> None:
        for version in event["versions"]:
            self.note(f"worker {version['versionId']}: {version['status']}, {version['runningStatus']}, "
                      f"controls {len(version.get('controlledClients', []))}")

    def _document(self, response: Any) -> None:
        if response.request.resource_type == "document":
            source = "worker" if response.from_service_worker else "network"
            self.note(f"document {response.url} {response.status} from the {source}")

    def __str__(self) -> str:
        return "\n".join(self.lines)


def test_a_new_deployment_replaces_the_stored_page(browser: Any, deployment: tuple[Path, str]) -> None:
    copy, base = deployment
    context = _phone(browser)
    page = _watch(context.new_page())
    timeline = _Timeline(context, page)
    page.goto(f"{base}/{SYSTEM}/")
    _stored(page)
    # Something kept on first use, in the cache named by the first deployment's hash.
    page.evaluate("url => fetch(url).then(r => r.text())", f"{base}/assets/vendor/mermaid.min.js")
    first_calculator_cache = page.evaluate(CALCULATOR_NAMES)
    first_precache = page.evaluate(PRECACHE_NAMES)
    assert len(first_calculator_cache) == 1 and len(first_precache) == 1
    expect(page.locator("#second-edition")).to_have_count(0)

    _redeploy_with_a_changed_page(copy)
    timeline.note("-- the second deployment is written")
    page.goto(f"{base}/{SYSTEM}/")  # the browser looks for a new sw.js on every visit
    expect(page.locator("html")).to_have_attribute("data-offline-update", "waiting")
    loads: list[str] = []
    page.on("load", lambda: loads.append(page.url))
    timeline.note("-- the notice is shown: Reload tapped")
    page.locator("#offline-update").get_by_role("button", name="Reload").click()
    # The tap was taken (the notice goes), then the new page comes.
    expect(page.locator("#offline-update")).to_have_count(0)
    try:
        expect(page.locator("#second-edition")).to_be_visible()
    except AssertionError as error:
        raise AssertionError(f"Reload did not bring the new page: {page.evaluate(WORKERS)}; "
                             f"{len(loads)} page load(s) since the tap; timeline:\n{timeline}") from error
    assert page.evaluate("sessionStorage.getItem('offline-update-reload')") == "the new worker took over"

    # The old entries are gone: one precache (holding the new page), the old runtime cache deleted.
    page.wait_for_function(f"async () => (await ({CALCULATOR_NAMES})()).length === 0")
    assert page.evaluate(PRECACHE_NAMES) == first_precache
    stored = page.evaluate(
        "async ([name, path]) => (await (await caches.open(name)).match(path, {ignoreSearch: true})).text()",
        [first_precache[0], f"{base}/{SYSTEM}/index.html"],
    )
    assert 'id="second-edition"' in stored

    context.set_offline(True)
    page.goto(f"{base}/{SYSTEM}/")
    expect(page.locator("#second-edition")).to_be_visible()
    assert context.escaped == [], context.escaped
    context.close()
