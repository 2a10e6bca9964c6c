"""The calculators in Chromium: the page's answer under Pyodide equals ``calculators.answer`` in CPython.

One runtime start per system: a situation the form cannot hold (a value no box or option has)
is opened as a link, as a mistyped shared link would be (a worked example's link where there is
none), and in the last link's page every situation of ``tests/calculator_situations.py`` for
that system is entered in the form, as a player would, and answered; the rendered result
(situation, steps, each step's link, the outcome, the odds, or the refusal and the field it is
shown next to) must equal what ``calculators.answer`` gives here. The same test checks that the
page opened plainly loads nothing of the runtime, that nothing leaves the machine, and, once
answered, the phone size, axe-core's audit in both palettes, and the address of a picked
worked example. Opening a calculator by its summary is checked once (a copied link).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from playwright.sync_api import Page, expect

import calculators
from calculators import Calculator
from rulesite import calculator_assets
from sitetools.axe import AXE
from tests.calculator_situations import SITUATIONS, Situation

SYSTEMS = sorted(calculators.CALCULATORS)
RUNTIME = "/assets/calculator/"
RUNTIME_FILES = calculator_assets.RUNTIME_FILES
LEAST_SITUATIONS = 10

_READ_ANSWER = r"""
(system) => {
  const calc = document.querySelector(`details.calculator[data-system="${system}"]`);
  const example = calc.querySelector(".calculator__answer .worked-example");
  const tagless = p => {
    const copy = p.cloneNode(true);
    copy.querySelector(".we-tag")?.remove();
    return copy.textContent.trim();
  };
  const page = href => { const url = new URL(href); url.search = ""; return url.href; };
  if (example.classList.contains("we-refused")) {
    const errors = [...calc.querySelectorAll(".calculator__error:not([hidden])")].map(error => {
      const field = error.closest("[data-field]");
      const controls = [field, ...field.querySelectorAll("input, select, textarea")];
      const describes = c => (c.getAttribute("aria-describedby") || "").split(" ").includes(error.id);
      return {field: field.dataset.field, text: error.textContent,
              describedBy: controls.some(describes),
              invalid: controls.some(c => c.getAttribute("aria-invalid") === "true")};
    });
    return {ok: false, message: tagless(example.querySelector(".we-result")), errors};
  }
  const odds = example.querySelector("table.calculator__odds");
  return {
    ok: true,
    situation: example.querySelector(".we-situation")?.textContent ?? "",
    steps: [...example.querySelectorAll(".we-steps > li")].map(li => {
      const link = li.querySelector("a.we-rule");
      return {text: li.textContent, title: link ? link.textContent : null,
              href: link ? page(link.href) : null};
    }),
    outcome: tagless(example.querySelector(".we-result")),
    odds: odds ? {title: odds.caption.textContent, bars: [...odds.tBodies[0].rows].map(row => ({
      label: row.cells[0].textContent,
      chance: row.querySelector(".calculator__chance").textContent,
    }))} : null,
  };
}
"""

_ANSWERED = r"""
([system, want]) => {
  const answer = document.querySelector(`details.calculator[data-system="${system}"] .calculator__answer`);
  if (!answer || answer.dataset.query === undefined) return false;
  const got = Object.fromEntries(new URLSearchParams(answer.dataset.query));
  const names = Object.keys(want);
  return names.length === Object.keys(got).length && names.every(name => got[name] === want[name]);
}
"""

_SMALL_TARGETS = r"""
(system) => {
  const calc = document.querySelector(`details.calculator[data-system="${system}"]`);
  const targets = calc.querySelectorAll(
    "summary, button, input[type=text], select, textarea, label.calculator__check, a.calculator__rule");
  return [...targets].filter(t => t.getClientRects().length).map(t => {
    const box = t.getBoundingClientRect();
    return {what: t.outerHTML.slice(0, 60), w: Math.round(box.width), h: Math.round(box.height)};
  }).filter(t => t.w < 24 || t.h < 24);
}
"""

_SMALL_TEXT = r"""
(system) => {
  const calc = document.querySelector(`details.calculator[data-system="${system}"]`);
  return [...calc.querySelectorAll("label, legend, p, button, summary, li, th, td, a")]
    .filter(el => el.getClientRects().length && el.textContent.trim())
    .map(el => ({text: el.textContent.trim().slice(0, 40), px: parseFloat(getComputedStyle(el).fontSize)}))
    .filter(el => el.px < 12);
}
"""

_AXE_CALCULATOR = """
async (system) => (await axe.run(
    document.querySelector(`details.calculator[data-system="${system}"]`), {resultTypes: ["violations"]}))
  .violations.filter(v => ["serious", "critical"].includes(v.impact))
  .map(v => ({id: v.id, impact: v.impact, where: v.nodes.slice(0, 3).map(n => n.target.join(" "))}))
