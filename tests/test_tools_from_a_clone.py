"""Every tool a failure message names works from a fresh clone, and the designer's trial reads right.

Each test runs the tools in a ``git clone`` of this repository's committed state (what a designer
or CI checks out), never in the working tree: ``scripts/render-flowcharts`` (stale flowcharts name
it), ``scripts/anchors.py`` (unpublished anchors name it), ``scripts/test --update`` (a failing
example names it) and ``scripts/release``. The clone shares this checkout's ``.venv`` and npm
packages (installing them again would take minutes; CI installs them from scratch in its own fresh
clone), with ``PYTHONPATH`` set to the clone so that its own code, not this checkout's, runs.

The trial repeats what a designer does after an intended change, on the clone: VU multiplies by 3;
``--update``; the sentences it lists reworded by hand; a release; a strict build; then the "What
changed" page must list the changed rule (#multipliers, whose figures are a computed table) and the
changed outcomes, each before -> after, and nothing else. Cost: about a minute of wall time on a
quiet 2-core machine (a strict build of the clone, two releases, one ``--update``); marked
``tooling``, so ``scripts/test --fast`` leaves it out.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest

from rulesite import QUIET_BUILD
from rulesite.model import published_anchors
from rulesite.releases import changes, read_release
from sitetools.browser import CHROMIUM

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [
    pytest.mark.tooling,
    # A copy of the files without git (tests/test_designer_loop.py runs the suite on one) has no
    # committed state to clone: these tests belong to the repository itself.
    pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout: nothing to clone"),
]


def _clone(into: Path) -> Path:
    """A fresh clone of the committed state, with this checkout's installed packages beside it."""
    clone = into / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    (clone / ".venv").symlink_to(ROOT / ".venv")
    if (ROOT / "node_modules" / ".package-lock.json").exists():
        # Hard links where the file system allows (nothing copied); a link to the folder otherwise.
        # The clone's lock is dated before the install, so scripts/setup runs no npm ci there, which
        # through a link would empty this checkout's node_modules.
        linked = subprocess.run(
            ["cp", "-al", str(ROOT / "node_modules"), str(clone / "node_modules")],
            capture_output=True,
            check=False,
        )
        if linked.returncode != 0:
            shutil.rmtree(clone / "node_modules", ignore_errors=True)
            (clone / "node_modules").symlink_to(ROOT / "node_modules")
        installed = (ROOT / "node_modules" / ".package-lock.json").stat().st_mtime
        os.utime(clone / "package-lock.json", (installed - 1, installed - 1))
    return clone


def _run(clone: Path, *command: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **QUIET_BUILD, "PYTHONPATH": str(clone)}
    done = subprocess.run(command, cwd=clone, env=env, capture_output=True, text=True, check=False)
    if ok:
        assert done.returncode == 0, f"{' '.join(command)} failed in a clone:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    made = _clone(tmp_path_factory.mktemp("tools"))
    yield made
    shutil.rmtree(made.parent, ignore_errors=True)


def test_scripts_anchors_publishes_a_new_anchor_and_refuses_a_malformed_one(clone):
    page = clone / "docs" / "editing.md"
    original = page.read_text(encoding="utf-8")
    page.write_text(original + "\n## A new rule { #a-new-rule }\n\n## A typo { #A_Typo }\n", encoding="utf-8")
    try:
        done = _run(clone, ".venv/bin/python", "scripts/anchors.py", ok=False)
        assert done.returncode == 1
        assert "published /editing/#a-new-rule" in done.stdout
        assert "'#A_Typo' is not lowercase words joined by hyphens; write it as '#a-typo'" in done.stderr
        published = published_anchors(clone / "tests" / "published_anchors.txt")
        assert "/editing/#a-new-rule" in published
        assert not [link for link in published if "A_Typo" in link], "a malformed anchor was published"
    finally:
        page.write_text(original, encoding="utf-8")
        subprocess.run(["git", "checkout", "--quiet", "tests/published_anchors.txt"], cwd=clone, check=True)


def test_scripts_render_flowcharts_redraws_a_missing_drawing(clone):
    if not CHROMIUM.exists() or not (clone / "node_modules").exists():
        pytest.skip("needs Chromium and the npm packages: scripts/setup --browser installs them")
    drawings = sorted((clone / "docs" / "assets" / "flowcharts").glob("*.svg"))
    drawings[0].unlink()
    done = _run(clone, "scripts/render-flowcharts")
    assert f"-> docs/assets/flowcharts/{drawings[0].name}" in done.stdout
    assert drawings[0].exists()


