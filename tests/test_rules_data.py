"""The rules as data (rules.json and one document per release): what tools read matches what players read.

The built site's documents follow the published schema; every anchor published on a rules page
is an id in them; each worked example's result is the one the built page shows; and a rule
that no release changed since reads as that release recorded it.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from calculators import CALCULATORS
from rulesite import data
from rulesite.model import Page, cited_anchors, load, plain, published_anchors, site_markdown, system_pages
from rulesite.moves import read_moves
from rulesite.releases import Entry, History, Release, changes

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / data.SCHEMA).read_text(encoding="utf-8"))
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def documents(site: Path) -> dict[str, dict]:
    """Every document the built site serves, by file name: the current rules and each release."""
    current = json.loads((site / data.CURRENT).read_text(encoding="utf-8"))
    found = {data.CURRENT: current}
    for release in current["releases"]:
        found[release["address"]] = json.loads((site / release["address"]).read_text(encoding="utf-8"))
    return found


def test_the_schema_is_a_valid_json_schema():
    Draft202012Validator.check_schema(SCHEMA)


def test_every_document_of_the_build_follows_the_published_schema(site):
    assert json.loads((site / data.SCHEMA).read_text(encoding="utf-8")) == SCHEMA, (
        "the site serves another schema"
    )
    validator = Draft202012Validator(SCHEMA)
    found = documents(site)
    assert len(found) >= 2, "no release's document: docs/releases/ records at least 1.0"
    for name, document in found.items():
        errors = [
            f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
            for error in validator.iter_errors(document)
        ]
        assert not errors, f"{name} breaks {data.SCHEMA}:\n" + "\n".join(errors[:10])
        ids = [rule["id"] for rule in document["rules"]]
        assert len(ids) == len(set(ids)), f"{name}: an id is given twice"
        assert {rule["system"] for rule in document["rules"]} <= {
            system["id"] for system in document["systems"]
        }
    for name, document in found.items():
        expected = "current" if name == data.CURRENT else name.removeprefix("rules-").removesuffix(".json")
        assert document["version"] == expected


def test_every_address_in_the_current_rules_lands_on_its_rule(site):
    """Addresses are relative to the document at the site's root: each reaches its rule's id."""
    current = documents(site)[data.CURRENT]
    missing = []
    for rule in current["rules"]:
        page, anchor = rule["url"].split("#")
        html = (site / page / "index.html").read_text(encoding="utf-8")
        if f'id="{anchor}"' not in html:
            missing.append(rule["url"])
    assert not missing, f"addresses that land on no rule: {missing}"


def test_every_published_anchor_of_a_rules_page_is_in_the_data(site):
    """Each is an id of rules.json, or of a release that had it (retired), or it left the rules.

    Two kinds of published anchor on a rules page are no rule: a heading of the collapsed
    "For programmers" section (its messages and code names), which the data holds as part
    of that section; and an anchor recorded in docs/moved.yml as moved to the API reference.
    """
    docs = load(ROOT / "docs")
    rules_pages = system_pages(ROOT / "mkdocs.yml")
    found = documents(site)
    held = {rule["id"] for document in found.values() for rule in document["rules"]}
    moved = {(move.page, move.anchor): move for move in read_moves(ROOT / "docs" / "moved.yml")}
    published = [line for line in published_anchors() if line.split("#")[0].strip("/") + ".md" in rules_pages]
    assert len(published) >= 250
    missing = []
    for line in published:
        path, anchor = line.split("#")
        page = path.strip("/") + ".md"
        move = moved.get((page, anchor))
        if anchor in held or (move and (move.new_anchor in held or move.new_page not in rules_pages)):
            continue
        where = (
            next((a for a in docs.pages[page].anchors if a.name == anchor), None)
            if page in docs.pages
            else None
        )
        section = [h for h in docs.pages[page].headings if where and h.line < where.line and h.anchor][-1:]
        if not (section and section[0].anchor.endswith("-for-programmers") and section[0].anchor in held):
            missing.append(line)
    assert not missing, f"published anchors no document holds: {missing}"


class _Cards(HTMLParser):
    """The words of a built page's worked-example cards, by the id of the heading whose section holds them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.section = ""
        self.words: dict[str, list[str]] = {}
        self.charts: dict[str, int] = {}
        self.open = 0
        self.card_depth: int | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        given = dict(attrs)
        if tag in HEADINGS and given.get("id"):
            self.section = given["id"]
            self.words.setdefault(self.section, [])
        if tag in VOID:
            return
        self.open += 1
        if self.card_depth is None and "worked-example" in (given.get("class") or "").split():
            self.card_depth = self.open
        if self.card_depth is not None and tag == "svg":
            self.charts[self.section] = self.charts.get(self.section, 0) + 1

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.card_depth is not None and self.open == self.card_depth:
            self.card_depth = None
        self.open -= 1

    def handle_data(self, text: str) -> None:
        if self.card_depth is not None and not self.charts.get(self.section):
            self.words[self.section] += _words(text)


