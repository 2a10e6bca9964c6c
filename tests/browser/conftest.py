"""Browser fixtures: the built site served on 127.0.0.1, driven by pytest-playwright with Debian's Chromium.

pytest-playwright gives ``browser``, ``context`` and ``page`` (and ``--tracing retain-on-failure``,
``--video retain-on-failure``, ``--screenshot only-on-failure`` for a failing test on its ``page``
or ``context``); this file points it at Debian's Chromium, serves the site, and makes every
``page`` record its requests (``page.requests``) and block, recording in ``page.escaped``, any
request that leaves the machine. Most tests open their own contexts (a phone, a palette), which
pytest-playwright does not record: when one fails, each page it still has open is saved as a
screenshot in ``test-results/<test>/`` (``pytest_runtest_makereport`` below).
Every test here is marked ``browser`` (by the root conftest.py).

One server serves the site for the whole session: at ``base_url`` (``http://127.0.0.1:PORT``), and,
for the tests of a site published under a subpath on another origin, at ``subpath_url``
(``http://subpath.test:PORT/rules-site``, Chromium resolving that name to 127.0.0.1), where only
what is under ``/rules-site/`` is found. ``surveyed(view)`` is each page as loaded once per viewport
and palette (tests/browser/survey.py), shared by every test of that view. Under pytest-xdist
(scripts/test: ``-n 2 --dist loadgroup``) the tests of one view form one group, so one worker
loads it.
"""

from __future__ import annotations

import contextlib
import functools
import re
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from rulesite.chromium import CHROMIUM
from rulesite.chromium import CHROMIUM_FLAGS as _TOOL_FLAGS
from tests.browser.survey import View, look

# A loaded two-core CI machine can take seconds to scroll or paint: every wait is on a condition,
# and these are only the limits of those waits (Playwright's defaults are 5 s for expect, 30 s else).
WAIT_LIMIT_MS = 60_000
expect.set_options(timeout=WAIT_LIMIT_MS)

# Debian's build (scripts/test installs it; CHROMIUM_PATH names another), with the tools' flags.
CHROMIUM_FLAGS = list(_TOOL_FLAGS)
# The site under a subpath on an origin of its own, served by the same server (see _QuietHandler).
SUBPATH_HOST = "subpath.test"
SUBPATH = "/rules-site"
CHROMIUM_FLAGS.append(f"--host-resolver-rules=MAP {SUBPATH_HOST} 127.0.0.1")


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves the site as a static host does: quietly, and with the site's own 404 page."""

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        """At SUBPATH_HOST the site sits under SUBPATH alone: anything outside it is not found."""
        if self.headers.get("Host", "").split(":")[0] != SUBPATH_HOST:
            return super().translate_path(path)
        if not (path == SUBPATH or path.startswith((SUBPATH + "/", SUBPATH + "?"))):
            return str(Path(self.directory) / "__outside_the_subpath__")
        return super().translate_path(path[len(SUBPATH):] or "/")

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.exists():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser that closes a page mid-download resets its connection: not an error of the site."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def _server(site):
    """The one server of the session: the built site, over HTTP, on a free port of 127.0.0.1."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(_server):
    """The built site at the root of its origin: ``http://127.0.0.1:PORT``."""
    return f"http://127.0.0.1:{_server}"


@pytest.fixture(scope="session")
def subpath_url(_server):
    """The same site as a project page publishes it, under a subpath of another origin."""
    return f"http://{SUBPATH_HOST}:{_server}{SUBPATH}"


@pytest.fixture(scope="session")
def surveyed(browser, base_url):
    """``surveyed(view)``: what the view shows, loaded on first use and shared by its tests.

    A load that fails is remembered too: every test of the view reports it, none loads again.
    """
    cache: dict[View, dict | Exception] = {}

    def seen(view: View) -> dict:
        if view not in cache:
            try:
                cache[view] = look(browser, base_url, view)
            except Exception as error:
                cache[view] = error
        found = cache[view]
        if isinstance(found, Exception):
            raise AssertionError(f"{view.id} could not be surveyed: {found}") from found
        return found

    return seen


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright's launch options, with Debian's Chromium and flags for a quiet, offline run."""
    assert CHROMIUM.exists(), (
        f"{CHROMIUM} is missing: install Debian's Chromium as root (apt-get install chromium), "
        "or point CHROMIUM_PATH at a Chromium-based browser"
    )
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Desktop size by default; a test wanting a phone opens its own context.

    Service workers are blocked here: a page served by the site's worker (scripts/offline) goes
    unseen by ``page.route``, so ``page.requests`` would miss what it answers. test_offline.py
    opens its own contexts with them allowed.
    """
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}, "service_workers": "block"}


@pytest.fixture
def page(page, base_url):
    """pytest-playwright's page, recording every request; any request off 127.0.0.1 is blocked."""
    page.set_default_timeout(WAIT_LIMIT_MS)
    page.set_default_navigation_timeout(2 * WAIT_LIMIT_MS)
    page.requests = []
    page.escaped = []
    refuse_other_hosts(page, (base_url, "data:", "blob:"), page.escaped, page.requests)
    return page


def refuse_other_hosts(target, allowed, escaped, seen=None):
    """Route every request of ``target`` (a page or a context): one whose address starts with one of
    ``allowed`` goes on; any other is recorded in ``escaped`` and refused. ``seen`` records them all.
    """

    def route(request_route):
        url = request_route.request.url
        if seen is not None:
            seen.append(url)
        if url.startswith(allowed):
            request_route.continue_()
        else:
            escaped.append(url)
            request_route.abort()

    target.route("**/*", route)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's open pages, as screenshots in ``test-results/<test>/page-N.png``."""
    outcome = yield
    report = outcome.get_result()
    browser = item.funcargs.get("browser") if report.when == "call" and report.failed else None
    if browser is None:
        return
    folder = Path(item.config.getoption("--output")) / re.sub(r"[^\w.-]+", "-", item.nodeid).strip("-")
    pages = [page for context in browser.contexts for page in context.pages]
    for number, page in enumerate(pages, start=1):
        with contextlib.suppress(PlaywrightError):  # a page closing as it failed has nothing to show
            folder.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=folder / f"page-{number}.png", timeout=5_000)
    if folder.exists():
        report.sections.append(("screenshots", f"{len(list(folder.glob('page-*.png')))} in {folder}"))
