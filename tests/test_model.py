"""The one model of the docs: what it reads, and the pointed messages when a page breaks a convention."""

from __future__ import annotations

import textwrap
from pathlib import Path

from rulesite.model import load

RULING = """\
### Ruling: {title} {attrs}

!!! ruling "Ruling"
    **Reading.** The reading chosen. A second sentence.

    **Why.** The reason.

    ```python
    >>> 1 + 1
    2
    ```
"""


def docs_with(tmp_path: Path, body: str) -> list[str]:
    page = "---\ndescription: a page\n---\n\n# Page { #page }\n\n" + textwrap.dedent(body)
    (tmp_path / "page.md").write_text(page, encoding="utf-8")
    return load(tmp_path).problems()


def test_the_site_docs_break_no_convention():
    assert load().problems() == []


def test_the_model_reads_every_part_of_the_docs():
    docs = load()
    assert len(docs.pages) >= 13
    assert len(docs.rulings) >= 60
    assert len(docs.flowcharts) >= 6
    assert sum(len(page.tables) for page in docs.pages.values()) >= 20
    assert sum(len(page.examples) for page in docs.pages.values()) >= 200
    ruling = next(r for r in docs.rulings if r.anchor == "ruling-half-rounds-down")
    assert ruling.page == "resistances.md" and ruling.title == "half rounds down"
    # its reading's first sentence, as plain text: no emphasis, no link, no states: comment
    assert ruling.summary.startswith("Every ") and ruling.summary.endswith(".")
    assert not any(mark in ruling.summary for mark in ("<!--", "**", "]("))
    assert docs.anchors["guarding"].page == "affinity.md"


def test_a_ruling_written_without_spaces_in_its_anchor_is_still_a_ruling(tmp_path):
    assert docs_with(tmp_path, RULING.format(title="foo", attrs="{#ruling-foo}")) == []
    docs = load(tmp_path)
    assert [ruling.anchor for ruling in docs.rulings] == ["ruling-foo"]
    assert docs.rulings[0].summary == "The reading chosen."


def test_a_ruling_at_any_heading_level_is_indexed(tmp_path):
    (tmp_path / "page.md").write_text(
        "# Page { #page }\n\n" + "##" + RULING.format(title="deep", attrs="{ #ruling-deep }"),
        encoding="utf-8",
    )
    docs = load(tmp_path)
    assert docs.problems() == []
    assert [(r.heading.level, r.anchor) for r in docs.rulings] == [(5, "ruling-deep")]


def test_an_anchor_that_is_not_lowercase_words_names_the_file_line_and_fix(tmp_path):
    problems = docs_with(tmp_path, RULING.format(title="absorb", attrs="{ #Absorb_Full }"))
    assert (
        "docs/page.md:7: anchor '#Absorb_Full' is not lowercase words joined by hyphens; "
        "write it as '#absorb-full' (then run scripts/anchors.py)" in problems
    )
    assert any("a ruling's anchor starts with 'ruling-'" in problem for problem in problems)


def test_a_ruling_anchor_on_a_heading_that_is_no_ruling_is_refused(tmp_path):
    problems = docs_with(tmp_path, "## Guarding { #ruling-guarding }\n")
    assert problems == [
        "docs/page.md:7: '#ruling-guarding' is a ruling's anchor on a heading that is no ruling; "
        "start the heading with 'Ruling: ' or rename the anchor"
    ]


def test_a_ruling_missing_its_why_and_example_says_what_to_add(tmp_path):
    body = '### Ruling: bare { #ruling-bare }\n\n!!! ruling "Ruling"\n    **Reading.** Only a reading.\n'
    [problem] = docs_with(tmp_path, body)
    assert problem.startswith("docs/page.md:7: the ruling 'bare' lacks a **Why.** paragraph")
    assert "an executed example" in problem and "docs/editing.md" in problem


def test_a_ruling_without_its_box_is_reported(tmp_path):
    body = (
        "### Ruling: loose { #ruling-loose }\n\n**Reading.** R.\n\n**Why.** W.\n\n```python\n>>> 1\n1\n```\n"
    )
    [problem] = docs_with(tmp_path, body)
    assert 'lacks a !!! ruling "Ruling" box' in problem


def test_a_heading_without_an_anchor_and_a_duplicate_anchor_are_reported(tmp_path):
    (tmp_path / "other.md").write_text("# Other { #other }\n\n## Twin { #twin }\n", encoding="utf-8")
    problems = docs_with(tmp_path, "## Plain heading\n\n## Twin { #twin }\n")
    assert (
        "docs/page.md:7: heading 'Plain heading' has no explicit anchor; end it with '{ #some-name }'"
        in problems
    )
    assert any("'#twin' is already defined at docs/other.md:3" in problem for problem in problems)


def test_anchors_in_code_are_not_anchors(tmp_path):
    assert docs_with(tmp_path, "Write `## Title { #Bad_Name }`.\n\n```markdown\n## X { #Bad }\n```\n") == []
    assert [anchor.name for anchor in load(tmp_path).pages["page.md"].anchors] == ["page"]


def test_a_flowchart_box_without_a_rule_and_a_wrong_target_are_reported(tmp_path):
    chart = (
        '```mermaid\nflowchart TD\n  A["a"] --> B["b"]\n'
        '  click A href "#page"\n  click B href "#nowhere"\n```\n'
    )
    (tmp_path / "page.md").write_text(
        "# Page { #page }\n\n" + chart + '\n```mermaid\nflowchart TD\n  C["c"]\n```\n', encoding="utf-8"
    )
    problems = load(tmp_path).problems()
    assert (
        "docs/page.md:3: flowchart box B links to '#nowhere', which is not an anchor of the site" in problems
    )
    assert 'docs/page.md:10: flowchart box C links to no rule; add  click C href "#<anchor>"' in problems


def test_table_directives_and_glossary_are_read(tmp_path):
    (tmp_path / "glossary.md").write_text(
        "# Glossary { #glossary }\n\n## VU { #glossary-vu }\n\n"
        "Vulnerable: takes **double** (see [x](a.md)).\n",
        encoding="utf-8",
    )
    # Inside a box, as the pages write it (four spaces at the top level would make it code).
    docs_with(tmp_path, '!!! note "Table"\n\n    <!-- table: rules.affinity:multiplier_table -->\n')
    docs = load(tmp_path)
    [table] = docs.pages["page.md"].tables
    assert (table.line, table.indent, table.module, table.function) == (
        9,
        "    ",
        "rules.affinity",
        "multiplier_table",
    )
    assert docs.glossary() == {"VU": "Vulnerable: takes double."}
