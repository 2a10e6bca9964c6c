"""Errata in a throwaway repository: two releases, the "What changed" page, marks and landings.

The repository (in a temporary folder) is a small rules site using the project's own Markdown
extensions and theme overrides. Release 1.0 is recorded with ``scripts/release``; then a rule's
text and its example's number change, a ruling's number changes, an anchor moves to another page
and an anchor is retired; release 1.1 is recorded, and the site is built once, strictly. The
built pages are read, then opened in Chromium once per viewport: a moved link at 1280 px
(light), whose mark leads to the "What changed" page, and a retired link at 390 px (dark).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rulesite import QUIET_BUILD
from sitetools.player_view import LAY_OUT_EVERYTHING, after_heading
from sitetools.server import serve

ROOT = Path(__file__).resolve().parents[2]

MKDOCS_YML = """\
site_name: Throwaway rules
docs_dir: docs
strict: true
theme:
  name: material
  custom_dir: overrides
  font: false
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      toggle: {icon: material/weather-night, name: Dark}
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      toggle: {icon: material/weather-sunny, name: Light}
nav:
  - Home: index.md
  - Systems:
      - Wards: wards.md
      - Curses: curses.md
  - What changed: changes.md
extra_javascript: [assets/js/landing.js]
markdown_extensions:
  - admonition
  - attr_list
  - md_in_html
  - toc: {permalink: true}
  - pymdownx.superfences:
      custom_fences:
        - name: python
          class: highlight
          format: !!python/name:rulesite.examples.formatter
  - rulesite.extension
  - rulesite.moves: {record: docs/moved.yml}
  - rulesite.errata
validation: {omitted_files: warn, absolute_links: warn, unrecognized_links: warn, anchors: warn}
"""

RULES = '''\
"""The throwaway site's rules: {version}."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Hit:
    situation: str
    outcome: str
    steps: tuple = ()

    def explain(self):
        return f"{{self.situation}}: {{self.outcome}}"


def petrified(damage):
    return Hit(f"Petrified, {{damage}} damage", f"{{{halve}}} damage")


def ward_total(*wards):
    return {total}
