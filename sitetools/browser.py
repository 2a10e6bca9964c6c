"""Debian's Chromium, as the tools and the tests launch it.

One place for the browser's path and flags: `rulesite.flowcharts` (``scripts/render-flowcharts``),
the browser tests (tests/browser/conftest.py, with `resolving` for the site under a subpath), the
link report and the measuring and benchmark scripts.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/lib/chromium/chromium"))
"""Debian's build (``scripts/setup --browser`` installs it); ``CHROMIUM_PATH`` names another."""

CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Headless, quiet, and nothing fetched behind the page's back."""

WAIT_LIMIT_MS = 60_000
"""A loaded two-core CI machine can take seconds to scroll or paint: every wait is on a condition,
and this is only the limit of those waits (Playwright's defaults are 5 s for expect, 30 s else)."""


def resolving(host: str) -> str:
    """The flag that makes Chromium resolve ``host`` to 127.0.0.1 (a second origin for the one server)."""
    return f"--host-resolver-rules=MAP {host} 127.0.0.1"


def missing() -> str | None:
    """Why the browser cannot start, or None."""
    if CHROMIUM.exists():
        return None
    return (f"{CHROMIUM} is missing: install Debian's Chromium as root (apt-get install chromium), "
            "or point CHROMIUM_PATH at a Chromium-based browser")


def launch(playwright: Any, *flags: str) -> Any:
    """Debian's Chromium, started by Playwright with the tools' flags (and ``flags``)."""
    why = missing()
    if why:
        raise SystemExit(why)
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*CHROMIUM_FLAGS, *flags])


def refuse_other_hosts(target: Any, allowed: tuple[str, ...], escaped: list[str],
                       seen: list[str] | None = None) -> None:
    """Route every request of ``target`` (a page or a context); refuse those leaving ``allowed``.

    A request whose address starts with one of ``allowed`` goes on; any other is recorded in
    ``escaped`` and refused. ``seen`` records them all.
    """

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if seen is not None:
            seen.append(url)
        if url.startswith(allowed):
            request_route.continue_()
        else:
            escaped.append(url)
            request_route.abort()

    target.route("**/*", route)
