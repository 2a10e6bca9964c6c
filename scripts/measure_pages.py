"""Measures the system pages as a player sees them, at phone and desktop size, light and dark.

Per page, viewport and palette: visible code blocks (and how many are cut off sideways),
the smallest flowchart label in CSS px, flowchart links under 24 px, charts that
scroll sideways in their frame ("wide"), and axe-core's
serious and critical findings. Builds the site first (strictly).

    scripts/measure-pages            # a table on stdout
    scripts/measure-pages --json     # the full figures
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from rulesite import QUIET_BUILD  # noqa: E402
from sitetools.axe import axe_violations  # noqa: E402
from sitetools.browser import launch  # noqa: E402
from sitetools.player_view import PALETTES, SYSTEM_PAGES, VIEWPORTS, measure, open_page  # noqa: E402
from sitetools.server import serve  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print every figure as JSON")
    args = parser.parse_args()
    built = ROOT / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(built)],
        cwd=ROOT, env={**os.environ, **QUIET_BUILD}, check=True, capture_output=True,
    )
    rows = []
    with serve(built) as served, sync_playwright() as playwright:
        base = served.base
        browser = launch(playwright)
        for path in SYSTEM_PAGES:
            for viewport in VIEWPORTS:
                for palette in PALETTES:
                    context, page = open_page(browser, base + path, viewport, palette)
                    figures = measure(page)
                    axe = axe_violations(page)
                    figures["axe"] = sum(v["nodes"] for v in axe)
                    figures["axeRules"] = {v["id"]: v["nodes"] for v in axe}
                    rows.append({"page": path, "viewport": viewport, "palette": palette, **figures})
                    context.close()
        browser.close()
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{'page':16} {'view':8} {'palette':6} {'code':>5} {'cut':>4} {'label px':>8} "
          f"{'<24px':>5} {'wide':>4} {'>>>':>4} {'axe':>4}  axe rules")
    for row in rows:
        label = "-" if row["smallestLabel"] is None else f"{row['smallestLabel']:.1f}"
        rules = ", ".join(f"{k} {v}" for k, v in row["axeRules"].items())
        print(f"{row['page']:16} {row['viewport']:8} {row['palette']:6} {row['visibleCode']:>5} "
              f"{row['cutOff']:>4} {label:>8} {row['smallTargets']:>5} {row['chartsScrolling']:>4} "
              f"{row['prompts']:>4} "
              f"{row['axe']:>4}  {rules}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
