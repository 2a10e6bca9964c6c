"""The calculators' figures for scripts/bench: what a page pays before and after a player opens one.

For each system page, in a fresh browser context (nothing cached), served with gzip:
- bytes the page loads before the calculator is opened, and the runtime's share (goal 0);
- time from opening the calculator (a tap on its summary) to the first answer on screen, cold,
  and the bytes that opening downloads;
- time of a later answer (a changed field, "Work it out"): the median of several.
"""

from __future__ import annotations

import contextlib
import statistics
from typing import Any

RUNTIME = "/assets/calculator/"
KIB = 1024
LATER_ANSWERS = 9

# Opens the calculator and resolves with the milliseconds until its first answer is on screen.
_OPEN = r"""
(system) => new Promise(resolve => {
  const calc = document.querySelector(`details.calculator[data-system="${system}"]`);
  const answer = calc.querySelector(".calculator__answer");
  const start = performance.now();
  new MutationObserver((_, observer) => {
    if (answer.dataset.query !== undefined) { observer.disconnect(); resolve(performance.now() - start); }
  }).observe(answer, {attributes: true});
  calc.querySelector("summary").click();
})
"""

# Asks again with the first number field changed; resolves with the milliseconds until the answer.
_AGAIN = r"""
([system, value]) => new Promise(resolve => {
  const calc = document.querySelector(`details.calculator[data-system="${system}"]`);
  const answer = calc.querySelector(".calculator__answer");
  const input = calc.querySelector("input[inputmode=numeric]") || calc.querySelector("input, textarea");
  input.value = value;
  const before = answer.dataset.query;
  const start = performance.now();
  new MutationObserver((_, observer) => {
    if (answer.dataset.query !== before) { observer.disconnect(); resolve(performance.now() - start); }
  }).observe(answer, {attributes: true, childList: true});
  calc.querySelector("form").requestSubmit();
})
"""


def calculator_rows(
    base: str, systems: list[str], chromium: str, flags: list[str]
) -> list[tuple[str, str, str]]:
    """The figures, as bench rows (figure, value, target)."""
    from playwright.sync_api import sync_playwright

    rows: list[tuple[str, str, str]] = []
    colds: list[float] = []
    laters: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=flags)
        for system in systems:
            figures = _one_page(browser, base, system)
            colds.append(figures["cold"])
            laters.extend(figures["later"])
            rows.append((
                f"`/{system}/` before the calculator is opened: everything / runtime (KiB as sent)",
                f"{figures['before'] / KIB:.0f} / {figures['runtime_before'] / KIB:.0f}", "runtime 0",
            ))
            rows.append((
                f"`/{system}/` opening the calculator: first answer, cold (the runtime's start in its"
                " worker, and how) / downloaded (KiB as sent)",
                f"{figures['cold']:.0f} ms ({figures['start']:.0f} ms, {figures['how']})"
                f" / {figures['opened'] / KIB:.0f}", "< 3 s",
            ))
        browser.close()
    rows.append(("Calculator: first answer after opening, cold: median / slowest of the systems",
                 f"{statistics.median(colds):.0f} ms / {max(colds):.0f} ms", "< 3 s"))
    rows.append((f"Calculator: a later answer, median of {len(laters)} ({LATER_ANSWERS} per system)",
                 f"{statistics.median(laters):.1f} ms", "< 100 ms"))
    return rows


def _one_page(browser: Any, base: str, system: str) -> dict[str, Any]:
    context = browser.new_context()  # a fresh context: nothing cached
    page = context.new_page()
    sizes = {"before": 0, "runtime_before": 0, "opened": 0}
    phase = {"now": "before"}

    def record(response: Any) -> None:
        with contextlib.suppress(Exception):  # a redirect or an aborted request has no body
            wire = int(response.headers.get("content-length", len(response.body())))
            sizes[phase["now"]] += wire
            if phase["now"] == "before" and RUNTIME in response.url:
                sizes["runtime_before"] += wire

    context.on("response", record)
    page.goto(f"{base}/{system}/", wait_until="networkidle")
    phase["now"] = "opened"
    cold = page.evaluate(_OPEN, system)
    page.wait_for_load_state("networkidle")
    parts = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('measure')"
        ".filter(m => m.name.startsWith('calculator:')).map(m => [m.name.slice(11), m.duration]))"
    )
    later = []
    for number in range(LATER_ANSWERS):
        later.append(page.evaluate(_AGAIN, [system, str(3 + number)]))
    context.close()
    how, start = next(iter(parts.items()), ("?", 0.0))  # calculator.js: "snapshot" or "plain"
    return {**sizes, "cold": cold, "later": later, "how": how, "start": start}
