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
from html import escape
from typing import Any
from urllib.parse import urlencode

from rules.explain import Rule
from rulesite import calculator_assets
from rulesite.build import UNKNOWN_PAGE, docs_of, holds_all, page_of, rule_href, shown_on
from rulesite.model import relative_url

log = logging.getLogger("mkdocs.rulesite")


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
    assets = calculator_assets.present()
    # The download's size is said where it matters (its progress, the offer to save it for
    # offline use), not on every page: the span shows the progress while it downloads.
    summary = (
        f'<summary class="calculator__summary">{escape(calculator.title)}'
        '<span class="calculator__cost"></span></summary>'
    )
    if assets is None:
        return (
            f'<details class="calculator" data-search-exclude data-system="{escape(system)}">{summary}'
            '<p class="calculator__status calculator__status--failed">The calculator is not available in'
            " this build of the site: it was built without its Python runtime.</p></details>"
        )
    links = _rule_links(md)
    fields = "".join(_field(system, field, _field_rule(field.rule, md)) for field in calculator.fields)
    return (
        f'<details class="calculator" data-search-exclude data-system="{escape(system)}"'
        f' data-wheel="{escape(assets.wheel)}" data-snapshot="{escape(assets.snapshot)}"'
        f' data-download="{escape(json.dumps(dict(assets.sizes), sort_keys=True))}"'
        f' data-rules="{escape(json.dumps(links, sort_keys=True))}">{summary}'
        f'<form class="calculator__form" novalidate aria-label="{escape(calculator.title)}">'
        f'<p class="calculator__intro">{escape(calculator.intro)}</p>'
        f"{_presets(system, calculator.presets)}{fields}"
        '<div class="calculator__actions">'
        '<button type="submit" class="md-button md-button--primary">Work it out</button>'
        # The status stays next to "Work it out", where the player is looking (table.js
        # adds the download's progress to it).
        '<p class="calculator__status" role="status" aria-live="polite"></p>'
        '<button type="button" class="md-button calculator__copy">Copy link to this situation</button>'
        "</div>"
        "</form>"
        '<div class="calculator__answer" aria-live="polite"></div>'
        "</details>"
    )


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


def _presets(system: str, presets: Any) -> str:
    if not presets:
        return ""
    buttons = "".join(
        f'<button type="button" class="md-button calculator__preset"'
        f' data-values="{escape(json.dumps(dict(values), sort_keys=True))}">{escape(label)}</button>'
        for label, values in presets
    )
    return (
        '<div class="calculator__presets" role="group" aria-labelledby="{0}">'
        '<p class="calculator__presets-title" id="{0}">Start from a worked example:</p>{1}</div>'
    ).format(f"calc-{system}-presets", buttons)


def _field(system: str, field: Any, rule: str) -> str:
    ident = f"calc-{system}-{field.name}"
    hint = f'<p class="calculator__hint" id="{ident}-hint">{escape(field.hint)}</p>' if field.hint else ""
    error = f'<p class="calculator__error" id="{ident}-error" hidden></p>'
    described = " ".join(part for part in (f"{ident}-hint" if field.hint else "", f"{ident}-error") if part)
    if field.kind in {"choices", "flag"}:
        return _boxes(ident, field, hint=hint, error=error, described=described, rule=rule)
    label = f'<label class="calculator__label" for="{ident}">{escape(field.label)}</label>'
    common = f'id="{ident}" name="{escape(field.name)}" aria-describedby="{described}"'
    if field.kind == "lines":
        control = f'<textarea {common} rows="4" spellcheck="false">{escape(field.default)}</textarea>'
    elif field.kind == "choice":
        options = "".join(
            f'<option value="{escape(value)}"{" selected" if value == field.default else ""}>'
            f"{escape(words)}</option>"
            for value, words in field.choices
        )
        control = f"<select {common}>{options}</select>"
    else:
        mode = ' inputmode="numeric"' if field.kind == "number" else ""
        control = (
            f'<input type="text" {common}{mode} value="{escape(field.default)}"'
            ' autocomplete="off" spellcheck="false">'
        )
    return (
        f'<div class="calculator__field" data-field="{escape(field.name)}">'
        f'<div class="calculator__head">{label}{rule}</div>{control}{hint}{error}</div>'
    )


def _boxes(ident: str, field: Any, *, hint: str, error: str, described: str, rule: str) -> str:
    """Checkboxes: one for a flag, one per choice for "any of" (the value joins them with ",")."""
    if field.kind == "flag":
        checked = " checked" if field.default == "yes" else ""
        return (
            f'<div class="calculator__field calculator__field--flag" data-field="{escape(field.name)}">'
            f'<div class="calculator__head"><label class="calculator__check" for="{ident}">'
            f'<input type="checkbox" id="{ident}" name="{escape(field.name)}" value="yes"{checked}'
            f' aria-describedby="{described}"> {escape(field.label)}</label>{rule}</div>{hint}{error}</div>'
        )
    chosen = set(field.default.split(",")) if field.default else set()
    boxes = "".join(
        f'<label class="calculator__check"><input type="checkbox" name="{escape(field.name)}"'
        f' value="{escape(value)}"{" checked" if value in chosen else ""}> {escape(words)}</label>'
        for value, words in field.choices
    )
    return (
        f'<fieldset class="calculator__field calculator__field--choices" data-field="{escape(field.name)}"'
        f' id="{ident}" aria-describedby="{described}">'
        f'<legend class="calculator__label">{escape(field.label)}</legend>{rule}'
        f'<div class="calculator__boxes">{boxes}</div>{hint}{error}</fieldset>'
    )


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
    return f'<a class="calculator__rule" href="{escape(href)}">Rule: {escape(title)}</a>'


def try_link(result: Any, md: Any) -> str:
    """"Try with your numbers" under a worked example that one of the page's calculator's examples is.

    The calculator's worked examples (its presets) are answered by the calculator itself; a
    card whose situation and result are exactly one of those answers gets the link, carrying
    the preset's values: the calculator comes to the card filled in (assets/js/calculator.js),
    and the link itself opens the page's calculator with that situation (the address records
    it). Nothing on a page without a calculator, nor on the print page.
    """
    page = shown_on(md) or page_of(md)
    if page is None or holds_all(md) or calculator_assets.present() is None:
        return ""
    try:
        import calculators  # noqa: PLC0415 - as formatter: only pages with examples need it
    except ImportError:
        return ""
    situation, outcome = str(getattr(result, "situation", "") or ""), str(result.outcome)
    for system, calculator in calculators.CALCULATORS.items():
        if calculator.page != page.src:
            continue
        for _, values in calculator.presets:
            if (situation, outcome) in _answered(calculators.answer(system, dict(values))):
                query = urlencode({f"{system}.{name}": value for name, value in values.items()})
                data = escape(json.dumps(dict(values), sort_keys=True))
                return (
                    '<p class="calculator-try-line"><a class="md-button calculator-try"'
                    f' href="?{escape(query)}" data-system="{escape(system)}" data-values="{data}">'
                    "Try with your numbers</a></p>"
                )
    return ""


def _answered(answer: dict[str, object]) -> set[tuple[str, str]]:
    """The (situation, outcome) pairs a calculator's answer gives: one, or one per result it joins."""
    if not answer.get("ok"):
        return set()
    situation, outcome = str(answer["situation"]), str(answer["outcome"])
    pairs = {(situation, outcome)}
    parts = situation.split("; "), outcome.split("; ")  # calculators.results.explained_together
    if len(parts[0]) == len(parts[1]):
        pairs.update(zip(*parts, strict=True))
    return pairs
