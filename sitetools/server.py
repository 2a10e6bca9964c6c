"""The one static server of the tools: a built site on 127.0.0.1, as a static host serves it.

``serve(site)`` serves the folder on a free port (or ``port``) for the length of a ``with`` block
and yields a `Served` (its ``base`` address, no slash at the end). As a host does: quietly, with the
site's own ``404.html``, and optionally

- under a ``prefix`` (``/rules-site``, as a project page is published), where only what is under it
  is found;
- on a second host name, ``subpath_host``, that sees the site under ``prefix`` alone while
  ``127.0.0.1`` sees it at the root (the browser tests serve both from one server; Chromium resolves
  the name to 127.0.0.1, see `sitetools.browser.resolving`);
- compressed with gzip and marked ``no-cache`` (``gzip=True``), as the benchmarks measure a page.

The browser tests, ``scripts/links_report.py``, ``scripts/measure_*.py`` and ``scripts/bench`` all
serve through it.
"""

from __future__ import annotations

import contextlib
import functools
import gzip as gzip_module
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

COMPRESSED = frozenset({".html", ".js", ".css", ".json", ".svg", ".xml"})
"""The kinds of file a static host sends gzip-compressed (``gzip=True``)."""


@dataclass(frozen=True, slots=True)
class Served:
    """A built site being served: ``base`` ends without a slash (``http://127.0.0.1:PORT/prefix``)."""

    base: str
    port: int
    server: ThreadingHTTPServer

    def on(self, host: str) -> str:
        """The same site's address on another host name (one that resolves to 127.0.0.1)."""
        return self.base.replace("127.0.0.1", host, 1)


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves the site's files as a static host does; the options are set by `serve`."""

    prefix = ""
    """Where the site sits on its origin (``""``: at the root)."""
    subpath_host: str | None = None
    """With it, ``prefix`` applies to this host name only; 127.0.0.1 sees the site at the root."""
    gzip = False

    def log_message(self, *args: Any) -> None:
        """Quiet, as a test or a report wants it."""

    def translate_path(self, path: str) -> str:
        """Under ``prefix`` the site is found; anything outside it is not."""
        prefix = self.prefix
        if self.subpath_host is not None and self.headers.get("Host", "").split(":")[0] != self.subpath_host:
            prefix = ""
        if not prefix:
            return super().translate_path(path)
        if not (path == prefix or path.startswith((prefix + "/", prefix + "?"))):
            return str(Path(self.directory) / "__outside_the_prefix__")
        return super().translate_path(path[len(prefix):] or "/")

    def end_headers(self) -> None:
        """Compressed pages, as a benchmark measures them, are never taken from the browser's cache."""
        if self.gzip:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self) -> None:
        """A text file compressed when asked to and the browser accepts it; any other as it is."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.gzip and accepts and path.is_file() and path.suffix in COMPRESSED):
            super().do_GET()
            return
        body = gzip_module.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # a page closed mid-download
            self.wfile.write(body)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A page not found is the site's own 404 page, as a static host answers."""
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

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a page mid-download resets its connection: not an error of the site."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(
    site: Path, port: int = 0, prefix: str = "", *, subpath_host: str | None = None, gzip: bool = False,
) -> Iterator[Served]:
    """Serve ``site`` on 127.0.0.1 at ``port`` (0: any free one) while the block runs (see the module)."""
    prefix = prefix.rstrip("/")
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "subpath_host": subpath_host, "gzip": gzip})
    server = _Server(("127.0.0.1", port), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    number = server.server_address[1]
    base = f"http://127.0.0.1:{number}" + ("" if subpath_host else prefix)
    try:
        yield Served(base, number, server)
    finally:
        server.shutdown()
        server.server_close()
