"""scripts/test --update: a designer's intended change is written into the page, and only that."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from sitetools.accept import _everything, _page, accept, apply, left_over

pytestmark = pytest.mark.tooling  # left out of scripts/test --fast

ROOT = Path(__file__).resolve().parent.parent
ACCEPT = ROOT / "scripts" / "accept.py"



def _run(*pages: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ACCEPT), *map(str, pages)],
                          capture_output=True, text=True, check=False, cwd=ROOT)


class _Done:
    def __init__(self, returncode: int) -> None:
        self.returncode, self.stderr = returncode, ""


def _update(page: Path) -> _Done:
    """What scripts/test --update does to one page, in this process (quick)."""
    rewrites, refused = accept(page)
    if rewrites:
        apply(page, rewrites)
    return _Done(1 if refused else 0)


def test_a_changed_expected_value_on_a_copy_of_a_page_is_written_back(tmp_path):
    original = (ROOT / "docs" / "affinity.md").read_text(encoding="utf-8")
    lines = original.split("\n")
    wanted = next(number for number, line in enumerate(lines)
                  if re.fullmatch(r"-?\d+", line) and lines[number - 1].startswith(">>> "))
    (tmp_path / "as-is").mkdir()
    (tmp_path / "changed").mkdir()
    as_is, changed = tmp_path / "as-is" / "affinity.md", tmp_path / "changed" / "affinity.md"
    as_is.write_text(original, encoding="utf-8")
    lines[wanted] = str(int(lines[wanted]) + 1)
    changed.write_text("\n".join(lines), encoding="utf-8")

    _update(as_is)  # the page as it is now (if a designer's own change is pending, that is written too)
    done = _update(changed)

    assert done.returncode == 0, done.stderr
    assert changed.read_text(encoding="utf-8") == as_is.read_text(encoding="utf-8")


def test_outputs_in_a_ruling_box_keep_their_indent_and_blank_lines(tmp_path):
    page = tmp_path / "page.md"
    page.write_text('!!! note "Ruling"\n\n    ```python\n    >>> print("a\\n\\nb")\n    x\n'
                    "    >>> 2 + 2\n    4\n    ```\n", encoding="utf-8")

    assert _update(page).returncode == 0

    assert page.read_text(encoding="utf-8") == (
        '!!! note "Ruling"\n\n    ```python\n    >>> print("a\\n\\nb")\n    a\n    <BLANKLINE>\n    b\n'
        "    >>> 2 + 2\n    4\n    ```\n")


@pytest.mark.integration
def test_an_example_that_raises_is_never_rewritten(tmp_path):
    text = "```python\n>>> 1 // 0\n0\n>>> int('x')\nTraceback (most recent call last):\nTypeError: no\n```\n"
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")

    done = _run(page)

    assert done.returncode == 1
    assert f"{page}:2: not rewritten" in done.stderr and f"{page}:4: not rewritten" in done.stderr
    assert page.read_text(encoding="utf-8") == text


def test_a_page_is_named_as_under_docs_or_by_its_path() -> None:
    assert _page(Path("monsters.md")) == ROOT / "docs" / "monsters.md"
    assert _page(ROOT / "docs" / "monsters.md") == ROOT / "docs" / "monsters.md"
    assert _page(Path("rules/affinity/steps.py")).resolve() == ROOT / "rules" / "affinity" / "steps.py"
    with pytest.raises(SystemExit, match=r"no page or module 'nosuch\.md': name a page under docs/"):
        _page(Path("nosuch.md"))


def test_a_docstring_example_is_rewritten_at_its_own_indent(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    module = tmp_path / "halving.py"
    module.write_text('def half(n):\n    """Half, rounded down.\n\n    Examples:\n'
                      '        >>> half(9)\n        5\n        >>> print(half(8), half(7))\n        4 3\n\n'
                      '    """\n    return n // 2\n', encoding="utf-8")

    assert _update(module).returncode == 0

    assert "        >>> half(9)\n        4\n        >>> print(half(8), half(7))\n        4 3\n" in (
        module.read_text(encoding="utf-8"))


def test_every_module_with_docstring_examples_is_updated_by_default():
    chosen = {path.relative_to(ROOT).as_posix() for path in _everything()}
    assert {"docs/affinity.md", "rules/tables.py", "rules/conditions/penalties.py"} <= chosen
    assert "rules/affinity/rulebook.py" not in chosen  # no examples there


def test_a_stale_stated_number_is_listed_for_a_person_and_left_as_it_is(tmp_path):
    text = ("Half of 20 is 9<!-- states: 20 // 2 -->.\n\n"
            "```python\n>>> 1 + 1\n3\n```\n")
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")

    rewrites, refused = accept(page)

    assert [rewrite.lines for rewrite in rewrites] == [["2"]]
    [message] = refused
    assert message.startswith(f"{page}:1: a sentence states an old number: edit it by hand")
    assert "the text states 9, but the rules now give 10" in message


def test_each_failure_left_is_placed_at_the_page_or_file_and_line_to_edit():
    """An example at its page and line; a test that names a page there; any other at its assert."""
    example = f"Example at {ROOT}/docs/resistances.md, line 92, column 1 did not evaluate as expected:"
    tail = "resistances.md:92: SybilFailure"  # pytest's own line, left out
    junit = f"""<testsuites><testsuite>
      <testcase classname="docs.resistances.md" name="sybil:docs,line:92,column:1">
        <failure message="{example}&#10;the text does not say 'a third'&#10;&#10;{tail}">trace</failure>
      </testcase>
      <testcase classname="tests.test_restated_numbers" name="test_the_glossary">
        <failure message="AssertionError: docs/glossary.md, line 72: the entry for VU says">trace</failure>
      </testcase>
      <testcase classname="tests.test_x" name="test_law">
        <failure message="assert 1 == 2">def test_law():
&gt;       assert 1 == 2
tests/test_x.py:7: AssertionError</failure></testcase>
      <testcase classname="tests.test_y" name="test_passes"/>
    </testsuite></testsuites>"""
    left = left_over(junit)
    assert [failure.where for failure in left] == [
        "docs/resistances.md:92", "docs/glossary.md:72", "tests/test_x.py:7"]
    assert left[0].message == "the text does not say 'a third'"
