"""Every page of the built site at phone and desktop size, in the light and the dark palette.

Each view is loaded once (tests/browser/survey.py, through the ``surveyed`` fixture) and every
test below asserts on what that load recorded: nothing leaves the machine, no diagram script,
no sideways scroll, axe-core's audit; on a player's page what a player sees (flowchart labels and
targets, blocks cut off, no Python), and on a phone the rule at a glance, the programmer's
section and the tables' words. The tests of one view share an xdist group, so one worker loads it.
"""

from __future__ import annotations

import re

import pytest

from sitetools.player_view import PLAYER_PAGES, SYSTEM_PAGES
from tests.browser.survey import View, views
from tests.conftest import SITE, site_pages

RENDERER = "mermaid"


def _pages() -> list[str]:
    # Collected before the `site` fixture runs: scripts/test builds the site first.
    return site_pages(SITE) if (SITE / "index.html").exists() else ["/"]


def _params(chosen: list[View]) -> list:
    return [pytest.param(view, id=view.id, marks=pytest.mark.xdist_group(view.id)) for view in chosen]


EVERY_VIEW = views(_pages())
PLAYER_VIEWS = [view for view in EVERY_VIEW if view.player_page]
CHART_VIEWS = [view for view in EVERY_VIEW if view.path in SYSTEM_PAGES]
AUDITED_VIEWS = [view for view in EVERY_VIEW if view.audited]
PHONE_PLAYER_VIEWS = [view for view in PLAYER_VIEWS if view.phone]
PHONE_SYSTEM_VIEWS = [view for view in CHART_VIEWS if view.phone]
AFFINITY = [view for view in EVERY_VIEW if view.path == "/affinity/" and view.viewport == "desktop"]
CONDITIONS = [view for view in EVERY_VIEW if view.path == "/conditions/" and view.viewport == "desktop"]


def test_every_page_and_view_is_surveyed():
    # The survey cannot shrink unnoticed: every page of the site, two sizes, two palettes.
    if (SITE / "index.html").exists():
        assert len(EVERY_VIEW) == 4 * len(_pages()) >= 4 * 15
    assert set(PLAYER_PAGES) <= {view.path for view in PLAYER_VIEWS}


# Every page, every view --------------------------------------------------------------------


@pytest.mark.parametrize("view", _params(EVERY_VIEW))
def test_no_request_leaves_the_machine(surveyed, view):
    seen = surveyed(view)
    assert seen["loaded"], "the survey recorded no request at all"
    assert seen["escaped"] == [], f"{view.path} asked the internet for {seen['escaped']}"


@pytest.mark.parametrize("view", _params(EVERY_VIEW))
def test_no_page_loads_a_diagram_script(surveyed, view):
    # Flowcharts are drawn ahead of time: none is left as text, and no renderer is fetched.
    seen = surveyed(view)
    assert seen["flowchartsLeftAsText"] == 0
    assert not [url for url in seen["loaded"] if RENDERER in url]


@pytest.mark.parametrize("view", _params(EVERY_VIEW))
def test_the_page_never_scrolls_sideways(surveyed, view):
    scroll, client = surveyed(view)["width"]
    assert scroll <= client, f"{view.path} is {scroll}px wide on a {client}px screen"


@pytest.mark.parametrize("view", _params(EVERY_VIEW))
def test_the_page_title_has_no_empty_line(surveyed, view):
    # The theme's permalink sign, unseen on a touch screen, once took a line of its own there.
    title = surveyed(view)["headings"]["title"]
    assert title is None or title["boxLines"] == title["wordLines"], (
        f"{view.path}: its title {title['text']!r} takes {title['boxLines']} lines,"
        f" its words {title['wordLines']}"
    )


@pytest.mark.parametrize("view", _params(AUDITED_VIEWS))
def test_no_serious_or_critical_accessibility_violation(surveyed, view):
    assert surveyed(view)["axe"] == []


# What a player sees on a player's page ------------------------------------------------------


@pytest.mark.parametrize("view", _params(CHART_VIEWS))
def test_flowchart_labels_are_at_least_12_px(surveyed, view):
    seen = surveyed(view)
    assert seen["charts"] >= 1
    assert seen["smallestLabel"] >= 12, (
        f"{seen['smallestLabelText']!r} is drawn at {seen['smallestLabel']} px"
    )


