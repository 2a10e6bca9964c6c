"""The build context: a page's examples run once per build, and the builder names the page converted."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import markdown
import pytest
from markdown.treeprocessors import Treeprocessor

from rulesite import examples
from rulesite.model import DOCS


class _Build:
    """What MkDocs keeps for one build (its files): a new one is a new build."""


class _Relpath(Treeprocessor):  # type: ignore[misc]
    """What MkDocs gives every page's Markdown: the page's file and the build's files."""

    def __init__(self, md: markdown.Markdown, src: str, build: _Build) -> None:
        super().__init__(md)
        self.file = SimpleNamespace(src_uri=src)
        self.files = build

    def run(self, root: object) -> None:
        return None


def convert(src: str, build: _Build, text: str | None = None) -> str:
    md = markdown.Markdown(
        extensions=["attr_list", "pymdownx.highlight", "pymdownx.superfences", "rulesite.extension"],
        extension_configs={"pymdownx.superfences": {"custom_fences": [
            {"name": "python", "class": "highlight", "format": examples.formatter},
        ]}},
    )
    md.treeprocessors.register(_Relpath(md, src, build), "relpath", 0)
    return str(md.convert((DOCS / src).read_text(encoding="utf-8") if text is None else text))


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each page's examples ran."""
    counted: Counter[str] = Counter()
    run_page = examples.run_page

    def counting(page):  # type: ignore[no-untyped-def]
        counted[page.src] += 1
        return run_page(page)

    monkeypatch.setattr(examples, "run_page", counting)
    return counted


@pytest.mark.integration  # converts every system page, twice over: seconds
def test_a_pages_examples_run_once_per_build_though_the_print_page_shows_them_too(runs):
    build = _Build()
    convert("resistances.md", build)
    convert("print.md", build)
    assert runs["resistances.md"] == 1 and runs["affinity.md"] == 1
    assert set(runs.values()) == {1}


def test_a_new_build_runs_them_again(runs):
    convert("linking.md", _Build())
    convert("linking.md", _Build())
    assert runs["linking.md"] == 2


def test_the_page_is_the_one_the_builder_names_not_one_found_by_its_text(runs):
    """A plugin may change a page's Markdown before it converts: the examples are still its own."""
    text = (DOCS / "linking.md").read_text(encoding="utf-8") + "\nA line a plugin added.\n"
    html = convert("linking.md", _Build(), text)
    assert runs["linking.md"] == 1
    assert 'class="worked-example' in html
