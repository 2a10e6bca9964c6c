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

function fileOf(url) {
  const href = new URL(url, runtime).href;
  return href.startsWith(runtime) ? decodeURIComponent(href.slice(runtime.length).split("?")[0]) : "";
}

// Every file of the runtime is fetched through here (Pyodide fetches with the global fetch):
// its bytes are counted as they arrive, for the page's "3.1 of 14.8 MB".
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
  if (!file || !response.ok || !response.body) return response;
  let count = 0;
  let told = 0;
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      count += chunk.byteLength;
      if (count - told >= 256 * 1024) { // a message per quarter megabyte: the page redraws its bar
        told = count;
        postMessage({ type: "progress", file: file, bytes: count });
      }
      controller.enqueue(chunk);
    },
    flush() {
      postMessage({ type: "progress", file: file, bytes: count });
    },
  }));
  return new Response(counted, { status: response.status, statusText: response.statusText,
                                 headers: response.headers });
};

async function fetchBytes(file, gunzip) {
  const response = await self.fetch(runtime + encodeURIComponent(file));
  if (!response.ok) throw new Error(file + " answered " + response.status);
  const body = gunzip ? response.body.pipeThrough(new DecompressionStream("gzip")) : response.body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

async function start(message) {
  runtime = message.runtime;
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  postMessage({ type: "progress", file: "pyodide.mjs", bytes: -1 });
  const options = { indexURL: runtime, fullStdLib: false };
  if (message.snapshot) {
    const snapshot = fetchBytes(message.snapshot, true);
    snapshot.catch(function () {}); // awaited by loadPyodide; a failure is seen there
    try {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      answerCard = pyodide.runPython("import calculators.card\ncalculators.card.answer_card");
      return "snapshot";
    } catch (error) {
      if (unreachable) throw error;
      // A snapshot this browser cannot restore: the plain start below (slower, same answers).
    }
  }
  const [pyodide, wheel, libraries] = await Promise.all([
    loadPyodide(options), fetchBytes(message.wheel, false), fetchBytes(message.libraries, false),
  ]);
  pyodide.unpackArchive(wheel, "wheel");
  pyodide.unpackArchive(libraries, "zip", { extractDir: pyodide.runPython("import site\nsite.getsitepackages()[0]") });
  answerCard = pyodide.runPython("import calculators.card\ncalculators.card.answer_card");
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
    postMessage({ type: "answer", id: message.id, json: json });
  }
};
