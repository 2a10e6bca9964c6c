// All rulings (docs/rulings.md): filter the list by system and by the rule a ruling interprets.
//
// The build writes the form (rulesite/extension.py, hidden) above a table per system whose rows
// name, in their second cell, the rules each ruling interprets. This shows the form and hides the
// rows (and systems) that do not match; the choice stays in the address (?system=...&rule=...),
// so a filtered list can be linked and survives a reload. Without scripts every ruling shows.
(function () {
  "use strict";

  // A heading's words, without its permalink sign.
  function titleOf(heading) {
    return [...heading.childNodes].filter(node => !(node.classList && node.classList.contains("headerlink")))
      .map(node => node.textContent).join("").trim();
  }

  function anchorsOf(row) {
    return [...row.cells[1].querySelectorAll("a[href]")].map(a => a.getAttribute("href").split("#")[1]);
  }

  // Each system's table, the block that holds it (the page may wrap it) and its heading.
  function tables(form) {
    const found = [];
    let heading = null;
    for (const block of form.closest("article").children) {
      if (block.tagName === "H2") heading = block;
      else if (!block.contains(form))
        for (const table of block.tagName === "TABLE" ? [block] : block.querySelectorAll("table"))
          found.push({heading, block, table});
    }
    return found;
  }

  function apply(form) {
    const system = form.elements.system.value;
    const rule = form.elements.rule.value;
    let shown = 0;
    for (const {heading, block, table} of tables(form)) {
      const systemMatches = !system || (heading && titleOf(heading) === system);
      let rows = 0;
      for (const row of table.tBodies[0].rows) {
        const match = systemMatches && (!rule || anchorsOf(row).includes(rule));
        row.hidden = !match;
        rows += match;
      }
      block.hidden = rows === 0;
      if (heading) heading.hidden = rows === 0;
      shown += rows;
    }
    form.querySelector(".rulings-filter__count").textContent =
      shown === 1 ? "1 ruling" : `${shown} rulings`;
    const params = new URLSearchParams(location.search);
    for (const [name, value] of [["system", system], ["rule", rule]])
      value ? params.set(name, value) : params.delete(name);
    const query = params.toString();
    history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }

  function setUp() {
    const form = document.querySelector("form.rulings-filter");
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    const params = new URLSearchParams(location.search);
    for (const name of ["system", "rule"]) {
      const select = form.elements[name];
      const wanted = params.get(name);
      if (wanted && [...select.options].some(option => option.value === wanted)) select.value = wanted;
    }
    form.addEventListener("change", () => apply(form));
    form.addEventListener("submit", event => event.preventDefault());
    form.hidden = false;
    apply(form);
  }

  // The theme's instant navigation swaps the page in place: set up each page it shows.
  if (window.document$) window.document$.subscribe(setUp);
  else document.addEventListener("DOMContentLoaded", setUp);
})();
