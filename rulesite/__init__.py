"""The rules site's machinery: one model of the docs and the Markdown extension that builds on it.

- `rulesite.reading` is the one reader of the docs' Markdown (markdown-it-py's tokens with
  line numbers); `rulesite.model`, `rulesite.stated` and `rulesite.dependencies` read through it.
- `rulesite.model` reads every page of ``docs/`` once: headings and their anchors,
  rulings, example fences, flowcharts and their click targets, table directives.
- `rulesite.markup` changes HTML and SVG through a tree that writes untouched markup back as read.
- `rulesite.extension` is a Python-Markdown extension (MkDocs, ProperDocs and Zensical
  all run it) that renders tables and charts from the rules code, the rulings index,
  the print page, glossary terms, rule citations and inlined flowcharts.
- `rulesite.examples` renders each executed example as a worked example in game words.
- `rulesite.flowcharts` draws flowcharts ahead of time; `rulesite.charts` and
  `rulesite.tables` turn the rules' charts and tables into HTML and Markdown.
- `rulesite.moves` keeps links to anchors that moved to another page working
  (``docs/moved.yml``); `rulesite.searchable` keeps example code out of the site search;
  `rulesite.preview` runs Material's link previews once per page.
- `rulesite.dependencies` tells the live server (sitetools/live.py) which pages a code change touches.
"""

QUIET_BUILD = {"NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
"""The environment that keeps dependencies' notices out of a build's output: Material's end-of-life box
and the MkDocs 2 notice that mkdocs-redirects has ProperDocs print (each names its own variable). Every
build the project starts (scripts/test, scripts/serve, the tests, the benchmarks) runs with it, so the
warnings a designer must read are the only lines left."""

