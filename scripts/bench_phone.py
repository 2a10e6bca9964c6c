"""The calculators at the table, on a phone profile, for scripts/bench (`--calculator`).

A phone: 390x844, touch, Chromium's CPU throttling at 4x. Chromium throttles only a page's
main thread ("Emulation.setCPUThrottlingRate ... only supported for pages, not workers"),
and the calculator's Python runs in a worker: so each figure stands beside a bare start of the
site's own Pyodide (`loadPyodide()` on a blank page, nothing cached) measured in a worker too,
like for like, and beside the same start on the (throttled) page. The site is built for the
address it is served at (instant navigation needs it) and carries its service worker
(scripts/offline), as a deployment does. In one run:

- first visit: a fresh browser opens a system page, the player taps the calculator's
  summary; time until the first answer is on screen (the frame that shows it);
- next page in place: from there, a link to another system page (instant navigation), a
  tap on its calculator; time until its answer is on screen;
- later visit: the same browser (its caches and service worker kept) opens the page anew; the
  calculator is brought into view (the runtime starts as it comes near), the page goes idle,
  the player taps; time until the answer is on screen; the worst case, a tap as soon as
  the page has loaded (the runtime's whole start after the tap); and a player who reads on
  while the calculator is near (the tap once its answer waits in the closed calculator);
- the longest task on the page's main thread from the tap to the answer: its wall time (Long
  Tasks API) and the CPU time the thread spent on it (a trace's thread time), as a loaded
  machine stretches wall times with waits for a core;
- where a start's time goes: the worker's own marks (calculator-worker.js `phase()`): files read
  and the snapshot inflated, Pyodide started from it, the rules' module looked up, the first
  answer worked out, each from the worker's start.
"""

from __future__ import annotations

import json
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

# The same bare start in a module worker, where the calculator runs (not throttled, see above).
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

# Watches long tasks, taps the calculator's summary (once the page is idle, unless `atOnce`), and
# resolves with [ms until the answer is on screen, longest task, the tap's time since the epoch].
# On screen: the calculator open with an answer, and the frame that draws it done (an animation
# frame, then a task after it). The answer may already wait in the closed calculator (worked out
# while it was near the screen): then the tap shows it in that frame.
_TAP = r"""
([system, atOnce]) => (atOnce ? Promise.resolve()
  : new Promise(idle => requestIdleCallback(idle, { timeout: 10000 })))
.then(() => new Promise(resolve => {
  const calc = document.querySelector(`details.calculator[data-system="${system}"]`);
  const answer = calc.querySelector(".calculator__answer");
  let longest = 0;
  const tasks = new PerformanceObserver(list => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  tasks.observe({ type: "longtask" });
  const start = performance.now();
  const tapped = performance.timeOrigin + start;
  calc.querySelector("summary").click();
  (function frame() {
    requestAnimationFrame(() => {
      if (!(calc.open && answer.dataset.query !== undefined)) return frame();
      setTimeout(() => {
        const took = performance.now() - start;
        setTimeout(() => { tasks.disconnect(); resolve([took, longest, tapped]); }, 50);
      });
    });
  })();
}))
"""

# The calculator worker's marks (calculator-worker.js), in ms since the epoch.
_MARKS = r"""
() => Object.fromEntries(performance.getEntriesByType("mark")
  .filter(mark => mark.name.startsWith("calculator:"))
  .map(mark => [mark.name.slice(11), performance.timeOrigin + mark.startTime]))
"""

VISITS = ("first", "later", "later_at_once", "later_read")
PHASES = (  # (name, from mark, to mark)
    ("files read, snapshot inflated", "worker", "snapshot"),
    ("Pyodide started from the snapshot", "snapshot", "loadPyodide"),
    ("rules' module looked up", "loadPyodide", "imported"),
    ("first answer worked out", "imported", "answered"),
)


def _throttle(context: Any, page: Any) -> None:
    """4x slower CPU on the page's main thread (Chromium cannot throttle its workers)."""
    session = context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLING})


def _phone(browser: Any) -> tuple[Any, Any]:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    _throttle(context, page)
    return context, page


def _tap(page: Any, system: str, *, at_once: bool = False) -> tuple[float, float, float, float]:
    """Ms to the answer on screen, the longest task (wall), its CPU time on the thread, the tap's time."""
    if not at_once:
        page.locator(f'details.calculator[data-system="{system}"]').scroll_into_view_if_needed()
    browser = page.context.browser
    browser.start_tracing(page=page, categories=["toplevel"])
    try:
        took, longest, tapped = page.evaluate(_TAP, [system, at_once])
    finally:
        trace = browser.stop_tracing()
    return float(took), float(longest), _longest_cpu(trace), float(tapped)


def _longest_cpu(trace: bytes) -> float:
    """The most CPU time (ms) one task took on the page's main thread while the trace ran.

    The Long Tasks API gives a task's wall time, which on a loaded machine includes the time
    the thread waited for a core; the trace's thread time is what the task itself cost.
    """
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    mains = {(event["pid"], event["tid"]) for event in events
             if event.get("ph") == "M" and event.get("name") == "thread_name"
             and event.get("args", {}).get("name") == "CrRendererMain"}
    busy: dict[tuple[int, int], list[float]] = {}
    for event in events:
        thread = (event.get("pid"), event.get("tid"))
        if event.get("name") == "ThreadControllerImpl::RunTask" and thread in mains:
            busy.setdefault(thread, []).append(event.get("tdur", 0) / 1000)
    page = max(busy.values(), key=sum, default=[0.0])  # the page's renderer: the busiest main thread
    return max(page)


