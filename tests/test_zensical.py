"""Zensical, Material's successor, builds the same site: the machinery is Markdown extensions, not hooks.

Zensical reads ``mkdocs.yml`` but ignores MkDocs hooks and plugins it does not know, silently.
This test builds the site with ``zensical`` 0.0.73 (the newest this registry serves) in its
own venv under ``.cache/zensical`` and compares what the site machinery adds with the
MkDocs build: the rulings index, rule citations, glossary terms, inlined flowcharts and
worked examples, on the system pages and the API reference alike; and it follows every rule
citation of either build to the id it points at.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".cache" / "zensical"
ZENSICAL = VENV / "bin" / "zensical"
# The Zensical build is shared by the module and writes .cache/: under pytest-xdist one worker runs it.
pytestmark = pytest.mark.xdist_group("zensical")
# rulesite reads Markdown with markdown-it-py and runs the pages' examples by Sybil (rulesite/doctests.py).
PACKAGES = ["zensical==0.0.73", "mkdocstrings==1.0.8", "mkdocstrings-python==2.0.11",
            "markdown-it-py==4.3.0", "mdit-py-plugins==0.7.0", "sybil==10.1.0"]
PAGES = ["rulings", "print", "resistances", "monsters", "monster-balance", "affinity", "conditions",
         "conditions-list", "typed-damage", "typed-damage-odds", "taking-damage", "glossary", "api",
         "api/rule-code", "api/resistances",
         "api/monsters", "api/affinity", "api/conditions", "api/typed-damage", "api/taking-damage"]
FEATURES = {
    "rulings index and links": re.compile(r'<a [^>]*?href="(\.\./[a-z-]+/#ruling-[a-z0-9-]+)"'),
    "rule citations": re.compile(r'class="rule-cite" href="([^"]+)"'),
    "glossary terms": re.compile(r'<abbr title="([^"]+)">'),
    "inlined flowcharts": re.compile(r'<div class="flowchart" data-drawn="(ahead)">'),
    "worked examples": re.compile(r'class="worked-example( we-refused)?"'),
    "calculators' step links": re.compile(r'data-system="([a-z-]+)" data-wheel="[^"]*" data-rules="([^"]*)"'),
}


@pytest.fixture(scope="module")
def zensical() -> Path:
    """The Zensical command, installed into its own venv on first use (skipped if it cannot be).

    The venv is installed again when the list of packages changes (``packages.txt`` records it).
    """
    installed = VENV / "packages.txt"
    wanted = "\n".join(PACKAGES)
    if not ZENSICAL.exists() or not installed.exists() or installed.read_text(encoding="utf-8") != wanted:
        if not VENV.exists():
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        install = subprocess.run(
            [str(VENV / "bin" / "python"), "-m", "pip", "install", "-q", *PACKAGES],
            capture_output=True, text=True, check=False,
        )
        if install.returncode != 0:
            pytest.skip(f"Zensical cannot be installed here: {install.stderr.strip()[-300:]}")
        installed.write_text(wanted, encoding="utf-8")
    return ZENSICAL


@pytest.fixture(scope="module")
def zensical_site(zensical: Path) -> Path:
    """The site built by Zensical from the same mkdocs.yml (config and site must sit in the project root)."""
    out = ROOT / ".cache" / "zensical-site"
    # Zensical caches rendered pages in .cache/ and would not run the extensions again for
    # unchanged Markdown; `zensical build --clean` would delete its own venv there too.
    for entry in (ROOT / ".cache").iterdir():
        if entry.name not in {VENV.name, ".gitignore"}:
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()
    config = ROOT / f".zensical-test-{os.getpid()}.yml"
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config.write_text(re.sub(r"(?m)^site_dir: .*$", "site_dir: .cache/zensical-site", text), encoding="utf-8")
    try:
        build = subprocess.run(
            [str(zensical), "build", "-f", str(config)],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
            capture_output=True, text=True, check=False,
        )
    finally:
        config.unlink()
    assert build.returncode == 0, build.stdout + build.stderr
    return out


def found(site: Path, page: str) -> dict[str, list[str]]:
    html = (site / page / "index.html").read_text(encoding="utf-8")
    return {name: pattern.findall(html) for name, pattern in FEATURES.items()}


@pytest.mark.integration
@pytest.mark.parametrize("page", PAGES)
def test_zensical_builds_what_mkdocs_builds(site, zensical_site, page):
    mkdocs, zensical = found(site, page), found(zensical_site, page)
    assert zensical == mkdocs, f"/{page}/ differs between Zensical and MkDocs"


@pytest.mark.integration
def test_the_comparison_sees_every_feature(site):
    """The features compared are really on the MkDocs site (a comparison of nothing proves nothing)."""
    assert len(found(site, "rulings")["rulings index and links"]) >= 60
    # Citations live in the examples' Python, which the print page leaves out.
    cited = found(site, "resistances")["rule citations"] + found(site, "conditions")["rule citations"]
    assert len(cited) >= 150
    assert any(not href.startswith("#") for href in cited), "no citation reaches another page"
    print_page = found(site, "print")
    assert len(print_page["glossary terms"]) >= 50
    assert len(print_page["inlined flowcharts"]) >= 7
    assert len(print_page["worked examples"]) >= 500


def broken_citations(site: Path) -> list[str]:
    """Every rule citation of a built site whose link does not reach an element with its id."""
    ids: dict[str, set[str]] = {}
    broken = []
    for html in sorted(site.rglob("index.html")):
        folder = html.parent.relative_to(site).as_posix()
        if folder.startswith("assets"):
            continue
        url = "/" if folder == "." else f"/{folder}/"
        for href in FEATURES["rule citations"].findall(html.read_text(encoding="utf-8")):
            target = urlsplit(urljoin(url, href))
            if target.path not in ids:
                page = site / target.path.strip("/") / "index.html"
                text = page.read_text(encoding="utf-8") if page.exists() else ""
                ids[target.path] = set(re.findall(r'\sid="([^"]+)"', text))
            if target.fragment not in ids[target.path]:
                broken.append(f"{url}: {href}")
    return broken


@pytest.mark.integration
def test_every_rule_citation_of_the_mkdocs_build_lands_on_its_rule(site):
    """Docstrings' citations too: they are converted apart from their page, by mkdocstrings."""
    assert broken_citations(site) == []
    api = found(site, "api/resistances")["rule citations"]
    assert len(api) >= 10
    assert all(href.startswith("../../resistances/#") for href in api)


@pytest.mark.integration
def test_every_rule_citation_of_the_zensical_build_lands_on_its_rule(zensical_site):
    assert broken_citations(zensical_site) == []


@pytest.mark.integration
def test_zensical_serves_the_same_rules_data_and_lists_it_alike(site, zensical_site):
    """The rules' documents are docs files: both builders serve them byte for byte, linked alike."""
    names = ["rules.json", "rules.schema.json", *(path.name for path in site.glob("rules-*.json"))]
    assert len(names) >= 3
    for name in names:
        assert (zensical_site / name).read_bytes() == (site / name).read_bytes(), f"/{name} differs"
    links = re.compile(r'<a href="([^"]+\.(json|whl))"')
    # MkDocs writes the wheel's "+" as "%2B", Zensical as it is: the same address.
    pages = [(built / "tools" / "index.html").read_text(encoding="utf-8") for built in (site, zensical_site)]
    tools = [[(unquote(href), kind) for href, kind in links.findall(page)] for page in pages]
    assert tools[0] == tools[1]
    assert len(tools[0]) >= 4 and all(href.startswith("../") for href, _ in tools[0])
