"""Calculators at the table: from a worked example, before the roll, and offline.

- "Try with your numbers" on a worked example of every system brings the page's calculator
  to that example, filled in with its situation and answered as the rules answer it, and
  the address records the situation (a reload puts the calculator back at that example).
- The typed-damage calculator with the dice left empty answers the chances, the same
  exact fractions as `calculators.answer` (the rules' distribution).
- Offline with the reference saved but not the calculators, a calculator says so in the
  game's words (and offers to try again); the footer's offer saves them, and then a
  calculator never opened answers offline.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import Page, expect

import calculators
from tests.browser import test_offline
from tests.browser.test_calculators import SYSTEMS, _answer, _expected, _form_values, _wait_ready
from tests.browser.test_offline import OFFLINE_VISIT, _phone, _stored, _watch

offline_site = test_offline.offline_site  # the saved site's fixture, shared with test_offline.py

# The calculator that follows a "Try with your numbers" tap: right after the example's card.
_NEXT_TO_ITS_CARD = r"""
(system) => {
  const calc = document.querySelector(`details.calculator[data-system="${system}"]`);
  const card = calc.previousElementSibling;
  return Boolean(calc.open && card && card.classList.contains("worked-example")
                 && card.querySelector("a.calculator-try"));
}
"""


@pytest.mark.parametrize("system", SYSTEMS)
def test_try_with_your_numbers_brings_the_calculator_to_the_example(
    page: Page, base_url: str, system: str
) -> None:
    calculator = calculators.CALCULATORS[system]
    page.goto(f"{base_url}/{system}/", wait_until="load")
    tries = page.locator(f'a.calculator-try[data-system="{system}"]')
    expect(tries.first).to_be_attached()
    link = tries.filter(visible=True).last  # the farthest from the calculator's own place, in sight
    values = _form_values(calculator, json.loads(link.get_attribute("data-values") or "{}"))
    card_situation = link.locator("xpath=ancestor::div[contains(@class,'worked-example')]").locator(
        ".we-situation").first.inner_text()
    link.scroll_into_view_if_needed()
    link.click()
    _wait_ready(page, system)
    shown = _answer(page, system, values)
    assert shown == _expected(system, values, base_url)
    assert card_situation.strip() in shown["situation"], "the answer is not the example's situation"
    assert page.evaluate(_NEXT_TO_ITS_CARD, system), "the calculator is not at the example"
    expect(page.locator(f'details.calculator[data-system="{system}"]')).to_be_in_viewport()
    recorded = {key: value for key, value in parse_qsl(urlsplit(page.url).query, keep_blank_values=True)}
    assert recorded == {f"{system}.{name}": value for name, value in values.items()}

    page.reload(wait_until="load")
    _wait_ready(page, system)
    assert page.evaluate(_NEXT_TO_ITS_CARD, system), "a reload leaves the calculator away from the example"
    assert page.escaped == []


def test_the_chances_before_the_roll_are_the_rules_exact_odds(page: Page, base_url: str) -> None:
    system = "typed-damage"
    calculator = calculators.CALCULATORS[system]
    page.goto(f"{base_url}/{system}/", wait_until="load")
    page.locator(f'details.calculator[data-system="{system}"] > summary').click()
    _wait_ready(page, system)
    roll = page.locator(f"#calc-{system}-roll")
    roll.fill("")
    page.locator(f'details.calculator[data-system="{system}"] button[type=submit]').click()
    defaults = {field.name: field.default for field in calculator.fields}
    values = _form_values(calculator, defaults | {"roll": ""})
    shown = _answer(page, system, values)
    python = calculators.answer(system, values)
    assert shown["ok"] and shown["outcome"] == python["outcome"]
    assert "at least 1 damage" in shown["outcome"]
    tables = page.locator(f'details.calculator[data-system="{system}"] table.calculator__odds caption')
    titles = [python["odds"]["title"], *(chart["title"] for chart in python["charts"])]
    assert tables.all_inner_texts() == titles
    for chart in python["charts"]:
        assert sum(bar["numerator"] / bar["denominator"] for bar in chart["bars"]) == pytest.approx(1)


@OFFLINE_VISIT
def test_offline_a_calculator_never_opened_answers_once_the_calculators_are_saved(
    browser: Any, offline_site: str
) -> None:
    context = _phone(browser)
    page = _watch(context.new_page())
    page.goto(offline_site + "/")
    _stored(page)
    offer = page.locator(".offline-status .offline-save-calculators")
    expect(offer).to_contain_text("Save the calculators for offline use,")
    expect(offer).to_contain_text(" MB")

    context.set_offline(True)
    page.goto(f"{offline_site}/affinity/")
    page.locator('details.calculator[data-system="affinity"] > summary').click()
    calc = page.locator('details.calculator[data-system="affinity"]')
    expect(calc).to_have_attribute("data-state", "failed")
    status = calc.locator(".calculator__status")
    expect(status).to_contain_text("You are offline")
    expect(status).not_to_contain_text("fetch")
    expect(calc.locator(".calculator__retry")).to_be_visible()

    context.set_offline(False)
    page.locator(".offline-status .offline-save-calculators").click()
    expect(page.locator(".offline-status")).to_contain_text("the reference and its calculators")
    context.set_offline(True)
    calc.locator(".calculator__retry").click()
    _wait_ready(page, "affinity")

    page.goto(f"{offline_site}/typed-damage/")  # never opened on this device
    page.locator('details.calculator[data-system="typed-damage"] > summary').click()
    _wait_ready(page, "typed-damage")
    calculator = calculators.CALCULATORS["typed-damage"]
    values = _form_values(calculator, {field.name: field.default for field in calculator.fields})
    shown = _answer(page, "typed-damage", values)
    assert shown["ok"] and shown["outcome"] == calculators.answer("typed-damage", values)["outcome"]
    assert context.escaped == []
    context.close()