def _phases(page: Any, tapped: float) -> dict[str, float]:
    """The calculator worker's phases (ms), and when it was ready relative to the tap."""
    workers = [worker for worker in page.workers if worker.url.endswith("calculator-worker.js")]
    if not workers:
        return {}
    marks = workers[-1].evaluate(_MARKS)
    found = {name: marks[end] - marks[begin] for name, begin, end in PHASES
             if begin in marks and end in marks}
    if "worker" in marks and "imported" in marks:
        found["start in the worker"] = marks["imported"] - marks["worker"]
        found["ready, from the tap"] = marks["imported"] - tapped
    return found


def phone_figures(base: str, chromium: str, flags: list[str], runs: int = 3) -> dict[str, list[float]]:
    """Each figure of each run, in milliseconds."""
    from playwright.sync_api import sync_playwright

    figures: dict[str, list[float]] = {}

    def keep(name: str, value: float) -> None:
        figures.setdefault(name, []).append(value)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=flags)
        for _ in range(runs):
            for name, script in (("bare", _BARE), ("bare_worker", _BARE_IN_WORKER)):
                context, page = _phone(browser)
                page.goto(f"{base}/glossary/", wait_until="load")
                keep(name, page.evaluate(script, f"{base}/assets/calculator/"))
                context.close()

            context, page = _phone(browser)
            page.goto(f"{base}/affinity/", wait_until="load")
            page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=120_000)
            took, longest, cpu, tapped = _tap(page, "affinity")
            keep("first", took)
            keep("long_first", longest)
            keep("cpu_first", cpu)
            for phase, value in _phases(page, tapped).items():
                keep(f"first: {phase}", value)
            page.evaluate("location.hash = ''")
            link = page.locator('a[href$="resistances/"]').first
            page.evaluate("(link) => link.click()", link.element_handle())
            page.wait_for_function("location.pathname.endsWith('/resistances/') && "
                                   "document.querySelector('details.calculator[data-system=resistances]')")
            took, *_ = _tap(page, "resistances")
            keep("next", took)
            page.close()

            for name, at_once in (("later", False), ("later_at_once", True), ("later_read", False)):
                later = context.new_page()
                _throttle(context, later)
                later.goto(f"{base}/affinity/", wait_until="load")
                if name == "later_read":  # the player reads on while the calculator is near the screen
                    later.locator('details.calculator[data-system="affinity"]').scroll_into_view_if_needed()
                    later.wait_for_function("document.querySelector('details.calculator[data-system=affinity]"
                                            " .calculator__answer').dataset.query !== undefined",
                                            timeout=120_000)
                took, longest, cpu, tapped = _tap(later, "affinity", at_once=at_once)
                keep(name, took)
                keep(f"long_{name}", longest)
                keep(f"cpu_{name}", cpu)
                for phase, value in _phases(later, tapped).items():
                    keep(f"{name}: {phase}", value)
                later.close()
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

    def phases(visit: str) -> str:
        names = [name for name, *_ in PHASES] + ["start in the worker", "ready, from the tap"]
        found = [(name, median[f"{visit}: {name}"]) for name in names if f"{visit}: {name}" in median]
        return "; ".join(f"{name} {value:.0f} ms" for name, value in found) or "no marks"

    return [
        (f"Phone (390x844, touch, CPU {THROTTLING}x on the page): a bare start of the site's Pyodide in a"
         f" worker (as the calculator runs; Chromium throttles no worker) / on the page, median of {runs}",
         f"{in_worker / 1000:.2f} s / {bare / 1000:.2f} s", "the yardsticks"),
        ("Phone: first visit, tap to the first answer on screen", beside("first"), "<= 1.5x"),
        ("Phone: first visit, where the worker's start went (from its start)", phases("first"), ""),
        ("Phone: next page reached in place, tap to its answer on screen",
         f"{median['next'] / 1000:.2f} s", "<= 1 s"),
        ("Phone: later visit (caches kept), calculator brought near, tap when the page is idle, to the"
         " answer on screen", beside("later"), "<= 0.25x"),
        ("Phone: later visit, tap as soon as the page has loaded (the whole start after the tap)",
         beside("later_at_once"), "<= 0.25x"),
        ("Phone: later visit, tap once the calculator near the screen has its answer (a player reading"
         " on; the answer waits in the closed calculator)", beside("later_read"), "<= 0.25x"),
        ("Phone: later visit, tapped at once, where the worker's start went", phases("later_at_once"), ""),
        ("Phone: longest main-thread task from tap to answer, wall (Long Tasks API): first / later /"
         " later tapped at once / later after reading on",
         " / ".join(f"{median[f'long_{visit}']:.0f}" for visit in VISITS) + " ms", "<= 200 ms"),
        ("Phone: the same, the most CPU time one task took on the main thread (the trace's thread time:"
         " without the waits for a core of a loaded machine)",
         " / ".join(f"{median[f'cpu_{visit}']:.0f}" for visit in VISITS) + " ms", "<= 200 ms"),
    ]