def _words(text: str) -> list[str]:
    """Text as lowercase words, punctuation gone: a card shows "Result" where the data says "(...)"."""
    return "".join(c if c.isalnum() or c.isspace() else " " for c in text.casefold()).split()


def _cards_by_rule(page: Path, ids: set[str]) -> dict[str, tuple[list[str], int]]:
    """A page's cards' words and charts by rule: a heading that is no rule ("For programmers") belongs to
    the rule above."""
    reader = _Cards()
    reader.feed(page.read_text(encoding="utf-8"))
    found: dict[str, tuple[list[str], int]] = {}
    rule = ""
    for section, words in reader.words.items():
        rule = section if section in ids else rule
        shown, charts = found.get(rule, ([], 0))
        found[rule] = (shown + words, charts + reader.charts.get(section, 0))
    return found


def _find(words: list[str], shown: list[str], start: int) -> int:
    """Where ``words`` next appear in ``shown`` from ``start``, and just after them; -1 if nowhere."""
    for at in range(start, len(shown) - len(words) + 1):
        if shown[at : at + len(words)] == words:
            return at + len(words)
    return -1


def test_each_worked_example_in_the_data_is_the_one_its_page_shows(site):
    """Each result, word for word, on the rule's section of the built page, in the data's order.

    A chart is drawn, not written: a section with one is compared up to its first chart.
    """
    rules = documents(site)[data.CURRENT]["rules"]
    ids = {rule["id"] for rule in rules}
    compared = drawn = 0
    by_page: dict[str, dict[str, tuple[list[str], int]]] = {}
    for rule in rules:
        if rule["page"] not in by_page:
            by_page[rule["page"]] = _cards_by_rule(site / rule["page"] / "index.html", ids)
        shown, charts = by_page[rule["page"]].get(rule["id"], ([], 0))
        at = 0
        for example in rule["examples"]:
            found = _find(_words(example["result"]), shown, at)
            if found < 0 and charts:
                drawn += 1
                break
            assert found >= 0, f"{rule['url']}: {example['result']!r} is not what its page shows there"
            at, compared = found, compared + 1
    assert compared >= 500, f"only {compared} examples compared: is the page reader still finding the cards?"
    assert drawn <= 10, f"{drawn} sections left uncompared for their charts"


def test_a_rule_no_release_changed_since_reads_as_that_release_recorded_it(site):
    found = documents(site)
    current = found[data.CURRENT]
    latest = found[data.release_file(current["latest_release"])]["rules"]
    recorded = {rule["id"]: rule for rule in latest}
    unchanged = [rule for rule in current["rules"] if rule["changed_in"] is not None]
    assert unchanged, "no rule unchanged since the latest release: is changed_in computed?"
    for rule in unchanged:
        before = recorded.get(rule["id"])
        assert before is not None, (
            f"{rule['id']}: changed_in {rule['changed_in']}, yet not in the latest release"
        )
        assert (before["title"], before["text"], before["examples"]) == (
            rule["title"],
            rule["text"],
            rule["examples"],
        )


def test_the_words_and_markdown_are_the_players_and_every_citation_is_an_anchor_of_the_site(site):
    """No page's Markdown file name, comment or raw ``§anchor`` reaches a tool; what a rule cites exists."""
    anchors = set(load(ROOT / "docs").anchors)
    rules = documents(site)[data.CURRENT]["rules"]
    for rule in rules:
        words = (
            rule["text"] + rule["markdown"] + "".join(e["situation"] + e["result"] for e in rule["examples"])
        )
        assert ".md#" not in rule["markdown"] and "<!--" not in words and "(§" not in words, rule["id"]
        assert set(rule["cites"]) <= anchors, f"{rule['id']} cites {set(rule['cites']) - anchors}"
    assert sum(len(rule["cites"]) for rule in rules) >= 200


