"""Releases and errata: what a release records, what the "What changed" page computes, marks, retirements.

The throwaway repository with two releases, built and checked in the browser, is in
tests/browser/test_errata.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.resistances import take_damage
from rulesite.errata import changes_markdown, history_of, retired_links, word_diff
from rulesite.model import Page, load
from rulesite.releases import (
    Entry,
    History,
    Outcome,
    Release,
    ReleaseError,
    changes,
    history,
    page_entries,
    read_release,
    record,
    to_json,
    version_key,
)

ROOT = Path(__file__).resolve().parent.parent


def entry(anchor: str, text: str = "Half damage.", page: str = "wards.md", **kw) -> Entry:
    return Entry(anchor, page, kw.get("title", anchor.title()), kw.get("kind", "rule"), text,
                 tuple(Outcome(s, r) for s, r in kw.get("outcomes", ())))


def release(version: str, *entries: Entry) -> Release:
    return Release(version, entries)


def test_a_change_of_text_and_of_an_example_result_is_listed_with_both():
    petrified = "Petrified, 15 damage"
    before = release("1.0", entry("stone-skin", "Half, rounded down.", outcomes=[(petrified, "7")]))
    after = release("1.1", entry("stone-skin", "Half, rounded up.", outcomes=[(petrified, "8")]))
    (change,) = changes(before, after)
    assert (change.kind, change.anchor, change.entry_id) == ("changed", "stone-skin", "v1-1-stone-skin")
    assert [(o.situation, o.before, o.after) for o in change.outcomes] == [("Petrified, 15 damage", "7", "8")]


def test_added_moved_retired_and_unchanged_rules_are_told_apart():
    before = release("1.0", entry("kept"), entry("mirror"), entry("glass"), entry("old-name"))
    after = release(
        "1.1", entry("kept"), entry("mirror", page="curses.md"), entry("new-name"), entry("fresh")
    )
    found = {change.anchor: change.kind for change in changes(before, after, {"old-name": "new-name"})}
    assert found == {"mirror": "moved", "old-name": "moved", "fresh": "added", "glass": "retired"}


def test_a_mark_shows_the_latest_release_only_and_goes_with_the_next():
    one = release("1.0", entry("stone-skin", "Down."))
    two = release("1.1", entry("stone-skin", "Up."))
    three = release("1.2", entry("stone-skin", "Up."))
    assert set(History((one, two), ((one, ()), (two, changes(one, two)))).marks()) == {"stone-skin"}
    listed = ((one, ()), (two, changes(one, two)), (three, changes(two, three)))
    assert History((one, two, three), listed).marks() == {}


def test_a_retired_rule_keeps_its_last_release_entry_until_it_comes_back():
    one, two, three = release("1.0", entry("glass")), release("1.1"), release("1.2", entry("glass"))
    listed = ((one, ()), (two, changes(one, two)))
    assert History((one, two), listed).retired()["glass"].entry_id == "v1-1-glass"
    listed += ((three, changes(two, three)),)
    assert History((one, two, three), listed).retired() == {}


def test_the_text_difference_is_word_by_word():
    diff = word_diff("half, rounded down.", "half, rounded up.")
    assert diff == "half, rounded <del>down.</del> <ins>up.</ins>"
    assert word_diff("a <b>", "a <b>") == "a &lt;b&gt;"


def test_versions_are_numbers_joined_by_dots():
    assert version_key("1.10") > version_key("1.9")
    with pytest.raises(ReleaseError, match=r"release version 'v1' is not numbers joined by dots"):
        version_key("v1")


def test_a_release_file_round_trips_and_names_itself(tmp_path):
    made = release("1.1", entry("stone-skin", outcomes=[("Petrified, 15 damage", "8")]))
    path = tmp_path / "1.1.json"
    path.write_text(to_json(made), encoding="utf-8")
    assert read_release(path) == made
    wrong = tmp_path / "1.2.json"
    wrong.write_text(to_json(made), encoding="utf-8")
    with pytest.raises(ReleaseError, match=r"1\.2\.json: records version '1\.1', but its name says '1\.2'"):
        read_release(wrong)


def test_a_reason_for_a_rule_the_release_did_not_change_is_refused(tmp_path):
    folder = tmp_path / "releases"
    folder.mkdir()
    for made in (release("1.0", entry("stone-skin", "Down.")), release("1.1", entry("stone-skin", "Up."))):
        (folder / f"{made.version}.json").write_text(to_json(made), encoding="utf-8")
    reasons = folder / "reasons.yml"
    reasons.write_text('"1.1":\n  stone-skin: Rounding down made it useless.\n', encoding="utf-8")
    assert history(tmp_path).changes[-1][1][0].reason == "Rounding down made it useless."
    (folder / "reasons.yml").write_text('"1.1":\n  glass: Never used.\n', encoding="utf-8")
    with pytest.raises(ReleaseError, match=r"release 1\.1 changed no rule with anchor glass"):
        history(tmp_path)


def test_a_release_records_each_rule_with_its_examples_outcomes_in_game_words():
    page = Page("wards.md", "# Wards { #wards }\n\n## Stone skin { #stone-skin }\n\nHalf the **damage**.\n\n"
                "```python\n>>> from rules.resistances import take_damage\n"
                ">>> take_damage(12, 'fire', ['Resist Fire']).final\n6\n```\n")
    wards, stone = page_entries(page)
    assert (stone.anchor, stone.kind, stone.title) == ("stone-skin", "rule", "Stone skin")
    assert stone.text == "Half the damage."
    resisted = take_damage(12, "fire", ["Resist Fire"]).final  # what the example prints, from the rules
    assert stone.outcomes == (Outcome("12 Fire damage against Resist Fire", f"{resisted} damage"),)
    assert wards.outcomes == ()


def test_a_release_is_refused_for_an_old_version(tmp_path):
    (tmp_path / "docs" / "releases").mkdir(parents=True)
    (tmp_path / "docs" / "releases" / "1.1.json").write_text(to_json(release("1.1")), encoding="utf-8")
    with pytest.raises(ReleaseError, match=r"release 1\.0: the latest release is 1\.1; a new one must be"):
        record(tmp_path, "1.0")


def test_the_sites_own_first_release_lists_no_change():
    docs = load()
    found = history_of(docs)
    assert found is not None and found.releases[0].version == "1.0"
    first = json.loads((ROOT / "docs" / "releases" / "1.0.json").read_text(encoding="utf-8"))
    assert len(first["entries"]) > 200
    markdown = "\n".join(changes_markdown(History(found.releases[:1], found.changes[:1]), docs, "changes.md"))
    assert "## Release 1.0 { #v1-0 }" in markdown
    assert "The first release:" in markdown and "###" not in markdown


def test_only_a_release_lets_a_published_anchor_go(tmp_path):
    """A rule removed since the latest release has no entry yet: its link is kept only once one records it."""
    docs_root = tmp_path / "docs"
    (docs_root / "releases").mkdir(parents=True)
    changes_page = "# What changed { #changes }\n\n<!-- changes -->\n"
    (docs_root / "changes.md").write_text(changes_page, encoding="utf-8")
    (docs_root / "wards.md").write_text("# Wards { #wards }\n", encoding="utf-8")
    one = release("1.0", entry("wards", "", kind="rule"), entry("glass"))
    (docs_root / "releases" / "1.0.json").write_text(to_json(one), encoding="utf-8")
    assert retired_links(load(docs_root)) == {}
    two = release("1.1", entry("wards", "", kind="rule"))
    (docs_root / "releases" / "1.1.json").write_text(to_json(two), encoding="utf-8")
    assert retired_links(load(docs_root)) == {"/wards/#glass": "/changes/#v1-1-glass"}


@pytest.mark.built_site
def test_the_built_site_shows_its_version_and_its_first_release(site):
    changes_html = (site / "changes" / "index.html").read_text(encoding="utf-8")
    assert 'id="v1-0"' in changes_html and "The first release" in changes_html
    assert not re.search(r"<h3 id=\"v1-0-", changes_html)
    affinity = (site / "affinity" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<p class="rules-version"[^>]*>Rules version 1\.0 · <a href="\.\./changes/">', affinity)
