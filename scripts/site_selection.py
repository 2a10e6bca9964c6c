"""A pytest plugin for scripts/test: does the selection need the built site?

``scripts/test ARGS`` collects the selection with this plugin first (``--collect-only``) and
builds the site only if a selected test reads it (marker ``built_site`` or ``browser``, set
in conftest.py from the tests themselves): checking one page's examples needs no site.
Prints ``needs the site: yes`` or ``needs the site: no`` last.
"""

from __future__ import annotations

import pytest


def pytest_collection_finish(session: pytest.Session) -> None:
    needs = any(item.get_closest_marker(name) for item in session.items for name in ("built_site", "browser"))
    session.config.stash[_NEEDS] = needs


def pytest_unconfigure(config: pytest.Config) -> None:
    if _NEEDS in config.stash:
        print(f"\nneeds the site: {'yes' if config.stash[_NEEDS] else 'no'}")


_NEEDS = pytest.StashKey[bool]()
