/*
 * What the player needs on a phone, on every page and after every instant navigation:
 * - each code block that scrolls sideways can be reached and scrolled by keyboard;
 * - each flowchart is drawn at a readable size (labels at least 12 px), scrolls
 *   sideways in its own frame when it is wider than the column, and has an
 *   "Enlarge chart" button that shows the whole chart in a dialog (Escape closes it);
 *   a chart drawn ahead of time waits undrawn (rules.css) until the player comes within
 *   half a screen of it, its frame takes focus, or it is enlarged.
 * - the Python of a worked example (rulesite/examples.py) reaches the page inert, as the
 *   escaped text of a <template> in its "Show as Python" toggle; it is put in place when the toggle is
 *   opened (by tap, keyboard or script) and, for the print view, before printing.
 * Landing on a rule (deep links, search results, moved anchors) is landing.js's part.
 */
(function () {
  "use strict";
  function focusableCode(article) {
    for (const code of article.querySelectorAll("pre > code:not([tabindex])")) {
      code.tabIndex = 0;
    }
  }

  function chartName(svg) {
    const title = svg.querySelector("title");
    return title && title.textContent.trim() ? title.textContent.trim() : "flowchart";
  }

  let dialog = null;
  function theDialog() {
    if (dialog) return dialog;
    dialog = document.createElement("dialog");
    dialog.className = "flowchart-dialog";
    dialog.innerHTML =
      '<div class="flowchart-dialog__bar"><span class="flowchart-dialog__title"></span>' +
      '<button type="button" class="md-button flowchart-dialog__close">Close</button></div>' +
      '<div class="flowchart-dialog__chart" tabindex="0" role="region"></div>';
    dialog.querySelector(".flowchart-dialog__close").addEventListener("click", function () {
      dialog.close();
    });
    dialog.addEventListener("close", function () {
      const home = dialog.home;
      const svg = dialog.querySelector("svg");
      if (home && svg) home.frame.appendChild(svg);
      if (home) home.button.focus();
      dialog.home = null;
    });
    document.body.appendChild(dialog);
    return dialog;
  }

  const nearing = "IntersectionObserver" in window
    ? new IntersectionObserver(function (entries) {
      for (const entry of entries) if (entry.isIntersecting) draw(entry.target);
    }, { rootMargin: "50% 0px" })
    : null;
  function draw(frame) {
    frame.removeAttribute("data-waiting");
    if (nearing) nearing.unobserve(frame);
  }

  function enlarge(frame, button) {
    draw(frame);
    const svg = frame.querySelector("svg");
    if (!svg) return;
    const box = theDialog();
    box.home = { frame: frame, button: button };
    box.querySelector(".flowchart-dialog__title").textContent = chartName(svg);
    const holder = box.querySelector(".flowchart-dialog__chart");
    holder.setAttribute("aria-label", chartName(svg) + ", whole chart");
    holder.appendChild(svg);
    box.showModal();
    holder.focus();
  }

  // A chart drawn ahead of time comes with its frame and button (rulesite/flowcharts.py), so
  // nothing moves when they are given their part here; one drawn in the browser (again at each
  // palette switch) gets them.
  const wired = new WeakSet();
  function readableCharts(article) {
    for (const chart of article.querySelectorAll("div.flowchart")) {
      const svg = chart.querySelector("svg");
      if (!svg) continue;
      let frame = chart.querySelector(":scope > .flowchart__frame");
      if (!frame) {
        frame = document.createElement("div");
        frame.className = "flowchart__frame";
        frame.tabIndex = 0;
        frame.setAttribute("role", "region");
        frame.setAttribute("aria-label", chartName(svg) + " (scrolls sideways)");
        chart.insertBefore(frame, svg);
        frame.appendChild(svg);
        const width = svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.width : 0;
        // Its smallest width, as for a chart drawn ahead of time (rules.css).
        if (width) frame.style.setProperty("--chart-width", width + "px");
      }
      let button = chart.querySelector(":scope > .flowchart__enlarge");
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        button.className = "md-button flowchart__enlarge";
        button.textContent = "Enlarge chart";
        button.setAttribute("aria-label", "Enlarge chart: " + chartName(svg));
        chart.insertBefore(button, frame);
      }
      if (wired.has(button)) continue;
      wired.add(button);
      button.addEventListener("click", function () { enlarge(frame, button); });
      if (frame.hasAttribute("data-waiting")) {
        if (nearing) nearing.observe(frame);
        else draw(frame);
        frame.addEventListener("focus", function () { draw(frame); });
      }
    }
  }

  // The toggle's code, put in place once from its template's text (the highlighted HTML,
  // escaped by the build so that nothing of it is parsed before a player asks).
  function showPython(details) {
    const template = details.querySelector(":scope > template");
    if (!template) return;
    template.insertAdjacentHTML("afterend", template.content.textContent);
    template.remove();
  }

  function pythonToggle(node) {
    return node && node.closest ? node.closest("details.example-python") : null;
  }

  // A tap or key on the summary fills the toggle before it opens (nothing flashes empty);
  // "toggle" catches any other opening. Neither event is cancelled.
  document.addEventListener("click", function (event) {
    const summary = event.target.closest ? event.target.closest("summary") : null;
    const details = pythonToggle(summary);
    if (details && summary.parentElement === details) showPython(details);
  }, true);
  document.addEventListener("toggle", function (event) {
    const details = event.target;
    if (details.open && details.matches && details.matches("details.example-python")) showPython(details);
  }, true);
  // The theme opens every toggle for printing; the code must be there to be printed.
  window.addEventListener("beforeprint", function () {
    for (const details of document.querySelectorAll("details.example-python")) showPython(details);
  });

  function prepare() {
    const article = document.querySelector("article.md-content__inner");
    if (!article) return;
    focusableCode(article);
    readableCharts(article);
  }

  // A page reached by the theme's instant navigation replaces the article: the charts of the
  // page left are no longer watched.
  function newPage() {
    if (nearing) {
      nearing.disconnect();
      for (const frame of document.querySelectorAll(".flowchart__frame[data-waiting]")) nearing.observe(frame);
    }
    prepare();
  }
  if (window.document$) window.document$.subscribe(newPage);
  else document.addEventListener("DOMContentLoaded", prepare);
  // Charts drawn in the browser (a designer's fresh edit) arrive later.
  let pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; prepare(); });
  }).observe(document.body, { childList: true, subtree: true });
})();
