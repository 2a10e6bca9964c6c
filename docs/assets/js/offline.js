/*
 * The reference offline (README "Offline"): registers the service worker that scripts/offline
 * writes over the built site (Workbox; sw.js at the site's root, wherever the site is served),
 * and tells the player what it did.
 *
 * <html data-offline="..."> says where things stand, for the player's browser and for the tests:
 *   "installing"   the worker is fetching the whole reference (first visit);
 *   "ready"        every page, the search index, the flowcharts and the print page are stored,
 *                  and this page is served by the worker (so the calculator runtime is kept too
 *                  once it has loaded);
 *   "unavailable"  this copy of the site has no service worker (built without npm), or the
 *                  browser refused it: the site works online only;
 *   "unsupported"  the browser has no service workers.
 * After a new deployment, <html data-offline-update="waiting"> and a notice offer to reload
 * into the new rules; the next visit gets them anyway.
 */
(function () {
  "use strict";
  const html = document.documentElement;
  if (!("serviceWorker" in navigator)) {
    html.dataset.offline = "unsupported";
    return;
  }
  const here = document.currentScript ? document.currentScript.src : location.href;
  const root = new URL("../../", here); // this script is assets/js/offline.js
  const worker = new URL("sw.js", root);
  const container = navigator.serviceWorker;

  function notice(id, text, label, action) {
    if (document.getElementById(id)) return;
    const box = document.createElement("div");
    box.id = id;
    box.className = "offline-notice";
    box.setAttribute("role", "status");
    const message = document.createElement("p");
    message.textContent = text;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "md-button md-button--primary";
    button.textContent = label;
    button.addEventListener("click", function () {
      box.remove();
      action();
    });
    box.append(message, button);
    document.body.append(box);
  }

  // A new deployment's worker has stored the new rules and waits: offer to switch now.
  // "Reload": the newest worker (asked for at the tap, not remembered from when the notice
  // appeared) takes over once it has stored everything, and the page reloads once it
  // controls it; if there is none (another tab took the update) or it fails, the page just
  // reloads into what is active.
  // Why the page reloaded is kept for this tab (sessionStorage "offline-update-reload"): the
  // page that comes says which way the update went (tests/browser/test_offline.py reports it).
  function applyUpdate() {
    let reloaded = false;
    function reload(why) {
      if (reloaded) return;
      reloaded = true;
      try { sessionStorage.setItem("offline-update-reload", why); } catch (error) { /* storage off */ }
      location.reload();
    }
    function takeOver(next) {
      if (next.state === "installed") next.postMessage({ type: "SKIP_WAITING" }); // Workbox listens
      else if (next.state === "redundant") reload("the new worker failed");
    }
    container.addEventListener("controllerchange", function () { reload("the new worker took over"); });
    container.getRegistration(root.href).then(function (registration) {
      const next = registration && (registration.waiting || registration.installing);
      if (!next) {
        return reload(registration ? "no worker was waiting or installing" : "no registration for " + root.href);
      }
      next.addEventListener("statechange", function () { takeOver(next); });
      takeOver(next);
    }, function (error) { reload("the registration could not be read: " + error); });
  }

  function offerUpdate() {
    html.dataset.offlineUpdate = "waiting";
    notice("offline-update", "This reference has been updated.", "Reload", applyUpdate);
  }

  function watchInstalling(next) {
    if (!next) return;
    next.addEventListener("statechange", function () {
      if (next.state === "installed" && container.controller) offerUpdate();
    });
  }

  // The browser looks for a new sw.js on every visit; the new worker may already be installing.
  function watchUpdates(registration) {
    if (registration.waiting && container.controller) offerUpdate();
    watchInstalling(registration.installing);
    registration.addEventListener("updatefound", function () { watchInstalling(registration.installing); });
  }

  // A quiet line in the footer once the reference is stored (instant navigation redraws the footer).
  function showStatus() {
    const footer = document.querySelector(".md-copyright");
    if (!footer || html.dataset.offline !== "ready" || footer.querySelector(".offline-status")) return;
    const line = document.createElement("div");
    line.className = "offline-status";
    line.textContent = "Saved on this device: the reference opens without a network.";
    footer.append(line);
    offerCalculators(line);
  }

  // The calculators' runtime is stored when one is first opened (scripts/offline.mjs); until
  // then, the footer offers to store it, saying its size once (assets/calculator/files.json).
  const calculators = new URL("assets/calculator/", root);
  function offerCalculators(line) {
    if (!("caches" in window)) return;
    Promise.all([
      caches.match(new URL("pyodide.asm.wasm", calculators).href),
      fetch(new URL("files.json", calculators).href).then(function (r) { return r.ok ? r.json() : null; }),
    ]).then(function ([stored, listed]) {
      const files = Object.keys((listed && listed.files) || {});
      if (!files.length) return;
      if (stored) {
        line.textContent = "Saved on this device: the reference and its calculators open without a network.";
        return;
      }
      const total = files.reduce(function (sum, name) { return sum + listed.files[name]; }, 0);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "md-button offline-save-calculators";
      button.textContent = "Save the calculators for offline use, " + (total / 1e6).toFixed(1) + " MB";
      button.addEventListener("click", function () {
        button.disabled = true;
        button.textContent = "Saving the calculators…";
        Promise.all(files.map(function (name) {
          return fetch(new URL(encodeURIComponent(name), calculators).href).then(function (response) {
            if (!response.ok) throw new Error(name);
            return response.arrayBuffer(); // read to the end: the worker stores it as it arrives
          });
        })).then(function () {
          button.remove();
          line.textContent = "Saved on this device: the reference and its calculators open without a network.";
        }, function () {
          button.disabled = false;
          button.textContent = "Saving was cut short: try again (" + (total / 1e6).toFixed(1) + " MB)";
        });
      });
      line.append(" ", button);
    }).catch(function () { /* offline: nothing to offer now */ });
  }
  if (window.document$) window.document$.subscribe(showStatus);

  // Resolves once a worker is active (its precache complete) and serves this page.
  function controlled() {
    if (container.controller) return Promise.resolve();
    return new Promise(function (resolve) {
      container.addEventListener("controllerchange", resolve, { once: true });
    });
  }

  // No sw.js here (a build without npm): an older deployment's worker must not keep serving.
  function forgetIfGone() {
    return fetch(worker.href, { method: "HEAD", cache: "no-store" })
      .then(function (response) {
        if (response.status !== 404) return;
        return container.getRegistrations().then(function (registrations) {
          return Promise.all(registrations
            .filter(function (registration) { return registration.scope === root.href; })
            .map(function (registration) { return registration.unregister(); }));
        });
      })
      .catch(function () { /* offline: keep what is stored */ });
  }

  function start() {
    const firstVisit = !container.controller;
    html.dataset.offline = firstVisit ? "installing" : "ready";
    // updateViaCache "none": sw.js and the script it imports are never taken from the HTTP cache.
    container.register(worker.href, { scope: root.pathname, updateViaCache: "none" })
      .then(function (registration) {
        watchUpdates(registration);
        return container.ready;
      })
      .then(controlled)
      .then(function () {
        html.dataset.offline = "ready";
        if (firstVisit) performance.mark("offline:ready"); // scripts/offline-bench reads it
        showStatus();
      })
      .catch(function () {
        html.dataset.offline = "unavailable";
        return forgetIfGone();
      });
  }

  // After the page itself has loaded: storing the reference must not slow the first page down.
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
})();
