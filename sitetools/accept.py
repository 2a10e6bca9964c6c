"""Accept an intended change: write what the rules now give into the failing examples.

Run through ``scripts/test --update [docs/page.md | rules/module.py ...]``; with no names, every page
under ``docs/`` and every module of ``rules/`` and ``calculators/`` (their docstrings' examples). For
every example whose output differs from what it expects, the expected lines are replaced in place by
the real output (indented as the example is), so the change shows in ``git diff`` for review. An
example that raises an exception, or that expects one, is never rewritten: it is listed, and the
command fails, because a crash is not an intended change. Files without failures are untouched.

What cannot be rewritten is then listed, each with its page or file and line: with no names, the
quick suite (what ``scripts/test --fast`` runs) is run over the rewritten pages, and every failure
it shows is listed, so the count is the count of that run: sentences, headings and flowchart labels
whose stated number or word (``<!-- states: ... -->``, see ``rulesite/stated.py``) the rules no
longer give, glossary words, and unit tests that pin a page's number. With names, the named files'
own failures are listed. Prose is for a person to rewrite.
"""

from __future__ import annotations

import argparse
import doctest
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulesite.console import sessions
from rulesite.doctests import docstrings_sybil, pages_sybil
from rulesite.model import Page
from rulesite.stated import Stated

ROOT = Path(__file__).resolve().parent.parent

SOURCES = ("rules", "calculators")  # packages whose docstrings' examples are updated too
# What scripts/test --fast runs: the run whose failures --update lists and counts.
QUICK = "not browser and not integration and not built_site and not exhaustive and not tooling"


@dataclass(frozen=True)
class Rewrite:
    """Lines ``first`` to ``last`` (0-based, end excluded) of a page become ``lines``."""

    first: int
    last: int
    lines: list[str]


def _expected_lines(example: doctest.Example, got: str, indent: str) -> list[str]:
    return [f"{indent}{line}" if line.strip() else f"{indent}<BLANKLINE>"
            for line in got.rstrip("\n").split("\n")] if got.strip() else []


def _examples(path: Path) -> list[Any]:
    """A page's examples (and stated numbers), or the examples in a module's docstrings, in order."""
    sybil = docstrings_sybil() if path.suffix == ".py" else pages_sybil(path.parent)
    return list(sybil.parse(path))


def accept(page: Path) -> tuple[list[Rewrite], list[str]]:
    """Run a file's examples in order; return the rewrites of failing outputs and the refusals."""
    lines = page.read_text(encoding="utf-8").split("\n")
    rewrites, refused = [], []
    for example in _examples(page):
        try:
            example.evaluate()
            continue
        except Exception as failure:  # a SybilFailure, or an exception from a plain code block
            parsed = example.parsed
            where = f"{page}:{example.line}"
            got = getattr(example, "got", None)
            if isinstance(parsed, Stated):
                refused.append(f"{where}: a sentence states an old number: edit it by hand:\n{failure}")
                continue
            if not isinstance(parsed, doctest.Example) or getattr(example, "raised", True) or got is None:
                refused.append(f"{where}: not rewritten (it raises, or is refused):\n{failure}")
                continue
        prompt = example.line - 1
        indent = lines[prompt][: lines[prompt].index(">>>")]  # the prompt's own indent (a box, a docstring)
        first = prompt + parsed.source.count("\n")
        rewrites.append(Rewrite(first, first + parsed.want.count("\n"), _expected_lines(parsed, got, indent)))
    if page.suffix == ".md":
        rewrites += _sessions_rewritten(page, lines)
    return rewrites, refused


def _sessions_rewritten(page: Path, lines: list[str]) -> list[Rewrite]:
    """A page's ``rules-reference`` sessions (console blocks) whose output changed: what they print now."""
    rewrites = []
    for session in sessions(Page(page.name, "\n".join(lines))):
        status, out, _ = session.run()
        now = out.rstrip("\n")
        if session.runs_the_rules and status == 0 and now != session.output:
            first = session.line  # the line after the "$ " line (0-based)
            indent = lines[session.line - 1][: lines[session.line - 1].index("$ ")]
            shown = len(session.output.split("\n")) if session.output else 0
            rewrites.append(Rewrite(first, first + shown,
                                    [f"{indent}{line}" if line else "" for line in now.split("\n")]))
    return rewrites


def apply(page: Path, rewrites: list[Rewrite]) -> None:
    """Write the rewrites into the page, last first so earlier line numbers stay right."""
    lines = page.read_text(encoding="utf-8").split("\n")
    for rewrite in sorted(rewrites, key=lambda r: r.first, reverse=True):
        lines[rewrite.first:rewrite.last] = rewrite.lines
    page.write_text("\n".join(lines), encoding="utf-8")


