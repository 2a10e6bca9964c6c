"""Draw the rules' charts (`rules.charts.Chart` and `Bars`) as inline SVG figures for the site."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from html import escape

from rules.charts import Bars, Chart

__all__ = ["CSS_CLASS", "figure"]

CSS_CLASS = "rules-chart"
"""The class of every chart's ``<figure>``, for the site's styles."""

# Mid-tone colours readable on both the light and the dark theme.
_COLOURS = ("#7e57c2", "#f9a825", "#26a69a", "#e53935", "#1e88e5")
_WIDTH, _HEIGHT = 640, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 12, 40, 40


def figure(chart: Chart | Bars) -> str:
    """A chart as a ``<figure>`` holding an inline SVG."""
    if isinstance(chart, Chart):
        return _odds(chart)
    return _bars(chart)


def _odds(chart: Chart) -> str:
    top = max(max(odds.values()) for _, odds in chart.series)
    scale = Fraction(int(top * 10) + 1, 10)  # the axis ends at the next 10 %
    plot_w = _WIDTH - _LEFT - _RIGHT
    plot_h = _HEIGHT - _TOP - _BOTTOM
    group = plot_w / len(chart.damages)
    bar = group * 0.8 / len(chart.series)
    parts = []
    for tenth in range(int(scale * 10) + 1):
        y = float(_TOP + plot_h - plot_h * tenth / (scale * 10))
        parts.append(
            f'<line x1="{_LEFT}" x2="{_WIDTH - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
            'stroke="currentColor" stroke-opacity="0.15"/>'
            f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tenth * 10}%</text>'
        )
    for index, amount in enumerate(chart.damages):
        x0 = _LEFT + group * index + group * 0.1
        for number, (label, odds) in enumerate(chart.series):
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
    parts.append(f'<text x="{_LEFT + plot_w / 2:.1f}" y="{_HEIGHT - 6}" text-anchor="middle">damage</text>')
    return _figure(chart.title, (label for label, _ in chart.series), parts)


def _axis(chart: Bars) -> tuple[Fraction, Fraction, Fraction]:
    """The axis: lowest and highest tick, and the step between ticks (about 4 to 8 ticks)."""
    values = [Fraction(v) for _, row in chart.series for v in row.values()] + [chart.baseline]
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
    if bottom == low and bottom != chart.baseline:
        bottom -= step
    return bottom, top, step


def _bars(chart: Bars) -> str:
    bottom, top, step = _axis(chart)
    plot_w = _WIDTH - _LEFT - _RIGHT
    plot_h = _HEIGHT - _TOP - _BOTTOM

    def y_of(value: Fraction) -> float:
        return float(_TOP + plot_h - plot_h * (value - bottom) / (top - bottom))

    group = plot_w / len(chart.categories)
    bar = group * 0.8 / len(chart.series)
    parts = []
    tick = bottom
    while tick <= top:
        y = y_of(tick)
        opacity = "0.6" if tick == chart.baseline else "0.15"
        parts.append(
            f'<line x1="{_LEFT}" x2="{_WIDTH - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="currentColor" stroke-opacity="{opacity}"/>'
            f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{float(tick):g}</text>'
        )
        tick += step
    base = y_of(chart.baseline)
    for index, category in enumerate(chart.categories):
        x0 = _LEFT + group * index + group * 0.1
        for number, (label, values) in enumerate(chart.series):
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
    return _figure(chart.title, (label for label, _ in chart.series), parts)


def _figure(title: str, labels: Iterable[str], plot: list[str]) -> str:
    """The SVG with its title, the plot, a legend and a caption."""
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
