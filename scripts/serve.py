"""The live server: ``mkdocs serve``, with the rules' code reloaded in place when it changes.

MkDocs rebuilds pages when ``docs/`` changes, but the rules' Python modules stay imported in
its process: after a rule change every page would keep the old numbers. This wrapper runs
``mkdocs serve`` in its own process and also watches ``rules/``, ``calculators/`` and
``rulesite/``. When a ``.py`` file there changes, before the rebuild that MkDocs then makes:

- the project's modules are forgotten (``sys.modules``), so the build imports the new code;
- the calculators' wheel is written again (it holds the rules), just after the first build;
- with ``--dirty`` (the default of ``scripts/serve``), the built pages that the changed
  modules can alter are removed from the served site, so MkDocs rebuilds those, and only
  those (`rulesite.dependencies`): a change to the affinity rules rebuilds the affinity
  page, then, in a second build started at once, its API page and the other pages whose
  examples call it; not the whole site (the print page and the rulings index refresh with
  ``--full`` or on the next start, as after a page edit).

Open tabs reload themselves, as after a page edit. No restart, no full build.
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CODE = ("rules", "calculators", "rulesite")
"""The project's packages: watched, and imported afresh when one of their files changes."""

sys.path.insert(0, str(ROOT))  # the rules are imported from this checkout, whatever is installed
sys.dont_write_bytecode = True  # a .pyc written by the rebuild would look like a change to the code

log = logging.getLogger("mkdocs.rulesite.serve")


def _stamps(root: Path) -> dict[Path, float]:
    return {path: path.stat().st_mtime for name in CODE for path in (root / name).rglob("*.py")}


class FreshCode:
    """Before each load of the config (each rebuild), takes in what changed in the code."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.seen = _stamps(root)
        self.later: set[str] = set()
        """The API pages of the last change, rebuilt in the next build (after the pages players read)."""
        self.wheel_due = False
        """Whether the calculators' wheel is to be written again after this build."""
        self.imports = importlib.import_module("rulesite.dependencies").ImportGraph(root)
        self.imports()  # read once, then what changes

    def changed(self) -> list[str]:
        """The modules whose files changed (or came or went) since the last look."""
        now = _stamps(self.root)
        paths = {path for path in now.keys() | self.seen.keys() if now.get(path) != self.seen.get(path)}
        self.seen = now
        dependencies = importlib.import_module("rulesite.dependencies")
        return sorted(dependencies.module_of(path, self.root) for path in paths)

    def take_in(self, changed: list[str], docs_dir: Path, dirty: bool) -> set[str]:
        """Forget the old code; the pages to rebuild now.

        The rule systems' pages come first; the other pages (the API pages, where mkdocstrings
        loads the package and compiles its templates afresh, take most of the time) and the
        calculators' wheel wait for the next build, which `nudge` starts as soon as this one
        is served.
        """
        log.info("The code changed (%s): its pages are built with the new code", ", ".join(changed))
        stale = self._pages_using(changed, docs_dir) if dirty else set()
        # The docs model and the import graph hold no code of the rules: kept, they need not
        # load again (the graph this server keeps, self.imports, reads again only what changed).
        kept = {"rulesite.model", "rulesite.dependencies"} - set(changed)
        for name in [name for name in sys.modules if name.partition(".")[0] in CODE and name not in kept]:
            del sys.modules[name]
        importlib.invalidate_caches()
        model = importlib.import_module("rulesite.model")
        first = stale & set(model.system_pages(self.root / "mkdocs.yml")) or stale
        # A calculator names the wheel of the rules, written after these pages: built again then.
        docs = model.current(docs_dir)
        calculators = importlib.import_module("rulesite.dependencies").calculator_pages(stale, docs)
        self.later |= (stale - first) | calculators
        self.wheel_due = True
        return first

    def nudge(self, docs_dir: Path) -> None:
        """Write the calculators' wheel, which starts the build of the pages left for later."""
        self.wheel_due = False
        try:
            importlib.import_module("rulesite.calculator_assets").write()
        except Exception as error:  # the new code may not import yet: the build says why
            log.warning("The calculators' wheel was not written: %r", error)
        for wheel in sorted((docs_dir / "assets" / "calculator").glob("*.whl"))[-1:]:
            os.utime(wheel)  # a wheel of the same content is not written again: this starts the build

    def _pages_using(self, changed: list[str], docs_dir: Path) -> set[str]:
        try:
            dependencies = importlib.import_module("rulesite.dependencies")
            model = importlib.import_module("rulesite.model")
            graph = self.imports()
            pages: set[str] = dependencies.pages_using(changed, model.current(docs_dir), graph)
        except Exception as error:  # a file that does not parse yet: rebuild every page
            log.warning("Could not tell which pages use %s (%r): all are rebuilt", ", ".join(changed), error)
            return {path.relative_to(docs_dir).as_posix() for path in docs_dir.rglob("*.md")}
        return pages


def _remove(pages: set[str], config: Any) -> None:
    """Remove built pages from the served site: a dirty build builds them again."""
    from mkdocs.structure.files import File

    for src in pages:
        built = File(src, config.docs_dir, config.site_dir, use_directory_urls=config.use_directory_urls)
        Path(built.abs_dest_path).unlink(missing_ok=True)


def _fresh(load_config: Callable[..., Any], code: FreshCode, dirty: bool) -> Callable[..., Any]:
    last: list[Any] = []  # the config of the last build (the first load sees no change)

    def load(*args: Any, **kwargs: Any) -> Any:
        changed = code.changed() if last else []
        if changed:
            now = code.take_in(changed, Path(last[0].docs_dir), dirty)
        else:  # the build `nudge` started, or any other: the pages left for later, if any
            now, code.later = code.later, set()
        config = load_config(*args, **kwargs)  # after take_in: its !!python/name tags name the new code
        _remove(now, config)
        last[:] = [config]
        return config

    return load


def _then_the_rest(build: Callable[..., Any], code: FreshCode) -> Callable[..., Any]:
    def build_and_nudge(config: Any, **kwargs: Any) -> Any:
        done = build(config, **kwargs)
        if code.wheel_due or code.later:
            threading.Thread(target=code.nudge, args=(Path(config.docs_dir),), daemon=True).start()
        return done

    return build_and_nudge


def main(arguments: list[str]) -> int:
    from mkdocs.__main__ import cli
    from mkdocs.commands import serve

    code = FreshCode(ROOT)
    serve.load_config = _fresh(serve.load_config, code, dirty="--dirty" in arguments)
    serve.build = _then_the_rest(serve.build, code)
    # Stopped by SIGTERM (a test, a process manager): shut the server down as Ctrl+C does.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    importlib.import_module("rulesite.calculator_assets").write()
    watched = [option for name in CODE for option in ("--watch", str(ROOT / name))]
    try:
        cli.main(["serve", *watched, *arguments], prog_name="mkdocs", standalone_mode=False)
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
