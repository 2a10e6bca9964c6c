"""axe-core's audit of an open page: the serious and critical findings, every block laid out first.

axe-core comes from the project's npm packages (``node_modules/axe-core``); the browser tests and
``scripts/measure-pages`` run it through `axe_violations`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitetools.player_view import LAY_OUT_EVERYTHING

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# axe's findings; and, as one more, the elements axe could not see because they were not drawn.
_AXE = """
async (without) => {
  const unseen = [...document.body.querySelectorAll("*")]
    .filter(el => el.checkVisibility() && !el.checkVisibility({contentVisibilityAuto: true})).length
    + [...document.querySelectorAll(".flowchart__frame > svg")].filter(svg => !svg.checkVisibility()).length;
  const found = (await axe.run(document, {resultTypes: ["violations"],
      rules: Object.fromEntries(without.map(rule => [rule, {enabled: false}]))})).violations
    .filter(v => ["serious", "critical"].includes(v.impact))
    .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length,
                where: v.nodes.slice(0, 3).map(n => n.target.join(" "))}));
  return unseen ? [...found, {id: "not drawn, so not audited", nodes: unseen}] : found;
}
"""



def axe_violations(page: Any, without: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the open page (every rule but those ``without``).

    Every block is laid out first: axe cannot tell the colours of text in a block not drawn yet
    (content-visibility), and leaves it unchecked (on Resistances, a phone, 343 of 1,423 texts).
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    style = page.add_style_tag(content=LAY_OUT_EVERYTHING)
    try:
        violations: list[dict[str, Any]] = page.evaluate(_AXE, list(without))
    finally:
        style.evaluate("s => s.remove()")
    return violations