def _release_changes(clone: Path) -> list:
    before, after = (read_release(clone / "docs" / "releases" / f"{v}.json") for v in ("1.1", "1.2"))
    return list(changes(before, after))


def _but_numbers(text: str) -> str:
    """A text with its numbers and its words for a multiple blanked: what a change of VU may not touch."""
    return re.sub(r"\d+|\b(doubled|tripled|twice|three times|double|triple)\b", "#", text)


def _page_text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_a_designer_triples_vulnerability_and_what_changed_lists_that_change_alone(clone):
    """The designer's trial on a clone: VU x3, --update, reword, release, build, read What changed.

    A release 1.1 of the unchanged pages is recorded first, so that 1.2 holds this change alone (the
    repository's own 1.0 predates edits since made to the pages).
    """
    _run(clone, "scripts/release", "1.1")
    rule = clone / "rules" / "affinity" / "vocabulary.py"
    rule.write_text(
        rule.read_text(encoding="utf-8").replace("Affinity.VU: Fraction(2)", "Affinity.VU: Fraction(3)"),
        encoding="utf-8",
    )
    update = _run(clone, "scripts/test", "--update", ok=False)
    assert "docs/affinity.md" in update.stdout + update.stderr
    # What --update lists for a person: the sentence and the flowchart label that state the multiplier.
    page = clone / "docs" / "affinity.md"
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    reworded = {n for n, line in enumerate(lines, 1) if "VU \u00d72" in line or "VU 2," in line}
    for n in reworded:
        lines[n - 1] = lines[n - 1].replace("VU \u00d72", "VU \u00d73").replace("VU 2,", "VU 3,")
    page.write_text("".join(lines), encoding="utf-8")
    _run(clone, "scripts/release", "1.2")
    reasons = clone / "docs" / "releases" / "reasons.yml"
    reasons.write_text('"1.2":\n  multipliers: A weak spot now triples the damage.\n', encoding="utf-8")
    _run(clone, ".venv/bin/mkdocs", "build", "--strict", "--site-dir", "site")

    found = _release_changes(clone)
    assert {change.kind for change in found} == {"changed"}
    assert {change.after.page for change in found} == {"affinity.md"}
    by_anchor = {change.anchor: change for change in found}
    multipliers = by_anchor["multipliers"]
    assert [row.situation for row in multipliers.figures] == ["Affinity VU"]
    for change in found:  # each outcome shows its situation, before and after
        for outcome in (*change.outcomes, *change.figures):
            assert outcome.situation and outcome.before and outcome.after, (change.anchor, outcome)
            assert outcome.before != outcome.after
            assert "VU" in outcome.situation, (
                f"#{change.anchor}: an outcome VU does not touch changed: {outcome}"
            )
    text_changed = {c.anchor for c in found if c.before.text != c.after.text}
    beyond = [c.anchor for c in found if _but_numbers(c.before.text) != _but_numbers(c.after.text)]
    assert not beyond, f"text changed beyond VU's multiplier: {beyond}"
    assert not [c.anchor for c in found if not (c.outcomes or c.figures or c.anchor in text_changed)]
    assert "ruling-saved-state-replays" in by_anchor
    drake = [o for c in found for o in c.outcomes if o.situation == "10 ice damage against native VU"]
    assert drake, "the drake's ice damage is not among the changed outcomes"

    html = (clone / "site" / "changes" / "index.html").read_text(encoding="utf-8")
    release = html[html.index('id="v1-2"') : html.index('id="v1-1"')]
    assert set(re.findall(r'<h3 id="v1-2-([a-z0-9-]+)"', release)) == set(by_anchor)
    assert "&lt;!--" not in html and "<!--" not in _page_text(release)
    assert release.count("A weak spot now triples the damage.") == 1
    assert "→ <ins>" in release and not re.search(r"→\s*(<ins>\s*</ins>|</li>)", release)
    marked = (clone / "site" / "affinity" / "index.html").read_text(encoding="utf-8")
    assert 'href="../changes/#v1-2-multipliers">changed in 1.2</a>' in marked
    index = json.loads((clone / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))
    long_words = [
        w for doc in index["docs"] for w in re.split(r"[\s\-]+", _page_text(doc["text"])) if len(w) > 40
    ]
    assert not long_words, f"words run together in the search index after a release: {long_words[:5]}"
