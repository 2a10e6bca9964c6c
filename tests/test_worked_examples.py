"""Worked examples: what a player reads is computed from what the example really returns."""
# ruff: noqa: E501 - the examples hold real output lines, as long as the rules print them

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import markdown
import pytest

from rules.resistances import take_damage
from rulesite import QUIET_BUILD, examples, flowcharts

ROOT = Path(__file__).resolve().parent.parent


def render(block: str) -> str:
    md = markdown.Markdown(
        extensions=["attr_list", "pymdownx.highlight", "pymdownx.superfences", "rulesite.extension"],
        extension_configs={"pymdownx.superfences": {"custom_fences": [
            {"name": "python", "class": "highlight", "format": examples.formatter},
            {"name": "mermaid", "class": "flowchart", "format": flowcharts.formatter},
        ]}},
    )
    return md.convert(textwrap.dedent(block))


def player_view(html: str) -> str:
    """The HTML outside the collapsed Python."""
    return html.split('<details class="example-python"', 1)[0]


_INERT = '<template data-python data-search-exclude>'


def python_of(html: str) -> str:
    """The highlighted Python of the first toggle, as player.js puts it in place (its template's text)."""
    escaped = html.split(_INERT, 1)[1].split("</template>", 1)[0]
    assert "<" not in escaped  # one text: nothing in it is parsed before the toggle opens
    return escaped.replace("&lt;", "<").replace("&amp;", "&")


def test_a_result_shows_its_situation_steps_linked_to_their_rules_and_its_result():
    call = 'take_damage(17, "fire", ["Resist Fire", "Vulnerable 5 Fire"])'
    result = take_damage(17, "fire", ["Resist Fire", "Vulnerable 5 Fire"])  # the output, from the rules
    html = render("```python\n>>> from rules.resistances import take_damage\n"
                  f">>> print({call}.explain())\n{result.explain()}\n```\n")
    view = player_view(html)
    assert '<a class="we-rule" href="../resistances/#trait-resist">Resistance</a>' in view
    assert result.steps[0].text in view
    assert f'<span class="we-tag">Result</span> {result.outcome}' in view
    assert "&gt;&gt;&gt;" not in view and "§" not in view
    assert "Show as Python" in html and "&gt;&gt;&gt;" in python_of(html)  # the Python, one tap away


def test_values_read_as_words_and_refusals_as_the_rules_message():
    html = render('''
        ```python
        >>> from rules.resistances import choose_damage_type
        >>> choose_damage_type("Cold")
        <DamageType.COLD: 'Cold'>
        >>> choose_damage_type("physical")
        Traceback (most recent call last):
          ...
        rules.errors.RulesError: Physical cannot be chosen: only an effect that says 'choose a damage type, including physical' allows it (§choose-a-damage-type)
        ```
    ''')
    view = player_view(html)
    assert '<span class="we-tag">Answer</span> Cold' in view and "DamageType" not in view
    assert "Physical cannot be chosen" in view
    assert "Traceback" not in view and "rules." not in view


def test_the_python_reaches_the_page_inert_and_highlighted_as_a_console_session():
    html = render('''
        ```python
        >>> from rules.resistances import take_damage
        >>> take_damage(10, "fire", ["Resist Fire"]).final
        5
        ```
    ''')
    outside, toggle = html.split('<details class="example-python">', 1)
    assert toggle.startswith(f"<summary>Show as Python</summary>{_INERT}")
    assert toggle.split("</template>", 1)[1].startswith("</details></div>")
    inert = python_of(html)
    assert inert.startswith('<div class="highlight"><pre>')
    assert '<span class="gp">&gt;&gt;&gt; </span>' in inert and "take_damage" in inert
    assert "<pre" not in outside  # nothing of the Python is laid out before it is asked for


def test_a_block_of_imports_shows_only_the_collapsed_python():
    html = render('''
        ```python
        >>> from rules.resistances import take_damage
        ```
    ''')
    assert html.startswith('<details class="example-python example-setup">')
    assert "worked-example" not in html


