"""The search's vocabulary and query set name real rules (issue 43).

docs/vocabulary.yml maps a player's words to the site's rules; tests/search_queries.yml lists the
queries the browser tests type, each with the rule it must find first. A link to a heading that
is not there would silently find nothing: these fail first, naming the entry and the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.vocabulary import _CONDITION_ALIASES
from rulesite.model import load

ROOT = Path(__file__).resolve().parent.parent
VOCABULARY = yaml.safe_load((ROOT / "docs" / "vocabulary.yml").read_text(encoding="utf-8"))
QUERIES = yaml.safe_load((ROOT / "tests" / "search_queries.yml").read_text(encoding="utf-8"))
VENDORED = {"minisearch.js": "minisearch/dist/umd/index.js", "lunr.min.js": "lunr/lunr.min.js",
            "js-yaml.min.js": "js-yaml/dist/browser/js-yaml.umd.min.js"}


@pytest.fixture(scope="module")
def docs():
    return load()


def test_every_word_of_the_vocabulary_leads_to_a_heading(docs):
    wrong = []
    for link, words in VOCABULARY["rules"].items():
        page, _, anchor = link.partition("#")
        heading = docs.heading(anchor)
        if heading is None or heading.page != page:
            where = f" (it is on {heading.page})" if heading else ""
            wrong.append(f"{link}{where}: {words}")
        elif not isinstance(words, list) or not all(isinstance(word, str | int) for word in words):
            wrong.append(f"{link}: write its words as a list, [word, other word]")
    assert not wrong, "docs/vocabulary.yml names headings that are not there:\n" + "\n".join(wrong)


def test_the_spellings_map_one_word_to_one_word():
    wrong = {word: site for word, site in VOCABULARY["spellings"].items()
             if len(str(word).split()) != 1 or len(str(site).split()) != 1}
    assert not wrong, f"docs/vocabulary.yml spellings: one word for one word: {wrong}"


def test_the_older_names_of_conditions_are_in_the_vocabulary():
    words = {str(word).lower(): link.split("#")[1] for link, listed in VOCABULARY["rules"].items()
             for word in listed}
    missing = {alias: condition.value for alias, condition in _CONDITION_ALIASES.items()
               if words.get(alias) != condition.value.lower()}
    assert not missing, f"older names the rules read but search does not know: {missing}"


def test_every_query_names_an_anchor_of_the_site(docs):
    wrong = [f"{query!r}: #{anchor}" for group in QUERIES.values() for query, anchor in group.items()
             if anchor not in docs.anchors]
    assert not wrong, "tests/search_queries.yml names anchors that are not there:\n" + "\n".join(wrong)


def test_the_query_set_tries_what_players_type():
    assert sum(len(group) for group in QUERIES.values()) >= 60
    assert {"names", "typos", "forms", "words", "questions", "notation", "filters"} <= set(QUERIES)
    assert all(len(QUERIES[group]) >= 2 for group in ("typos", "forms", "words", "questions", "filters"))


@pytest.mark.parametrize(("copy", "package"), VENDORED.items())
def test_the_search_libraries_are_the_locked_packages(copy, package):
    installed = ROOT / "node_modules" / package
    if not installed.exists():
        pytest.skip("npm ci has not run")
    shipped = ROOT / "docs" / "assets" / "search" / "vendor" / copy
    assert shipped.read_bytes() == installed.read_bytes(), (
        f"docs/assets/search/vendor/{copy} differs from node_modules/{package} (package-lock.json): "
        f"copy it again: cp node_modules/{package} docs/assets/search/vendor/{copy}"
    )
