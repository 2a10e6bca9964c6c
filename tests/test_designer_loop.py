"""What a designer sees: a wrong number on a page and a broken link both fail, pointedly."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

ROOT = Path(__file__).resolve().parent.parent


def _failure_of_changed_affinity_example(tmp_path: Path) -> tuple[Path, int, str]:
    """Change one expected number on a copy of the Affinity page; return the failure."""
    page = tmp_path / "affinity.md"
    lines = (ROOT / "docs" / "affinity.md").read_text(encoding="utf-8").splitlines(keepends=True)
    changed = lines.index("[-10, 20, 10]\n")
    lines[changed] = "[-10, 20, 11]\n"
    page.write_text("".join(lines), encoding="utf-8")

    failures = []
    document = Sybil(parsers=[PythonCodeBlockParser()]).parse(page)
    for example in document:
        try:
            example.evaluate()
        except Exception as failure:
            failures.append(str(failure))

    assert len(failures) == 1
    return page, changed, failures[0]


def test_a_changed_number_fails_naming_page_line_expected_and_actual(tmp_path):
    page, changed, message = _failure_of_changed_affinity_example(tmp_path)
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    prompt_line = next(n for n in range(changed, 0, -1) if lines[n - 1].startswith(">>>"))
    assert f"Example at {page}, line {prompt_line}, column 1 did not evaluate as expected" in message
    assert re.search(r"Expected:\s+\[-10, 20, 11\]\s+Got:\s+\[-10, 20, 10\]", message)


def test_the_editing_page_shows_the_real_failure_message(tmp_path):
    _, _, message = _failure_of_changed_affinity_example(tmp_path)
    shown = (ROOT / "docs" / "editing.md").read_text(encoding="utf-8").split("```text\n", 1)[1]
    shown = shown.split("```", 1)[0]
    real = message.replace(str(tmp_path) + "/", "docs/")
    assert re.sub(r"line \d+", "line N", shown).strip() == re.sub(r"line \d+", "line N", real).strip()


@pytest.mark.integration
def test_a_link_to_a_missing_anchor_fails_the_strict_build(tmp_path):
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("  - scripts/", f"  - {ROOT / 'scripts'}/")  # the hooks stay in the repo
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    with (tmp_path / "docs" / "editing.md").open("a", encoding="utf-8") as page:
        page.write("\nSee [guarding](affinity.md#guardingg).\n")

    mkdocs = Path(sys.executable).parent / "mkdocs"
    build = subprocess.run(
        [str(mkdocs), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=tmp_path, capture_output=True, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, check=False,
    )
    assert build.returncode != 0
    assert "'affinity.md' does not contain an anchor '#guardingg'" in build.stderr