'''

WARDS = """\
# Wards {{ #wards }}

Wards protect a creature.

## Stone skin {{ #stone-skin }}

A petrified creature takes half the damage, rounded {rounded}.

```python
>>> from errata_rules import petrified, ward_total
>>> print(petrified(15).explain())
Petrified, 15 damage: {half} damage
```

### Ruling: Wards together {{ #ruling-wards-together }}

!!! ruling "Ruling"
    **Reading.** Two wards do not stack: {reading}.

    **Why.** Stacking made wards stronger than armor.

    ```python
    >>> ward_total(3, 5)
    {total}
    ```
{rest}"""

GLASS = """
## Glass ward { #glass-ward }

A glass ward stops the first hit of a fight, then shatters.
"""

MIRROR = """
## Mirror ward { #mirror-ward }

A mirror ward sends a curse back to its caster.
"""

CURSES = """\
# Curses {{ #curses }}

## Hex {{ #hex }}

A hex costs one action.
{mirror}"""


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _run(command: list[str], repo: Path) -> None:
    env = {**os.environ, "PYTHONPATH": f"{repo}{os.pathsep}{ROOT}", **QUIET_BUILD}
    done = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"


# The tests of the throwaway site share an xdist group, so one worker builds it (split over two
# workers, each built it).
ERRATA_SITE = pytest.mark.xdist_group("errata-site")


@pytest.fixture(scope="module")
def errata_site(tmp_path_factory) -> Path:
    """The throwaway repository with releases 1.0 and 1.1 recorded, built once; its site folder."""
    repo = tmp_path_factory.mktemp("errata-repo")
    shutil.copytree(ROOT / "docs" / "overrides", repo / "overrides")
    (repo / "docs" / "assets" / "js").mkdir(parents=True)
    # anywhere.js comes with the overrides (main.html inlines it); landing.js follows retired links.
    landing = Path("docs") / "assets" / "js" / "landing.js"
    shutil.copy(ROOT / landing, repo / landing)
    _write(repo, {
        "mkdocs.yml": MKDOCS_YML,
        "docs/index.md": "# Throwaway rules { #home }\n\nA rules site with two releases.\n",
        "docs/changes.md": (ROOT / "docs" / "changes.md").read_text(encoding="utf-8"),
        "errata_rules.py": RULES.format(version="1.0", halve="damage // 2", total="max(wards)"),
        "docs/wards.md": WARDS.format(rounded="down", half=7, reading="the stronger one counts", total=5,
                                      rest=GLASS + MIRROR),
        "docs/curses.md": CURSES.format(mirror=""),
        "docs/moved.yml": "anchors: {}\n",
    })
    release = [str(ROOT / "scripts" / "release"), "--root", str(repo)]
    _run([*release, "1.0"], repo)
    _write(repo, {
        "errata_rules.py": RULES.format(version="1.1", halve="(damage + 1) // 2", total="max(wards) + 1"),
        "docs/wards.md": WARDS.format(rounded="up", half=8, reading="the stronger one counts, plus one",
                                      total=6, rest="\n<!-- moved-anchors: wards.md -->\n"),
        "docs/curses.md": CURSES.format(mirror=MIRROR),
        "docs/moved.yml": "anchors:\n  wards.md#mirror-ward: curses.md#mirror-ward\n",
        "docs/releases/reasons.yml": '"1.1":\n  stone-skin: Rounding down made small hits vanish.\n',
    })
    _run([*release, "1.1"], repo)
    _run([str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "--site-dir", "site"], repo)
    return repo / "site"


@pytest.fixture(scope="module")
def errata_url(errata_site):
    """The throwaway site served on a free port of 127.0.0.1."""
    with serve(errata_site) as served:
        yield served.base


def _html(site: Path, page: str) -> str:
    return (site / page / "index.html").read_text(encoding="utf-8")


@ERRATA_SITE
def test_the_page_lists_each_kind_of_change_since_the_release_before(errata_site):
    changes = re.sub(r"\s+", " ", _html(errata_site, "changes"))
    assert "Since 1.0: 2 changed, 1 moved, 1 retired." in changes
    assert "The first release: 7 rules and rulings." in changes
    for entry in ("v1-1-stone-skin", "v1-1-ruling-wards-together", "v1-1-mirror-ward", "v1-1-glass-ward"):
        assert f'id="{entry}"' in changes, entry
    assert "rounded <del>down.</del> <ins>up.</ins>" in changes
    assert "Petrified, 15 damage: <del>7 damage</del> → <ins>8 damage</ins>" in changes
    assert "Ward total: 3; 5: <del>5</del> → <ins>6</ins>" in changes
    assert "Rounding down made small hits vanish." in changes
    assert "A glass ward stops the first hit of a fight, then shatters." in changes
    assert 'href="../curses/#mirror-ward"' in changes and 'href="../wards/#stone-skin"' in changes


@ERRATA_SITE
def test_marks_show_the_latest_release_and_retired_anchors_keep_a_stub(errata_site):
    wards = _html(errata_site, "wards")
    mark = r'id="stone-skin".*?</h2>\s*<p class="errata-mark"[^>]*><a href="../changes/#v1-1-stone-skin">'
    assert re.search(mark + "changed in 1.1</a>", wards, re.DOTALL)
    assert 'href="../changes/#v1-1-ruling-wards-together">changed in 1.1</a>' in wards
    assert '<a href="../changes/#v1-1-glass-ward" id="glass-ward">' in wards
    assert '<a href="../curses/#mirror-ward" id="mirror-ward">' in wards
    assert 'href="../changes/#v1-1-mirror-ward">moved in 1.1</a>' in _html(errata_site, "curses")
    assert "Rules version 1.1" in wards
    home = _html(errata_site, "")
    assert '<p class="errata-mark"' not in home and "Rules version 1.1" in home


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


ERRATA = "{include: " + str([[f".{name}"] for name in ("errata-mark", "errata-diff", "errata-outcomes",
                                                         "errata-text", "rules-version")]) + "}"


def _serious_violations(page, within: str = ERRATA) -> list[str]:
    """axe-core's serious and critical findings in what the errata add (the marks, differences, version).

    The throwaway site has the theme without the real site's own fixes, so only these are audited.
    """
    page.add_script_tag(path=str(AXE))
    page.add_style_tag(content=LAY_OUT_EVERYTHING)  # axe cannot audit a block not drawn yet
    return page.evaluate(
        f"async () => (await axe.run({within}, {{resultTypes: ['violations']}})).violations"
        ".filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))"
    )


def _open(browser, url: str, width: int, scheme: str):
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme,
                                  service_workers="block")
    page = context.new_page()
    page.escaped = []

    def route(request_route):
        if request_route.request.url.startswith(url):
            request_route.continue_()
        else:
            page.escaped.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    return context, page


@ERRATA_SITE
def test_on_a_desktop_a_moved_link_lands_and_its_mark_leads_to_its_entry(browser, errata_url):
    context, page = _open(browser, errata_url, 1280, "light")
    try:
        page.goto(f"{errata_url}/wards/#mirror-ward")
        page.wait_for_url(re.compile(r"/curses/#mirror-ward$"))
        expect(page.locator("#mirror-ward")).to_be_in_viewport()
        expect(page.locator(".rules-version")).to_contain_text("Rules version 1.1")
        mark = page.locator("#mirror-ward + .errata-mark a")
        expect(mark).to_have_text("moved in 1.1")
        assert _serious_violations(page) == []
        mark.click()
        page.wait_for_url(re.compile(r"/changes/#v1-1-mirror-ward$"))
        expect(page.locator("#v1-1-mirror-ward")).to_be_in_viewport()
        expect(page.locator(after_heading("v1-1-stone-skin", ".errata-diff del")).first).to_have_text("down.")
        expect(page.locator(after_heading("v1-1-stone-skin", ".errata-diff ins")).first).to_have_text("up.")
        outcomes = page.locator(after_heading("v1-1-stone-skin", "ul.errata-outcomes")).first
        expect(outcomes).to_have_text("Petrified, 15 damage: 7 damage → 8 damage")
        assert _serious_violations(page) == []
        assert page.escaped == []
    finally:
        context.close()


@ERRATA_SITE
def test_on_a_phone_in_the_dark_a_retired_link_lands_on_its_last_text(browser, errata_url):
    context, page = _open(browser, errata_url, 390, "dark")
    try:
        page.goto(f"{errata_url}/wards/#glass-ward")
        page.wait_for_url(re.compile(r"/changes/#v1-1-glass-ward$"))
        expect(page.locator("#v1-1-glass-ward")).to_be_in_viewport()
        last_text = page.locator(after_heading("v1-1-glass-ward", "p + .errata-text")).first
        expect(last_text).to_contain_text("then shatters")
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert _serious_violations(page) == []
        assert page.escaped == []
    finally:
        context.close()


@ERRATA_SITE
def test_the_throwaway_release_files_name_what_each_rule_said(errata_site):
    release = (errata_site.parent / "docs" / "releases" / "1.0.json").read_text(encoding="utf-8")
    assert '"anchor": "glass-ward"' in release and '["Petrified, 15 damage", "7 damage"]' in release
    assert release.startswith('{"version": "1.0", "entries": [\n{"anchor": "wards"')
