/*
 * The site works wherever it is served: at any origin and under a subpath (a GitHub
 * Pages project site lives under /<repo>/).
 *
 * Material's instant navigation (and the instant previews built on it) only follows
 * links whose address is listed in sitemap.xml, and the sitemap holds the addresses
 * of the site_url the site was built for. The theme fixes up the protocol and host
 * name, not the port or the path, so served anywhere else every click fell back to a
 * full page load. This script runs before the theme (main.html inlines it in the head of
 * every page) and, when the theme loads the sitemap, hands it the sitemap with each
 * address moved to where this copy of the site is actually served.
 */
(function () {
  "use strict";

  // The sitemap with every <loc> moved from the built root to `root`.
  function relocate(xml, root) {
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    const locs = Array.from(doc.getElementsByTagName("loc"));
    if (!locs.length) return xml;
    // The shortest address is the home page: the root the site was built for.
    const built = locs.map(function (loc) { return loc.textContent.trim(); })
      .reduce(function (a, b) { return a.length <= b.length ? a : b; });
    for (const loc of locs) {
      const address = loc.textContent.trim();
      if (address.startsWith(built)) loc.textContent = root + address.slice(built.length);
    }
    return new XMLSerializer().serializeToString(doc);
  }

  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    const address = new URL(url, location.href);
    this.sitemap = method === "GET" && address.origin === location.origin &&
      address.pathname.endsWith("/sitemap.xml") ? address : null;
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if (!this.sitemap) return send.apply(this, arguments);
    const request = this;
    const root = new URL("./", request.sitemap).href;
    fetch(request.sitemap.href, { credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (text) { return [response, text]; });
      })
      .then(function ([response, text]) {
        const body = response.ok ? relocate(text, root) : text;
        const type = request.responseType;
        const value = type === "blob" ? new Blob([body], { type: "text/xml" }) : body;
        Object.defineProperty(request, "status", { value: response.status });
        Object.defineProperty(request, "statusText", { value: response.statusText });
        Object.defineProperty(request, "readyState", { value: 4 });
        Object.defineProperty(request, "response", { value: value });
        if (type === "" || type === "text") Object.defineProperty(request, "responseText", { value: body });
        request.dispatchEvent(new Event("readystatechange"));
        request.dispatchEvent(new ProgressEvent("load"));
        request.dispatchEvent(new ProgressEvent("loadend"));
      })
      .catch(function () { request.dispatchEvent(new ProgressEvent("error")); });
  };
})();
