/*
 * Land on the rule a link names, on every page and after every instant navigation.
 *
 * - Moved anchors: a page that rules moved away from keeps a hidden stub for each,
 *   <a id="old-anchor" href="new-page/#new-anchor"> (docs/moved.yml, expanded by the
 *   `moves` Markdown extension). Arriving at a stub, by a shared link, a bookmark or
 *   a link on the page, goes on to the new place.
 * - Previews on a phone: the first tap on a link to a rule in running text shows the
 *   rule in place (the theme's instant preview, which opens on focus); a second tap
 *   on the same link follows it. Links in tables (the rulings index) follow at once.
 * - Search results on a phone: the search overlay locks the page's scrolling while it
 *   is open, so the scroll to the tapped section is lost when it closes. Once the
 *   overlay is closed, the heading is brought into view (CSS scroll-margin-top keeps
 *   it below the header and the back-to-top button).
 */
(function () {
  "use strict";

  // What had the focus when the finger came down (the tap itself focuses the link).
  let pointer = "mouse";
  let focused = null;
  document.addEventListener("pointerdown", function (event) {
    pointer = event.pointerType;
    focused = document.activeElement;
  }, true);
  document.addEventListener("click", function (event) {
    if (pointer !== "touch" || event.metaKey || event.ctrlKey) return;
    const link = event.target.closest ? event.target.closest("article a[data-preview]") : null;
    if (!link || link.closest("table") || focused === link) return;
    event.preventDefault();
    event.stopPropagation();
    link.focus();
  }, true);

  function movedStub(hash) {
    if (!hash || hash.length < 2) return null;
    let id;
    try { id = decodeURIComponent(hash.slice(1)); } catch (error) { return null; }
    const element = document.getElementById(id);
    return element && element.closest(".moved-anchors") ? element : null;
  }

  // A moved anchor in the address: replace the address by the new place.
  function followMoved() {
    const stub = movedStub(location.hash);
    if (stub) location.replace(stub.href);
    return Boolean(stub);
  }

  // A link on this page to a moved anchor of this page: go straight to the new place.
  document.addEventListener("click", function (event) {
    const link = event.target.closest ? event.target.closest("a") : null;
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const href = link.getAttribute("href") || link.getAttribute("xlink:href");
    if (!href) return;
    const url = new URL(href, location.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname) return;
    const stub = movedStub(url.hash);
    if (!stub) return;
    event.preventDefault();
    event.stopPropagation();
    location.assign(stub.href);
  }, true);
  window.addEventListener("hashchange", followMoved);

  function searchOpen() {
    const toggle = document.getElementById("__search");
    return Boolean(toggle && toggle.checked);
  }

  // The address a reader asked for: opened fresh, or the link last followed. The theme
  // may rewrite the address's #anchor while the new page settles; the asked-for one wins.
  let asked = new URL(location.href);
  document.addEventListener("click", function (event) {
    const link = event.target.closest ? event.target.closest("a") : null;
    const href = link && (link.getAttribute("href") || link.getAttribute("xlink:href"));
    if (href && !event.defaultPrevented) asked = new URL(href, location.href);
  }, true);
  window.addEventListener("popstate", function () { asked = new URL(location.href); });

  function target() {
    const hash = asked.pathname === location.pathname ? asked.hash : location.hash;
    if (hash.length < 2) return null;
    let element = null;
    try { element = document.getElementById(decodeURIComponent(hash.slice(1))); }
    catch (error) { return null; }
    if (element && location.hash !== hash) history.replaceState(history.state, "", hash);
    return element;
  }

  // Is the heading where a landing puts it: below the header, on screen?
  function landed(element) {
    const box = element.getBoundingClientRect();
    const header = document.querySelector(".md-header");
    const below = header ? header.getBoundingClientRect().bottom : 0;
    return box.top >= below - 1 && box.bottom <= window.innerHeight;
  }

  // After a navigation that names a heading, bring it into view once nothing covers the
  // page; stop as soon as the reader scrolls or types, so a landing never fights them.
  let watch = null;
  // Nothing floats over what a link landed on: the theme's "Back to top" pill, which shows
  // whenever the page moves up (as a landing above often does), waits until the reader
  // scrolls, taps or types of their own accord (rules.css: html[data-landed]).
  const root = document.documentElement;
  function readerMoves() {
    delete root.dataset.landed;
    for (const name of ["wheel", "touchstart", "keydown", "mousedown"]) window.removeEventListener(name, readerMoves);
  }
  function hideBackToTop() {
    root.dataset.landed = "";
    for (const name of ["wheel", "touchstart", "keydown", "mousedown"]) {
      window.addEventListener(name, readerMoves, { passive: true, once: true });
    }
  }

  function land() {
    if (watch) watch.stop();
    const element = target();
    if (!element || element.closest(".moved-anchors")) return;
    hideBackToTop();
    let frames = 0;
    let stopped = false;
    const stop = function () { stopped = true; };
    const events = ["wheel", "touchstart", "keydown", "mousedown"];
    for (const name of events) window.addEventListener(name, stop, { passive: true, once: true });
    watch = {
      stop: function () {
        stopped = true;
        for (const name of events) window.removeEventListener(name, stop);
      },
    };
    const current = watch;
    (function check() {
      if (stopped || !element.isConnected) return;
      // Watch for a moment once the overlay is closed: its closing and late layout (drawn
      // flowcharts, runs drawn near the screen) move the heading. The moment is counted from
      // the close, however long the search was open.
      if (searchOpen()) frames = 0;
      else if (!landed(element)) element.scrollIntoView({ block: "start" });
      if (++frames < 90) requestAnimationFrame(check);
      else current.stop();
    })();
  }

  function onPage() {
    if (!followMoved()) land();
  }

  if (window.document$) window.document$.subscribe(onPage);
  else document.addEventListener("DOMContentLoaded", onPage);
  window.addEventListener("hashchange", function () { asked = new URL(location.href); land(); });
})();
