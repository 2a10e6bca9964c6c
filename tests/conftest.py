"""Shared fixtures: the built site (built strictly if missing or older than its sources)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
SOURCES = [ROOT / "docs", ROOT / "rules", ROOT / "mkdocs.yml", ROOT / "rulesite"]


def _newest(paths: list[Path]) -> float:
    times = []
    for path in paths:
        files = path.rglob("*") if path.is_dir() else [path]
        times += [file.stat().st_mtime for file in files if file.is_file()]
    return max(times)


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site; builds it with ``mkdocs build --strict`` when it is stale."""
    index = SITE / "index.html"
    if not index.exists() or index.stat().st_mtime < _newest(SOURCES):
        mkdocs = Path(sys.executable).parent / "mkdocs"
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        # Never --quiet: it silences the warnings that --strict turns into failures.
        build = subprocess.run(
            [str(mkdocs), "build", "--strict", "--site-dir", str(SITE)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False,
        )
        assert build.returncode == 0, f"The strict build failed:\n{build.stderr}"
    return SITE


def site_pages(site: Path) -> list[str]:
    """URL paths of every HTML page of the built site, e.g. ``"/"`` and ``"/affinity/"``."""
    pages = []
    for html in sorted(site.rglob("index.html")):
        folder = html.parent.relative_to(site).as_posix()
        if folder.startswith("assets"):
            continue
        pages.append("/" if folder == "." else f"/{folder}/")
    return pages


# Property tests run on a loaded 2-core CI machine: no deadline per example (timing is the
# benchmark's business, never a test's).
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")
