"""Where a strict build's CPU time goes: `scripts/bench --build-parts`.

Builds the site once, cold, in a process of its own, and times (CPU seconds, ``time.process_time``)
the parts a feature is most likely to add to: the API reference (mkdocstrings' rendering, griffe
reading ``rules/``, the rule->code table), the worked examples (running them, highlighting their
Python), Material's search index, every page's Markdown and the theme's templates. The empty site
of scripts/bench.py is built the same way for scale. Parts nest (the API reference is part of the
pages' Markdown): each is timed where it starts, once, however deep it is called again.

Run as ``python scripts/bench_build.py CONFIG SITE_DIR``, it builds and prints the parts as JSON.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulesite import QUIET_BUILD

ROOT = Path(__file__).resolve().parent.parent

_HANDLER = "mkdocstrings_handlers.python._internal.handler"
PARTS = {
    "mkdocs.commands.build:build": "The build (the whole process but starting Python and MkDocs)",
    "mkdocs.structure.pages:Page.render": "- every page's Markdown",
    f"{_HANDLER}:PythonHandler.render": "-- API reference: mkdocstrings",
    "mkdocstrings._internal.handlers.base:BaseHandler.do_convert_markdown": "--- of which docstrings",
    f"{_HANDLER}:PythonHandler.collect": "-- API reference: griffe reads rules/",
    "rulesite.citations:citation_table": "-- API reference: the rule->code table",
    "rulesite.examples:run_page": "-- worked examples: running them",
    "rulesite.examples:_highlighted": "-- worked examples: highlighting their Python",
    "mkdocs.commands.build:_build_page": "- theme templates",
    "material.plugins.search.plugin:SearchIndex.add_entry_from_context": "-- of which the search pass",
}
"""Each part: where it is (module:qualified name), and what it is called in the table (dashes: nesting)."""
WHOLE = "The whole process"


def _timed(seconds: Counter[str], label: str, function: Callable[..., Any]) -> Callable[..., Any]:
    depth = [0]

    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        depth[0] += 1
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            depth[0] -= 1
            if depth[0] == 0:
                seconds[label] += time.process_time() - start

    return timed


def _instrument(seconds: Counter[str]) -> None:
    for where, label in PARTS.items():
        module_name, _, qualified = where.partition(":")
        try:
            owner: Any = importlib.import_module(module_name)
        except ImportError:  # the empty site has no rulesite to import: its parts stay at zero
            continue
        *path, name = qualified.split(".")
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, name, _timed(seconds, label, getattr(owner, name)))


def build_parts(config: Path, site: Path) -> dict[str, float]:
    """CPU seconds of each part of one cold strict build, in a fresh process."""
    done = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), __file__, str(config), str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **QUIET_BUILD},
    )
    if done.returncode != 0:
        sys.exit(f"the instrumented build of {config} failed:\n{done.stderr[-3000:]}")
    parts: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return parts


def _main(config: str, site: str) -> None:
    seconds: Counter[str] = Counter()
    _instrument(seconds)
    from mkdocs.__main__ import cli

    try:
        cli(["build", "--strict", "-f", config, "--site-dir", site], standalone_mode=False)
    finally:
        whole = {WHOLE: time.process_time()}
        print(json.dumps({label: round(seconds[label], 3) for label in [WHOLE, *PARTS.values()]} | whole))


if __name__ == "__main__":
    _main(sys.argv[1], sys.argv[2])