"""


def _form_values(calculator: Calculator, values: Mapping[str, str]) -> dict[str, str]:
    """What the form sends for a situation: every field, the situation's text or the default.

    The boxes of an "any of" field are sent in the form's order (a value no box has, from a
    link, after them), whatever order the situation names them in.
    """
    sent = {}
    for field in calculator.fields:
        value = values.get(field.name, field.default)
        if field.kind == "choices":
            named = value.split(",")
            boxes = [choice for choice, _ in field.choices if choice in named]
            value = ",".join(boxes + [name for name in named if name and name not in boxes])
        sent[field.name] = value
    return sent


def _fits_the_form(calculator: Calculator, values: Mapping[str, str]) -> bool:
    """Whether a player can enter the situation with the form's own boxes and options."""
    fields = {field.name: field for field in calculator.fields}
    if set(values) - set(fields):
        return False
    for name, value in values.items():
        field = fields[name]
        choices = {choice for choice, _ in field.choices}
        if field.kind == "choice" and value not in choices:
            return False
        if field.kind == "choices" and not set(filter(None, value.split(","))) <= choices:
            return False
        if field.kind == "flag" and value not in {"", "yes"}:
            return False
    return True


def _expected(system: str, values: Mapping[str, str], base_url: str) -> dict[str, Any]:
    """What the page must show: ``calculators.answer`` run here, in CPython, in the page's terms."""
    result = calculators.answer(system, values)
    if not result["ok"]:
        field = result["field"]
        message = str(result["message"])
        errors = [{"field": field, "text": message, "describedBy": True, "invalid": True}] if field else []
        return {"ok": False, "message": message, "errors": errors}
    steps = [
        {
            "text": f"{step['title']}: {step['text']}",
            "title": step["title"],
            "href": f"{base_url}/{str(step['page']).removesuffix('.md')}/#{step['anchor']}",
        }
        for step in result["steps"]  # type: ignore[attr-defined]
    ]
    odds = result["odds"]
    if odds is not None:
        odds = {
            "title": odds["title"],
            "bars": [
                {
                    "label": bar["label"],
                    "chance": f"{bar['numerator']}/{bar['denominator']}"
                    f" ({100 * bar['numerator'] / bar['denominator']:.1f}%)",
                }
                for bar in odds["bars"]
            ],
        }
    return {"ok": True, "situation": result["situation"], "steps": steps, "outcome": result["outcome"],
            "odds": odds}


# What the form holds now, field by field: a box's text, a list's pick, the ticked boxes, a flag.
_FORM_NOW = r"""
(system) => {
  const calc = document.querySelector(`details.calculator[data-system="${system}"]`);
  const now = {};
  for (const box of calc.querySelectorAll("[data-field]")) {
    const control = box.querySelector("textarea, select, input:not([type=checkbox])");
    const boxes = [...box.querySelectorAll("input[type=checkbox]")];
    now[box.dataset.field] = control ? control.value
      : boxes.length === 1 && !box.matches("fieldset") ? (boxes[0].checked ? "yes" : "")
      : [...boxes.filter(b => b.checked).map(b => b.value),
         ...(box.dataset.unknown ? box.dataset.unknown.split(",") : [])];  // kept from a mistyped link
  }
  return now;
}
"""


