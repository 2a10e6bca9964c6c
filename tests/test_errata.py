"""Releases and errata: what a release records, what the "What changed" page computes, marks, retirements.

The throwaway repository with two releases, built and checked in the browser, is in
tests/browser/test_errata.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.affinity import calculate
from rules.resistances import take_damage
from rulesite.build import Build
from rulesite.errata import changes_markdown, history_of, retired_links, word_diff
from rulesite.model import Page, load, plain, system_pages
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
    figures = kw.get("figures")
    return Entry(
        anchor,
        page,
        kw.get("title", anchor.title()),
        kw.get("kind", "rule"),
        text,
        tuple(Outcome(s, r) for s, r in kw.get("outcomes", ())),
        None if figures is None else tuple(Outcome(s, r) for s, r in figures),
    )


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
    page = Page(
        "wards.md",
        "# Wards { #wards }\n\n## Stone skin { #stone-skin }\n\nHalf the **damage**.\n\n"
        "```python\n>>> from rules.resistances import take_damage\n"
        ">>> take_damage(12, 'fire', ['Resist Fire']).final\n6\n```\n",
    )
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


def test_a_rule_whose_computed_table_changed_is_marked_with_each_row_before_and_after():
    """``<!-- table: ... -->`` figures are the rule's own words: a changed row changes the rule."""
    before = release(
        "1.0", entry("multipliers", figures=[("Affinity VU", "Multiplier: 2"), ("Affinity RS", "1/2")])
    )
    after = release(
        "1.1", entry("multipliers", figures=[("Affinity VU", "Multiplier: 3"), ("Affinity RS", "1/2")])
    )
    (change,) = changes(before, after)
    assert change.kind == "changed" and not change.outcomes
    assert [(f.situation, f.before, f.after) for f in change.figures] == [
        ("Affinity VU", "Multiplier: 2", "Multiplier: 3")
    ]
    page = "\n".join(
        changes_markdown(History((before, after), ((before, ()), (after, (change,)))), load(), "c.md")
    )
    assert "Its table:" in page and "<del>Multiplier: 2</del> → <ins>Multiplier: 3</ins>" in page


def test_a_rule_citation_in_a_recorded_row_reads_as_the_rules_title():
    docs = load()
    before = release("1.0", entry("multipliers", figures=[("Affinity VU", "2 (§final-damage)")]))
    after = release("1.1", entry("multipliers", figures=[("Affinity VU", "3 (§final-damage)")]))
    page = "\n".join(
        changes_markdown(
            History((before, after), ((before, ()), (after, changes(before, after)))), docs, "c.md"
        )
    )
    title = plain(docs.heading("final-damage").name)
    assert f"<del>2 ({title})</del> → <ins>3 ({title})</ins>" in page and "§" not in page


def test_a_release_recorded_before_tables_were_kept_compares_no_table():
    old = release("1.0", entry("multipliers"))  # a file without "figures"
    new = release("1.1", entry("multipliers", figures=[("Affinity VU", "Multiplier: 3")]))
    assert changes(old, new) == ()


def test_a_reason_is_accepted_for_a_rule_only_its_table_changed(tmp_path):
    folder = tmp_path / "releases"
    folder.mkdir()
    for made in (
        release("1.0", entry("multipliers", figures=[("VU", "2")])),
        release("1.1", entry("multipliers", figures=[("VU", "3")])),
    ):
        (folder / f"{made.version}.json").write_text(to_json(made), encoding="utf-8")
    (folder / "reasons.yml").write_text('"1.1":\n  multipliers: Weak spots hit harder.\n', encoding="utf-8")
    assert [(c.anchor, c.reason) for c in history(tmp_path).changes[-1][1]] == [
        ("multipliers", "Weak spots hit harder.")
    ]


