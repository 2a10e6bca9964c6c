"""The calculators at the table, on a phone profile, for scripts/bench (`--calculator`).

A phone: 390x844, touch, Chromium's CPU throttling at 4x (on the page and on its workers).
The site is built for the address it is served at (instant navigation needs it) and carries
its service worker (scripts/offline), as a deployment does. In one run, each figure beside
a bare start of the site's own Pyodide (`loadPyodide()` on a blank page, nothing cached):

- first visit: a fresh browser opens a system page, the player taps the calculator's
  summary; time to the first answer on screen;
- next page in place: from there, a link to another system page (instant navigation), a
  tap on its calculator; time to its answer;
- later visit: the same browser (its caches and service worker kept) opens the page anew,
  the calculator is brought into view and tapped; time to the first answer;
- the longest task on the page's main thread from the tap to the answer (Long Tasks API).
"""

from __future__ import annotations

import statistics
from typing import Any

THROTTLING = 4
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 3}

_BARE = r"""
async (runtime) => {
  const start = performance.now();
  const module = await import(runtime + "pyodide.mjs");
  await module.loadPyodide({ indexURL: runtime, fullStdLib: false });
  return performance.now() - start;
}
"""

# The same bare start in a module worker, where the calculator runs: Chromium throttles the
# page's main thread only ("Emulation.setCPUThrottlingRate ... only supported for pages"),
# so a worker's figure is compared with a worker's.
_BARE_IN_WORKER = r"""
async (runtime) => {
  const source = `import { loadPyodide } from "${runtime}pyodide.mjs";
    await loadPyodide({ indexURL: "${runtime}", fullStdLib: false }); postMessage("started");`;
  const start = performance.now();
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })),
                            { type: "module" });
  await new Promise(resolve => { worker.onmessage = resolve; });
  worker.terminate();
  return performance.now() - start;
}
"""

# Once the page is idle (its own start done), watches long tasks, taps the calculator's summary,
# and resolves with [ms to the answer, longest task].
_TAP = r"""
(system) => new Promise(idle => requestIdleCallback(idle, { timeout: 10000 }))
.then(() => new Promise(resolve => {
  const calc = document.querySelector(`details.calculator[data-system="${system}"]`);
  const answer = calc.querySelector(".calculator__answer");
  let longest = 0;
  const tasks = new PerformanceObserver(list => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  tasks.observe({ type: "longtask" });
  const start = performance.now();
  new MutationObserver((_, observer) => {
    if (answer.dataset.query === undefined) return;
    observer.disconnect();
    const took = performance.now() - start;
    setTimeout(() => { tasks.disconnect(); resolve([took, longest]); }, 50);
  }).observe(answer, { attributes: true });
  calc.querySelector("summary").click();
}))
"""


def _throttle(context: Any, page: Any) -> None:
    """4x slower CPU on the page and on every worker it starts (each is a target of its own)."""
    session = context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLING})


def _phone(browser: Any) -> tuple[Any, Any]:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    _throttle(context, page)
    return context, page


def _tap(page: Any, system: str) -> tuple[float, float]:
    calculator = page.locator(f'details.calculator[data-system="{system}"]')
    calculator.scroll_into_view_if_needed()
    took, longest = page.evaluate(_TAP, system)
    return float(took), float(longest)


def phone_figures(base: str, chromium: str, flags: list[str], runs: int = 3) -> dict[str, list[float]]:
    """Each figure of each run, in milliseconds."""
    from playwright.sync_api import sync_playwright

    names = ("bare", "bare_worker", "first", "next", "later", "long_first", "long_later")
    figures: dict[str, list[float]] = {name: [] for name in names}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=flags)
        for _ in range(runs):
            context, page = _phone(browser)
            page.goto(f"{base}/glossary/", wait_until="load")
            figures["bare"].append(page.evaluate(_BARE, f"{base}/assets/calculator/"))
            context.close()
            context, page = _phone(browser)
            page.goto(f"{base}/glossary/", wait_until="load")
            figures["bare_worker"].append(page.evaluate(_BARE_IN_WORKER, f"{base}/assets/calculator/"))
            context.close()

            context, page = _phone(browser)
            page.goto(f"{base}/affinity/", wait_until="load")
            page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=120_000)
            took, longest = _tap(page, "affinity")
            figures["first"].append(took)
            figures["long_first"].append(longest)
            page.evaluate("location.hash = ''")
            link = page.locator('a[href$="resistances/"]').first
            page.evaluate("(link) => link.click()", link.element_handle())
            page.wait_for_function("location.pathname.endsWith('/resistances/') && "
                                   "document.querySelector('details.calculator[data-system=resistances]')")
            took, _ = _tap(page, "resistances")
            figures["next"].append(took)
            page.close()

            later = context.new_page()
            _throttle(context, later)
            later.goto(f"{base}/affinity/", wait_until="load")
            took, longest = _tap(later, "affinity")
            figures["later"].append(took)
            figures["long_later"].append(longest)
            context.close()
        browser.close()
    return figures


def phone_rows(base: str, chromium: str, flags: list[str], runs: int = 3) -> list[tuple[str, str, str]]:
    """The figures as bench rows (figure, value, goal): medians of `runs`, each beside the bare start."""
    figures = phone_figures(base, chromium, flags, runs)
    median = {name: statistics.median(values) for name, values in figures.items()}
    bare, in_worker = median["bare"], median["bare_worker"]

    def beside(name: str) -> str:
        return (f"{median[name] / 1000:.2f} s ({median[name] / in_worker:.2f}x the bare start in a worker,"
                f" {median[name] / bare:.2f}x on the page)")

    return [
        (f"Phone (390x844, touch, CPU {THROTTLING}x): a bare start of the site's Pyodide on the page /"
         f" in a worker (not throttled by Chromium), median of {runs}",
         f"{bare / 1000:.2f} s / {in_worker / 1000:.2f} s", "the yardsticks"),
        ("Phone: first visit, tap to the first answer", beside("first"), "<= 1.5x"),
        ("Phone: next page reached in place, tap to its answer", f"{median['next'] / 1000:.2f} s", "<= 1 s"),
        ("Phone: later visit (caches kept), tap to the first answer", beside("later"), "<= 0.25x"),
        ("Phone: longest main-thread task from tap to answer: first / later visit",
         f"{median['long_first']:.0f} ms / {median['long_later']:.0f} ms", "<= 200 ms"),
    ]
