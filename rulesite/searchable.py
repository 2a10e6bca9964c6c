"""Keep example code out of the site search: a Python-Markdown extension.

Every code block on the site is an executed example (``>>>`` prompts and output). Its
words drown the rules' own in search results ("dazed" finds code that mentions it
before the rule) and make up much of the index every page downloads. The extension
marks each highlighted block ``data-search-exclude``, which Material's search plugin
skips; the block still shows on the page as before.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor

_BLOCK = re.compile(r'<div class="(?:language-\w+ )?highlight"')


class _Exclude(Postprocessor):
    def run(self, text: str) -> str:
        return _BLOCK.sub(lambda match: match.group(0) + " data-search-exclude", text)


class SearchableExtension(Extension):
    """The ``rulesite.searchable`` extension."""

    def extendMarkdown(self, md: Markdown) -> None:
        """Run after the raw HTML of highlighted blocks is put back (priority 30)."""
        md.postprocessors.register(_Exclude(md), "search_exclude_code", 5)


def makeExtension(**kwargs: Any) -> SearchableExtension:
    """The entry point Python-Markdown looks for."""
    return SearchableExtension(**kwargs)
