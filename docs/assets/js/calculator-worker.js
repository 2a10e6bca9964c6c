/*
 * The calculators' Python, off the page's main thread (a module worker started by calculator.js).
 *
 * Messages from the page:
 *   {type: "start", runtime, snapshot, wheel, libraries}  start Pyodide from the site's own
 *       files in `runtime`: from the memory snapshot (the rules already imported, made at build
 *       time by scripts/calculator-snapshot.mjs), else, or if it does not restore, the plain way
 *       with the rules' wheel and the card's templating libraries;
 *   {type: "answer", id, system, query, links}  one answer, as calculators.card.answer_card gives
 *       it: calculators.answer_json's fields and `html`, the answer's worked-example card drawn by
 *       the pages' own templates (`links`: each rule a step can cite, linked from the page).
 * Messages to the page:
 *   {type: "progress", file, bytes}             bytes of a runtime file arrived so far;
 *   {type: "ready", how}                         answers can be asked ("snapshot" or "plain");
 *   {type: "failed", offline, message}           the start failed (`offline`: a file could not
 *                                                be fetched at all);
 *   {type: "answer", id, json}.
 * A start may fail half way (a lost connection): the page then starts a new worker to retry.
 */
let answerCard = null;
let runtime = "";
let unreachable = false; // a runtime file could not be fetched at all (offline, or the host gone)
let counting = true; // the runtime is downloaded (not stored on this device): its bytes are counted

// What the start spent its time on, for scripts/bench_phone.py (read from this worker's own
// performance timeline: performance.getEntriesByType("mark")).
function phase(name) {
  performance.mark("calculator:" + name);
}

function fileOf(url) {
  const href = new URL(url, runtime).href;
  return href.startsWith(runtime) ? decodeURIComponent(href.slice(runtime.length).split("?")[0]) : "";
}

// Counts a download's bytes as they arrive, for the page's "3.1 of 14.8 MB", from a copy of the
// response: the response itself goes to Pyodide untouched, with the cache it came from (one
// made anew from a stream has none, so the browser could never keep the code it compiled from
// pyodide.asm.wasm; Chromium keeps it once enough of it has been optimised, which a start and
// a few answers do not reach yet).
function count(file, copy) {
  const reader = copy.body.getReader();
  let bytes = 0;
  let told = 0;
  (function next() {
    reader.read().then(function (chunk) {
      if (chunk.done) {
        postMessage({ type: "progress", file: file, bytes: bytes });
        return;
      }
      bytes += chunk.value.byteLength;
      if (bytes - told >= 256 * 1024) { // a message per quarter megabyte: the page redraws its bar
        told = bytes;
        postMessage({ type: "progress", file: file, bytes: bytes });
      }
      next();
    }, function () { /* the download failed: Pyodide's own read of it says so */ });
  })();
}

// Every file of the runtime is fetched through here (Pyodide fetches with the global fetch).
const nativeFetch = self.fetch.bind(self);
self.fetch = async function (input, init) {
  const url = typeof input === "string" || input instanceof URL ? String(input) : input.url;
  const file = fileOf(url);
  let response;
  try {
    response = await nativeFetch(input, init);
  } catch (error) {
    unreachable = true;
    throw error;
  }
  if (counting && file && response.ok && response.body) count(file, response.clone());
  return response;
};

// Stored by the service worker (scripts/offline.mjs) after an earlier visit: nothing to download.
function stored() {
  if (!self.caches) return Promise.resolve(false);
  return caches.match(runtime + "pyodide.asm.wasm").then(Boolean, function () { return false; });
}

async function fetchBytes(file, gunzip) {
  const response = await self.fetch(runtime + encodeURIComponent(file));
  if (!response.ok) throw new Error(file + " answered " + response.status);
  const body = gunzip ? response.body.pipeThrough(new DecompressionStream("gzip")) : response.body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

async function start(message) {
  runtime = message.runtime;
  phase("worker");
  const [{ loadPyodide }, local] = await Promise.all([import(runtime + "pyodide.mjs"), stored()]);
  counting = !local;
  phase("pyodide.mjs");
  postMessage({ type: "progress", file: "pyodide.mjs", bytes: -1 });
  const options = { indexURL: runtime, fullStdLib: false };
  if (message.snapshot) {
    const snapshot = fetchBytes(message.snapshot, true);
    snapshot.then(function () { phase("snapshot"); }, function () {}); // a failure is seen by loadPyodide
    try {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      phase("loadPyodide");
      answerCard = pyodide.runPython("import calculators.card\ncalculators.card.answer_card");
      phase("imported");
      return "snapshot";
    } catch (error) {
      if (unreachable) throw error;
      // A snapshot this browser cannot restore: the plain start below (slower, same answers).
    }
  }
  const [pyodide, wheel, libraries] = await Promise.all([
    loadPyodide(options), fetchBytes(message.wheel, false), fetchBytes(message.libraries, false),
  ]);
  phase("loadPyodide");
  pyodide.unpackArchive(wheel, "wheel");
  pyodide.unpackArchive(libraries, "zip", { extractDir: pyodide.runPython("import site\nsite.getsitepackages()[0]") });
  answerCard = pyodide.runPython("import calculators.card\ncalculators.card.answer_card");
  phase("imported");
  return "plain";
}

// A runtime file that fails to download (pyodide.asm.wasm) can leave loadPyodide() waiting for
// ever; the failure surfaces only as an unhandled rejection from Pyodide's own code.
function failFast(starting) {
  return Promise.race([starting, new Promise(function (_, reject) {
    self.addEventListener("unhandledrejection", function (event) { reject(event.reason); });
    self.addEventListener("error", function (event) { reject(event.error || event.message); });
  })]);
}

self.onmessage = async function (event) {
  const message = event.data;
  if (message.type === "start") {
    try {
      postMessage({ type: "ready", how: await failFast(start(message)) });
    } catch (error) {
      postMessage({ type: "failed", offline: unreachable || !navigator.onLine,
                    message: String((error && error.message) || error) });
    }
  } else if (message.type === "answer") {
    let json;
    try {
      json = answerCard(message.system, message.query, message.links);
    } catch (error) { // Python itself failed: no card to draw, the page says so in its status line
      json = JSON.stringify({ ok: false, field: null, crashed: true, html: "",
                              message: String(error && error.message) });
    }
    if (message.id === 1) phase("answered");
    postMessage({ type: "answer", id: message.id, json: json });
  }
};
