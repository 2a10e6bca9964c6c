"""Collect every worked example: ``>>>`` blocks in docs/ and doctests in rules/ docstrings.

Only these parsers are used on purpose: there is no skip parser, so no example on
a page can be switched off (tests/test_examples_collected.py checks none drops out).
"""

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser
from sybil.parsers.rest import DocTestParser

pages = Sybil(
    parsers=[PythonCodeBlockParser()],
    path="docs",
    patterns=["*.md", "**/*.md"],
    name="docs",
)
docstrings = Sybil(
    parsers=[DocTestParser()],
    path="rules",
    patterns=["*.py", "**/*.py"],
    name="docstrings",
)

pytest_collect_file = (pages + docstrings).pytest()
