"""The mutation tool (scripts/mutation.py), run on a tiny package so its scores can be checked by hand.

A mutation score is only worth something if the tool can report less than 100 %:
these tests show it finds the mutants it promises, counts a survivor as one, kills
a hanging mutant, re-imports the modules that use a mutated one, and refuses to
score pages that fail before any mutation.
"""

from __future__ import annotations

import marshal
import subprocess
import sys
import textwrap
from pathlib import Path

import mutation
import pytest

ROOT = Path(__file__).resolve().parent.parent

ARMOR = '''\
"""Armor soaks damage."""

__all__ = ["soak"]

LIMIT: int = 99


def soak(damage: int, armor: int = 1) -> int:
    """Damage left after armor, never below 0."""
    return max(damage - armor, 0)
'''

HITS = '''\
from tiny.armor import soak
from tiny.errors import check


def hit(damage, armor):
    check(damage)
    return soak(damage, armor)
'''

ERRORS = '''\
def check(damage):
    if damage < 0:
        raise ValueError("negative")
'''


def page(*examples: str) -> str:
    blocks = [f"```python\n{textwrap.dedent(example).strip()}\n```\n" for example in examples]
    return "# A page\n\n" + "\n".join(blocks)


def project(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


# The tests that run the tool end to end fork a process per mutant: about 0.3 s each.
end_to_end = pytest.mark.integration


def run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "mutation.py"), "--root", str(root), "--package", "tiny",
         "--list", *args],
        capture_output=True, text=True, check=False, timeout=120,
    )


def test_each_operator_gives_its_mutants_and_docstrings_all_and_annotations_none():
    found = [f"{m.original} -> {m.mutated}" for m in mutation.mutants_of("tiny/armor.py", ARMOR)]
    assert found == [
        "99 -> 100", "99 -> 98",
        "1 -> 2", "1 -> 0",
        "max(damage - armor, 0) -> min(damage - armor, 0)",
        "damage - armor -> damage + armor",
        "max(damage - armor, 0) -> max(damage - armor, 1)",
        "max(damage - armor, 0) -> max(damage - armor, -1)",
    ]


def test_comparisons_logic_negation_and_step_statements_are_mutated():
    source = textwrap.dedent('''\
        def rule(a, b, steps):
            if not a and b is None:
                steps.append("none")
            return a // 2 if a <= b else True
    ''')
    found = {f"{m.line}: {m.original} -> {m.mutated}" for m in mutation.mutants_of("x.py", source)}
    assert found >= {
        "2: not a and b is None -> not a or b is None",
        "2: not a and b is None -> a and b is None",
        "2: b is None -> b is not None",
        "3: steps.append('none') -> (removed)",
        "4: a // 2 -> a / 2",
        "4: a <= b -> a < b",
        "4: a // 2 if a <= b else True -> a // 2 if a <= b else False",
    }


def test_each_mutant_compiles_to_code_that_differs_from_the_original():
    mutants = mutation.mutants_of("tiny/armor.py", ARMOR)
    original = marshal.dumps(compile(ARMOR, "armor.py", "exec"))
    codes = {marshal.dumps(mutation.mutated_code(ARMOR, "armor.py", m.index)) for m in mutants}
    assert len(codes) == len(mutants)
    assert original not in codes


def test_drawing_code_for_the_site_is_made_but_not_counted():
    source = textwrap.dedent("""\
        class Chart:
            def markdown(self):
                return 1 + 1
            def __str__(self):
                return str(2)
    """)
    assert [m.site_only for m in mutation.mutants_of("c.py", source)] == [True] * 5 + [False] * 2


@end_to_end
def test_a_survivor_is_listed_and_lowers_the_score(tmp_path):
    root = project(tmp_path, {
        "tiny/__init__.py": "",
        "tiny/armor.py": ARMOR,
        "docs/armor.md": page(">>> from tiny.armor import soak\n>>> soak(5, 2)\n3"),
    })
    result = run(root)
    assert result.returncode == 0, result.stderr
    assert " 25.0%     2/8    tiny/armor.py  (docs/armor.md)" in result.stdout
    survivors = [line.strip() for line in result.stdout.splitlines() if "survived:" in line]
    assert survivors == [
        "survived: tiny/armor.py:5: 99 -> 100",
        "survived: tiny/armor.py:5: 99 -> 98",
        "survived: tiny/armor.py:8: 1 -> 2",
        "survived: tiny/armor.py:8: 1 -> 0",
        "survived: tiny/armor.py:10: max(damage - armor, 0) -> max(damage - armor, 1)",
        "survived: tiny/armor.py:10: max(damage - armor, 0) -> max(damage - armor, -1)",
    ]
    assert " 25.0%     2/8    overall: 6 survived in 2 modules" in result.stdout


