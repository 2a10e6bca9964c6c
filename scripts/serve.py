"""The live server: ``mkdocs serve``, with the rules' code reloaded in place when it changes.

MkDocs rebuilds pages when ``docs/`` changes, but the rules' Python modules stay imported in
its process: after a rule change every page would keep the old numbers. This wrapper runs
``mkdocs serve`` in its own process and also watches ``rules/``, ``calculators/`` and
``rulesite/``. When a ``.py`` file there changes, before the rebuild that MkDocs then makes:

- the project's modules are forgotten (``sys.modules``), so the build imports the new code;
- the calculators' wheel is written again (it holds the rules);
- with ``--dirty`` (the default of ``scripts/serve``), the built pages that the changed
  modules can alter are removed from the served site, so MkDocs rebuilds those, and only
  those (`rulesite.dependencies`): a change to the affinity rules rebuilds the affinity
  page, its API page, the pages that cite it and the print page, not the whole site.

Open tabs reload themselves, as after a page edit. No restart, no full build.
"""

from __future__ import annotations

import importlib
import logging
import signal
import sys
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

    def changed(self) -> list[str]:
        """The modules whose files changed (or came or went) since the last look."""
        now = _stamps(self.root)
        paths = {path for path in now.keys() | self.seen.keys() if now.get(path) != self.seen.get(path)}
        self.seen = now
        dependencies = importlib.import_module("rulesite.dependencies")
        return sorted(dependencies.module_of(path, self.root) for path in paths)

    def take_in(self, changed: list[str], site_dir: Path, docs_dir: Path, dirty: bool) -> None:
        """Forget the old code, write the calculators' wheel, remove the pages the change alters."""
        log.info("The code changed (%s): its pages are built with the new code", ", ".join(changed))
        # Which pages used the old code, read before it is forgotten (a module may have moved).
        stale = self._pages_using(changed, docs_dir) if dirty else set()
        for name in [name for name in sys.modules if name.partition(".")[0] in CODE]:
            del sys.modules[name]
        importlib.invalidate_caches()
        stale |= self._pages_using(changed, docs_dir) if dirty else set()
        try:
            importlib.import_module("rulesite.calculator_assets").write()
        except Exception as error:  # the new code may not import yet: the build says why
            log.warning("The calculators' wheel was not written: %r", error)
        from mkdocs.structure.files import File

        for src in stale:
            built = File(src, str(docs_dir), str(site_dir), use_directory_urls=True).abs_dest_path
            Path(built).unlink(missing_ok=True)

    def _pages_using(self, changed: list[str], docs_dir: Path) -> set[str]:
        try:
            dependencies = importlib.import_module("rulesite.dependencies")
            model = importlib.import_module("rulesite.model")
            graph = dependencies.import_graph(self.root)
            pages: set[str] = dependencies.pages_using(changed, model.current(docs_dir), graph)
        except Exception as error:  # a file that does not parse yet: rebuild every page
            log.warning("Could not tell which pages use %s (%r): all are rebuilt", ", ".join(changed), error)
            return {path.relative_to(docs_dir).as_posix() for path in docs_dir.rglob("*.md")}
        return pages


def _fresh(load_config: Callable[..., Any], code: FreshCode, dirty: bool) -> Callable[..., Any]:
    def load(*args: Any, **kwargs: Any) -> Any:
        changed = code.changed()
        config = load_config(*args, **kwargs)
        if changed:
            code.take_in(changed, Path(config.site_dir), Path(config.docs_dir), dirty)
            config = load_config(*args, **kwargs)  # its !!python/name tags name the new code
        return config

    return load


def main(arguments: list[str]) -> int:
    from mkdocs.__main__ import cli
    from mkdocs.commands import serve

    serve.load_config = _fresh(serve.load_config, FreshCode(ROOT), dirty="--dirty" in arguments)
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
