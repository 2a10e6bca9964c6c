"""Publish the docs' explicit anchors: add new ones to tests/published_anchors.txt.

Published anchors are a promise to players: a link once shared keeps working. This
script only ever adds anchors. Removing one is a deliberate act:

    .venv/bin/python scripts/anchors.py                  # publish new anchors
    .venv/bin/python scripts/anchors.py --remove /affinity/#guarding   # withdraw one
"""

from __future__ import annotations

import argparse
import sys

from rulesite.model import PUBLISHED, load, published_anchors

HEADER = """\
# Published anchors: every link players may have shared. One `/page-url/#anchor` a line.
# Written by scripts/anchors.py; tests/test_anchors.py fails if one is missing from the
# built site. Remove a line only deliberately (scripts/anchors.py --remove ...).
"""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--remove", action="append", default=[], metavar="PAGE#ANCHOR",
                        help="withdraw a published anchor (say why in the commit)")
    args = parser.parse_args(argv)
    published = set(published_anchors()) if PUBLISHED.exists() else set()
    unknown = [anchor for anchor in args.remove if anchor not in published]
    if unknown:
        print(f"Not published, so nothing to remove: {', '.join(unknown)}", file=sys.stderr)
        return 2
    current = set(load().published_form())
    added = sorted(current - published)
    kept = (published | current) - set(args.remove)
    PUBLISHED.write_text(HEADER + "".join(f"{line}\n" for line in sorted(kept)), encoding="utf-8")
    for anchor in added:
        print(f"published {anchor}")
    for anchor in args.remove:
        print(f"withdrew  {anchor}")
    print(f"{len(kept)} anchors published in {PUBLISHED.relative_to(PUBLISHED.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
