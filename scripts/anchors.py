"""Publish the docs' explicit anchors: add new ones to tests/published_anchors.txt.

Published anchors are a promise to players: a link once shared keeps working. This
script only ever adds anchors, and only well-formed ones (lowercase words joined by hyphens,
unique across the site): a malformed one is refused with its fix, never published, since a
published typo would have to be kept forever. Removing one is a deliberate act:

    .venv/bin/python scripts/anchors.py                  # publish new anchors
    .venv/bin/python scripts/anchors.py --remove /affinity/#guarding   # withdraw one
"""

from __future__ import annotations

import argparse
import re
import sys

from rulesite.model import ANCHOR, PUBLISHED, Docs, load, page_url, published_anchors

HEADER = """\
# Published anchors: every link players may have shared. One `/page-url/#anchor` a line.
# Written by scripts/anchors.py; tests/test_anchors.py fails if one is missing from the
# built site. Remove a line only deliberately (scripts/anchors.py --remove ...).
"""


def _malformed(docs: Docs) -> dict[str, str]:
    """Each anchor that must not be published, by its link: the reason and the fix."""
    where: dict[str, list[str]] = {}
    for page in docs.pages.values():
        for anchor in page.anchors:
            where.setdefault(anchor.name, []).append(f"docs/{page.src}:{anchor.line}")
    refused = {}
    for page in docs.pages.values():
        for anchor in page.anchors:
            link, here = f"{page_url(page.src)}#{anchor.name}", f"docs/{page.src}:{anchor.line}"
            if not ANCHOR.match(anchor.name):
                fixed = re.sub(r"[^a-z0-9]+", "-", anchor.name.lower()).strip("-")
                refused[link] = (f"{here}: '#{anchor.name}' is not lowercase words "
                                 f"joined by hyphens; write it as '#{fixed}'")
            elif len(where[anchor.name]) > 1:
                refused[link] = (f"{here}: '#{anchor.name}' is also defined at "
                                 f"{', '.join(w for w in where[anchor.name] if w != here)}"
                                 "; anchors are unique across the site: rename one")
    return refused


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
    docs = load()
    refused = _malformed(docs)
    current = {link for link, page in docs.published_form().items() if link not in refused}
    added = sorted(current - published)
    kept = (published | current) - set(args.remove)
    PUBLISHED.write_text(HEADER + "".join(f"{line}\n" for line in sorted(kept)), encoding="utf-8")
    for anchor in added:
        print(f"published {anchor}")
    for anchor in args.remove:
        print(f"withdrew  {anchor}")
    print(f"{len(kept)} anchors published in {PUBLISHED.relative_to(PUBLISHED.parents[1])}")
    if refused:
        print("Not published (fix these, then run scripts/anchors.py again):", file=sys.stderr)
        for problem in refused.values():
            print(f"  {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
