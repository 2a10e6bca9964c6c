"""Benchmark of the rules site (run through scripts/bench).

Prints, as a Markdown table to paste into notes:
- wall time of the examples and unit tests, without the browser tests (median of N runs);
- wall time of a strict build (median of N runs);
- bytes of JS and CSS a page loads, with and without a flowchart, measured in headless
  Chromium on the built site, next to the bytes of Material's own JS and CSS.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402


def timed(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=ENV, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def page_weights(site: Path, paths: list[str]) -> dict[str, dict[str, int]]:
    """Bytes of JS and CSS each page loads in Chromium, flowchart renderer included."""
    from playwright.sync_api import sync_playwright

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    weights: dict[str, dict[str, int]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        for path in paths:
            page = browser.new_page()
            sizes = {"js": 0, "css": 0, "html": 0}

            def record(response, sizes=sizes):
                kind = response.request.resource_type
                key = {"script": "js", "stylesheet": "css", "document": "html"}.get(kind)
                if key and response.ok:
                    sizes[key] += len(response.body())

            page.on("response", record)
            page.goto(base + path, wait_until="networkidle")
            if page.locator("pre.flowchart, div.flowchart").count():
                page.wait_for_function("!document.querySelector('pre.flowchart')", timeout=20000)
            weights[path] = sizes
            page.close()
        browser.close()
    server.shutdown()
    return weights


def material_assets(site: Path) -> int:
    assets = site / "assets"
    files = [*assets.glob("javascripts/bundle.*.min.js"), *assets.glob("stylesheets/*.min.css")]
    return sum(file.stat().st_size for file in files)


def main() -> None:
    parser = argparse.ArgumentParser(description="Benchmark the rules site.")
    parser.add_argument("--runs", type=int, default=3, help="runs per timing (median reported)")
    args = parser.parse_args()
    pytest = [str(BIN / "python"), "-m", "pytest", "-q", "-m", "not browser and not integration"]
    with tempfile.TemporaryDirectory() as out:
        build = [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", out]
        build_time = timed(build, args.runs)
        test_time = timed(pytest, args.runs)
        weights = page_weights(Path(out), ["/", "/affinity/"])
        material = material_assets(Path(out))
    kib = 1024
    print(f"| Figure (median of {args.runs} runs) | Value | Target |")
    print("|---|---|---|")
    print(f"| Examples + unit + property tests (no browser, no integration) | {test_time:.2f} s | < 3 s |")
    print(f"| Strict build | {build_time:.2f} s | < 5 s |")
    print(f"| Material's own JS + CSS | {material / kib:.0f} KiB | |")
    for path, sizes in weights.items():
        label = "with flowchart" if path == "/affinity/" else "without flowchart"
        total = sizes["js"] + sizes["css"]
        target = f"<= {material / kib:.0f} KiB" if label == "without flowchart" else ""
        print(f"| `{path}` {label}: JS + CSS loaded | {total / kib:.0f} KiB "
              f"(JS {sizes['js'] / kib:.0f}, CSS {sizes['css'] / kib:.0f}) | {target} |")
        print(f"| `{path}` HTML | {sizes['html'] / kib:.0f} KiB | |")


if __name__ == "__main__":
    main()
