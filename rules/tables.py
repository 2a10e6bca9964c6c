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
                msg = f"Row {row!r} has {len(row)} cells; the header has {len(self.headers)}"
                raise ValueError(msg)

    @classmethod
    def of(cls, headers: Iterable[object], rows: Iterable[Iterable[object]]) -> Table:
        """Build a table from any values, turned into text with `str`."""
        return cls(tuple(map(str, headers)), tuple(tuple(map(str, row)) for row in rows))

    def __str__(self) -> str:
        widths = [
            max(len(cell) for cell in column)
            for column in zip(self.headers, *self.rows, strict=True)
        ]

        def line(cells: tuple[str, ...]) -> str:
            return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()

        widths = [max(width, 3) for width in widths]
        return "\n".join(
            [line(self.headers), line(tuple("-" * w for w in widths)), *map(line, self.rows)]
        )