def test_a_citation_reads_as_its_rules_title():
    docs = load(ROOT / "docs")
    title = plain(docs.heading("several-damage-types").name)
    assert data.words(f"{title} (§several-damage-types): 7 added", docs) == f"{title}: 7 added"
    assert data.words("halved (§several-damage-types)<!-- states: x -->", docs) == f"halved ({title})"
    markdown = data.words_in_markdown(f"{title} (§several-damage-types): 7", docs)
    assert markdown == f"[{title}](resistances/#several-damage-types): 7"


def test_a_sections_markdown_has_its_links_from_the_sites_root_and_no_code_or_comments():
    page = Page("rules/page.md", (
        "# Page { #page }\n\n## A rule { #a }\n\n"
        "See [b](../other.md#b), [c](#c), [the web](https://example.org/x.md) and §d.<!-- states: 1 -->\n\n"
        "```python\n>>> 1 + 1\n2\n```\n\n## Next { #next }\n\nNot in A.\n"
    ))
    heading = next(h for h in page.headings if h.anchor == "a")
    assert site_markdown(page, heading) == (
        "See [b](other/#b), [c](rules/page/#c), [the web](https://example.org/x.md) and §d."
    )
    assert cited_anchors(page, heading) == ["b", "c", "d"]


def test_each_rules_page_belongs_to_a_calculators_system():
    systems = data.page_systems(ROOT)
    assert set(systems) == set(system_pages(ROOT / "mkdocs.yml"))
    assert set(systems.values()) == set(CALCULATORS)
    assert all(systems[calculator.page] == name for name, calculator in CALCULATORS.items())


def test_each_rule_is_dated_by_the_release_that_last_added_changed_or_moved_it():
    def entry(anchor: str, text: str) -> Entry:
        return Entry(anchor, "page.md", anchor.title(), "rule", text)

    first = Release("1.0", (entry("a", "old"), entry("b", "same")))
    second = Release("1.1", (entry("a", "new"), entry("b", "same"), entry("c", "added")))
    found = History((first, second), ((first, ()), (second, changes(first, second))))
    assert data.last_changed(found) == {"a": "1.1", "b": "1.0", "c": "1.1"}
    assert data.last_changed(found, 1) == {"a": "1.0", "b": "1.0"}


def test_an_unreadable_release_leaves_the_documents_as_they_were_and_says_why(tmp_path, capsys):
    (tmp_path / "docs" / "releases").mkdir(parents=True)
    (tmp_path / "docs" / "releases" / "1.0.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "docs" / data.CURRENT).write_text("{}", encoding="utf-8")
    assert data.write(tmp_path) == [tmp_path / "docs" / data.CURRENT]
    assert (tmp_path / "docs" / data.CURRENT).read_text(encoding="utf-8") == "{}"
    assert "1.0.json: not a release file" in capsys.readouterr().out


def _smallest_document() -> dict:
    rule = {"id": "trait-resist", "kind": "rule", "system": "resistances", "page": "resistances/",
            "url": "resistances/#trait-resist", "title": "Resistance", "text": "Resist halves.",
            "markdown": "Resist halves.", "cites": [], "examples": [{"situation": "", "result": "9 damage"}],
            "changed_in": "1.0"}
    return {"$schema": data.SCHEMA, "version": "current", "latest_release": "1.0",
            "licence": {"spdx": "MIT", "text": "MIT License"},
            "releases": [{"version": "1.0", "address": "rules-1.0.json"}],
            "systems": [{"id": "resistances", "title": "Resistances", "pages": ["resistances/"]}],
            "rules": [rule]}


@pytest.mark.parametrize(("where", "value"), [
    ("url", "/resistances/#trait-resist"),  # an address from the host's root: breaks under a subpath
    ("url", "https://example.org/resistances/#trait-resist"),
    ("id", "Trait Resist"),
    ("kind", "errata"),
    ("changed_in", "next"),
    ("examples", [{"situation": "17 fire", "result": ""}]),
    ("colour", "red"),
])
def test_the_schema_refuses_what_a_tool_could_not_rely_on(where, value):
    validator = Draft202012Validator(SCHEMA)
    document = _smallest_document()
    assert not list(validator.iter_errors(document))
    document["rules"][0][where] = value
    assert list(validator.iter_errors(document)), f"the schema lets {where}={value!r} through"
