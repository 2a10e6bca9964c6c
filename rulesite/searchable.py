"""Keep example code out of the site search: a Python-Markdown extension.

Every code block on the site is an executed example (``>>>`` prompts and output). Its
words drown the rules' own in search results ("dazed" finds code that mentions it
before the rule) and make up much of the index every page downloads. The extension
marks each highlighted block ``data-search-exclude``, which Material's search plugin
skips; the block still shows on the page as before.

The programmers' material is left out whole: every heading from a page's "For
programmers" section (an ``h2`` whose id ends in ``-for-programmers``) to the next ``h2``
is marked, which makes Material leave out its section (its refusals, its tables as the
code prints them, what a result carries), so no query finds code before a player's rule.
"""

from __future__ import annotations

from typing import Any

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.treeprocessors import Treeprocessor

from rulesite.markup import tree_of, written

EXCLUDE = "data-search-exclude"


class _Exclude(Postprocessor):
    """Marks each highlighted block (``div.highlight``, Pygments' through pymdownx.highlight)."""

    def run(self, text: str) -> str:
        if "highlight" not in text:
            return text
        tree = tree_of(self.md, text)
        for block in tree.iter("div"):
            if "highlight" in block.classes:
                block.set(EXCLUDE, None)
        return written(self.md, tree)


_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
_PROGRAMMERS = "-for-programmers"


class _ExcludeProgrammers(Treeprocessor):
    def run(self, root: Any) -> None:
        inside = False
        for child in root:
            if child.tag == "h2":
                inside = child.get("id", "").endswith(_PROGRAMMERS)
            if inside:
                child.set(EXCLUDE, "")
                for heading in child.iter():
                    if heading.tag in _HEADINGS:
                        heading.set(EXCLUDE, "")


class SearchableExtension(Extension):
    """The ``rulesite.searchable`` extension."""

    def extendMarkdown(self, md: Markdown) -> None:
        """Run after the raw HTML of highlighted blocks is put back (priority 30)."""
        md.postprocessors.register(_Exclude(md), "search_exclude_code", 5)
        # After attr_list (8) has given the headings their explicit ids.
        md.treeprocessors.register(_ExcludeProgrammers(md), "search_exclude_programmers", 7)


def makeExtension(**kwargs: Any) -> SearchableExtension:
    """The entry point Python-Markdown looks for."""
    return SearchableExtension(**kwargs)