def _fill(page: Page, calculator: Calculator, values: Mapping[str, str]) -> None:
    """Enter a situation as a player does, changing what differs from the form: type, pick, tick; ask."""
    calc = page.locator(f'details.calculator[data-system="{calculator.system}"]')
    now = page.evaluate(_FORM_NOW, calculator.system)
    for field in calculator.fields:
        value = values.get(field.name, field.default)
        box = calc.locator(f'[data-field="{field.name}"]')
        if field.kind == "choices":
            chosen, had = set(value.split(",")), set(now[field.name])
            ticks = [choice for choice, _ in field.choices if (choice in had) != (choice in chosen)]
            for choice in ticks:
                box.locator(f'input[value="{choice}"]').set_checked(choice in chosen)
            if not ticks and had - chosen:
                # A value from a mistyped link stays until the player touches the field's boxes.
                first = box.locator("input[type=checkbox]").first
                ticked = first.is_checked()
                first.set_checked(not ticked)
                first.set_checked(ticked)
        elif now[field.name] == value:
            continue
        elif field.kind in {"number", "text"}:
            box.locator("input").fill(value)
        elif field.kind == "lines":
            box.locator("textarea").fill(value)
        elif field.kind == "choice":
            box.locator("select").select_option(value)
        else:
            box.locator("input").set_checked(value == "yes")
    calc.get_by_role("button", name="Work it out").click()


def _answer(page: Page, system: str, values: Mapping[str, str]) -> dict[str, Any]:
    """The answer shown once the page has answered exactly these form values."""
    page.wait_for_function(_ANSWERED, arg=[system, values])
    shown: dict[str, Any] = page.evaluate(_READ_ANSWER, system)
    return shown


def _open(page: Page, system: str) -> None:
    page.locator(f'details.calculator[data-system="{system}"] > summary').click()
    _wait_ready(page, system)


# Starting Pyodide cold took a median of 12.9 s at load 11-15 on this kind of machine: its wait
# gets a wider limit than other waits (a limit on a condition, never an assertion of speed).
COLD_START_LIMIT_MS = 240_000  # four times the other waits' limit (WAIT_LIMIT_MS, tests/browser/conftest.py)


def _wait_ready(page: Page, system: str) -> None:
    calc = page.locator(f'details.calculator[data-system="{system}"]')
    expect(calc).to_have_attribute("data-state", "ready", timeout=COLD_START_LIMIT_MS)


def _runtime_requests(page: Page) -> list[str]:
    return [url for url in page.requests if RUNTIME in url]


def _axe(page: Page, system: str) -> list[dict[str, Any]]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(_AXE_CALCULATOR, system)
    return found


def _situations(system: str) -> list[Situation]:
    return [situation for situation in SITUATIONS if situation.system == system]


def _parts(url: str) -> tuple[str, list[tuple[str, str]], str]:
    """A link as the browser reads it: the page, the parameters in order, the fragment."""
    split = urlsplit(url)
    query = parse_qsl(split.query, keep_blank_values=True)
    return f"{split.scheme}://{split.netloc}{split.path}", query, split.fragment


def _link(base_url: str, system: str, values: Mapping[str, str]) -> str:
    query = urlencode({f"{system}.{name}": value for name, value in values.items()})
    return f"{base_url}/{system}/?{query}#{system}-try-it"


# The theme eases colours into a new palette (CSS transitions): audit the colours it settles on.
# The transitions start with the first style change after the switch, and a section off the screen
# (content-visibility: auto) has none until it is shown: the calculator is brought into view, and
# two frames later its transitions exist.
_TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
_COLOURS_SETTLED = "() => document.getAnimations().every(a => a.playState !== 'running')"