def test_an_output_that_differs_from_the_code_is_reported_with_its_line(rulesite_log):
    render('''
        ```python
        >>> 1 + 1
        3
        ```
    ''')
    [record] = rulesite_log
    assert "did not evaluate as expected" in record.getMessage()
    assert "Expected:\n3\nGot:\n2\n" in record.getMessage()


def test_an_example_that_fails_shows_a_banner_at_it_with_what_the_page_expects_and_what_the_rules_give():
    """What scripts/serve shows while a designer works; the strict build fails on the same example."""
    html = render('''
        ```python
        >>> [1 + 1, 2 + 2]
        [2, 5]
        >>> int("x")
        4
        ```
    ''')
    banners = re.findall(r'<div class="worked-example we-failed" role="alert"[^>]*>(.*?)</div>', html)
    assert len(banners) == 2
    assert "The page expects</span> <code>[2, 5]</code>" in banners[0]
    assert "The rules give</span> <code>[2, 4]</code>" in banners[0]
    assert "<code>4</code>" in banners[1] and "ValueError: invalid literal for int()" in banners[1]


@pytest.mark.integration
def test_a_broken_example_fails_the_strict_build_with_page_and_line(tmp_path):
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")  # the API template stays in the repo
    config = config.replace("custom_templates: rulesite/", f"custom_templates: {ROOT / 'rulesite'}/")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    page = tmp_path / "docs" / "resistances.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace('>>> take_damage(12, "fire", ["Resist Physical"]).final\n12\n',
                                 '>>> take_damage(12, "fire", ["Resist Physical"]).final\n13\n', 1), encoding="utf-8")
    line = text.splitlines().index('>>> take_damage(12, "fire", ["Resist Physical"]).final') + 1
    build = subprocess.run(
        [str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=tmp_path, capture_output=True, text=True, env={**os.environ, **QUIET_BUILD}, check=False,
    )
    assert build.returncode != 0
    assert f"docs/resistances.md, line {line}: the example did not evaluate as expected" in build.stderr


def test_a_result_that_states_its_situation_is_introduced_by_it():
    html = render('''
        ```python
        >>> from rules.resistances import take_damage
        >>> take_damage(10, "fire", ["Resist Fire"]).final
        5
        ```
    ''')
    assert '<p class="we-situation" data-search-exclude>10 Fire damage against Resist Fire</p>' in player_view(html)


def test_a_yes_or_no_answer_is_introduced_by_the_question_it_answers():
    html = render('''
        ```python
        >>> from rules.monsters import group_traits, role_defenses
        >>> role_defenses("Elite Soldier (Leader)") == role_defenses("Soldier")
        True
        >>> "Resist Radiant" in group_traits("Fey")
        False
        >>> first = role_defenses("Soldier")
        >>> first == role_defenses("Soldier")
        True
        ```
    ''')
    view = player_view(html)
    assert "Is defenses of an Elite Soldier (Leader) the same as defenses of a Soldier?</p>" in view
    assert "Does traits of the Fey group include &#x27;Resist Radiant&#x27;?</p>" in view
    assert view.count('<span class="we-tag">Answer</span> yes') == 2
    assert view.count('<span class="we-tag">Answer</span> no') == 1
    assert view.count('class="we-situation"') == 2  # a variable has no words: no question is made up


def test_a_yes_or_no_asked_of_a_result_shows_why_with_the_rule_linked():
    html = render('''
        ```python
        >>> from rules.conditions import Combatant, grants_combat_advantage
        >>> bool(grants_combat_advantage(Combatant("Orc").add("prone"), adjacent=True))
        True
        >>> bool(Combatant("Orc").add("prone").conditions)
        True
        ```
    ''')
    view = player_view(html)
    assert '<p class="we-situation" data-search-exclude>an adjacent enemy attacks Orc: prone</p>' in view
    assert '<a class="we-rule" href="../conditions-list/#prone">Prone</a>: prone: grants it to an adjacent enemy' in view
    assert '<span class="we-tag">Result</span> yes' in view
    assert view.count('<span class="we-tag">Answer</span> yes') == 1  # not a result: the value in words
