"""Markdown extensions for how readers find a rule and land on it.

- `sitelinks.moves`: links to anchors that moved to another page keep working.
- `sitelinks.searchable`: the site search indexes the rules' words, not example code.

Markdown extensions run under MkDocs, ProperDocs and Zensical alike.
"""
