"""The build's cost against the content's size: `scripts/bench --build-scale`.

A strict build of the site is set beside a plain Material build of the same Markdown (no
``rulesite``, no mkdocstrings, not strict: the theme, its usual extensions and search), both
timed in CPU seconds (user + system of the build process), interleaved in one run, at today's
size and on a generated fixture holding N times the content: today's pages plus N - 1 copies
of every system page (the "Systems" section of the navigation), each copy's anchors renamed so
anchors stay unique across the site, listed in the navigation (so the print page and the rulings
index hold them too) and among the link previews' targets. A part of the build that grows faster
than the content shows as a ratio that grows with N.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
from pathlib import Path
from typing import Any

import yaml
from mkdocs.utils.yaml import get_yaml_loader

from rulesite import QUIET_BUILD
from rulesite.model import load, system_pages

ROOT = Path(__file__).resolve().parent.parent
SHARED = ("rules", "rulesite", "calculators")
"""What the build imports or reads beside ``docs/`` (mkdocstrings reads ``rules/`` beside its config)."""

_ATTR_ID = re.compile(r"(\{[^{}\n]*?#)([a-z0-9]+(?:-[a-z0-9]+)*)(?=[\s}])")
_OWN_LINK = re.compile(r"\]\(#([a-z0-9]+(?:-[a-z0-9]+)*)\)")

PLAIN_EXTENSIONS: list[Any] = [
    "abbr", "admonition", "attr_list", "def_list", "footnotes", "md_in_html", "tables",
    {"toc": {"permalink": True}},
    "pymdownx.details", "pymdownx.highlight", "pymdownx.inlinehilite", "pymdownx.snippets",
    {"pymdownx.superfences": {"custom_fences": [{"name": "mermaid", "class": "mermaid"}]}},
]
"""Material's usual extensions (its own Mermaid fence comes out as plain code here: no formatter)."""


def copy_page(text: str, copy: int) -> str:
    """A system page's Markdown as copy number ``copy``: its anchors and links to them renamed."""
    suffix = f"-copy{copy}"
    text = _ATTR_ID.sub(lambda match: f"{match[1]}{match[2]}{suffix}", text)
    return _OWN_LINK.sub(lambda match: f"](#{match[1]}{suffix})", text)


def write_fixture(folder: Path, times: int) -> tuple[Path, Path]:
    """Write the site at ``times`` its content into ``folder``: (our mkdocs.yml, the plain one)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in SHARED:
        (folder / name).symlink_to(ROOT / name)
    shutil.copytree(ROOT / "docs", folder / "docs", symlinks=True,
                    ignore=shutil.ignore_patterns("assets"))
    (folder / "docs" / "assets").symlink_to(ROOT / "docs" / "assets")
    systems = system_pages(ROOT / "mkdocs.yml")
    copies = []
    for copy in range(2, times + 1):
        for src in systems:
            name = f"{Path(src).stem}-copy{copy}.md"
            text = (ROOT / "docs" / src).read_text(encoding="utf-8")
            (folder / "docs" / name).write_text(copy_page(text, copy), encoding="utf-8")
            copies.append(name)
    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as file:
        config = yaml.load(file, Loader=get_yaml_loader())
    for entry in config["nav"]:
        if isinstance(entry, dict) and "Systems" in entry:
            entry["Systems"] += [{f"{Path(name).stem}": name} for name in copies]
    for extension in config["markdown_extensions"]:
        if isinstance(extension, dict) and "rulesite.preview" in extension:
            extension["rulesite.preview"]["targets"]["include"] += copies
    config["theme"]["custom_dir"] = str(ROOT / "docs" / "overrides")
    ours = folder / "mkdocs.yml"
    ours.write_text(yaml.dump(config, sort_keys=False), encoding="utf-8")
    plain = {
        "site_name": config["site_name"], "site_url": config["site_url"], "docs_dir": "docs",
        "exclude_docs": config["exclude_docs"], "nav": config["nav"],
        "theme": {"name": "material", "font": False, "features": config["theme"]["features"]},
        "plugins": ["search"], "markdown_extensions": PLAIN_EXTENSIONS,
    }
    plain_config = folder / "plain.yml"
    plain_config.write_text(yaml.dump(plain, sort_keys=False), encoding="utf-8")
    return ours, plain_config


def fixture_size(folder: Path) -> dict[str, int]:
    """Pages, rulings and example fences of a fixture's docs, as the build reads them."""
    docs = load(folder / "docs")
    return {"pages": len(docs.pages), "rulings": len(docs.rulings),
            "examples": sum(len(page.examples) for page in docs.pages.values())}


def median_ratio(ours: list[float], plain: list[float]) -> tuple[float, float, float]:
    """Median CPU seconds of each build and the median of the runs' ratios (each run's pair, same load)."""
    ratios = [mine / theirs for mine, theirs in zip(ours, plain, strict=True)]
    return statistics.median(ours), statistics.median(plain), statistics.median(ratios)


def scale_rows(runs: int, sizes: tuple[int, ...] = (1, 8)) -> list[tuple[str, str, str]]:
    """Our strict build beside the plain one, in CPU, at each size; runs interleaved, medians."""
    import tempfile

    from bench import _wall_and_cpu

    rows = []
    with tempfile.TemporaryDirectory() as work:
        folders = {times: Path(work) / f"x{times}" for times in sizes}
        configs = {times: write_fixture(folder, times) for times, folder in folders.items()}
        cpu: dict[tuple[int, str], list[float]] = {}
        for _ in range(runs):
            for times, (ours, plain) in configs.items():
                builds = (("plain", _build(plain, strict=False)), ("ours", _build(ours, strict=True)))
                for kind, command in builds:
                    shutil.rmtree(folders[times] / "site", ignore_errors=True)
                    cpu.setdefault((times, kind), []).append(
                        _wall_and_cpu(command, cwd=folders[times], env=_env(folders[times]))[1])
        for times, folder in folders.items():
            size = fixture_size(folder)
            mine, theirs, ratio = median_ratio(cpu[times, "ours"], cpu[times, "plain"])
            rows.append((
                f"Strict build / plain Material build of the same Markdown, CPU, {times}x content "
                f"({size['pages']} pages, {size['rulings']} rulings, {size['examples']} example fences)",
                f"{mine:.2f} s / {theirs:.2f} s = {ratio:.2f}x", "<= 1.5x"))
    return rows


def _env(folder: Path) -> dict[str, str]:
    """The build's environment: the fixture's own links to this checkout's code come first on the path."""
    return {**os.environ, **QUIET_BUILD, "PYTHONPATH": str(folder)}


def _build(config: Path, *, strict: bool) -> list[str]:
    command = [str(ROOT / ".venv" / "bin" / "mkdocs"), "build", "-f", str(config),
               "--site-dir", str(config.parent / "site")]
    return [*command, "--strict"] if strict else command
