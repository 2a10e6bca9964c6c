"""Charts computed from the rules: exact figures drawn as grouped bars, an SVG picture for the site.

A `Chart` draws odds per damage; `Bars` draws one value per category, such as a damage
multiplier per damage type, from a baseline. Either is included on a page like a
table, with ``<!-- table: module:function -->``: the site calls its ``markdown()``,
which gives a ``<figure>`` holding an inline SVG. Printed in an example, it shows the
same bars as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from html import escape

__all__ = ["Bars", "Chart"]

CSS_CLASS = "rules-chart"
"""The class of every chart's ``<figure>``, for the site's styles."""

# Mid-tone colours readable on both the light and the dark theme.
_COLOURS = ("#7e57c2", "#f9a825", "#26a69a", "#e53935", "#1e88e5")
_WIDTH, _HEIGHT = 640, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 12, 40, 40


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

    def markdown(self) -> str:
        """The chart as a figure with an inline SVG, for the site."""
        top = max(max(odds.values()) for _, odds in self.series)
        scale = Fraction(int(top * 10) + 1, 10)  # the axis ends at the next 10 %
        plot_w = _WIDTH - _LEFT - _RIGHT
        plot_h = _HEIGHT - _TOP - _BOTTOM
        group = plot_w / len(self.damages)
        bar = group * 0.8 / len(self.series)
        parts = []
        for tenth in range(int(scale * 10) + 1):
            y = float(_TOP + plot_h - plot_h * tenth / (scale * 10))
            parts.append(
                f'<line x1="{_LEFT}" x2="{_WIDTH - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                'stroke="currentColor" stroke-opacity="0.15"/>'
                f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tenth * 10}%</text>'
            )
        for index, amount in enumerate(self.damages):
            x0 = _LEFT + group * index + group * 0.1
            for number, (label, odds) in enumerate(self.series):
                chance = odds.get(amount, Fraction(0))
                height = float(plot_h * chance / scale)
                left = x0 + bar * number
                y = _TOP + plot_h - height
                tip = f"{label}: {amount} damage, {chance} ({float(chance):.1%})"
                parts.append(
                    f'<rect x="{left:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{height:.1f}" '
                    f'fill="{_COLOURS[number % len(_COLOURS)]}"><title>{escape(tip)}</title></rect>'
                )
            parts.append(
                f'<text x="{x0 + group * 0.4:.1f}" y="{_HEIGHT - _BOTTOM + 16}" '
                f'text-anchor="middle">{amount}</text>'
            )
        parts.append(
            f'<text x="{_LEFT + plot_w / 2:.1f}" y="{_HEIGHT - 6}" text-anchor="middle">'
            "damage</text>"
        )
        return markdown(self.title, (label for label, _ in self.series), parts)


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

    def _range(self) -> tuple[Fraction, Fraction, Fraction]:
        """The axis: lowest and highest tick, and the step between ticks (about 4 to 8 ticks)."""
        values = [Fraction(v) for _, row in self.series for v in row.values()] + [self.baseline]
        low, high = min(values), max(values)
        span = max(high - low, Fraction(1, 100))
        step = next(
            Fraction(m) * Fraction(10) ** e
            for e in range(-3, 7)
            for m in (1, 2, 5)
            if span / (Fraction(m) * Fraction(10) ** e) <= 6
        )
        bottom = (low / step).__floor__() * step
        top = (high / step).__ceil__() * step
        if top == high:
            top += step
        if bottom == low and bottom != self.baseline:
            bottom -= step
        return bottom, top, step

    def markdown(self) -> str:
        """The chart as a figure with an inline SVG, for the site."""
        bottom, top, step = self._range()
        plot_w = _WIDTH - _LEFT - _RIGHT
        plot_h = _HEIGHT - _TOP - _BOTTOM

        def y_of(value: Fraction) -> float:
            return float(_TOP + plot_h - plot_h * (value - bottom) / (top - bottom))

        group = plot_w / len(self.categories)
        bar = group * 0.8 / len(self.series)
        parts = []
        tick = bottom
        while tick <= top:
            y = y_of(tick)
            opacity = "0.6" if tick == self.baseline else "0.15"
            parts.append(
                f'<line x1="{_LEFT}" x2="{_WIDTH - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                f'stroke="currentColor" stroke-opacity="{opacity}"/>'
                f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{float(tick):g}</text>'
            )
            tick += step
        base = y_of(self.baseline)
        for index, category in enumerate(self.categories):
            x0 = _LEFT + group * index + group * 0.1
            for number, (label, values) in enumerate(self.series):
                value = Fraction(values[category])
                end = y_of(value)
                tip = f"{label}: {category} {value} ({float(value):.3f})"
                parts.append(
                    f'<rect x="{x0 + bar * number:.1f}" y="{min(base, end):.1f}" width="{bar:.1f}" '
                    f'height="{abs(base - end):.1f}" fill="{_COLOURS[number % len(_COLOURS)]}">'
                    f"<title>{escape(tip)}</title></rect>"
                )
            parts.append(
                f'<text x="{x0 + group * 0.4:.1f}" y="{_HEIGHT - _BOTTOM + 16}" '
                f'text-anchor="middle">{escape(category)}</text>'
            )
        return markdown(self.title, (label for label, _ in self.series), parts)



def markdown(title: str, labels: Iterable[str], plot: list[str]) -> str:
    """A chart's figure for the site: the SVG with its title, the plot, a legend and a caption.

    Every chart draws its own plot and leaves the rest to this one function (named like
    the methods that call it, as all of it only draws for the site).
    """
    parts = [
        f'<svg viewBox="0 0 {_WIDTH} {_HEIGHT}" width="{_WIDTH}" height="{_HEIGHT}" '
        f'role="img" aria-label="{escape(title)}" '
        'xmlns="http://www.w3.org/2000/svg" font-size="12" fill="currentColor" '
        'style="max-width:100%;height:auto">',
        f"<title>{escape(title)}</title>",
        *plot,
    ]
    x = float(_LEFT)
    for number, label in enumerate(labels):  # the legend: a swatch and the label of each series
        colour = _COLOURS[number % len(_COLOURS)]
        parts.append(
            f'<rect x="{x:.1f}" y="10" width="12" height="12" fill="{colour}"/>'
            f'<text x="{x + 16:.1f}" y="20">{escape(label)}</text>'
        )
        x += 28 + 7 * len(label)
    svg = "\n".join([*parts, "</svg>"])
    return f'<figure class="{CSS_CLASS}">\n{svg}\n<figcaption>{escape(title)}</figcaption>\n</figure>'
