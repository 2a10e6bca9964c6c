"""scripts/serve shows a rule change: saving a file under rules/ rebuilds the pages that use it, new code.

An example the change breaks shows a banner on the served page, at the example, with what the page
expects and what the rules now give.

The server runs as ``scripts/serve`` runs it (``--dirty``: a save rebuilds only what it
touches); a change to a rules module must reach both the system page that computes with it
and the API page that documents it, in the same live process.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from rulesite import QUIET_BUILD

ROOT = Path(__file__).resolve().parent.parent
PATIENCE = 300  # seconds; only a limit on waiting for a condition, never a timing claim


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_text(url: str, text: str, server: subprocess.Popen[str], log: Path) -> None:
    give_up = time.monotonic() + PATIENCE
    while time.monotonic() < give_up:
        assert server.poll() is None, f"the live server stopped:\n{log.read_text(encoding='utf-8')}"
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                if text in response.read().decode("utf-8"):
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)  # polling a condition, as Playwright's waits do
    pytest.fail(f"{url} never showed {text!r}:\n{log.read_text(encoding='utf-8')[-3000:]}")


@pytest.mark.integration
def test_a_rule_change_reaches_the_served_pages(tmp_path):
    copy = tmp_path / "repo"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".git", ".venv", "node_modules", "site", "__pycache__", ".hypothesis", "test-results", "mutants"))
    port = _free_port()
    log = tmp_path / "serve.log"
    with log.open("w", encoding="utf-8") as output:
        server = subprocess.Popen(
            [sys.executable, str(copy / "scripts" / "serve.py"), "--dirty", "--no-strict",
             "--dev-addr", f"127.0.0.1:{port}"],
            cwd=copy, env={**os.environ, **QUIET_BUILD}, stdout=output, stderr=subprocess.STDOUT,
        )
    try:
        system, api = (f"http://127.0.0.1:{port}/{page}/" for page in ("affinity", "api/affinity"))
        _wait_for_text(system, "9 damage becomes", server, log)
        _wait_for_text(api, "Affinity API", server, log)
        # A rule's own code (a submodule the page reaches through `rules.affinity`) and a docstring.
        steps = copy / "rules" / "affinity" / "steps.py"
        steps.write_text(steps.read_text(encoding="utf-8").replace(
            '"9 damage becomes"', '"9 damage, by the freshly saved rule, becomes"'), encoding="utf-8")
        module = copy / "rules" / "affinity" / "__init__.py"
        marker = "Freshly changed while the server ran."
        text = module.read_text(encoding="utf-8")
        module.write_text(text.replace('"""', f'"""{marker} ', 1), encoding="utf-8")
        _wait_for_text(system, "9 damage, by the freshly saved rule, becomes", server, log)
        _wait_for_text(api, marker, server, log)
        # A rule change that breaks an example: the page shows it at the example, not only the terminal.
        vocabulary = copy / "rules" / "affinity" / "vocabulary.py"
        vocabulary.write_text(vocabulary.read_text(encoding="utf-8").replace(
            "Affinity.VU: Fraction(2)", "Affinity.VU: Fraction(3)"), encoding="utf-8")
        _wait_for_text(system, "The page expects</span> <code>[-10, 20, 10]</code>", server, log)
        _wait_for_text(system, "The rules give</span> <code>[-10, 30, 10]</code>", server, log)
    finally:
        server.terminate()
        server.wait(timeout=PATIENCE)
    # Stopping the live server stops the mkdocs it started: nothing still answers on the port.
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=PATIENCE).close()
