"""Write the rules' tables (`rules.tables.Table`) as Markdown for the site."""

from __future__ import annotations

import re

from rules.tables import Table

__all__ = ["markdown"]

# Dice notation such as (---) or -(H): a narrow column may wrap after any hyphen, which
# would split the notation over two lines, so each such run is kept on one line.
_NOTATION = re.compile(r"(?<!\S)(?=\S{2})[-+()0-9H]*-[-+()0-9H]*(?!\S)")
# A link's target is not read: "[Blinded](conditions-list.md#blinded)" reads "Blinded".
_LINK_TARGET = re.compile(r"\]\([^)]*\)")

# A table of this many columns scrolls sideways on a phone; there a cell of a sentence or more
# gets a column wide enough for a few words a line (rules.css, .cell-long), so no row of the
# table grows to a dozen lines of one or two words (Conditions at a glance, issue 46).
WIDE_TABLE_COLUMNS = 5
LONG_CELL_CHARACTERS = 30


def _long(text: str) -> bool:
    return len(_LINK_TARGET.sub("]", text)) >= LONG_CELL_CHARACTERS


def _cell(text: str, wide: bool = False) -> str:
    escaped = text.replace("|", "\\|")
    shown = _NOTATION.sub(lambda found: f'<span class="nowrap">{found.group()}</span>', escaped)
    return f'<span class="cell-long">{shown}</span>' if wide and _long(text) else shown


def markdown(table: Table) -> str:
    """The table as a Markdown table (``|`` in a cell escaped, dice notation kept whole).

    In a table of ``WIDE_TABLE_COLUMNS`` or more, each long cell is marked ``cell-long``.
    """
    wide = len(table.headers) >= WIDE_TABLE_COLUMNS

    def line(cells: tuple[str, ...], marked: bool) -> str:
        return "| " + " | ".join(_cell(cell, marked) for cell in cells) + " |"

    divider = "|" + "|".join("---" for _ in table.headers) + "|"
    return "\n".join([line(table.headers, False), divider, *(line(row, wide) for row in table.rows)])