@end_to_end
def test_an_example_at_the_boundary_kills_the_survivor(tmp_path):
    root = project(tmp_path, {
        "tiny/__init__.py": "",
        "tiny/armor.py": ARMOR,
        "docs/armor.md": page(
            ">>> from tiny.armor import LIMIT, soak\n>>> soak(5, 2), soak(1, 2), soak(5)\n(3, 0, 4)",
            ">>> LIMIT\n99",
        ),
    })
    result = run(root)
    assert "100.0%     8/8    tiny/armor.py  (docs/armor.md)" in result.stdout
    assert "survived:" not in result.stdout


@end_to_end
def test_a_module_without_a_page_of_its_own_is_tested_by_every_page_through_its_users(tmp_path):
    root = project(tmp_path, {
        "tiny/__init__.py": "",
        "tiny/armor.py": ARMOR,
        "tiny/errors.py": ERRORS,
        "tiny/hits.py": HITS,
        "docs/hits.md": page(
            ">>> from tiny.hits import hit\n>>> hit(0, 1)\n0",
            ">>> hit(-1, 0)\nTraceback (most recent call last):\nValueError: negative",
        ),
    })
    result = run(root, "--module", "tiny/errors.py")
    # damage < 0 -> <= 0, -> < 1 and -> < -1: the example at 0 kills the first two, the one at -1
    # the last; only the re-imported tiny.hits sees the mutant, so this checks the re-import.
    assert "100.0%     3/3    tiny/errors.py  (every page: 1)" in result.stdout
    modules = mutation.modules_of(root, "tiny")
    assert mutation.dependents(modules, "tiny.errors") == {"tiny.errors", "tiny.hits"}


@end_to_end
@pytest.mark.parametrize(
    ("docs", "tested_by"),
    [({"docs/armor.md": "# Armor\n"}, "docs/armor.md"), ({}, "NO PAGE: every mutant survives")],
)
def test_a_module_whose_page_has_no_examples_scores_zero(tmp_path, docs, tested_by):
    root = project(tmp_path, {"tiny/__init__.py": "", "tiny/armor.py": ARMOR, **docs})
    (root / "docs").mkdir(exist_ok=True)
    result = run(root)
    assert f"  0.0%     0/8    tiny/armor.py  ({tested_by})" in result.stdout


@end_to_end
def test_a_mutant_that_hangs_is_killed_by_the_time_limit(tmp_path):
    countdown = "def countdown(n):\n    while n > 0:\n        n -= 1\n    return n\n"
    root = project(tmp_path, {
        "tiny/__init__.py": "",
        "tiny/clock.py": countdown,
        "docs/clock.md": page(">>> from tiny.clock import countdown\n>>> countdown(3)\n0"),
    })
    result = run(root, "--timeout", "1")
    # n -= 1 -> n += 1 and n -= 0 never end; the other four return a wrong number
    assert "100.0%     6/6    tiny/clock.py" in result.stdout


@end_to_end
def test_pages_that_fail_without_a_mutant_stop_the_run(tmp_path):
    root = project(tmp_path, {
        "tiny/__init__.py": "",
        "tiny/armor.py": ARMOR,
        "docs/armor.md": page(">>> from tiny.armor import soak\n>>> soak(5, 2)\n4"),
    })
    result = run(root)
    assert result.returncode != 0
    assert "tiny/armor.py: the pages fail even without a mutant: armor.md:" in result.stderr


@end_to_end
@pytest.mark.parametrize("name", ["tiny.nothing", "tiny/nothing.py"])
def test_an_unknown_module_is_an_error(tmp_path, name):
    root = project(tmp_path, {"tiny/__init__.py": "", "tiny/armor.py": ARMOR})
    result = run(root, "--module", name)
    assert result.returncode != 0
    assert f"--module {name!r}: no module of the package matches" in result.stderr
