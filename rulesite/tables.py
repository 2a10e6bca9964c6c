"""Write the rules' tables (`rules.tables.Table`) as Markdown for the site."""

from __future__ import annotations

from rules.tables import Table

__all__ = ["markdown"]


def markdown(table: Table) -> str:
    """The table as a Markdown table (``|`` in a cell escaped)."""

    def line(cells: tuple[str, ...]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    divider = "|" + "|".join("---" for _ in table.headers) + "|"
    return "\n".join([line(table.headers), divider, *map(line, table.rows)])
