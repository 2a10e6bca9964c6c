"""The live server's reload of the rules' code: a hooks file ``scripts/serve.py`` gives ``mkdocs serve``.

MkDocs rebuilds pages when ``docs/`` or ``mkdocs.yml`` changes, but the rules' Python modules stay
imported in its process: after a rule change every page would keep the old numbers. ``scripts/serve.py``
runs MkDocs' own ``serve`` with this file as its ``hooks`` (the site's ``mkdocs.yml`` has none: a build
never loads it, so ProperDocs and Zensical build the same site). MkDocs loads a hooks file once per
``mkdocs serve`` and calls its events on every rebuild; the one `LiveCode` below keeps what they share.

- ``on_serve``: watchdog watches ``rules/``, ``calculators/`` and ``rulesite/``. A saved ``.py`` file
  (or a card's ``.html`` template) is recorded, then the server is told through a file in a folder it
  watches (``server.watch``), so the rebuild it starts always sees the change (two watchers of the same
  save could race).
- ``on_config`` (first of the rebuild's events): the project's modules are forgotten (``sys.modules``) and
  the config's Python names (the fences' formatters, ``!!python/name`` in ``mkdocs.yml``) point at the
  new code; with ``--dirty`` (``scripts/serve``'s default), the built pages the changed modules can alter
  are removed from the served site, so MkDocs rebuilds those, and only those (`rulesite.dependencies`):
  a change to the affinity rules rebuilds the affinity page, then, in a second build started at once,
  its API page and the other pages whose examples call it (the print page and the rulings index
  refresh with ``--full`` or on the next start, as after a page edit).
- ``on_post_build``: after a build that took in new code, the calculators' wheel (it holds the rules) is
  written again and the second build is started.

Open tabs reload themselves, as after a page edit. No restart, no full build.
"""

from __future__ import annotations

