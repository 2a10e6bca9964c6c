"""The reader of Markdown: a page's directives read from its own reading, as from a fresh parse."""

from __future__ import annotations

from rulesite.reading import Reading, directives

PAGE = """---
title: Guarding
---
# Guarding

<!-- table: rules.tables:guarding -->

```markdown
<!-- table: shown:as-code -->
```

Text with `<!-- print: all -->` inline.
<!-- rulings-index -->
"""


def test_directives_of_a_page_without_its_front_matter_come_from_its_own_reading() -> None:
    """The builder's lines (front matter taken off) give the same directives, the page parsed once."""
    lines = PAGE.split("---\n", 2)[2].split("\n")
    expected = {2: "<!-- table: rules.tables:guarding -->", 9: "<!-- rulings-index -->"}
    assert directives(lines) == expected
    assert directives(lines, Reading(PAGE)) == expected


def test_lines_not_the_pages_own_are_parsed_afresh() -> None:
    """Lines the page does not end with (a page expanded by its directives) are read on their own."""
    lines = ["# Other", "", "<!-- table: a:b -->", ""]
    assert directives(lines, Reading(PAGE)) == {2: "<!-- table: a:b -->"}
