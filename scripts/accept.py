"""Accept an intended change: write what the rules now give into the failing examples.

Run through ``scripts/test --update [docs/page.md | rules/module.py ...]``; with no names, every page
under ``docs/`` and every module of ``rules/`` and ``calculators/`` (their docstrings' examples). For
every example whose output differs from what it expects, the expected lines are replaced in place by
the real output (indented as the example is), so the change shows in ``git diff`` for review. An
example that raises an exception, or that expects one, is never rewritten: it is listed, and the
command fails, because a crash is not an intended change. Refused fences and directives are listed
too, and so is every sentence whose stated number (``<!-- states: ... -->``, see
``rulesite/stated.py``) the rules no longer give: prose is for a person to rewrite. Files without
failures are untouched.
"""

from __future__ import annotations

import argparse
import doctest
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesite.stated import Stated  # noqa: E402
from tests.examples import docstrings_sybil, pages_sybil  # noqa: E402

SOURCES = ("rules", "calculators")  # packages whose docstrings' examples are updated too


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
    return rewrites, refused


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


def main() -> int:
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
    for message in all_refused:
        print(f"[update] {message}\n", file=sys.stderr)
    if all_refused:
        print(f"[update] {len(all_refused)} example(s) or sentence(s) left as they were: fix them by hand",
              file=sys.stderr)
        return 1
    print("[update] done: review the change with `git diff`, then run scripts/test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
