"""Later sections are grouped into runs the browser draws as the player scrolls (rulesite/offscreen.py)."""

from __future__ import annotations

import re

import markdown

_PAGE = """\
# Title

Intro, drawn at once.

## First section

Also drawn at once.

## Second section { #second }

One paragraph.

- a list

### A rule { #a-rule }

Its text.

<div class="box" markdown>
<h3 id="md-in-html-heading">A heading in a block of Markdown in HTML</h3>
</div>

Between.

<div class="box">
<h3 id="raw-heading">A heading in raw HTML</h3>
</div>

Last words.
"""


def _html(text: str, *extensions: str) -> str:
    return markdown.markdown(text, extensions=["attr_list", "toc", "md_in_html", *extensions])


def _runs(html: str) -> list[str]:
    return re.findall(r'<div class="rule-run" style="[^"]*">(.*?)</div>(?:\n|$)', html, re.DOTALL)


def test_from_the_second_section_on_the_blocks_between_headings_are_one_run_each():
    html = _html(_PAGE, "rulesite.offscreen")
    runs = _runs(html)
    assert len(runs) == 4, html
    assert "One paragraph." in runs[0] and "a list" in runs[0]
    assert runs[1].strip() == "<p>Its text.</p>"
    assert runs[2].strip() == "<p>Between.</p>"
    assert runs[3].strip() == "<p>Last words.</p>"
    # The first section is drawn at once; headings stay outside the runs.
    assert html.index("Also drawn at once.") < html.index('class="rule-run"')
    assert not any(re.search(r"<h[1-6]", run) for run in runs)
    assert re.search(r'<h2 id="second">.*?</h2>\s*<div class="rule-run"', html)


def test_the_page_reads_the_same_with_the_runs_taken_away():
    plain = _html(_PAGE)
    unwrapped = re.sub(r'<div class="rule-run" style="[^"]*">|</div>(?=\s*(<h|<div class="box"|$))', "",
                       _html(_PAGE, "rulesite.offscreen"))
    words = re.compile(r"<[^>]+>|\s+")
    assert words.sub(" ", unwrapped).split() == words.sub(" ", plain).split()


def test_a_page_with_one_section_has_no_runs():
    html = _html("# T\n\n## Only\n\nText.\n\n### Sub\n\nMore.\n", "rulesite.offscreen")
    assert 'class="rule-run"' not in html


def test_a_run_waits_at_a_height_that_grows_with_its_text():
    def height(body: str) -> float:
        html = _html(f"## A\n\n## B\n\n{body}\n", "rulesite.offscreen")
        return float(re.search(r"contain-intrinsic-block-size: auto (\d+)rem", html).group(1))

    short, long = height("A few words."), height("\n\n".join(["A longer paragraph of rules text. " * 6] * 8))
    assert 1 <= short < long
    closed = height("<details><summary>For programmers</summary>\n\n" + "code\n" * 200 + "\n</details>")
    assert closed <= 3, "a closed toggle waits at the height of its summary line"


def test_a_mark_under_a_changed_heading_stays_beside_it():
    html = _html("## A\n\n## B { #b }\n\nchanged in 1.1\n{ .errata-mark }\n\nText.\n", "rulesite.offscreen")
    assert re.search(r'</h2>\s*<p class="errata-mark">changed in 1.1</p>\s*<div class="rule-run"', html), html
