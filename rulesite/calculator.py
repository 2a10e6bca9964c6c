"""The "Try it yourself" calculator of a system page, rendered at build time.

A designer places it with a fence naming the system (listed in ``mkdocs.yml`` as a
superfences custom fence, so MkDocs, ProperDocs and Zensical all run it)::

    ```calculator
    resistances
    ```

`formatter` renders the form from ``calculators.CALCULATORS[system]``: each field with its
label, hint and a link to the rule it concerns, the worked examples as one-tap presets,
inside a collapsed ``<details>``. The answer is worked out in the browser by the same
``calculators.answer`` running under Pyodide (``assets/js/calculator.js``); the element
carries what the script needs and nothing else: the system, the wheel to load, and a map
from every rule anchor a step can cite to its link from this page. Nothing of the runtime
loads until the player opens the calculator. A build without the runtime (made without
``node_modules``) says so in place of the form. The form stays out of the site search
(``data-search-exclude``): its labels would crowd out the rules' own words.
"""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, PackageLoader
from markupsafe import Markup

from calculators.card import spelled
from rules.explain import Rule
from rulesite import calculator_assets
from rulesite.build import UNKNOWN_PAGE, context_of, docs_of, holds_all, page_of, rule_href, shown_on
from rulesite.model import relative_url

log = logging.getLogger("mkdocs.rulesite")

# The form, its fields and "Try with your numbers" (rulesite/templates/calculator/), escaped as the card is.
_TEMPLATES = Environment(
    loader=PackageLoader("rulesite", "templates/calculator"),
    autoescape=True,
    finalize=spelled,
    auto_reload=False,
)


def formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    """Superfences formatter for ``calculator`` fences: the system's calculator, collapsed."""
    try:
        import calculators  # noqa: PLC0415 - imported when a page asks: other pages need none of it
    except ImportError as error:  # superfences would silently show the fence as text: say it
        log.warning("the calculator fence cannot import the calculators package: %s", error)
        return ""
    system = src.strip()
    calculator = calculators.CALCULATORS.get(system)
    if calculator is None:
        known = ", ".join(sorted(calculators.CALCULATORS))
        log.warning("a calculator fence names %r, which is no system (known: %s)", system, known)
        return ""
    if holds_all(md):  # the print page: a form does not print
        return '<p class="calculator-elsewhere">On the site, a calculator here works out your situation.</p>'
    assets = context_of(md).build(md).assets(calculator_assets.present)
    context: dict[str, object] = {"calculator": calculator, "system": system, "assets": assets}
    if assets is not None:
        rules = {field.name: Markup(_field_rule(field.rule, md)) for field in calculator.fields}
        presets = [(label, json.dumps(dict(values), sort_keys=True)) for label, values in calculator.presets]
        context |= {
            "download": json.dumps(dict(assets.sizes), sort_keys=True),
            "links": json.dumps(_rule_links(md), sort_keys=True),
            "rules": rules,
            "presets": presets,
        }
    return _TEMPLATES.get_template("form.html").render(context)


def _rule_links(md: Any) -> dict[str, str]:
    """Every rule a step can cite, by anchor, linked from the built page.

    A data attribute, not a link: no builder rewrites it, so it holds the built page's own
    relative URL under MkDocs, ProperDocs and Zensical alike.
    """
    docs = docs_of(md)
    page = page_of(md)
    source = page.src if page else UNKNOWN_PAGE
    links = {}
    for rule in Rule.cited():
        target = docs.anchors.get(rule.anchor)
        if target is not None:
            same = target.page == source
            links[rule.anchor] = f"{'' if same else relative_url(target.page, source)}#{rule.anchor}"
    return links


def _field_rule(anchor: str, md: Any) -> str:
    """A link to the rule a field concerns, titled as its rule or its heading."""
    if not anchor:
        return ""
    docs = docs_of(md)
    href = rule_href(anchor, md, docs)
    if href is None:
        log.warning("a calculator field cites the anchor %r, which no page has", anchor)
        return ""
    rule = Rule.registry.get(anchor)
    heading = next((h for page in docs.pages.values() for h in page.headings if h.anchor == anchor), None)
    title = rule.title if rule else heading.text if heading else anchor
    return _TEMPLATES.get_template("rule.html").render(href=href, title=title)


def try_link(result: Any, md: Any) -> str:
    """"Try with your numbers" under a worked example that one of the page's calculator's examples is.

    The calculator's worked examples (its presets) are answered by the calculator itself; a
    card whose situation and result are exactly one of those answers gets the link, carrying
    the preset's values: the calculator comes to the card filled in (assets/js/calculator.js),
    and the link itself opens the page's calculator with that situation (the address records
    it). Nothing on a page without a calculator, nor on the print page.
    """
    page = shown_on(md) or page_of(md)
    build = context_of(md).build(md)
    if page is None or holds_all(md) or build.assets(calculator_assets.present) is None:
        return ""
    try:
        import calculators  # noqa: PLC0415 - as formatter: only pages with examples need it
    except ImportError:
        return ""
    situation, outcome = str(getattr(result, "situation", "") or ""), str(result.outcome)
    answered = build.answered  # each preset answered once per build, not per card
    for system, calculator in calculators.CALCULATORS.items():
        if calculator.page != page.src:
            continue
        for _, values in calculator.presets:
            key = (system, json.dumps(dict(values), sort_keys=True))
            if key not in answered:
                answered[key] = _answered(calculators.answer(system, dict(values)))
            if (situation, outcome) in answered[key]:
                query = urlencode({f"{system}.{name}": value for name, value in values.items()})
                data = json.dumps(dict(values), sort_keys=True)
                return _TEMPLATES.get_template("try.html").render(query=query, system=system, values=data)
    return ""


def _answered(answer: dict[str, object]) -> frozenset[tuple[str, str]]:
    """The (situation, outcome) pairs a calculator's answer gives: one, or one per result it joins."""
    if not answer.get("ok"):
        return frozenset()
    situation, outcome = str(answer["situation"]), str(answer["outcome"])
    pairs = {(situation, outcome)}
    parts = situation.split("; "), outcome.split("; ")  # calculators.results.explained_together
    if len(parts[0]) == len(parts[1]):
        pairs.update(zip(*parts, strict=True))
    return frozenset(pairs)
