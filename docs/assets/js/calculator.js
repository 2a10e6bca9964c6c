/*
 * "Try it yourself": the calculator of a system page (rendered by rulesite/calculator.py).
 *
 * The answer comes from the project's own Python (calculators.answer_json over the rules
 * package) running in the browser under Pyodide, self-hosted in assets/calculator/, and so
 * does its card: the worker draws it with the pages' own worked-example templates
 * (calculators/card.py); this script only places the HTML it is given. Nothing of it loads
 * before the player opens a calculator; then the runtime loads once per visit (instant
 * navigation keeps it) and every later answer reuses it.
 *
 * The situation lives in the URL as query parameters named "<system>.<field>", so a link
 * opens the calculator filled in and answered, without touching the rule anchors (#...).
 */
(function () {
  "use strict";
  const here = document.currentScript ? document.currentScript.src : location.href;
  const RUNTIME = new URL("../calculator/", here).href;
  const WORKER = new URL("calculator-worker.js", here).href;
  let runtime = null; // one promise per visit: ask(system, query), once the worker has the rules in
  const watchers = new Set(); // each calculator's status, told how the start goes

  function tell(news) {
    for (const watcher of watchers) watcher(news);
    if (news.file) document.dispatchEvent(new CustomEvent("calculator-download", { detail: news }));
  }

  // Python runs in a worker (calculator-worker.js): the page stays responsive while it starts.
  // It restores the memory snapshot made at build time (the rules already imported), else starts
  // the plain way. A start that fails leaves `runtime` empty: the next tap tries again.
  function loadRuntime(calculator) {
    if (runtime) return runtime;
    tell({ state: "loading" });
    runtime = new Promise(function (resolve, reject) {
      performance.mark("calculator:start");
      let worker;
      try {
        worker = new Worker(WORKER, { type: "module", name: "calculator" });
      } catch (error) {
        reject({ offline: false, message: String(error) });
        return;
      }
      const waiting = new Map();
      let asked = 0;
      // links: each rule a step can cite, linked from the page that asks (its data-rules).
      function ask(system, situation, links) {
        return new Promise(function (answered) {
          waiting.set(++asked, answered);
          worker.postMessage({ type: "answer", id: asked, system: system, query: situation, links: links });
        });
      }
      worker.onmessage = function (event) {
        const message = event.data;
        if (message.type === "progress") tell({ file: message.file, bytes: message.bytes });
        else if (message.type === "ready") {
          performance.measure("calculator:" + message.how, "calculator:start"); // bench_calculator.py reads it
          resolve(ask);
        } else if (message.type === "failed") {
          worker.terminate();
          reject(message);
        } else if (message.type === "answer") {
          waiting.get(message.id)(message.json);
          waiting.delete(message.id);
        }
      };
      worker.onerror = function (event) {
        event.preventDefault();
        worker.terminate();
        reject({ offline: !navigator.onLine, message: event.message || "the calculator's worker failed" });
      };
      worker.postMessage({ type: "start", runtime: RUNTIME, snapshot: calculator.dataset.snapshot || "",
                           wheel: calculator.dataset.wheel, libraries: calculator.dataset.libraries });
    });
    runtime.then(function () { tell({ state: "ready" }); }, function (failure) {
      runtime = null; // a later tap may try again
      // Offline as the browser knows it; a file that failed while online is a download cut short.
      tell({ state: "failed", offline: Boolean(failure.offline) && !navigator.onLine });
    });
    return runtime;
  }

  // Bring a calculator that came to a worked example to the top of the screen, and keep it
  // there for a moment: blocks drawn only near the screen (rulesite/offscreen.py) change
  // height as they are drawn, and the browser's scroll anchoring follows them. Stops as soon
  // as the reader scrolls or types, as landing.js does for a heading.
  function keepInView(element) {
    let stopped = false;
    const events = ["wheel", "touchstart", "keydown", "mousedown"];
    const stop = function () {
      stopped = true;
      for (const name of events) window.removeEventListener(name, stop);
    };
    for (const name of events) window.addEventListener(name, stop, { passive: true });
    let frames = 0;
    (function check() {
      if (stopped || !element.isConnected) return;
      const top = element.getBoundingClientRect().top;
      const header = document.querySelector(".md-header");
      const below = (header ? header.getBoundingClientRect().bottom : 0) + 8;
      if (top < below - 1 || top > window.innerHeight / 2) window.scrollBy(0, top - below);
      if (++frames < 60) requestAnimationFrame(check);
      else stop();
    })();
  }

  // Is the runtime stored on this device (by the service worker, scripts/offline.mjs)? Then it
  // starts without a download, and may start as soon as a calculator comes near the screen.
  function stored() {
    if (!("caches" in window)) return Promise.resolve(false);
    return caches.match(RUNTIME + "pyodide.asm.wasm").then(Boolean, function () { return false; });
  }

  // The player's intent: a calculator near the screen starts a stored runtime (nothing to
  // download) and answers its form's situation, so that opening it shows the answer at once;
  // a runtime not stored yet waits for a tap (it is a download of some megabytes).
  const near = typeof IntersectionObserver === "function"
    ? new IntersectionObserver(function (entries) {
      const coming = entries.filter(function (entry) { return entry.isIntersecting; })
        .map(function (entry) { return entry.target; });
      if (!coming.length) return;
      for (const calculator of coming) near.unobserve(calculator);
      stored().then(function (yes) {
        if (!yes) return;
        loadRuntime(coming[0]).then(function () {
          for (const calculator of coming) if (calculator.warm) calculator.warm();
        }, function () { /* said by the calculators' status; a tap tries again */ });
      });
    }, { rootMargin: "100% 0px" })
    : null;

  function fieldsOf(form) {
    return [...form.querySelectorAll("[data-field]")];
  }

  function valueOf(field) {
    const boxes = field.querySelectorAll("input[type=checkbox]");
    if (field.classList.contains("calculator__field--choices")) {
      const chosen = [...boxes].filter(b => b.checked).map(b => b.value);
      if (field.dataset.unknown) chosen.push(...field.dataset.unknown.split(","));
      return chosen.join(",");
    }
    if (boxes.length) return boxes[0].checked ? "yes" : "";
    return field.querySelector("input, select, textarea").value;
  }

  function setValue(field, value) {
    const boxes = field.querySelectorAll("input[type=checkbox]");
    // A value the form has no box or option for (a mistyped link) is kept, so the answer
    // names what is wrong instead of quietly dropping it.
    if (field.classList.contains("calculator__field--choices")) {
      const chosen = value.split(",");
      const known = new Set([...boxes].map(b => b.value));
      for (const box of boxes) box.checked = chosen.includes(box.value);
      const unknown = chosen.filter(v => v && !known.has(v));
      if (unknown.length) field.dataset.unknown = unknown.join(",");
      else delete field.dataset.unknown;
    } else if (boxes.length) {
      boxes[0].checked = value === "yes";
    } else {
      const control = field.querySelector("input, select, textarea");
      if (control.tagName === "SELECT" && ![...control.options].some(o => o.value === value)) {
        const option = element("option", "calculator__unknown", value + " (not a choice)");
        option.value = value;
        control.appendChild(option);
      }
      control.value = value;
    }
  }

  function query(form) {
    const params = new URLSearchParams();
    for (const field of fieldsOf(form)) params.append(field.dataset.field, valueOf(field));
    return params.toString();
  }

  function fromUrl(system) {
    const values = {};
    const prefix = system + ".";
    for (const [key, value] of new URLSearchParams(location.search)) {
      if (key.startsWith(prefix)) values[key.slice(prefix.length)] = value;
    }
    return values;
  }

  function linkTo(calculator) {
    const system = calculator.dataset.system;
    const url = new URL(location.href);
    for (const key of [...url.searchParams.keys()]) {
      if (key.startsWith(system + ".")) url.searchParams.delete(key);
    }
    for (const field of fieldsOf(calculator.querySelector("form"))) {
      url.searchParams.set(system + "." + field.dataset.field, valueOf(field));
    }
    const section = sectionOf(calculator); // a shared link lands on the calculator, not the top
    if (section) url.hash = section;
    return url;
  }

  // The heading above the calculator: among the blocks before it, or before its run of
  // blocks (headings stay outside the runs drawn as the player scrolls, offscreen.py).
  function sectionOf(calculator) {
    for (let block = calculator; block; block = block.parentElement.closest(".rule-run")) {
      for (let node = block.previousElementSibling; node; node = node.previousElementSibling) {
        if (/^H[1-6]$/.test(node.tagName) && node.id) return node.id;
      }
    }
    return "";
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function clearErrors(form) {
    for (const error of form.querySelectorAll(".calculator__error")) {
      error.textContent = "";
      error.hidden = true;
    }
    for (const invalid of form.querySelectorAll("[aria-invalid]")) invalid.removeAttribute("aria-invalid");
  }

  function showError(form, name, message) {
    const field = form.querySelector('[data-field="' + CSS.escape(name) + '"]');
    if (!field) return false;
    const error = field.querySelector(".calculator__error");
    error.textContent = message;
    error.hidden = false;
    const controls = field.querySelectorAll("input, select, textarea");
    for (const control of field.tagName === "FIELDSET" ? [field] : controls) {
      control.setAttribute("aria-invalid", "true");
    }
    return true;
  }

  function setUp(calculator) {
    if (calculator.dataset.ready) return;
    calculator.dataset.ready = "yes";
    const form = calculator.querySelector("form");
    if (!form || !calculator.dataset.wheel) return; // a build without the runtime says so in place
    const system = calculator.dataset.system;
    const status = form.querySelector(".calculator__status");
    const answer = calculator.querySelector(".calculator__answer");
    let asked = 0;
    const total = Object.values(JSON.parse(calculator.dataset.download || "{}"))
      .reduce(function (a, b) { return a + b; }, 0);
    const retry = element("button", "md-button calculator__retry", "Try again");
    retry.type = "button";
    retry.hidden = true;
    retry.style.display = "none"; // the theme's buttons are displayed whatever "hidden" says
    status.after(retry);
    retry.addEventListener("click", function () { work(false, false); });

    function say(words, state) {
      status.textContent = words;
      calculator.dataset.state = state;
      retry.hidden = state !== "failed";
      retry.style.display = retry.hidden ? "none" : "";
    }

    // How the runtime's start goes, in the player's words (the download's progress bar is table.js's).
    function followStart(news) {
      if (news.state === "loading" && calculator.dataset.state !== "ready") {
        say("Getting the calculator ready: the rules are being set up on this device…", "loading");
      } else if (news.state === "failed") {
        say(news.offline
          ? "You are offline, and this device has not saved the calculators yet. They need one download of "
            + (total / 1e6).toFixed(1) + " MB while online (the page's footer offers it); after that they "
            + "work offline too. The rules and worked examples on this page work now."
          : "The calculator could not start: its download was cut short. Try again, or reload the page.",
        "failed");
      }
    }
    watchers.add(followStart);
    if (runtime) followStart({ state: "loading" }); // already starting (instant navigation)

    // remember: put the situation in the address; reveal: bring the answer into view (a tap on
    // "Work it out" or a worked example, far above the answer on a phone; not while typing).
    async function work(remember, reveal) {
      const situation = query(form);
      const number = ++asked;
      let ask;
      try {
        ask = await loadRuntime(calculator);
      } catch (failure) {
        return; // followStart has said why, with "Try again"
      }
      if (number !== asked) return; // a newer situation is on its way
      const json = await ask(system, situation, calculator.dataset.rules || "{}");
      if (number !== asked) return;
      const result = JSON.parse(json); // calculators.card.answer_card: the answer, and its card as HTML
      clearErrors(form);
      if (!result.ok && result.field) showError(form, result.field, result.message);
      answer.innerHTML = result.html;
      answer.dataset.query = situation;
      if (!result.html) { // Python itself failed: there is no card, the status says so
        say("The calculator could not work this situation out. Change a number and try again, "
          + "or reload the page.", "ready");
      } else {
        say(result.ok ? "Ready: the answer is below."
          : "Ready: this situation needs a change (the message says which).", "ready");
      }
      if (remember) history.replaceState(history.state, "", linkTo(calculator).href);
      if (reveal === calculator) {
        keepInView(form.querySelector("[data-field]") || calculator);
      } else if (reveal) {
        answer.scrollIntoView({ block: "nearest" });
      }
    }

    let opened = false; // the first opening answers the form's situation; later ones keep the answer
    function open() {
      if (opened) return;
      opened = true;
      if (answer.dataset.query !== query(form)) work(false); // else answered while near (warm)
    }
    // Near the screen with the runtime started: the answer waits, drawn in the closed calculator.
    calculator.warm = function () {
      if (!asked) work(false);
    };

    // "Try with your numbers" on a worked example (rulesite/examples.py): the calculator comes
    // to the example, open, filled in with its situation, and answers it; the address records it.
    calculator.tryWith = function (card, values) {
      card.after(calculator);
      for (const field of fieldsOf(form)) {
        if (field.dataset.field in values) setValue(field, values[field.dataset.field]);
      }
      opened = true; // the toggle that follows must not ask again, without the address
      calculator.open = true;
      keepInView(form.querySelector("[data-field]") || calculator); // the numbers, past the presets
      work(true, calculator);
    };
    if (near) near.observe(calculator);

    const fromLink = fromUrl(system);
    // A link that a worked example's "Try with your numbers" made: the calculator is at that example.
    for (const link of document.querySelectorAll('a.calculator-try[data-system="' + CSS.escape(system) + '"]')) {
      const values = JSON.parse(link.dataset.values);
      const names = Object.keys(values);
      // Ticked choices come back in the form's order ("cold,fire" for "fire,cold").
      const same = (a, b) => a === b || (a || "").split(",").sort().join() === (b || "").split(",").sort().join();
      if (names.length === Object.keys(fromLink).length && names.every(n => same(fromLink[n], values[n]))) {
        link.closest(".worked-example").after(calculator);
        break;
      }
    }
    if (Object.keys(fromLink).length) {
      for (const field of fieldsOf(form)) {
        if (field.dataset.field in fromLink) setValue(field, fromLink[field.dataset.field]);
      }
      calculator.open = true;
    }
    calculator.addEventListener("toggle", function () { if (calculator.open) open(); });
    // The tap that opens it starts the runtime: the toggle comes as a task of its own, behind
    // whatever the page is still doing (a page just loaded on a phone).
    const summary = calculator.querySelector("summary");
    if (summary) {
      summary.addEventListener("click", function () {
        if (!calculator.open) loadRuntime(calculator).catch(function () {}); // said by followStart
      });
    }
    if (calculator.open) open();

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      work(true, true);
    });
    let typing = 0;
    form.addEventListener("input", function (event) {
      if (!event.target.matches("input[type=text], textarea")) return; // boxes answer on change
      clearTimeout(typing);
      typing = setTimeout(function () { work(true); }, 350);
    });
    form.addEventListener("change", function (event) {
      const field = event.target.closest("[data-field]");
      if (field) delete field.dataset.unknown; // the player chose again
      if (event.target.matches("select, input[type=checkbox]")) work(true);
    });
    for (const button of form.querySelectorAll(".calculator__preset")) {
      button.addEventListener("click", function () {
        const values = JSON.parse(button.dataset.values);
        for (const field of fieldsOf(form)) {
          if (field.dataset.field in values) setValue(field, values[field.dataset.field]);
        }
        work(true, true);
      });
    }
    form.querySelector(".calculator__copy").addEventListener("click", async function () {
      const link = linkTo(calculator);
      history.replaceState(history.state, "", link.href);
      try {
        await navigator.clipboard.writeText(link.href);
        status.textContent = "Link copied: it opens this calculator with this situation.";
      } catch (error) {
        status.textContent = "Copy this link from the address bar: " + link.href;
      }
    });
  }

  function prepare() {
    watchers.clear(); // the calculators of a page left by instant navigation
    for (const calculator of document.querySelectorAll("details.calculator")) setUp(calculator);
  }

  document.addEventListener("click", function (event) {
    const link = event.target.closest ? event.target.closest("a.calculator-try") : null;
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button) return;
    const calculator = document.querySelector('details.calculator[data-system="' + CSS.escape(link.dataset.system) + '"]');
    if (!calculator || !calculator.tryWith) return; // no calculator here: the link opens its page
    event.preventDefault();
    event.stopPropagation(); // before the theme's instant navigation, which would load the page again
    calculator.tryWith(link.closest(".worked-example"), JSON.parse(link.dataset.values));
  }, true);

  if (window.document$) window.document$.subscribe(prepare);
  else document.addEventListener("DOMContentLoaded", prepare);
})();
