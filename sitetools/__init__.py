"""The project's tooling: what the tests and the scripts both use to look at the site, in one package.

- `sitetools.browser`: Debian's Chromium (path, flags, `launch`), the limit of every wait, and the
  routing that refuses any request leaving the machine.
- `sitetools.server`: the one static server (quiet, the site's 404 page, a subpath on a second host
  name, gzip for the benchmarks).
- `sitetools.player_view`: a page opened at a viewport and palette, and what a player sees of it.
- `sitetools.axe`: axe-core's serious and critical findings, every block laid out first.
- `sitetools.links`: how readers find a rule and land on it (search, ways in, ruling links), for the
  browser tests and ``scripts/links_report.py``.
- `sitetools.live`: the live server's reload of the rules' code, a hooks file of ``mkdocs serve``
  (``scripts/serve``).

Nothing here is built into a page. The site's code (`rulesite`) and the scripts import it, never
``tests/``; the tests import it, never ``scripts/`` (tests/test_code_quality.py checks both).
"""