def _page(name: Path) -> Path:
    """A page named as ``docs/monsters.md`` or as ``monsters.md`` (under ``docs/``), or a module's path."""
    for candidate in (name, ROOT / "docs" / name, ROOT / name):
        if candidate.is_file() and candidate.suffix in {".md", ".py"}:
            return candidate
    raise SystemExit(f"[update] no page or module {str(name)!r}: name a page under docs/, e.g. "
                     "monsters.md, or a module, e.g. rules/affinity/steps.py")


def _everything() -> list[Path]:
    modules = [path for package in SOURCES for path in sorted((ROOT / package).rglob("*.py"))]
    with_examples = [path for path in modules if ">>>" in path.read_text(encoding="utf-8")]
    return sorted((ROOT / "docs").rglob("*.md")) + with_examples


@dataclass(frozen=True)
class Left:
    """A failure left after the rewrites: where to look (page or file, and line), and what it says."""

    where: str
    test: str
    message: str


_EXAMPLE_AT = re.compile(r"Example at (?P<path>\S+?), line (?P<line>\d+)")
_PAGE_LINE = re.compile(r"(?P<path>docs/[\w./-]+\.md|rules/[\w./-]+\.py)(?:, line |:)(?P<line>\d+)")
# A traceback's frames: a module, or a page's code block that raised (Sybil runs it at the page's lines).
_CRASH = re.compile(r"^(?P<path>[\w./-]+\.(?:py|md)):(?P<line>\d+): ", re.MULTILINE)
_CRASH_TAIL = re.compile(r"\s+[\w./-]+:\d+: \w+\s*\Z")


def _relative(path: str) -> str:
    resolved = Path(path) if Path(path).is_absolute() else ROOT / path
    try:
        return resolved.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path


def left_over(junit: str) -> list[Left]:
    """Each failure of a pytest run's JUnit XML report, placed at the page or file and line to edit.

    An example names its page and line; a test that names a page (``docs/x.md, line 12``) is placed
    there, as is one that names a file of the rules (``rules/x.py:12``, a docstring); any other test
    at the line of its failing assert.
    """
    left = []
    for case in ET.fromstring(junit).iter("testcase"):
        failure = case.find("failure")
        if failure is None:
            failure = case.find("error")
        if failure is None:
            continue
        message, text = failure.get("message") or "", failure.text or ""
        test = f"{case.get('classname', '')}::{case.get('name', '')}"
        found = _EXAMPLE_AT.search(message) or _EXAMPLE_AT.search(text) or _PAGE_LINE.search(message)
        if found is None:
            crashes = list(_CRASH.finditer(text))
            found = crashes[-1] if crashes else None
        where = f"{_relative(found['path'])}:{found['line']}" if found else test
        said = message.split("did not evaluate as expected:", 1)[-1] if message else text
        said = _CRASH_TAIL.sub("", said).strip()  # pytest's own "page.md:52: SybilFailure" line
        left.append(Left(where, test, said[:1500]))
    return left


def run_quick_suite() -> list[Left]:
    """Run what ``scripts/test --fast`` runs, and return every failure it shows."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.xml"
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:playwright", "-p", "no:cacheprovider",
             "--ignore=tests/browser", "-m", QUICK, f"--junitxml={report}", "-o", "junit_logging=no",
             "--hypothesis-seed=0"],  # the same examples each time: the list does not change between runs
            cwd=ROOT, capture_output=True, text=True, check=False,
            env={**os.environ, "HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "dev")},
        )
        if not report.exists():
            return [Left("tests", "pytest", "the quick suite did not run: try scripts/test --fast")]
        return left_over(report.read_text(encoding="utf-8"))


def main() -> int:
    """The command line of ``scripts/test --update``: rewrite, then list what is left; 1 if anything is."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="*", type=Path,
                        help="pages or modules to update (default: every page in docs/, every module of "
                             "rules/ and calculators/)")
    args = parser.parse_args()
    pages = [_page(name) for name in args.pages] or _everything()
    all_refused = []
    for page in pages:
        rewrites, refused = accept(page)
        all_refused += refused
        if rewrites:
            apply(page, rewrites)
            print(f"[update] {page}: {len(rewrites)} expected output(s) rewritten")
    if args.pages:  # the named files' own failures, as `scripts/test docs/page.md` shows them
        for message in all_refused:
            print(f"[update] {message}\n", file=sys.stderr)
        if all_refused:
            print(f"[update] {len(all_refused)} example(s) or sentence(s) left as they were: fix them by "
                  "hand",
                  file=sys.stderr)
            return 1
        print("[update] done: review the change with `git diff`, then run scripts/test")
        return 0
    print("[update] running the quick suite (scripts/test --fast) over the rewritten pages")
    left = run_quick_suite()
    for failure in left:
        print(f"[update] {failure.where}: {failure.message}\n    ({failure.test})\n", file=sys.stderr)
    if left:
        print(f"[update] {len(left)} failure(s) left, as scripts/test --fast shows them: each is listed "
              "above at the page or file and line to reword by hand", file=sys.stderr)
        return 1
    print("[update] done: the quick suite passes; review the change with `git diff`, then run scripts/test")
    return 0
