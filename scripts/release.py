"""Record a release of the rules: ``scripts/release VERSION`` writes ``docs/releases/VERSION.json``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version", help="the release's version, numbers joined by dots, e.g. 1.1")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the repository to record (default: this one)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    sys.path[:0] = [str(root), str(ROOT)]  # the pages' examples import the rules next to them
    from rulesite.releases import ReleaseError, read_release, record

    try:
        path = record(root, args.version)
    except ReleaseError as error:
        print(f"scripts/release: {error}", file=sys.stderr)
        return 2
    release = read_release(path)
    examples = sum(len(entry.outcomes) for entry in release.entries)
    print(f"recorded release {release.version}: {len(release.entries)} rules and rulings, "
          f"{examples} example outcomes, in {path.relative_to(root)}; commit it")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
