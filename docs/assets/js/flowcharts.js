/*
 * Draws, in the browser, any flowchart that was not drawn ahead of time.
 *
 * Flowcharts are normally drawn at build time (scripts/flowcharts.py) and inlined as
 * SVG, so pages load no diagram script. A flowchart whose SVG is missing or stale (a
 * designer just edited it) is left as `pre.flowchart`; this loader then fetches the
 * site's own copy of Mermaid (never a CDN), only on such pages, also after instant
 * navigation, and redraws those flowcharts when the reader switches light/dark.
 */
(function () {
  "use strict";
  const rendererUrl = new URL("../vendor/mermaid.min.js", document.currentScript.src).href;
  let renderer = null;
  let drawn = 0;

  function loadRenderer() {
    if (!renderer) {
      renderer = new Promise(function (resolve, reject) {
        const tag = document.createElement("script");
        tag.src = rendererUrl;
        tag.onload = function () { resolve(window.mermaid); };
        tag.onerror = function () { reject(new Error("Could not load " + rendererUrl)); };
        document.head.appendChild(tag);
      });
    }
    return renderer;
  }

  function theme() {
    return document.body.getAttribute("data-md-color-scheme") === "slate" ? "dark" : "default";
  }

  async function drawOne(mermaid, holder) {
    drawn += 1;
    const { svg, bindFunctions } = await mermaid.render("flowchart-live-" + drawn, holder.dataset.source);
    holder.innerHTML = svg;
    if (bindFunctions) bindFunctions(holder);
  }

  async function drawAll() {
    const blocks = document.querySelectorAll("pre.flowchart");
    const figures = document.querySelectorAll('div.flowchart[data-drawn="browser"]');
    if (!blocks.length && !figures.length) return;
    const mermaid = await loadRenderer();
    mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: theme() });
    for (const pre of blocks) {
      const holder = document.createElement("div");
      holder.className = "flowchart";
      holder.dataset.drawn = "browser";
      holder.dataset.source = pre.textContent;
      pre.replaceWith(holder);
      await drawOne(mermaid, holder);
    }
    for (const holder of figures) await drawOne(mermaid, holder);
  }

  function report(error) { console.error("Flowchart not drawn:", error); }
  window.drawFlowcharts = function () { return drawAll().catch(report); };

  if (window.document$) window.document$.subscribe(window.drawFlowcharts);
  else document.addEventListener("DOMContentLoaded", window.drawFlowcharts);
  new MutationObserver(window.drawFlowcharts)
    .observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
})();
