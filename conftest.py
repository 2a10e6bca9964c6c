"""Collect every worked example (``>>>`` blocks in docs/, doctests in rules/ docstrings) and order the run.

The parsers live in rulesite/doctests.py: no skip parser, no ``# doctest:`` directive, no fence that
hides an example; each example is reported at its real line. The run goes from the quickest, most
pointed failures to the slowest: the pages' examples first, then docstrings and unit tests, then
whole builds, and the browser last.
"""

import gc
import os
import re

import pytest
from sybil.integration.pytest import SybilFile
from sybil.sybil import SybilCollection

from rulesite.doctests import docstrings_sybil, pages_sybil

# Collection builds thousands of examples and tests that live to the end of the run: the cyclic
# collector would only rescan them. It rests until collection is done (pytest_collection_finish).
gc.disable()

_SYBILS = (pages_sybil(), docstrings_sybil(), docstrings_sybil("calculators"))
pytest_collect_file = SybilCollection(_SYBILS).pytest()


def _stage(item):
    path = item.nodeid.split("::", 1)[0]
    if path.startswith("docs/"):
        return 0
    if path.startswith(("rules/", "calculators/")):
        return 1
    if item.get_closest_marker("browser") or path.startswith("tests/browser/"):
        return 4
    if item.get_closest_marker("integration"):
        return 3
    if item.get_closest_marker("built_site"):
        return 3
    return 2


# Whole-distribution cross-checks (brute force, icepool): seconds each, left out of scripts/test --fast.
_EXHAUSTIVE = re.compile(r"brute_force|icepool|exact_odds|distribution_allows")


def _with_earlier_examples(items):
    """Where only some examples of a page are selected, run the page's earlier ones before them.

    The examples of a page share one namespace: run alone, a later one would fail on a name an
    earlier one imported. This keeps ``pytest "docs/x.md::sybil:docs,line:120,column:1"`` and
    mutmut (which runs only the examples that reach a mutant) honest.
    """
    by_file = {}
    for item in items:
        if isinstance(item.parent, SybilFile):
            by_file.setdefault(item.parent, []).append(item)
    for parent, chosen in by_file.items():
        # Counted from the documents collection parsed: parsing a page again costs more than its run.
        if sum(1 for document in parent.documents for _ in document.examples()) == len(chosen):
            lines = [item.example.line for item in chosen]
            if lines == sorted(lines):
                continue
            everything = sorted(chosen, key=lambda item: item.example.line)  # mutmut lists tests unordered
        else:
            everything = list(parent.collect())
        last = max(item.example.line for item in chosen)
        wanted = [item for item in everything if item.example.line <= last]
        at = min(map(items.index, chosen))
        items[:] = [item for item in items if item.parent is not parent]
        items[at:at] = wanted


def pytest_itemcollected(item):
    """Markers that follow from a test itself, set before -m selects on them."""
    if item.nodeid.startswith("tests/browser/"):
        item.add_marker(pytest.mark.browser)
    if "site" in getattr(item, "fixturenames", ()):
        item.add_marker(pytest.mark.built_site)
    if _EXHAUSTIVE.search(item.nodeid):
        item.add_marker(pytest.mark.exhaustive)


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected what they deselect
def pytest_collection_modifyitems(config, items):
    _with_earlier_examples(items)
    if os.environ.get("RULES_SKIP_BROWSER") == "1":
        # scripts/test could not install Chromium: run the rest, and say so at the end.
        skipped = [item for item in items if _stage(item) == 4]
        items[:] = [item for item in items if _stage(item) != 4]
        config.hook.pytest_deselected(items=skipped)
    items.sort(key=_stage)  # a stable sort: the order within each stage is kept


def pytest_collection_finish(session):
    """Freeze what collection built: it lives to the end, and the cyclic collector then skips it.

    Without this, each full collection during the run rescans every collected example and test
    (about 0.4 s of CPU in a quick run, measured with gc.callbacks).
    """
    gc.freeze()
    gc.enable()
