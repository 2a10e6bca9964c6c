"""What the pinned tests (tests/test_*_pinned.py) compare: a call's refusal, as the pages printed it."""

from __future__ import annotations

from collections.abc import Callable

from rules.errors import RulesError


def refusal(make: Callable[[], object]) -> str:
    """The class and message of the rules error that ``make()`` raises: ``"RulesError: ..."``.

    An input the rules accept gives ``"accepted"``, so the comparison fails showing it.
    """
    try:
        make()
    except RulesError as error:
        return f"{type(error).__name__}: {error}"
    return "accepted"


def shown(make: Callable[[], object]) -> str:
    """What ``make()`` gives, as ``print`` shows it, or the first line of its rules error.

    A notation error adds a line with a caret under the bad character; the first line is the
    message. Comparing an accepted input's value and a refused input's message in one list shows
    where the rules draw the line.
    """
    try:
        return str(make())
    except RulesError as error:
        return str(error).splitlines()[0]
