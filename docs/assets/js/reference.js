/*
 * Reference helpers, on every page and after every instant navigation:
 * - a "copy link" button on each rule and ruling heading, which puts the full
 *   address of that rule (with its anchor) on the clipboard;
 * - glossary abbreviations reachable by keyboard and tap: a focused term shows its meaning
 *   in one tip at the foot of the screen, outside the article (whose blocks clip what is
 *   drawn inside them);
 * - each link's full address kept for the print view, which prints it after the link.
 */
(function () {
  "use strict";

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
    return Promise.resolve();
  }

  function addCopyButtons(article) {
    for (const heading of article.querySelectorAll("h2[id], h3[id], h4[id]")) {
      if (heading.querySelector(".copy-link")) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "copy-link";
      const name = heading.textContent.replace(/[¶#]\s*$/, "").trim();
      button.setAttribute("aria-label", "Copy link to " + name);
      button.title = "Copy link";
      button.addEventListener("click", function () {
        const url = new URL(location.href);
        url.search = "";
        url.hash = heading.id;
        copyText(url.href).then(function () {
          button.classList.add("copied");
          button.title = "Link copied";
          setTimeout(function () { button.classList.remove("copied"); button.title = "Copy link"; }, 2000);
        });
      });
      heading.appendChild(button);
    }
  }

  // Names and focus stops the theme leaves out, for screen readers and keyboards.
  function label() {
    const search = document.querySelector(".md-search");
    if (search) search.setAttribute("aria-label", "Search the rules");
    const progress = document.querySelector(".md-progress");
    if (progress) progress.setAttribute("aria-label", "Loading the page");
    for (const wrap of document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])")) {
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", "Table, scrolls sideways");
    }
    for (const button of document.querySelectorAll("[data-open-search]")) {
      button.onclick = function () { document.querySelector(".md-search__input").focus(); };
    }
  }

  let tip = null;
  function theTip() {
    if (tip && tip.isConnected) return tip;
    tip = document.createElement("div");
    tip.className = "glossary-tip";
    tip.hidden = true;
    tip.setAttribute("aria-hidden", "true"); // the term's title already gives its meaning
    document.body.appendChild(tip);
    return tip;
  }
  document.addEventListener("focusin", function (event) {
    const term = event.target.closest ? event.target.closest("article abbr[title]") : null;
    if (!term) return;
    const shown = theTip();
    shown.textContent = term.title;
    shown.hidden = false;
  });
  document.addEventListener("focusout", function (event) {
    if (tip && event.target.matches && event.target.matches("abbr[title]")) tip.hidden = true;
  });

  function prepare() {
    label();
    const article = document.querySelector("article.md-content__inner");
    if (!article) return;
    addCopyButtons(article);
    for (const abbr of article.querySelectorAll("abbr[title]")) abbr.tabIndex = 0;
    for (const link of article.querySelectorAll("a[href]:not(.headerlink)")) {
      link.dataset.printHref = link.href;
    }
  }

  if (window.document$) window.document$.subscribe(prepare);
  else document.addEventListener("DOMContentLoaded", prepare);
})();
