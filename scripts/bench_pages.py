"""What each page costs a phone at load: elements, bytes, and Lighthouse's mobile audit.

Used by scripts/bench.py (``--lighthouse``, ``--pages``). Lighthouse's scores depend on the
host's speed, and the machine is shared: every figure is printed beside those of an empty
Material for MkDocs page, built and served the same way (gzip) and measured in the same run,
once before the site's pages and once after, so a reader sees the run's scale and its drift.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / ".cache" / "lighthouse"
EMPTY = "the empty Material page"
# Every page a reader lands on: the systems, the conditions list, the reference pages,
# home and the API pages (the print page is measured for its weight, not its score).
PAGES = ["/", "/resistances/", "/monsters/", "/monster-balance/", "/affinity/", "/conditions/",
         "/conditions-list/", "/typed-damage/", "/typed-damage-odds/", "/taking-damage/", "/rulings/",
         "/glossary/", "/linking/", "/editing/",
         "/api/", "/api/rule-code/", "/api/resistances/", "/api/monsters/", "/api/affinity/",
         "/api/conditions/", "/api/typed-damage/", "/api/taking-damage/"]

# Elements in the document at load, in the article (what the page's Markdown made), and those the
# browser renders once the first frames are drawn: not hidden, and not in a block that waits, not
# drawn, until it comes near the screen (content-visibility).
_ELEMENTS = """async () => {
  for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
  const all = document.body.getElementsByTagName("*");
  return {
    document: document.getElementsByTagName("*").length,
    article: (document.querySelector("article") || document.body).getElementsByTagName("*").length,
    rendered: [...all].filter(el => el.checkVisibility({contentVisibilityAuto: true})).length,
  };
}"""


def element_counts(urls: dict[str, str], chromium: str, flags: list[str]) -> dict[str, dict[str, int]]:
    """Elements in the document and in the article once each page has loaded (390 x 844)."""
    from playwright.sync_api import sync_playwright

    counts = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=flags)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        for name, url in urls.items():
            page = context.new_page()
            page.goto(url, wait_until="load")
            counts[name] = page.evaluate(_ELEMENTS)
            # The page's height while later runs wait at their estimated size, then all drawn.
            counts[name]["waiting"] = page.evaluate("document.documentElement.scrollHeight")
            page.add_style_tag(content="* { content-visibility: visible !important; }")
            counts[name]["drawn"] = page.evaluate("document.documentElement.scrollHeight")
            page.close()
        browser.close()
    return counts


def _install_lighthouse() -> Path:
    binary = LIGHTHOUSE / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        subprocess.run(["npm", "install", "--prefix", str(LIGHTHOUSE), "--no-audit", "--no-fund",
                        "--loglevel=error", "lighthouse@13"], check=True)
    return binary


def audit(url: str, chromium: str, flags: list[str]) -> dict[str, float]:
    """One Lighthouse run (mobile preset, simulated throttling) of one page: the figures we report."""
    chrome_flags = " ".join(["--headless=new", *flags])
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        subprocess.run(
            [str(_install_lighthouse()), url, "--quiet", "--output=json", f"--output-path={report.name}",
             f"--chrome-flags={chrome_flags}"],
            env={**os.environ, "CHROME_PATH": chromium}, check=True,
        )
        result = json.loads(Path(report.name).read_text(encoding="utf-8"))
    audits, categories = result["audits"], result["categories"]
    dom = audits.get("dom-size") or audits["dom-size-insight"]  # Lighthouse 13 made it an insight
    breakdown = audits["mainthread-work-breakdown"]["details"]["items"]
    work = {item["group"]: item["duration"] for item in breakdown}
    return {
        "performance": round(categories["performance"]["score"] * 100),
        "accessibility": round(categories["accessibility"]["score"] * 100),
        "tbt": audits["total-blocking-time"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "dom": dom["numericValue"],
        "dom_ok": dom["score"] is not None and dom["score"] >= 0.9,
        "bytes": audits["total-byte-weight"]["numericValue"],
        "cpu": result["environment"]["benchmarkIndex"],
        # Where the main thread's time went (simulated phone): styling and laying the page out, or scripts.
        "style_layout": work.get("styleLayout", 0.0),
        "script": work.get("scriptEvaluation", 0.0) + work.get("scriptParseCompile", 0.0),
    }


def lighthouse_rows(urls: dict[str, str], chromium: str, flags: list[str],
                    runs: int = 1) -> list[tuple[str, str, str]]:
    """One row per page: the median of ``runs`` Lighthouse runs, rounds interleaved.

    Each round audits the empty page first and then every page, so the load of a shared
    machine at any moment weighs on the empty page and the site's pages alike.
    """
    elements = element_counts(urls, chromium, flags)
    order = [EMPTY, *(name for name in urls if name != EMPTY)]
    seen: dict[str, list[dict[str, float]]] = {name: [] for name in order}
    for _ in range(runs):
        for name in order:
            seen[name].append(audit(urls[name], chromium, flags))
    median = {name: _median(results) for name, results in seen.items()}
    rows = [(f"Lighthouse mobile, median of {runs} run(s): performance / TBT / LCP / elements at load "
             "(in the article; rendered) / bytes sent / DOM-size insight / main thread: style and layout,"
             " scripts",
             "", "95+ / <= 150 ms / <= 2.5 s")]
    rows += [(f"Lighthouse `{name}`", _figures(median[name], elements[name]), "") for name in order]
    cpu = statistics.median(run["cpu"] for results in seen.values() for run in results)
    rows.append(("Lighthouse's CPU benchmark index during the run (median; higher is a faster host)",
                 f"{cpu:.0f}", ""))
    return rows


def _median(results: list[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(float(run[key]) for run in results) for key in results[0]}


def _figures(figures: dict[str, float], elements: dict[str, int]) -> str:
    dom = "passes" if figures["dom_ok"] >= 0.5 else "flags long style/layout"
    return (f"{figures['performance']:.0f} / {figures['tbt']:.0f} ms / {figures['lcp'] / 1000:.1f} s / "
            f"{elements['document']:,} ({elements['article']:,}; {elements['rendered']:,})"
            f" / {figures['bytes'] / 1024:.0f} KiB / {dom}"
            f" / {figures['style_layout']:.0f} ms, {figures['script']:.0f} ms")


def element_rows(urls: dict[str, str], chromium: str, flags: list[str]) -> list[tuple[str, str, str]]:
    """Elements each page holds at load, beside the empty page's; its height before and after drawing."""
    counts = element_counts(urls, chromium, flags)
    return [(f"Elements at load `{name}`: document (article; rendered in the first frames); height at"
             " 390 px, undrawn runs at their estimate / all drawn",
             f"{count['document']:,} ({count['article']:,}; {count['rendered']:,});"
             f" {count['waiting']:,} / {count['drawn']:,} px",
             "")
            for name, count in counts.items()]

