"""Browser fixtures: the built site served on 127.0.0.1, driven by pytest-playwright with Debian's Chromium.

The browser, the server, axe and the player's view are the tools' (``sitetools``, which the
scripts use too). pytest-playwright gives ``browser``, ``context`` and ``page`` (and ``--tracing
retain-on-failure``, ``--video retain-on-failure``, ``--screenshot only-on-failure`` for a failing
test on its ``page`` or ``context``); this file points it at Debian's Chromium, serves the site, and
makes every ``page`` record its requests (``page.requests``) and block, recording in ``page.escaped``, any
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
import re
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from sitetools.browser import CHROMIUM, CHROMIUM_FLAGS, WAIT_LIMIT_MS, missing, refuse_other_hosts, resolving
from sitetools.server import serve
from tests.browser.survey import View, look

expect.set_options(timeout=WAIT_LIMIT_MS)

# The site under a subpath on an origin of its own, served by the same server (sitetools.server).
SUBPATH_HOST = "subpath.test"
SUBPATH = "/rules-site"


@pytest.fixture(scope="session")
def _server(site):
    """The one server of the session: the built site, over HTTP, on a free port of 127.0.0.1."""
    with serve(site, prefix=SUBPATH, subpath_host=SUBPATH_HOST) as served:
        yield served


@pytest.fixture(scope="session")
def base_url(_server):
    """The built site at the root of its origin: ``http://127.0.0.1:PORT``."""
    return _server.base


@pytest.fixture(scope="session")
def subpath_url(_server):
    """The same site as a project page publishes it, under a subpath of another origin."""
    return _server.on(SUBPATH_HOST) + SUBPATH


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
    assert missing() is None, missing()
    flags = [*CHROMIUM_FLAGS, resolving(SUBPATH_HOST)]
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": flags}


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
