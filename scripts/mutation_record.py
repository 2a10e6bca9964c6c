"""A pytest plugin for scripts/mutation: records which test caught each mutant.

mutmut runs, against a mutant, the tests that call the mutated function and stops at the
first failure (``-x``). The pages' examples run first (conftest.py sorts every run by stage),
so when the run stops on a page's example, the pages alone catch the mutant; when it stops
on a test under tests/, every page example that reaches the mutant passed, and only the
tests catch it. One run gives both figures.

The record is one file per mutant, ``mutants/caught-by/<mutant name>``, holding the node id
of the last test started: the one that failed, crashed or ran out of time if the mutant was
caught. Loaded by ``[tool.mutmut] pytest_add_cli_args`` (``-p mutation_record``); it does
nothing outside a mutant's run.

It also registers the hypothesis profile ``mutation`` (scripts/mutation selects it with
``HYPOTHESIS_PROFILE``): 10 examples per property instead of the ``ci`` profile's 100, the same
10 every run (derandomized, no example database), so a mutant's verdict does not depend on luck
and two runs give the same table. A property then checks a mutant with fewer inputs; what only
the 90 further inputs would catch shows as a survivor, to pin with a test named after its rule.
The plugin is imported before tests/conftest.py loads the profile it names.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

RECORD = Path.cwd() / "caught-by"  # mutmut runs pytest in mutants/

settings.register_profile(
    "mutation", deadline=None, max_examples=10, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _mutant() -> str | None:
    name = os.environ.get("MUTANT_UNDER_TEST", "")
    return name if "__mutmut_" in name else None


def pytest_runtest_logstart(nodeid: str, location: object) -> None:
    """Note the test about to run against the mutant under test, if any."""
    del location
    mutant = _mutant()
    if mutant:
        RECORD.mkdir(exist_ok=True)
        (RECORD / mutant).write_text(nodeid, encoding="utf-8")
