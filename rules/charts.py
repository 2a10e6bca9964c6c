"""Charts computed from the rules: exact odds drawn as grouped bars, an SVG picture for the site.

A `Chart` is included on a page like a table, with ``<!-- table: module:function -->``:
the site calls its ``markdown()``, which gives a ``<figure>`` holding an inline SVG.
Printed in an example, it shows the same bars as text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from html import escape

__all__ = ["Chart"]

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
        parts = [
            f'<svg viewBox="0 0 {_WIDTH} {_HEIGHT}" width="{_WIDTH}" height="{_HEIGHT}" '
            f'role="img" aria-label="{escape(self.title)}" '
            'xmlns="http://www.w3.org/2000/svg" font-size="12" fill="currentColor" '
            'style="max-width:100%;height:auto">',
            f"<title>{escape(self.title)}</title>",
        ]
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
        x = float(_LEFT)
        for number, (label, _) in enumerate(self.series):
            colour = _COLOURS[number % len(_COLOURS)]
            parts.append(
                f'<rect x="{x:.1f}" y="10" width="12" height="12" fill="{colour}"/>'
                f'<text x="{x + 16:.1f}" y="20">{escape(label)}</text>'
            )
            x += 28 + 7 * len(label)
        parts.append("</svg>")
        return (
            '<figure class="typed-damage-chart">\n'
            + "\n".join(parts)
            + f"\n<figcaption>{escape(self.title)}</figcaption>\n</figure>"
        )