def _look_of_a_player(page: Page, system: str) -> None:
    """What the open calculator must be in the view the page is in: usable, readable, audited."""
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    assert page.evaluate(_SMALL_TARGETS, system) == []
    assert page.evaluate(_SMALL_TEXT, system) == []
    assert _axe(page, system) == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_situation_is_answered_in_the_browser_as_in_python(
    page: Page, base_url: str, system: str
) -> None:
    """Links, then every situation the form holds, then a worked example picked: one runtime start.

    On a dark phone (390x844): the page opened plainly loads nothing of the runtime; each link
    (the situations only a link can carry, a mistyped value, or else a worked example's) opens
    the calculator filled in and answered; in the last link's page every situation the form can
    hold is entered as a player would and answered, and the runtime loaded once for all of
    them; a worked example picked moves the address and keeps the anchor. Once answered: no
    sideways scroll, every target at least 24 px, no text under 12 px, and axe-core finds
    nothing serious, on the dark phone and again at desktop size, switched to the light palette.
    """
    calculator = calculators.CALCULATORS[system]
    situations = _situations(system)
    in_form = [s for s in situations if _fits_the_form(calculator, s.values)]
    assert len(in_form) >= LEAST_SITUATIONS, f"{system}: only {len(in_form)} situations fit the form"
    known = {field.name for field in calculator.fields}
    odd = [s.values for s in situations if not _fits_the_form(calculator, s.values)]
    links = [values for values in odd if set(values) <= known] or [calculator.presets[0][1]]
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="dark")

    page.goto(f"{base_url}/{system}/", wait_until="load")
    page.locator(f'details.calculator[data-system="{system}"] > summary').scroll_into_view_if_needed()
    assert _runtime_requests(page) == [], "the runtime loaded before the calculator was opened"

    for values in links:
        page.requests.clear()  # what the last link's page asks for is counted below
        page.goto(_link(base_url, system, values), wait_until="load")
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
        _wait_ready(page, system)
        sent = _form_values(calculator, values)
        assert _answer(page, system, sent) == _expected(system, sent, base_url), values

    wrong = []
    for situation in in_form:
        _fill(page, calculator, situation.values)
        sent = _form_values(calculator, situation.values)
        shown = _answer(page, system, sent)
        want = _expected(system, sent, base_url)
        if shown != want:
            wrong.append(f"{situation.why}:\n  page:   {shown}\n  python: {want}")
        if situation.refused:
            assert not want["ok"], f"{situation.why}: Python answered what it should refuse"
    assert not wrong, f"{len(wrong)} of {len(in_form)} situations differ:\n" + "\n".join(wrong)

    # The player picks a worked example: the address follows and keeps the anchor.
    name, preset = calculator.presets[-1]
    page.get_by_role("button", name=name).click()
    _answer(page, system, _form_values(calculator, preset))
    # (the address changes in the same task that shows the answer)
    assert _parts(page.url) == _parts(_link(base_url, system, _form_values(calculator, preset)))

    # The runtime loaded once for all those answers, and nothing left the machine.
    for name in RUNTIME_FILES:
        assert sum(url.endswith(name) for url in _runtime_requests(page)) == 1, name
    _look_of_a_player(page, system)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_title("Switch to light mode").click()  # the theme's toggle, as a player switches
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    page.locator(f'details.calculator[data-system="{system}"]').scroll_into_view_if_needed()
    page.evaluate(_TWO_FRAMES)
    page.wait_for_function(_COLOURS_SETTLED)
    assert _axe(page, system) == []
    assert page.escaped == []


def test_a_copied_link_opens_the_same_situation(page: Page, base_url: str) -> None:
    system = SYSTEMS[0]
    calculator = calculators.CALCULATORS[system]
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page.goto(f"{base_url}/{system}/", wait_until="load")
    _open(page, system)
    name, preset = calculator.presets[0]
    page.get_by_role("button", name=name).click()
    _answer(page, system, _form_values(calculator, preset))
    page.get_by_role("button", name="Copy link to this situation").click()
    expect(page.locator(f'details.calculator[data-system="{system}"] .calculator__status')).to_contain_text(
        "Link copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.url
    assert _parts(copied) == _parts(_link(base_url, system, _form_values(calculator, preset)))

    page.goto(f"{base_url}/", wait_until="load")
    page.goto(copied, wait_until="load")
    _wait_ready(page, system)
    sent = _form_values(calculator, preset)
    assert _answer(page, system, sent) == _expected(system, sent, base_url)
    assert page.escaped == []


def test_a_runtime_that_fails_to_load_is_said_in_words(page: Page, base_url: str) -> None:
    system = SYSTEMS[0]
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(f"{base_url}/{system}/", wait_until="load")
    page.locator(f'details.calculator[data-system="{system}"] > summary').click()
    calc = page.locator(f'details.calculator[data-system="{system}"]')
    expect(calc).to_have_attribute("data-state", "failed")
    expect(calc.locator(".calculator__status")).to_contain_text("could not start")
