/*
 * Draws the site's flowcharts with the site's own copy of Mermaid.
 *
 * The renderer (3.5 MB) is fetched only when a page has a flowchart, and pages
 * reached by instant navigation are drawn too: Material emits every new page on
 * `document$`. The drawn SVG sits in the page itself, so its node links are real
 * links to the rules' anchors. Switching light/dark redraws in the new colours.
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

  async function drawOne(mermaid, holder, source) {
    drawn += 1;
    const { svg, bindFunctions } = await mermaid.render("flowchart-svg-" + drawn, source);
    holder.innerHTML = svg;
    if (bindFunctions) bindFunctions(holder);
    const picture = holder.querySelector("svg");
    if (picture) picture.setAttribute("role", "img");
  }

  async function drawAll() {
    const blocks = document.querySelectorAll("pre.flowchart");
    const figures = document.querySelectorAll("div.flowchart");
    if (!blocks.length && !figures.length) return;
    const mermaid = await loadRenderer();
    mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: theme() });
    for (const pre of blocks) {
      const holder = document.createElement("div");
      holder.className = "flowchart";
      holder.dataset.source = pre.textContent;
      pre.replaceWith(holder);
      await drawOne(mermaid, holder, holder.dataset.source);
    }
    for (const holder of figures) await drawOne(mermaid, holder, holder.dataset.source);
  }

  function report(error) { console.error("Flowchart not drawn:", error); }

  if (window.document$) {
    window.document$.subscribe(function () { drawAll().catch(report); });
  } else {
    document.addEventListener("DOMContentLoaded", function () { drawAll().catch(report); });
  }
  new MutationObserver(function () { drawAll().catch(report); })
    .observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
})();
