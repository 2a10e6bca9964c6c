"""How readers find a rule and land on it: the report for people (sitetools/links.py holds the steps).

    .venv/bin/python scripts/links_report.py [SITE_DIR] [--port 8000] [--prefix /repo]
    [--only search|ways|rulings] [--theme-search]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sitetools.links import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
