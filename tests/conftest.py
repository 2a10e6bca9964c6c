"""Shared fixtures (the built site) and the hypothesis profiles.

Profiles, chosen with ``HYPOTHESIS_PROFILE`` (scripts/test sets it):

- ``ci`` (the default): no deadline and no timing health check, so a loaded machine cannot fail a
  test; 100 examples per property; derandomized, so every run tries the same examples and a failure
  reproduces by rerunning.
- ``dev`` (``scripts/test --fast``): 2 examples per property, for the inner loop (under 3 s
  with every property still run); random, so each run tries new inputs; a failure shows its
  inputs and a ``@reproduce_failure`` line, and the example database replays it first on the
  next run. ``scripts/test`` (profile ``ci``) tries 100.
"""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from rulesite import QUIET_BUILD, calculator_assets

settings.register_profile(
    "ci", deadline=None, max_examples=100, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", deadline=None, max_examples=2, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
SOURCES = [ROOT / "docs", ROOT / "rules", ROOT / "calculators", ROOT / "mkdocs.yml", ROOT / "scripts",
           ROOT / "rulesite"]


def _newest(paths: list[Path]) -> float:
    """When the newest source file changed. Python's compiled files are no source: a test that first
    imports a module (scripts/links_report.py, say) after scripts/test's build writes its .pyc, and
    counting that made every worker's ``site`` rebuild the whole site (and drop its service worker).
    """
    times = [0.0]
    for path in paths:
        files = path.rglob("*") if path.is_dir() else [path]
        times += [file.stat().st_mtime for file in files
                  if "__pycache__" not in file.parts and file.suffix != ".pyc" and file.is_file()]
    return max(times)


def pytest_configure(config: pytest.Config) -> None:
    """Empty Playwright's test-results/ once, in the process that runs (or, under xdist, leads) the run."""
    output = config.getoption("--output", default=None)
    if output and not os.environ.get("PYTEST_XDIST_WORKER"):
        shutil.rmtree(output, ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def delete_output_dir() -> None:
    """pytest-playwright's fixture of this name empties test-results/ in every process as it starts;
    under xdist a late worker would delete what an early one kept of a failure. Done once instead
    (pytest_configure above)."""


@pytest.fixture
def rulesite_log() -> Iterator[list[logging.LogRecord]]:
    """What the site machinery logs (``mkdocs.rulesite``) during one test.

    pytest's ``caplog`` would do, but its plugin wraps every test of the run; scripts/test --fast
    leaves it out (``-p no:logging``), which saves a fiftieth of the loop.
    """
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("mkdocs.rulesite")
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site; builds it with ``mkdocs build --strict`` when it is stale."""
    index = SITE / "index.html"
    # Under pytest-xdist each worker asks: one builds, the other waits for it (a lock on mkdocs.yml).
    with (ROOT / "mkdocs.yml").open("rb") as config:
        fcntl.flock(config, fcntl.LOCK_EX)
        _build_if_stale(index)
    return SITE


def _build_if_stale(index: Path) -> None:
    calculator_assets.write()  # the calculators' wheel and runtime, as scripts/setup writes them
    if not index.exists() or index.stat().st_mtime < _newest(SOURCES):
        mkdocs = Path(sys.executable).parent / "mkdocs"
        env = {**os.environ, **QUIET_BUILD}
        # Never --quiet: it silences the warnings that --strict turns into failures.
        build = subprocess.run(
            [str(mkdocs), "build", "--strict", "--site-dir", str(SITE)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False,
        )
        assert build.returncode == 0, f"The strict build failed:\n{build.stderr}"


def site_pages(site: Path) -> list[str]:
    """URL paths of every HTML page of the built site, e.g. ``"/"`` and ``"/affinity/"``."""
    pages = []
    for html in sorted(site.rglob("index.html")):
        folder = html.parent.relative_to(site).as_posix()
        if folder.startswith("assets"):
            continue
        pages.append("/" if folder == "." else f"/{folder}/")
    return pages

