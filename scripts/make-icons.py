"""Draws the web app's icons (docs/assets/icons/) from the site's logo, Material's "library" icon.

Run once after changing the logo or the palette, then commit the PNGs:

    .venv/bin/python scripts/make-icons.py

Each icon is the logo in white on the header's deep purple, drawn by Chromium at the icon's own
size. The logo fills the middle half, inside the safe zone of a maskable icon, so one file
serves both purposes ("any" and "maskable", docs/manifest.webmanifest).
"""

from __future__ import annotations

import sys
from pathlib import Path

import material
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitetools.browser import CHROMIUM  # noqa: E402

LOGO = Path(material.__file__).parent / "templates" / ".icons" / "material" / "library.svg"
ICONS = ROOT / "docs" / "assets" / "icons"
DEEP_PURPLE = "#7e57c2"  # Material's deep purple primary (--md-primary-fg-color)
SIZES = (192, 512)


def page_for(size: int) -> str:
    svg = LOGO.read_text(encoding="utf-8").replace("<svg ", '<svg fill="#ffffff" ', 1)
    return (
        "<!doctype html><style>html,body{margin:0}"
        f"body{{width:{size}px;height:{size}px;background:{DEEP_PURPLE};display:grid;place-items:center}}"
        f"svg{{width:{size // 2}px;height:{size // 2}px}}</style>{svg}"
    )


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(size))
            target = ICONS / f"icon-{size}.png"
            page.screenshot(path=str(target), omit_background=False)
            page.close()
            print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")
        browser.close()


if __name__ == "__main__":
    main()
