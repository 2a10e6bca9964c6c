"""Accept an intended change: what ``scripts/test --update`` runs (its machinery: sitetools/accept.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's rules and tools

from sitetools.accept import main

if __name__ == "__main__":
    sys.exit(main())
