"""Benchmark of the rules site (run it through scripts/bench).

Prints a Markdown table to paste into notes:
- wall time of the examples, unit and property tests (no browser, no integration tests);
- wall time of a strict build, and of the live server's rebuild after one page is edited;
- with `--build-parts`, the CPU seconds of each part of one cold strict build (bench_build.py);
- the strict build's CPU beside a plain Material build of the same Markdown, at today's size and
  at 8x the content (bench_scale.py; `--build-scale` measures only these);
- bytes each page loads (HTML, JS, CSS; the diagram renderer is listed on its own);
- time until a page's flowchart is on screen in headless Chromium (drawn ahead of time,
  and drawn by the browser fallback);
- bytes the home page loads before anyone searches, and the search index's share;
- elements each page holds at load, beside an empty Material page (bench_pages.py);
- Lighthouse's mobile audit of every page (performance, total blocking time, largest
  contentful paint, elements, bytes) beside the empty page measured in the same run, with
  `--lighthouse`; `--pages` measures only the pages (`--site DIR`: an already built site);
- the worst-case time of each public rules function on adversarial inputs (bench_engine.py);
- the calculators (bench_calculator.py): bytes before one is opened (goal: no runtime byte),
  time from opening to the first answer (cold), time of a later answer;
  `--calculator` measures only these, then the calculators on a phone profile (bench_phone.py:
  first visit, next page in place, later visit, longest main-thread task, beside a bare start).

Pages are served the way a static host serves them: gzip-compressed text.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from rulesite import QUIET_BUILD

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
ENV = {**os.environ, **QUIET_BUILD}
SYSTEM_PAGES = ["/resistances/", "/monsters/", "/affinity/", "/conditions/", "/typed-damage/",
                "/taking-damage/"]
sys.path.insert(0, str(ROOT))

from bench_build import build_parts  # noqa: E402
from bench_calculator import calculator_rows  # noqa: E402
from bench_engine import engine_rows  # noqa: E402
from bench_pages import EMPTY, PAGES, element_rows, lighthouse_rows  # noqa: E402
from bench_phone import phone_rows  # noqa: E402
from bench_scale import scale_rows  # noqa: E402
from bench_search import search_rows  # noqa: E402

from sitetools.browser import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from sitetools.server import serve as serve_site  # noqa: E402

KIB = 1024


def timed(command: list[str], runs: int, env: dict[str, str] | None = None, cwd: Path = ROOT) -> float:
    """Median wall time of a command that must succeed."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, cwd=cwd, env=env or ENV, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return statistics.median(times)


@contextlib.contextmanager
def serve(site: Path, port: int = 0) -> Iterator[str]:
    """``site`` served as a static host serves it: text compressed with gzip, not cached."""
    with serve_site(site, port, gzip=True) as served:
        yield served.base


