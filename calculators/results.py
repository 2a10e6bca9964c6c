"""An explained result as the browser shows it: JSON-ready, taken from the rules' own result.

The situation, the steps (each citing its rule's page and anchor) and the outcome are read
from `rules.explain.Explained` as they are, so a calculated answer reads exactly like the
page's worked examples. Odds are exact: each bar is a fraction's numerator and denominator.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from rules.errors import RulesError
from rules.explain import Explained, Step

__all__ = ["explained", "explained_together", "odds", "refused", "steps_of"]


def _step(step: Step) -> dict[str, object]:
    return {
        "page": step.rule.page,
        "anchor": step.rule.anchor,
        "title": step.rule.title,
        "text": step.text,
        "change": step.change,
    }


def steps_of(steps: Iterable[Step]) -> list[dict[str, object]]:
    """Steps as the browser shows them (for a question answered before the dice, with no result)."""
    return [_step(step) for step in steps]


def explained(result: Explained, chart: dict[str, object] | None = None) -> dict[str, object]:
    """The answer to show: the result's situation, steps and outcome, and a chart of odds if any."""
    return {
        "ok": True,
        "situation": result.situation,
        "steps": [_step(step) for step in result.steps],
        "outcome": result.outcome,
        "odds": chart,
    }


def explained_together(*results: Explained) -> dict[str, object]:
    """The answer to a question that two results answer together, in order.

    A monster's defenses and its group traits: their situations, steps and outcomes joined.
    """
    return {
        "ok": True,
        "situation": "; ".join(result.situation for result in results),
        "steps": [_step(step) for result in results for step in result.steps],
        "outcome": "; ".join(result.outcome for result in results),
        "odds": None,
    }


def odds(title: str, bars: Iterable[tuple[str, Fraction]]) -> dict[str, object]:
    """A chart of exact chances: one bar per outcome, as a fraction in lowest terms."""
    return {
        "title": title,
        "bars": [
            {"label": label, "numerator": chance.numerator, "denominator": chance.denominator}
            for label, chance in bars
        ],
    }


def refused(error: RulesError) -> dict[str, object]:
    """The answer to bad input: the rules' message, and the field it concerns (if one)."""
    return {"ok": False, "field": getattr(error, "field", None), "message": str(error)}
