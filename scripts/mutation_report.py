"""The mutation score per module of rules/, from what mutmut recorded (scripts/mutation).

For each module: the mutants tested, the share the whole suite caught (the pages' examples
and tests/ together), and the share the pages' examples alone caught, a figure to watch,
not a target (scripts/mutation_record.py notes which test caught each mutant). Mutants a
name filter left unrun are not counted.

    .venv/bin/python scripts/mutation_report.py [mutants]
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.tables import Table

CAUGHT = {1, 3, -24, 24, 36}  # a failed test, a crash, a timeout, a segfault
UNRUN = {None, 2, 34}  # not run yet, interrupted, skipped
SURVIVED, NO_TESTS = 0, 33
_MODULE = re.compile(r"^(?P<module>[\w.]+)\.x[_ǁ]")


@dataclass(frozen=True, slots=True)
class Row:
    """One module's figures."""

    module: str
    tested: int
    caught: int
    by_pages: int
    survived: int
    no_tests: int


def module_of(mutant: str) -> str:
    """``rules.affinity.steps`` for ``rules.affinity.steps.x_guarding__mutmut_3``."""
    match = _MODULE.match(mutant)
    return match.group("module") if match else mutant.split("__mutmut_", maxsplit=1)[0]


def caught_by(mutants: Path, mutant: str) -> str:
    """The node id of the test that caught a mutant ('' if none was recorded)."""
    record = mutants / "caught-by" / mutant
    return record.read_text(encoding="utf-8") if record.exists() else ""


def rows(mutants: Path) -> list[Row]:
    """One row per module with a tested mutant, in module order."""
    counts: dict[str, Counter[str]] = {}
    for meta in sorted((mutants / "rules").rglob("*.meta")):
        for mutant, code in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].items():
            if code in UNRUN:
                continue
            count = counts.setdefault(module_of(mutant), Counter())
            count["tested"] += 1
            count["caught"] += code in CAUGHT
            count["by_pages"] += code in CAUGHT and caught_by(mutants, mutant).startswith("docs/")
            count["survived"] += code == SURVIVED
            count["no_tests"] += code == NO_TESTS
    return [Row(module, c["tested"], c["caught"], c["by_pages"], c["survived"], c["no_tests"])
            for module, c in sorted(counts.items())]


def _share(part: int, whole: int) -> str:
    return f"{part} ({100 * part / whole:.1f}%)" if whole else "-"


def table(found: list[Row]) -> str:
    """The rows and their total as a plain-text table."""
    total = Row("total", *(sum(getattr(row, name) for row in found)
                           for name in ("tested", "caught", "by_pages", "survived", "no_tests")))
    headers = ("Module", "Mutants", "Caught by the suite", "Survived", "No test reaches",
               "Caught by the pages alone")
    return str(Table.of(headers, [
        (row.module, row.tested, _share(row.caught, row.tested), row.survived, row.no_tests,
         _share(row.by_pages, row.tested))
        for row in [*found, total]
    ]))


def main(argv: list[str]) -> int:
    mutants = Path(argv[0] if argv else "mutants")
    found = rows(mutants)
    if not found:
        print(f"[mutation] no tested mutant under {mutants}/rules: run scripts/mutation first")
        return 1
    print(table(found))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
