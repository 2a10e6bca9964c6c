"""What a designer sees: one wrong number on a page is one failure; a broken link fails the build."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulesite import QUIET_BUILD
from rulesite.doctests import pages_sybil

ROOT = Path(__file__).resolve().parent.parent


QUICK = "not browser and not integration and not built_site"


def test_the_editing_page_shows_the_real_failure_message(tmp_path):
    """docs/editing.md shows the message Sybil really gives (made here on a page of one example)."""
    page = tmp_path / "docs" / "affinity.md"
    page.parent.mkdir()
    page.write_text("```python\n>>> [-10, 20, 10]\n[-10, 20, 11]\n```\n", encoding="utf-8")
    [example] = pages_sybil(page.parent).parse(page)
    with pytest.raises(Exception) as failure:
        example.evaluate()
    real = str(failure.value).replace(str(tmp_path) + "/", "")
    shown = (ROOT / "docs" / "editing.md").read_text(encoding="utf-8").split("```text\n", 1)[1]
    shown = shown.split("```", 1)[0]
    assert re.sub(r"line \d+", "line N", shown).strip() == re.sub(r"line \d+", "line N", real).strip()


@pytest.mark.integration
def test_one_changed_number_gives_one_failure_naming_page_line_expected_and_actual(tmp_path):
    """The whole quick suite, on a copy of the repo with one number changed on one page."""
    copy = tmp_path / "repo"
    # The compiled tests come along (checked against their sources' times, which copying keeps):
    # pytest's rewriting of every test module's asserts is a quarter of the run otherwise.
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".git", ".venv", "node_modules", "site", ".hypothesis", "test-results", "*.egg-info"))
    page = copy / "docs" / "affinity.md"
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    # The page's first one-line output that ends in a number (whatever the rules give today, so a
    # legitimate rule change never breaks this test), with that number made one more.
    changed = next(n for n, line in enumerate(lines) if lines[n - 1].startswith(">>> ")
                   and re.fullmatch(r"\[.*\d\]\n", line))
    was = lines[changed].strip()
    now = re.sub(r"\d+(?=\]$)", lambda number: str(int(number[0]) + 1), was)
    lines[changed] = now + "\n"
    page.write_text("".join(lines), encoding="utf-8")
    prompt = next(n for n in range(changed, 0, -1) if lines[n - 1].startswith(">>>"))

    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:playwright", "--ignore=tests/browser",
         "-m", f"{QUICK} and not exhaustive", "-W", "ignore"],
        cwd=copy, capture_output=True, text=True, check=False,
        env={**os.environ, "HYPOTHESIS_PROFILE": "dev"},
    )

    failed = re.findall(r"^FAILED (\S+)", run.stdout, re.MULTILINE)
    assert failed == [f"docs/affinity.md::sybil:docs,line:{prompt},column:1"], (
        f"one changed number on docs/affinity.md line {changed + 1} should fail one example, not:\n"
        + "\n".join(failed) + "\n(a test that repeats a page's number belongs on the page)"
    )
    assert f"Example at {page}, line {prompt}, column 1 did not evaluate as expected" in run.stdout
    assert re.search(rf"Expected:\s+{re.escape(now)}\s+Got:\s+{re.escape(was)}", run.stdout)


@pytest.mark.integration
def test_a_link_to_a_missing_anchor_fails_the_strict_build(tmp_path):
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    # the API reference's template stays in the repo
    config = config.replace("custom_templates: rulesite/", f"custom_templates: {ROOT / 'rulesite'}/")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    with (tmp_path / "docs" / "editing.md").open("a", encoding="utf-8") as page:
        page.write("\nSee [guarding](affinity.md#guardingg).\n")

    mkdocs = Path(sys.executable).parent / "mkdocs"
    build = subprocess.run(
        [str(mkdocs), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=tmp_path, capture_output=True, text=True,
        env={**os.environ, **QUIET_BUILD}, check=False,
    )
    assert build.returncode != 0
    assert "'affinity.md' does not contain an anchor '#guardingg'" in build.stderr
    # The designer reads the failure, not the dependencies' notices (Material's, ProperDocs')
    for notice in ("MkDocs 2", "ProperDocs", "Zensical", "end of life"):
        assert notice not in build.stderr, f"a dependency's notice in the build's output: {notice!r}"
