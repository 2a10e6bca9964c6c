"""Write the rules' tables (`rules.tables.Table`) as Markdown for the site."""

from __future__ import annotations

import re

from rules.tables import Table

__all__ = ["markdown"]

# Dice notation such as (---) or -(H): a narrow column may wrap after any hyphen, which
# would split the notation over two lines, so each such run is kept on one line.
_NOTATION = re.compile(r"(?<!\S)(?=\S{2})[-+()0-9H]*-[-+()0-9H]*(?!\S)")


def _cell(text: str) -> str:
    text = text.replace("|", "\\|")
    return _NOTATION.sub(lambda found: f'<span class="nowrap">{found.group()}</span>', text)


def markdown(table: Table) -> str:
    """The table as a Markdown table (``|`` in a cell escaped, dice notation kept whole)."""

    def line(cells: tuple[str, ...]) -> str:
        return "| " + " | ".join(map(_cell, cells)) + " |"

    divider = "|" + "|".join("---" for _ in table.headers) + "|"
    return "\n".join([line(table.headers), divider, *map(line, table.rows)])
