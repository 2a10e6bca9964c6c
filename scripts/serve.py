"""The live server: ``mkdocs serve``, restarted with fresh code whenever the rules change.

MkDocs reloads pages when ``docs/`` changes, but the rules' Python modules stay imported in its
process, so after a rule change every page would keep the old numbers. This wrapper runs
``mkdocs serve`` as a child process and, when a ``.py`` file under ``rules/`` (or the site
machinery) changes, starts a new one: every page that uses the rules (tables, charts, the API
reference) is rebuilt from the new code, and open browser tabs reload themselves.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

ROOT = Path(__file__).resolve().parent.parent
WATCHED = [ROOT / "rules", ROOT / "calculators", ROOT / "rulesite", ROOT / "scripts"]
QUIET_PERIOD = 0.3  # seconds: an editor's save can touch several files


class _Restart(FileSystemEventHandler):
    def __init__(self) -> None:
        self.wanted = threading.Event()

    def on_any_event(self, event: FileSystemEvent) -> None:
        # Only writes: importing a module opens its file, which must not restart anything.
        if event.event_type not in {"created", "modified", "moved", "deleted"}:
            return
        paths = [str(event.src_path), str(getattr(event, "dest_path", "") or "")]
        if any(path.endswith(".py") and "__pycache__" not in path for path in paths):
            self.wanted.set()


def _serve(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    # The calculators' wheel holds the rules: write it again before the site is served.
    subprocess.run([sys.executable, "-m", "rulesite.calculator_assets"], cwd=ROOT, env=env, check=False)
    return subprocess.Popen(command, cwd=ROOT, env=env)


def main(arguments: list[str]) -> int:
    command = [str(Path(sys.executable).parent / "mkdocs"), "serve", *arguments]
    # The rules are imported from this checkout, whatever is installed.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    restart = _Restart()
    observer = Observer()
    for folder in WATCHED:
        if folder.is_dir():
            observer.schedule(restart, str(folder), recursive=True)
    observer.start()
    # Stopped by SIGTERM (a test, a process manager), stop the child server too, in `finally`:
    # without this the wrapper dies at once and leaves mkdocs serving on the port.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server = _serve(command, env)
    try:
        while True:
            if restart.wanted.wait(timeout=1.0):
                while restart.wanted.wait(timeout=QUIET_PERIOD):
                    restart.wanted.clear()
                print("[serve] the rules changed: restarting with fresh code", flush=True)
                server.terminate()
                server.wait()
                server = _serve(command, env)
            elif server.poll() is not None:
                return server.returncode
    except KeyboardInterrupt:
        return 0
    finally:
        observer.stop()
        if server.poll() is None:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