@pytest.mark.parametrize("view", _params(PLAYER_VIEWS))
def test_every_flowchart_box_that_links_is_at_least_24_px(surveyed, view):
    seen = surveyed(view)
    assert seen["smallTargets"] == 0, seen["smallTargetExamples"]


@pytest.mark.parametrize("view", _params(PLAYER_VIEWS))
def test_every_flowchart_fits_the_column_at_a_readable_size(surveyed, view):
    assert surveyed(view)["chartsScrolling"] == 0


@pytest.mark.parametrize("view", _params(PLAYER_VIEWS))
def test_no_visible_block_is_cut_off_sideways(surveyed, view):
    seen = surveyed(view)
    assert seen["cutOff"] == 0, (
        f"{seen['cutOff']} blocks cut off, up to {seen['mostHidden']} px: {seen['cutOffExamples']}"
    )


@pytest.mark.parametrize("view", _params(PLAYER_VIEWS))
def test_the_player_sees_no_python(surveyed, view):
    seen = surveyed(view)
    shown = {word: seen[key] for word, key in
             [(">>>", "prompts"), ("Traceback", "tracebacks"), ("rules.", "rulesDot")]}
    assert shown == {">>>": 0, "Traceback": 0, "rules.": 0}


@pytest.mark.parametrize("view", _params(PHONE_PLAYER_VIEWS))
def test_no_table_splits_a_word_on_a_phone(surveyed, view):
    seen = surveyed(view)
    split = seen["splitWords"]
    assert split == [], f"{view.path}: table words split over two lines at 390 px: {sorted(set(split))[:10]}"
    scroll, client = seen["widthAllOpen"]
    assert scroll <= client, "with every section open, the page scrolls sideways"


@pytest.mark.parametrize("view", _params(PHONE_SYSTEM_VIEWS))
def test_the_rule_at_a_glance_comes_first_and_fits_one_phone_screen(surveyed, view):
    glance = surveyed(view)["glance"]
    assert glance is not None, f"{view.path} has no rule at a glance"
    assert glance["visible"]
    assert glance["firstH2"] == glance["id"]
    assert glance["height"] <= 844 - 48, f"the summary is {glance['height']:.0f} px tall"
    assert glance["links"] >= 5


@pytest.mark.parametrize("view", _params(PHONE_SYSTEM_VIEWS))
def test_programmer_material_is_collapsed_at_the_end(surveyed, view):
    programmer = surveyed(view)["programmer"]
    assert re.search(r"-for-programmers$", programmer["lastH2"] or ""), programmer
    assert programmer["found"], f"{view.path} has no collapsed programmer's section"
    assert programmer["open"] is False
    assert programmer["code"] >= 1
    assert programmer["hiddenAtFirst"]
    assert programmer["shownOnTap"], "a tap on the summary did not show the section"


# Single pages ------------------------------------------------------------------------------


@pytest.mark.parametrize("view", _params(AFFINITY))
def test_the_affinity_flowchart_is_drawn_and_links_to_its_rules(surveyed, view):
    chart = surveyed(view)["affinityChart"]
    assert chart["charts"] == 1
    assert chart["height"] > 300 and chart["width"] > 200
    assert {"#guarding", "#attack-modifiers", "#final-damage", "#save-state"} <= set(chart["links"])
    missing = {href: count for href, count in chart["targets"].items() if count != 1}
    assert not missing, f"flowchart links to missing or doubled targets {missing}"


@pytest.mark.parametrize("view", _params(AFFINITY))
def test_every_heading_has_a_permalink(surveyed, view):
    headings = surveyed(view)["headings"]
    assert headings["h2h3"] >= 15
    assert headings["permalinks"] == headings["h2h3"]


@pytest.mark.parametrize("view", _params(CONDITIONS))
def test_every_rule_heading_has_a_copy_link_control(surveyed, view):
    headings = surveyed(view)["headings"]
    assert headings["h2h3h4"] > 0
    assert headings["copyLinks"] == headings["h2h3h4"]
