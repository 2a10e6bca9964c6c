"""A worked example's card as HTML: one renderer for the pages and for a calculator's answer.

The build draws every worked example of the pages with these templates
(``calculators/templates/``, Jinja2 with autoescape on), and the browser's calculator draws
its answer with the same ones, under Pyodide in its worker (``answer_card``), so an answer
reads exactly like the page's worked examples. The page's script only places the HTML.

The templates are read when this module is imported and compiled once: the calculators'
memory snapshot holds them, compiled, with nothing left to read from the wheel's files.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from html import escape
from importlib import resources
from typing import Any

from jinja2 import DictLoader, Environment, StrictUndefined, Template
from markupsafe import Markup

from calculators import answer_json

__all__ = ["Markup", "answer_card", "answered", "render", "spelled", "value"]


def spelled(value: object) -> object:
    """Text escaped as Python's ``html.escape`` spells it (``&#x27;``), as the rest of the site does.

    Jinja's autoescape would write ``&#39;``; HTML made elsewhere (Markup) is kept as it is.
    """
    return value if hasattr(value, "__html__") else Markup(escape(str(value)))


def _templates() -> dict[str, str]:
    folder = resources.files(__package__ or "calculators") / "templates"
    return {item.name: item.read_text(encoding="utf-8")
            for item in folder.iterdir() if item.name.endswith(".html")}


_ENVIRONMENT = Environment(
    loader=DictLoader(_templates()), autoescape=True, finalize=spelled, undefined=StrictUndefined,
    auto_reload=False,
)
_TEMPLATES: dict[str, Template] = {
    name: _ENVIRONMENT.get_template(name) for name in _ENVIRONMENT.list_templates()
}


def render(name: str, /, **context: object) -> Markup:
    """One template (``"worked-example.html"``, ``"worked-examples.html"``...) with its context, as HTML."""
    return Markup(_TEMPLATES[name].render(**context))


def value(words: object = "", *, table: object = None, figure: object = None) -> dict[str, object]:
    """A value for the templates: its words, or a table (``headers``, ``rows`` of HTML cells), or a figure."""
    return {"words": words, "table": table, "figure": figure}


# A calculator's answer, drawn in the browser's worker.

_CRASHED = (
    "The calculator could not work this situation out. "
    "Check the numbers against the rules above, or change one and try again."
)


def answer_card(system: str, query: str, links: str) -> str:
    """A calculator's answer as JSON: ``answer_json``'s fields, and ``html``, its card.

    ``links``: the JSON the calculator's element carries (``data-rules``), each rule a step
    can cite by anchor, linked from the page that asks. An answer the calculator cannot give
    (a bug, not bad input) says so in the game's words, as a refusal naming no field.
    """
    try:
        answer = json.loads(answer_json(system, query))
    except Exception:  # a bug: the player reads a sentence, never a traceback
        answer = {"ok": False, "field": None, "crashed": True, "message": _CRASHED}
    answer["html"] = str(answered(answer, json.loads(links or "{}").get))
    return json.dumps(answer)


def answered(answer: Mapping[str, Any], href: Callable[[str], str | None]) -> Markup:
    """The card of one calculator answer (``calculators.answer``), its steps linked by ``href(anchor)``."""
    if not answer.get("ok"):
        card: dict[str, object] = {"kind": "refused", "situation": "", "message": answer["message"]}
    else:
        steps = [{"title": step["title"], "href": href(step["anchor"]), "text": step["text"]}
                 for step in answer["steps"]]
        odds = [_odds(chart) for chart in (answer.get("odds"), *answer.get("charts", ())) if chart]
        card = {"kind": "result", "situation": answer["situation"], "steps": steps,
                "outcome": answer["outcome"], "odds": odds, "values": [], "try_link": ""}
    return render("worked-examples.html", cards=[render("worked-example.html", card=card)], toggle="")


def _odds(chart: Mapping[str, Any]) -> dict[str, object]:
    bars = [{**bar, "share": bar["numerator"] / bar["denominator"]} for bar in chart["bars"]]
    return {"title": chart["title"], "bars": bars}