def test_a_broken_history_is_reported_once_per_build(tmp_path, rulesite_log):
    docs_root = tmp_path / "docs"
    (docs_root / "releases").mkdir(parents=True)
    (docs_root / "index.md").write_text("# Home { #home }\n", encoding="utf-8")
    (docs_root / "releases" / "1.0.json").write_text(to_json(release("1.0")), encoding="utf-8")
    (docs_root / "releases" / "reasons.yml").write_text('"1.0":\n  glass: Never used.\n', encoding="utf-8")
    build = Build(docs_root)  # every page of a build asks the build, which reads the history once
    assert build.history(history_of) is None and build.history(history_of) is None
    assert len([r for r in rulesite_log if "changed no rule with anchor glass" in r.getMessage()]) == 1


def test_a_pages_hidden_comments_are_no_part_of_its_recorded_text(tmp_path):
    page = Page(
        "wards.md",
        "# Wards { #wards }\n\n## Stone skin { #stone-skin }\n\n"
        "It takes away 8<!-- states: 17 // 2 -->, half.\n",
    )
    assert page_entries(page)[1].text == "It takes away 8, half."
    older = release("1.0", entry("stone-skin", "It takes away 8<!-- states: 17 // 2 -->, half."))
    (tmp_path / "1.0.json").write_text(to_json(older), encoding="utf-8")
    assert read_release(tmp_path / "1.0.json").entries[0].text == "It takes away 8, half."


def test_each_answer_of_a_line_is_recorded_under_its_own_situation():
    """The drake's ``[-10, 20, 10]``: three results, each under its situation, none empty."""
    page = Page(
        "drakes.md",
        "# Drakes { #drakes }\n\n```python\n>>> from rules.affinity import calculate\n"
        ">>> drake = {'fire': 'AB', 'ice': 'VU'}\n"
        ">>> [calculate(10, kind, drake).final for kind in ('fire', 'ice')]\n"
        f"{[calculate(10, kind, {'fire': 'AB', 'ice': 'VU'}).final for kind in ('fire', 'ice')]}\n"
        ">>> print(calculate(10, 'fire', 'VU').steps[5].text)\n"
        f"{calculate(10, 'fire', 'VU').steps[5].text}\n```\n",
    )
    (drakes,) = page_entries(page)
    fire, ice = (calculate(10, kind, {"fire": "AB", "ice": "VU"}) for kind in ("fire", "ice"))
    assert drakes.outcomes[:2] == (
        Outcome(fire.situation, str(fire.final)),
        Outcome(ice.situation, str(ice.final)),
    )
    printed = drakes.outcomes[2]
    assert printed.result == calculate(10, "fire", "VU").steps[5].text
    assert printed.situation == calculate(10, "fire", "VU").situation


@pytest.mark.tooling
def test_every_recorded_outcome_of_the_site_has_its_situation_and_result():
    """What scripts/release records for the system pages (runs every page's examples: about 2 s)."""
    # The pages as recorded, failing examples or not: a failing example fails on its own page.
    docs = load()
    made = Release("0", tuple(entry for src in system_pages() for entry in page_entries(docs.pages[src])))
    empty = [
        (e.anchor, o)
        for e in made.entries
        for o in (*e.outcomes, *(e.figures or ()))
        if not (o.situation and o.result)
    ]
    assert not empty, f"outcomes recorded without a situation or a result: {empty[:5]}"
    assert "<!--" not in "".join(e.text for e in made.entries)
    assert next(e for e in made.entries if e.anchor == "multipliers").figures


@pytest.mark.built_site
def test_the_built_site_shows_its_version_and_its_first_release(site):
    changes_html = (site / "changes" / "index.html").read_text(encoding="utf-8")
    assert 'id="v1-0"' in changes_html and "The first release" in changes_html
    assert not re.search(r"<h3 id=\"v1-0-", changes_html)
    assert "&lt;!--" not in changes_html, "a hidden comment of a page shows as text on What changed"
    latest = re.escape(history_of(load()).latest.version)
    affinity = (site / "affinity" / "index.html").read_text(encoding="utf-8")
    assert re.search(
        rf'<p class="rules-version"[^>]*>Rules version {latest} · <a href="\.\./changes/">', affinity
    )