def page_weights(base: str, paths: list[str]) -> dict[str, dict[str, float]]:
    """Bytes of HTML, JS and CSS each page loads in Chromium (uncompressed and on the wire)."""
    from playwright.sync_api import sync_playwright

    weights: dict[str, dict[str, float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        for path in paths:
            page = browser.new_page()
            sizes = {"html": 0.0, "js": 0.0, "css": 0.0, "renderer": 0.0, "wire": 0.0}

            def record(response, sizes=sizes):
                kind = response.request.resource_type
                key = {"script": "js", "stylesheet": "css", "document": "html"}.get(kind)
                if not key or not response.ok:
                    return
                body = len(response.body())
                if "mermaid" in response.url:
                    key = "renderer"
                sizes[key] += body
                sizes["wire"] += int(response.headers.get("content-length", body))

            page.on("response", record)
            page.goto(base + path, wait_until="networkidle")
            weights[path] = sizes
            page.close()
        browser.close()
    return weights


def before_search(base: str) -> dict[str, int]:
    """Bytes on the wire the home page loads before a search is made, and the index's part."""
    from playwright.sync_api import sync_playwright

    sizes = {"everything": 0, "index": 0}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        page = browser.new_page()

        def record(response) -> None:
            with contextlib.suppress(Exception):  # a redirect or an aborted request has no body
                wire = int(response.headers.get("content-length", len(response.body())))
                sizes["everything"] += wire
                if "search_index.json" in response.url:
                    sizes["index"] += wire

        page.context.on("response", record)  # the context sees the search worker's requests too
        page.goto(base + "/", wait_until="networkidle")
        browser.close()
    return sizes


def flowchart_times(base: str) -> dict[str, float]:
    """Milliseconds from navigation until the flowchart is on screen, both ways."""
    from playwright.sync_api import sync_playwright

    ready = ("[...document.querySelectorAll('div.flowchart svg')]"
             ".some(svg => svg.getBoundingClientRect().height > 0)")
    times: dict[str, float] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        page = browser.new_page()
        page.goto(base + "/affinity/", wait_until="commit")
        page.wait_for_function(ready, polling="raf", timeout=30000)
        times["drawn ahead, /affinity/"] = page.evaluate("performance.now()")
        page.goto(base + "/glossary/", wait_until="load")
        start = page.evaluate("performance.now()")
        page.evaluate(
            """() => {
              const pre = document.createElement("pre");
              pre.className = "flowchart";
              pre.textContent = 'flowchart TD\\n  A["Edited"] --> B{"Rule?"}\\n  B -- yes --> C["Done"]';
              document.querySelector("article").appendChild(pre);
              window.drawFlowcharts();
            }"""
        )
        page.wait_for_function(ready, polling="raf", timeout=30000)
        times["drawn by the browser fallback (renderer fetched)"] = page.evaluate("performance.now()") - start
        browser.close()
    return times


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


EMPTY_SITE = {
    "mkdocs.yml": "site_name: Empty\nsite_url: http://127.0.0.1:8000/\nstrict: true\n"
                  "theme:\n  name: material\n  font: false\n",
    "docs/index.md": "# Home\n\nAn empty page.\n",
    "docs/second.md": "# Second\n\nAn empty page.\n",
    "docs/third.md": "# Third\n\nAn empty page.\n",
}
"""The scale for build times: an empty three-page Material site (ratios carry between machines)."""


def write_empty_site(folder: Path) -> list[str]:
    """Write the empty site into ``folder``; the command that builds it strictly into ``folder/site``.

    The one empty site of every figure: the build's scale here, and the page figures' (bench_pages.py).
    """
    for name, text in EMPTY_SITE.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return [str(BIN / "mkdocs"), "build", "--strict", "-f", str(folder / "mkdocs.yml"),
            "--site-dir", str(folder / "site")]


def build_against_empty(runs: int) -> tuple[float, float, float, float]:
    """Median wall and CPU seconds of the strict build, ours and the empty site's, interleaved in one run.

    CPU is user + system time of the build process: on a shared machine the wall time grows with
    the others' load, the CPU time hardly does. Every build is cold: it writes into a folder that
    does not exist yet, and the build keeps no cache of its own between runs.
    """
    with tempfile.TemporaryDirectory() as work:
        empty_cmd = write_empty_site(Path(work) / "empty")
        ours_site = Path(work) / "ours"
        ours_cmd = [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(ours_site)]
        ours, blank = [], []
        for _ in range(runs):
            shutil.rmtree(Path(work) / "empty" / "site", ignore_errors=True)
            blank.append(_wall_and_cpu(empty_cmd))
            shutil.rmtree(ours_site, ignore_errors=True)
            ours.append(_wall_and_cpu(ours_cmd))
    median = statistics.median
    return (median(w for w, _ in ours), median(c for _, c in ours),
            median(w for w, _ in blank), median(c for _, c in blank))


def _wall_and_cpu(
    command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None
) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = timed(command, 1, env, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


RULE_FILE = Path("rules") / "affinity" / "steps.py"
RULE_TEXT = '"9 damage becomes"'
"""A rule's code the affinity page shows (the header of its multiplier table)."""
RULE_DOC = "Step 5's multipliers"
"""Its docstring, which the affinity API page shows."""


def reload_times(runs: int, full: bool = False) -> dict[str, float]:
    """Seconds from saving a file until `scripts/serve` serves the change: a page, and a rule's code.

    The server runs as `scripts/serve` runs it (``--dirty --no-strict``; ``--strict`` with
    ``full``), in a copy of the repository; the saves alternate and each figure is a median.
    """
    with tempfile.TemporaryDirectory() as work:
        copy = Path(work) / "repo"
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
            ".git", ".venv", "node_modules", "site", "__pycache__", ".hypothesis", "test-results", "mutants",
            ".cache"))
        port = free_port()
        mode = ["--strict"] if full else ["--dirty", "--no-strict"]
        server = subprocess.Popen([str(BIN / "python"), str(copy / "scripts" / "serve.py"), *mode,
                                   "--dev-addr", f"127.0.0.1:{port}"],
                                  cwd=copy, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        page, rule = copy / "docs" / "glossary.md", copy / RULE_FILE
        try:
            _wait_for(f"{base}/glossary/", "Glossary", timeout=300)
            _wait_for(f"{base}/affinity/", RULE_TEXT.strip('"'), timeout=300)
            times: dict[str, list[float]] = {"page": [], "rule": []}
            for run in range(runs):
                time.sleep(1.0)  # let the watcher settle (not part of any figure)
                token = f"bench-{time.time_ns()}"
                start = time.perf_counter()
                page.write_text(page.read_text(encoding="utf-8") + f"\n{token}\n", encoding="utf-8")
                _wait_for(f"{base}/glossary/", token, timeout=300)
                times["page"].append(time.perf_counter() - start)
                if full:
                    continue
                time.sleep(1.0)
                shown = f"9 damage, as saved in run {run}, becomes"
                text = rule.read_text(encoding="utf-8")
                previous = RULE_TEXT if run == 0 else f'"9 damage, as saved in run {run - 1}, becomes"'
                documented = f"Step 5's multipliers (run {run})"
                text = text.replace(previous, f'"{shown}"').replace(
                    RULE_DOC if run == 0 else f"Step 5's multipliers (run {run - 1})", documented)
                start = time.perf_counter()
                rule.write_text(text, encoding="utf-8")
                _wait_for(f"{base}/affinity/", shown, timeout=300)
                times["rule"].append(time.perf_counter() - start)
                # The API page follows in a second build: wait for it before the next save.
                _wait_for(f"{base}/api/affinity/", documented, timeout=300)
        finally:
            server.terminate()
            server.wait(timeout=60)
    return {name: statistics.median(values) for name, values in times.items() if values}


def _wait_for(url: str, text: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=5) as response:
            if text in response.read().decode("utf-8", "replace"):
                return
        time.sleep(0.05)
    sys.exit(f"{url} never showed {text!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Benchmark the rules site.")
    parser.add_argument("--runs", type=int, default=3, help="runs per timing (median reported)")
    parser.add_argument("--lighthouse", action="store_true",
                        help="also run Lighthouse on every page (about 30 s a page)")
    parser.add_argument("--pages", action="store_true",
                        help="only the pages' figures: elements at load (and Lighthouse with --lighthouse)")
    parser.add_argument("--site", type=Path, help="with --pages: measure this built site, do not build")
    parser.add_argument("--tests-only", action="store_true", help="only the test-loop timings")
    parser.add_argument("--calculator", action="store_true", help="only the calculators' figures")
    parser.add_argument("--search", action="store_true",
                        help="only the search figures: a keystroke to its results on a phone (--site DIR)")
    parser.add_argument("--build-only", action="store_true",
                        help="only the build against an empty site and the live server's reloads")
    parser.add_argument("--build-parts", action="store_true",
                        help="only where a cold strict build's CPU time goes, beside the empty site's")
    parser.add_argument("--build-scale", action="store_true",
                        help="only the strict build beside a plain Material build (CPU), 1x and 8x content")
    args = parser.parse_args()
    only = {"build_parts": (build_part_rows, 1),
            "build_scale": (lambda: scale_rows(args.runs), args.runs),
            "calculator": (calculator_only, 1), "search": (lambda: search_only(args.site), 1)}
    for flag, (rows_of, runs) in only.items():
        if getattr(args, flag):
            print_rows(rows_of(), runs)
            return
    if args.build_only:
        print_rows(build_rows(args.runs), args.runs)
        return
    if args.pages:
        print_rows(pages_only(args.site, lighthouse=args.lighthouse, runs=args.runs), args.runs)
        return
    rows = test_loop_rows(args.runs)
    if args.tests_only:
        print_rows(rows, args.runs)
        return
    with tempfile.TemporaryDirectory() as out:
        site = Path(out)
        rows += build_rows(args.runs)
        timed([str(BIN / "mkdocs"), "build", "--strict", "--site-dir", out], 1)
        with serve(site) as base:
            weights = page_weights(base, ["/", "/glossary/", *SYSTEM_PAGES, "/print/"])
            for path, size in weights.items():
                rows.append((f"`{path}`: HTML / JS / CSS / diagram renderer (KiB, uncompressed)",
                             f"{size['html'] / KIB:.0f} / {size['js'] / KIB:.0f} / {size['css'] / KIB:.0f}"
                             f" / {size['renderer'] / KIB:.0f}", ""))
                rows.append((f"`{path}`: everything, as sent (gzip)", f"{size['wire'] / KIB:.0f} KiB", ""))
            theme = [*site.glob("assets/javascripts/bundle.*.min.js"),
                     *site.glob("assets/stylesheets/*.min.css")]
            theme_bytes = sum(path.stat().st_size for path in theme)
            ours = [*site.glob("assets/js/*.js"), *site.glob("assets/css/*.css")]
            rows.append(("Material's own JS + CSS / the site's own JS + CSS on top (KiB)",
                         f"{theme_bytes / KIB:.0f} / {sum(p.stat().st_size for p in ours) / KIB:.0f}", ""))
            loaded = before_search(base)
            index = site / "search" / "search_index.json"
            rows.append(("Home page before any search: everything / the search index (KiB, as sent)",
                         f"{loaded['everything'] / KIB:.0f} / {loaded['index'] / KIB:.0f}"
                         f" ({100 * loaded['index'] / max(loaded['everything'], 1):.0f}%)", ""))
            entries = len(json.loads(index.read_text(encoding="utf-8"))["docs"])
            packed = len(gzip.compress(index.read_bytes()))
            rows.append(("Search index: entries / KiB uncompressed / KiB gzip",
                         f"{entries} / {index.stat().st_size / KIB:.0f} / {packed / KIB:.0f}", ""))
            renderer = (site / "assets" / "vendor" / "mermaid.min.js").stat().st_size
            rows.append(("Diagram renderer (fetched only by the fallback)", f"{renderer / KIB:.0f} KiB", ""))
            for label, millis in flowchart_times(base).items():
                rows.append((f"Flowchart on screen: {label}", f"{millis:.0f} ms", ""))
            rows.extend(calculator_rows(base, [p.strip("/") for p in SYSTEM_PAGES], str(CHROMIUM),
                                        CHROMIUM_FLAGS))
            rows.extend(search_rows(base, site, str(CHROMIUM), CHROMIUM_FLAGS))
            rows.extend(page_rows(base, lighthouse=args.lighthouse, runs=args.runs))
    rows.extend(engine_rows())  # the worst case of each public rules function (scripts/bench_engine.py)
    print_rows(rows, args.runs)


def build_part_rows() -> list[tuple[str, str, str]]:
    """CPU seconds of each part of one cold strict build, ours beside the empty site's (bench_build.py)."""
    with tempfile.TemporaryDirectory() as work:
        empty_cmd = write_empty_site(Path(work) / "empty")
        empty = build_parts(Path(empty_cmd[empty_cmd.index("-f") + 1]), Path(work) / "empty" / "site")
        ours = build_parts(ROOT / "mkdocs.yml", Path(work) / "ours")
    rows = [("Where a cold strict build's CPU goes: ours / the empty site's (s)", "", "")]
    rows += [(label, f"{seconds:.2f} / {empty.get(label, 0.0):.2f}", "") for label, seconds in ours.items()]
    return rows


def build_rows(runs: int) -> list[tuple[str, str, str]]:
    """The strict build against an empty Material site, and the live server's reloads."""
    wall, cpu, empty_wall, empty_cpu = build_against_empty(runs)
    scale = scale_rows(runs)
    reloads = reload_times(runs)
    full = reload_times(1, full=True)
    return [
        ("Strict build (`mkdocs build --strict`): wall (CPU)", f"{wall:.2f} s ({cpu:.2f} s)", ""),
        ("Empty 3-page Material site, same flags, same run: wall (CPU)",
         f"{empty_wall:.2f} s ({empty_cpu:.2f} s)", ""),
        ("Strict build / empty site: wall (CPU)",
         f"{wall / empty_wall:.1f}x ({cpu / empty_cpu:.1f}x)", "<= 4x"),
        *scale,
        ("`scripts/serve`: a saved page on screen (only that page rebuilt)", f"{reloads['page']:.2f} s", ""),
        ("`scripts/serve`: a saved change under `rules/` on screen (no restart; the pages using it)",
         f"{reloads['rule']:.2f} s", ""),
        ("`scripts/serve`: rule change / page edit", f"{reloads['rule'] / reloads['page']:.1f}x", "<= 2x"),
        ("`scripts/serve --full`: a saved page on screen (whole site rebuilt strictly)",
         f"{full['page']:.2f} s", ""),
    ]


def page_rows(base: str, *, lighthouse: bool, runs: int = 1) -> list[tuple[str, str, str]]:
    """Elements at load (and Lighthouse's audit) of every page, beside an empty Material page."""
    with tempfile.TemporaryDirectory() as out:
        timed(write_empty_site(Path(out)), 1)
        with serve(Path(out) / "site") as empty:
            urls = {EMPTY: empty + "/", **{path: base + path for path in PAGES}}
            if lighthouse:
                return lighthouse_rows(urls, str(CHROMIUM), CHROMIUM_FLAGS, runs)
            return element_rows(urls, str(CHROMIUM), CHROMIUM_FLAGS)


def pages_only(site: Path | None, *, lighthouse: bool, runs: int) -> list[tuple[str, str, str]]:
    """The pages' figures alone, on a fresh strict build or on an already built site."""
    if site is not None:
        with serve(site.resolve()) as base:
            return page_rows(base, lighthouse=lighthouse, runs=runs)
    with tempfile.TemporaryDirectory() as out:
        timed([str(BIN / "mkdocs"), "build", "--strict", "--site-dir", out], 1)
        with serve(Path(out)) as base:
            return page_rows(base, lighthouse=lighthouse, runs=runs)


def calculator_only() -> list[tuple[str, str, str]]:
    """The calculators' figures alone, on a fresh strict build; then on a phone (bench_phone.py),
    on a build for the address it is served at (instant navigation) with its service worker."""
    with tempfile.TemporaryDirectory() as out:
        timed([str(BIN / "mkdocs"), "build", "--strict", "--site-dir", out], 1)
        with serve(Path(out)) as base:
            systems = [path.strip("/") for path in SYSTEM_PAGES]
            rows = calculator_rows(base, systems, str(CHROMIUM), CHROMIUM_FLAGS)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as out:
        env = {**ENV, "SITE_URL": f"http://127.0.0.1:{port}/"}
        timed([str(BIN / "mkdocs"), "build", "--strict", "--site-dir", out], 1, env)
        timed([str(ROOT / "scripts" / "offline"), out], 1)
        with serve(Path(out), port) as base:
            rows += phone_rows(base, str(CHROMIUM), CHROMIUM_FLAGS)
    return rows


def search_only(site: Path | None) -> list[tuple[str, str, str]]:
    """The search figures alone, on an already built site or a fresh strict build."""
    if site is not None:
        with serve(site.resolve()) as base:
            return search_rows(base, site.resolve(), str(CHROMIUM), CHROMIUM_FLAGS)
    with tempfile.TemporaryDirectory() as out:
        timed([str(BIN / "mkdocs"), "build", "--strict", "--site-dir", out], 1)
        with serve(Path(out)) as base:
            return search_rows(base, Path(out), str(CHROMIUM), CHROMIUM_FLAGS)


def timed_with_cpu(command: list[str], runs: int, env: dict[str, str]) -> str:
    """Median wall time and median CPU time (user + sys, the command and its children) of a command.

    On a shared machine the wall time grows with the others' load; the CPU time hardly does.
    """
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        walls.append(timed(command, 1, env))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return f"{statistics.median(walls):.2f} s (CPU {statistics.median(cpus):.2f} s)"


def test_loop_rows(runs: int) -> list[tuple[str, str, str]]:
    """The designer's loop: scripts/test --fast, the pages alone, and the quick half of the full run."""
    env = {key: value for key, value in ENV.items() if key != "PYTHONDONTWRITEBYTECODE"}
    quick = "not browser and not integration and not built_site"
    pytest = [str(BIN / "python"), "-m", "pytest", "-q", "-p", "no:playwright", "--ignore=tests/browser"]
    fast = [str(ROOT / "scripts" / "test"), "--fast"]
    timed(fast, 1, env)  # compiles the tests once, as a designer's first run does
    return [
        ("Inner loop: `scripts/test --fast` (pages' examples + unit tests, hypothesis `dev`): wall (CPU)",
         timed_with_cpu(fast, runs, env), "< 3 s"),
        ("Only the worked examples on the pages (`pytest docs`): wall (CPU)",
         timed_with_cpu([*pytest, "docs"], runs, env), ""),
        ("First half of `scripts/test`: examples, unit and property tests (hypothesis `ci`)",
         f"{timed([*pytest, '-m', quick], runs, {**env, 'HYPOTHESIS_PROFILE': 'ci'}):.2f} s", ""),
    ]


def print_rows(rows: list[tuple[str, str, str]], runs: int) -> None:
    print(f"| Figure (timings: median of {runs} runs) | Value | Target |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
