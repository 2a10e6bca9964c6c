"""The live server: MkDocs' own ``mkdocs serve``, with the rules' code taken in when it changes.

The command line is ``mkdocs serve``'s (``scripts/serve`` passes ``--dirty --no-strict`` or
``--strict``, and ``--dev-addr``); MkDocs' ``serve`` runs with one more hooks file,
``sitetools/live.py``, which watches ``rules/``, ``calculators/`` and ``rulesite/`` and, when a
``.py`` file there is saved, imports the new code and rebuilds the pages that use it (see there).
"""

from __future__ import annotations

import importlib
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "sitetools" / "live.py"

sys.path.insert(0, str(ROOT))  # the rules are imported from this checkout, whatever is installed
sys.dont_write_bytecode = True  # a .pyc written by the rebuild would look like a change to the code


def main(arguments: list[str]) -> int:
    from mkdocs.__main__ import serve_command
    from mkdocs.commands import serve

    # Stopped by SIGTERM (a test, a process manager): shut the server down as Ctrl+C does.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    importlib.import_module("rulesite.calculator_assets").write()
    with serve_command.make_context("mkdocs serve", list(arguments)) as context:
        serve.serve(**context.params, hooks=[str(HOOKS)])  # MkDocs ends a Ctrl+C itself
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
