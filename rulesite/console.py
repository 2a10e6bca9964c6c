"""The command sessions a page shows (``console`` fences), run as examples.

A ``$ rules-reference ...`` line of a ``console`` block, followed by what it prints, is an example
like a ``>>>`` one: the tests run the command in process and compare (``tests/test_rules_command.py``),
and ``scripts/test --update`` writes what it prints now after an intended rule change.
"""

from __future__ import annotations

import contextlib
import io
import shlex
from dataclasses import dataclass

from calculators.cli import main
from rulesite.model import Page

__all__ = ["COMMAND", "Session", "run", "sessions"]

COMMAND = "rules-reference"


@dataclass(frozen=True, slots=True)
class Session:
    """One ``$ command`` line of a console block: its page line (1-based), the command, what follows it."""

    line: int
    command: str
    output: str

    @property
    def runs_the_rules(self) -> bool:
        """Whether the command is the rules' own (an install line is shown, not run here)."""
        return self.command.startswith(f"{COMMAND} ")

    def run(self) -> tuple[int, str, str]:
        """Run the command in this process: its exit status, standard output and standard error."""
        return run(shlex.split(self.command)[1:])


def run(argv: list[str]) -> tuple[int, str, str]:
    """``rules-reference`` with ``argv``, in this process: exit status, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as stop:  # argparse: --help, or a command it cannot read
            status = int(stop.code or 0)
    return status, out.getvalue(), err.getvalue()


def sessions(page: Page) -> list[Session]:
    """Each ``$ ...`` line of the page's console blocks, with the lines up to the next one."""
    found = []
    for fence in page.fences:
        if fence.language != "console":
            continue
        lines = fence.source.rstrip("\n").split("\n")
        starts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
        for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
            found.append(Session(fence.line + 1 + start, lines[start][2:], "\n".join(lines[start + 1 : end])))
    return found
