"""Tables computed from the rules, shown on the site and printed in examples.

A page includes one with a comment line, which the site replaces by the table at
build time (``rulesite/tables.py`` writes it as Markdown), so a table is never typed
by hand::

    <!-- table: rules.affinity:multiplier_table -->

The same value prints as aligned text in an executed example.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.errors import RulesError

__all__ = ["Table"]


@dataclass(frozen=True, slots=True)
class Table:
    """A table of text cells: a header row and body rows of the same width.

    Examples:
        >>> print(Table(("Affinity", "x"), (("VU", "2"), ("RS", "1/2"))))
        Affinity  x
        --------  ---
        VU        2
        RS        1/2

    """

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.headers):
                msg = f"Row {row!r} should have {len(self.headers)} cells, like the header, not {len(row)}"
                raise RulesError(msg)

    @classmethod
    def of(cls, headers: Iterable[object], rows: Iterable[Iterable[object]]) -> Table:
        """Build a table from any values, turned into text with `str`."""
        return cls(tuple(map(str, headers)), tuple(tuple(map(str, row)) for row in rows))

    def __str__(self) -> str:
        columns = range(len(self.headers))
        # Each column as wide as its widest cell, and at least 3, so its underline reads as one: ---.
        widths = [max(3, *(len(row[column]) for row in (self.headers, *self.rows))) for column in columns]

        def line(cells: tuple[str, ...]) -> str:
            return "  ".join(cells[column].ljust(widths[column]) for column in columns).rstrip()

        return "\n".join(
            [line(self.headers), line(tuple("-" * width for width in widths)), *map(line, self.rows)]
        )
