/*
 * At the table (issue 28): small things that got in a player's way, on every page and
 * after every instant navigation.
 *
 * - A search result on the page already shown: the theme only changes the address (no
 *   page swap, no hashchange), and on a phone the search overlay had locked the page's
 *   scrolling, so nothing moved. Once the address has changed, landing.js is told, and
 *   it brings the heading into view when the overlay has closed.
 * - A fresh search starts empty: reopening search clears the last query and its results,
 *   so the next word typed is not appended to it (closing keeps it: the theme marks its
 *   words on the page a result leads to).
 * - A table wider than its column says so: a "scrolls sideways" hint above it and a fade
 *   at the right edge while more columns are behind it (data-overflow on the scroll box).
 * - A calculator says what it costs: its size is in its summary (computed at build time,
 *   rulesite/calculator.py); while its runtime downloads, a progress bar with the
 *   megabytes so far sits next to "Work it out", and the form's buttons wait, disabled,
 *   with the reason beside them, until the runtime is ready (or has failed: then they
 *   work again, to retry).
 */
(function () {
  "use strict";

  // --- Same-page search results -------------------------------------------------------
  document.addEventListener("click", function (event) {
    const link = event.target.closest ? event.target.closest(".md-search-result a[href]") : null;
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(link.href, location.href);
    if (url.pathname !== location.pathname || url.hash.length < 2) return;
    const before = location.href;
    // After the theme has handled the click (it closes the overlay and sets the address).
    setTimeout(function () {
      if (location.hash !== url.hash) history.pushState(history.state, "", url.hash);
      // Also for the heading already in the address: it is brought back into view.
      window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL: before, newURL: location.href }));
    }, 0);
  }, true);

  // --- A fresh search starts empty ----------------------------------------------------
  // The query stays while search closes (the theme marks its words on the page a result
  // leads to), and goes when search opens again; a key that opened search is kept.
  let stale = "";
  function forgetStaleQuery() {
    const input = document.querySelector(".md-search__input");
    if (!input || !stale || !input.value.startsWith(stale)) return;
    input.value = input.value.slice(stale.length);
    stale = "";
    // The theme reads the query on keyup: an empty query clears the results.
    input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
  }
  const toggle = document.getElementById("__search");
  if (toggle) {
    toggle.addEventListener("change", function () {
      const input = document.querySelector(".md-search__input");
      if (!toggle.checked) stale = input ? input.value : "";
      else setTimeout(forgetStaleQuery, 0);
    });
  }

  // --- Tables that scroll sideways ------------------------------------------------------
  // Measured first, then marked: every box is read before any is written, so the page is
  // laid out once, not once per table.
  function measure(box) {
    const room = box.scrollWidth - box.clientWidth;
    const left = room > 1 && box.scrollLeft > 1;
    const right = room > 1 && box.scrollLeft < room - 1;
    const state = left && right ? "both" : left ? "left" : right ? "right" : "";
    return { box: box, wide: room > 1, state: state };
  }

  function mark(seen) {
    const box = seen.box;
    if (seen.state) box.dataset.overflow = seen.state;
    else delete box.dataset.overflow;
    const hint = box.previousElementSibling;
    const has = hint && hint.classList.contains("table-scroll-hint");
    if (seen.wide && !has) {
      const made = document.createElement("p");
      made.className = "table-scroll-hint";
      made.setAttribute("aria-hidden", "true"); // the box itself is labelled "scrolls sideways"
      made.textContent = "Wide table: scroll sideways for more columns";
      box.before(made);
    } else if (!seen.wide && has) {
      hint.remove();
    }
  }

  function markAll(boxes) {
    const seen = boxes.map(measure);
    seen.forEach(mark);
  }

  const watched = new WeakSet();
  const resized = typeof ResizeObserver === "function"
    ? new ResizeObserver(function (entries) { markAll(entries.map(function (entry) { return entry.target; })); })
    : null;


  // --- A calculator's download ------------------------------------------------------------
  const loaded = {}; // file name -> bytes arrived so far
  const listeners = new Set();
  let drawing = 0; // one redraw of the progress at most every quarter second: each one lays the page out
  function arrived(name, bytes) {
    loaded[name] = Math.max(loaded[name] || 0, bytes);
    if (drawing) return;
    drawing = setTimeout(function () {
      drawing = 0;
      for (const listener of listeners) listener();
    }, 250);
  }

  // The calculator's worker counts each runtime file's bytes as they arrive (calculator.js).
  document.addEventListener("calculator-download", function (event) {
    if (event.detail.bytes >= 0) arrived(event.detail.file, event.detail.bytes);
  });

  function megabytes(bytes) { return (bytes / 1e6).toFixed(1) + " MB"; }

  function waitFor(calculator) {
    const sizes = JSON.parse(calculator.dataset.download || "{}");
    const total = Object.values(sizes).reduce(function (a, b) { return a + b; }, 0);
    const form = calculator.querySelector("form");
    const status = form && form.querySelector(".calculator__status");
    if (!total || !status) return;
    const buttons = form.querySelectorAll("button[type=submit], .calculator__preset");
    const cost = calculator.querySelector(".calculator__cost");
    const costText = cost ? cost.textContent : "";
    let bar = null;
    function show() {
      if (!bar) return;
      let done = 0;
      for (const name in sizes) done += Math.min(loaded[name] || 0, sizes[name]);
      bar.querySelector("progress").value = done;
      bar.querySelector("span").textContent =
        "Downloading the calculator: " + megabytes(done) + " of " + megabytes(total);
      // The summary, where the player tapped, says it too.
      if (cost) cost.textContent = " (downloading: " + megabytes(done) + " of " + megabytes(total) + ")";
    }
    function update() {
      const waiting = calculator.dataset.state === "loading";
      for (const button of buttons) {
        button.disabled = waiting;
        if (waiting) button.setAttribute("aria-describedby", status.id);
        else button.removeAttribute("aria-describedby");
      }
      if (waiting) form.setAttribute("aria-busy", "true");
      else form.removeAttribute("aria-busy");
      if (waiting && !bar) {
        bar = document.createElement("div");
        bar.className = "calculator__download";
        bar.innerHTML = '<progress max="' + total + '" value="0"></progress><span></span>';
        bar.querySelector("progress").setAttribute("aria-label", "Calculator download");
        status.after(bar);
        listeners.add(show);
        show();
      } else if (!waiting && bar) {
        listeners.delete(show);
        bar.remove();
        bar = null;
        if (cost) cost.textContent = calculator.dataset.state === "ready" ? " (ready)" : costText;
      }
    }
    if (!status.id) status.id = "calc-" + calculator.dataset.system + "-status";
    new MutationObserver(update).observe(calculator, { attributes: true, attributeFilter: ["data-state"] });
    update();
  }

  const costed = new WeakSet();
  function prepareCalculators() {
    for (const calculator of document.querySelectorAll("details.calculator[data-download]")) {
      if (costed.has(calculator)) continue;
      costed.add(calculator);
      waitFor(calculator);
    }
  }

  function prepare() {
    prepareCalculators();
    for (const box of document.querySelectorAll("article .md-typeset__scrollwrap")) {
      if (watched.has(box)) continue;
      watched.add(box);
      box.addEventListener("scroll", function () { markAll([box]); }, { passive: true });
      // The observer reports each box once it is laid out, in the browser's own layout pass;
      // measuring here would lay the whole page out at load, inside this script's task.
      if (resized) resized.observe(box);
      else markAll([box]);
    }
  }

  if (window.document$) window.document$.subscribe(prepare);
  else document.addEventListener("DOMContentLoaded", prepare);
})();
