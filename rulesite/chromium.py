"""Debian's Chromium, as the tools that draw or measure the site launch it.

One place for the browser's path and flags: `rulesite.flowcharts` (``scripts/render-flowcharts``),
the browser tests (tests/browser/conftest.py adds its own host rule) and the measuring scripts.
The site's code imports nothing from ``tests/``, so a tool a message names runs from a fresh clone.
"""

from __future__ import annotations

import os
from pathlib import Path

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
