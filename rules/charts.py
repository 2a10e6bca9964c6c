"""Charts computed from the rules: exact figures to be drawn as grouped bars.

A `Chart` holds odds per damage; `Bars` one value per category, such as a damage
multiplier per damage type, from a baseline. Either is included on a page like a
table, with ``<!-- table: module:function -->``; the site draws it as an SVG picture
(``rulesite/charts.py``: drawing is the site's business, not the rules'). Printed in an
example, it shows the same figures as text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Bars", "Chart"]


@dataclass(frozen=True, slots=True)
class Chart:
    """Grouped bars: for each damage, the chance of it under each series (e.g. each armor).

    Attributes:
        title: What the chart shows, in one line.
        series: ``(label, distribution)`` pairs; a distribution maps damage to its chance.

    """

    title: str
    series: tuple[tuple[str, Mapping[int, Fraction]], ...]

    @property
    def damages(self) -> range:
        """Every damage on the horizontal axis, from 0 to the largest possible."""
        return range(max(max(odds) for _, odds in self.series) + 1)

    def __str__(self) -> str:
        width = max(len(label) for label, _ in (("damage", {}), *self.series))
        lines = [self.title, "damage".ljust(width) + "".join(f"{n:>7}" for n in self.damages)]
        for label, odds in self.series:
            cells = "".join(f"{float(odds.get(n, 0)):7.1%}" for n in self.damages)
            lines.append(label.ljust(width) + cells)
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Bars:
    """Grouped bars of one exact value per category and series, drawn from a baseline.

    With a baseline of 1, a multiplier of 0.9 is a bar going down and 1.1 one going up.

    Attributes:
        title: What the chart shows, in one line.
        categories: The labels along the horizontal axis, in order.
        series: ``(label, values)`` pairs; ``values`` maps each category to its value.
        baseline: Where the bars start; 0 if not given.

    Examples:
        >>> print(Bars("Multiplier", ("Fire", "Cold"), (("After", {"Fire": Fraction(9, 10), "Cold": 1}),),
        ...            baseline=Fraction(1)))
        Multiplier
        type    Fire   Cold
        After  0.900  1.000

    """

    title: str
    categories: tuple[str, ...]
    series: tuple[tuple[str, Mapping[str, Fraction | int]], ...]
    baseline: Fraction = Fraction(0)

    def __str__(self) -> str:
        width = max(len(label) for label in ("type", *(label for label, _ in self.series)))
        cells = [max(len(category), 5) + 2 for category in self.categories]
        lines = [
            self.title,
            "type".ljust(width) + "".join(c.rjust(w) for c, w in zip(self.categories, cells, strict=True)),
        ]
        for label, values in self.series:
            row = "".join(
                f"{float(values[c]):.3f}".rjust(w) for c, w in zip(self.categories, cells, strict=True)
            )
            lines.append(label.ljust(width) + row)
        return "\n".join(lines)
