/*
 * At the table (issue 28): small things that got in a player's way, on every page and
 * after every instant navigation.
 *
 * - A search result on the page already shown: the theme only changes the address (no
 *   page swap, no hashchange), and on a phone the search overlay had locked the page's
 *   scrolling, so nothing moved. Once the address has changed, landing.js is told, and
 *   it brings the heading into view when the overlay has closed.
 * - A fresh search starts empty: closing search clears the query and its results, so the
 *   next word typed is not appended to the last one.
 * - A table wider than its column says so: a "scrolls sideways" hint above it and a fade
 *   at the right edge while more columns are behind it (data-overflow on the scroll box).
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
  function clearSearch() {
    const input = document.querySelector(".md-search__input");
    if (!input || !input.value) return;
    input.value = "";
    // The theme reads the query on keyup: an empty query clears the results.
    input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
  }
  const toggle = document.getElementById("__search");
  if (toggle) {
    toggle.addEventListener("change", function () {
      if (!toggle.checked) setTimeout(clearSearch, 0);
    });
  }

  // --- Tables that scroll sideways ------------------------------------------------------
  function overflow(box) {
    const room = box.scrollWidth - box.clientWidth;
    if (room <= 1) return "";
    const left = box.scrollLeft > 1;
    const right = box.scrollLeft < room - 1;
    return left && right ? "both" : left ? "left" : right ? "right" : "";
  }

  function mark(box) {
    const state = overflow(box);
    if (state) box.dataset.overflow = state;
    else delete box.dataset.overflow;
    const hint = box.previousElementSibling;
    const has = hint && hint.classList.contains("table-scroll-hint");
    if (box.scrollWidth - box.clientWidth > 1 && !has) {
      const made = document.createElement("p");
      made.className = "table-scroll-hint";
      made.setAttribute("aria-hidden", "true"); // the box itself is labelled "scrolls sideways"
      made.textContent = "Wide table: scroll sideways for more columns";
      box.before(made);
    } else if (box.scrollWidth - box.clientWidth <= 1 && has) {
      hint.remove();
    }
  }

  const watched = new WeakSet();
  const resized = typeof ResizeObserver === "function"
    ? new ResizeObserver(function (entries) { for (const entry of entries) mark(entry.target); })
    : null;

  function prepare() {
    for (const box of document.querySelectorAll("article .md-typeset__scrollwrap")) {
      if (watched.has(box)) continue;
      watched.add(box);
      box.addEventListener("scroll", function () { mark(box); }, { passive: true });
      if (resized) resized.observe(box);
      mark(box);
    }
  }

  if (window.document$) window.document$.subscribe(prepare);
  else document.addEventListener("DOMContentLoaded", prepare);
})();