import importlib
import logging
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from watchdog.events import (
    EVENT_TYPE_CLOSED,
    EVENT_TYPE_CREATED,
    EVENT_TYPE_DELETED,
    EVENT_TYPE_MODIFIED,
    EVENT_TYPE_MOVED,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer

ROOT = Path(__file__).resolve().parent.parent
CODE = ("rules", "calculators", "rulesite")
"""The project's packages: watched, and imported afresh when one of their files changes."""

SAVES = frozenset({EVENT_TYPE_CREATED, EVENT_TYPE_MODIFIED, EVENT_TYPE_DELETED, EVENT_TYPE_MOVED,
                   EVENT_TYPE_CLOSED})
"""What watchdog reports of a file that changes (a write ends with a close)."""

log = logging.getLogger("mkdocs.rulesite.serve")


class LiveCode(FileSystemEventHandler):
    """What the events of one ``mkdocs serve`` share: the saves not yet taken in, the pages left for later."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.dirty = False
        self.saved: set[Path] = set()
        """Files of the code saved since the last rebuild took them in."""
        self.told = False
        """Whether the server was told of the saves in ``saved`` (once per rebuild is enough)."""
        self.lock = threading.Lock()
        self.later: set[str] = set()
        """The API pages of the last change, rebuilt in the next build (after the pages players read)."""
        self.wheel_due = False
        """Whether the calculators' wheel is to be written again after this build."""
        self.signals: Path | None = None
        self.observer: Any = None
        self.imports: Any = None
        """The rules' import graph (`rulesite.dependencies.ImportGraph`), kept for the session."""

    # -- MkDocs' events ------------------------------------------------------------------------

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Once per ``mkdocs serve``: whether it builds dirty; the code's import graph, read once."""
        self.dirty = dirty
        self.imports = importlib.import_module("rulesite.dependencies").ImportGraph(self.root)
        self.imports()  # read once, then only what changes

    def on_serve(self, server: Any, *, config: Any, builder: Any) -> Any:
        """Watch the code (watchdog), and have the server watch the folder where saves are told."""
        self.signals = Path(tempfile.mkdtemp(prefix="rulesite-live-"))
        server.watch(str(self.signals))
        self.observer = Observer()
        for name in CODE:
            self.observer.schedule(self, str(self.root / name), recursive=True)
        self.observer.daemon = True
        self.observer.start()
        return server

    @event_priority(100)  # before any plugin reads the config: the new code, then the rest
    def on_config(self, config: Any) -> Any:
        """At the start of each rebuild: the code saved since the last one taken in, its pages stale."""
        with self.lock:
            saved, self.saved, self.told = self.saved, set(), False
        dependencies = importlib.import_module("rulesite.dependencies")
        changed = sorted({dependencies.module_of(path, self.root) for path in saved})
        if changed:
            now = self.take_in(changed, Path(config.docs_dir))
            _renamed_to_new_code(config.mdx_configs)
        else:  # the build `on_post_build` started, or any other: the pages left for later, if any
            now, self.later = self.later, set()
        _remove(now, config)
        return config

    def on_post_build(self, *, config: Any) -> None:
        """After a build that took in new code: the wheel, then the pages left for later (`nudge`)."""
        if self.wheel_due or self.later:
            threading.Thread(target=self.nudge, args=(Path(config.docs_dir),), daemon=True).start()

    def on_shutdown(self) -> None:
        """The server stops: so does the watcher; the folder of saves told goes."""
        if self.observer is not None:
            self.observer.stop()
            self.observer.join()
        if self.signals is not None:
            shutil.rmtree(self.signals, ignore_errors=True)

    # -- watchdog's events ---------------------------------------------------------------------

    def on_any_event(self, event: FileSystemEvent) -> None:
        """A file of the code came, went or changed: recorded, then the server told (once).

        Opening and closing unchanged (watchdog reports both on Linux) is no change: the build
        that imports the code opens every file.
        """
        if event.is_directory or event.event_type not in SAVES:
            return
        paths = [Path(str(p)) for p in (event.src_path, event.dest_path) if p]
        saved = [path for path in paths if path.suffix in {".py", ".html"}]  # code, or a card's template
        if not saved:
            return
        with self.lock:
            self.saved.update(saved)
            tell, self.told = not self.told, True
        if tell:
            self.tell()

    def tell(self) -> None:
        """Start a rebuild: a new file in the folder the server watches."""
        if self.signals is not None:
            tempfile.NamedTemporaryFile(dir=self.signals, delete=False).close()

    # -- taking in new code --------------------------------------------------------------------

    def take_in(self, changed: list[str], docs_dir: Path) -> set[str]:
        """Forget the old code; the pages to rebuild now.

        The rule systems' pages come first; the other pages (the API pages, where mkdocstrings
        loads the package and compiles its templates afresh, take most of the time) and the
        calculators' wheel wait for the next build, which `nudge` starts as soon as this one
        is served.
        """
        log.info("The code changed (%s): its pages are built with the new code", ", ".join(changed))
        stale = self._pages_using(changed, docs_dir) if self.dirty else set()
        # The docs model and the import graph hold no code of the rules: kept, they need not
        # read every page and every module again.
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
        """Write the calculators' wheel, then start the build of the pages left for later."""
        self.wheel_due = False
        try:
            importlib.import_module("rulesite.calculator_assets").write()
        except Exception as error:  # the new code may not import yet: the build says why
            log.warning("The calculators' wheel was not written: %r", error)
        self.tell()

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


def _renamed_to_new_code(value: Any) -> Any:
    """``value`` with every function of the project's code in it replaced by the same name in the new code."""
    if isinstance(value, dict):
        for key, item in value.items():
            value[key] = _renamed_to_new_code(item)
    elif isinstance(value, list):
        value[:] = [_renamed_to_new_code(item) for item in value]
    elif callable(value) and getattr(value, "__module__", "").partition(".")[0] in CODE:
        found: Any = importlib.import_module(value.__module__)
        for part in value.__qualname__.split("."):
            found = getattr(found, part)
        return found
    return value


def _remove(pages: set[str], config: Any) -> None:
    """Remove built pages from the served site: a dirty build builds them again."""
    from mkdocs.structure.files import File  # noqa: PLC0415

    for src in pages:
        built = File(src, config.docs_dir, config.site_dir, use_directory_urls=config.use_directory_urls)
        Path(built.abs_dest_path).unlink(missing_ok=True)


_LIVE = LiveCode(ROOT)
# MkDocs calls a hooks file's functions: these are the one `LiveCode`'s.
on_startup = _LIVE.on_startup
on_serve = _LIVE.on_serve
on_config = _LIVE.on_config
on_post_build = _LIVE.on_post_build
on_shutdown = _LIVE.on_shutdown
