"""Worked examples in Chromium: the Python behind "Show as Python" is inert until asked for.

rulesite/examples.py ships each example's highlighted Python in a ``<template>`` inside its
toggle, as one escaped text (rulesite/extension.py); assets/js/player.js puts it in place when
the toggle opens, and before printing.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from sitetools.player_view import open_page

# Every toggle's state: its template still there, its code laid out.
_TOGGLES = """() => [...document.querySelectorAll("article details.example-python")].map(d => ({
  inert: d.querySelectorAll(":scope > template").length,
  laidOut: d.querySelectorAll("pre").length,
}))"""

# The words of the first toggle's code, read from its template's text (the escaped HTML).
_CODE = """d => {
  const parsed = document.createElement("template");
  parsed.innerHTML = d.querySelector(":scope > template").content.textContent;
  return parsed.content.textContent;
}"""


@pytest.fixture
def phone_page(browser, base_url):
    context, page = open_page(browser, base_url + "/resistances/", "phone", "light")
    yield page
    context.close()


def test_no_python_is_laid_out_until_a_toggle_is_opened(phone_page):
    toggles = phone_page.evaluate(_TOGGLES)
    assert len(toggles) >= 20
    assert all(t == {"inert": 1, "laidOut": 0} for t in toggles)
    assert phone_page.locator("article pre:not(.flowchart)").count() == 0


@pytest.mark.parametrize("how", ["tap", "keyboard"])
def test_show_as_python_shows_the_highlighted_console_session(phone_page, how):
    toggle = phone_page.locator("article details.example-python:not(.example-setup)").first
    code = toggle.evaluate(_CODE)
    assert ">>> " in code
    summary = toggle.locator(":scope > summary")
    expect(summary).to_have_text("Show as Python")
    if how == "tap":
        summary.tap()
    else:
        summary.focus()
        phone_page.keyboard.press("Enter")
    shown = toggle.locator("pre > code")
    expect(shown).to_be_visible()
    assert shown.text_content() == code  # exactly the code the build highlighted
    expect(shown.locator("span.gp").first).to_have_text(">>> ")  # highlighted as a console session
    expect(shown).to_have_attribute("tabindex", "0")  # reachable and scrollable by keyboard
    assert toggle.locator(":scope > template").count() == 0
    summary.click()  # closed again, the code stays in place for the next opening
    expect(shown).to_be_hidden()
    summary.click()
    expect(shown).to_be_visible()


def test_printing_puts_every_example_s_python_in_place(phone_page, tmp_path):
    phone_page.pdf(path=str(tmp_path / "resistances.pdf"))  # fires beforeprint, as printing does
    toggles = phone_page.evaluate(_TOGGLES)
    assert toggles and all(t == {"inert": 0, "laidOut": 1} for t in toggles)
