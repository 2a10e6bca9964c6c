// A started calculator, saved: Pyodide with `rules` and `calculators` imported, as a memory snapshot.
//
//   node scripts/calculator-snapshot.mjs FOLDER WHEEL OUT [LIBRARIES]
//
// rulesite/calculator_assets.py runs it (through scripts/calculator-assets) when the wheel or
// the runtime changed. FOLDER holds the Pyodide runtime the site ships, WHEEL is the rules'
// wheel in it, OUT the gzip-compressed snapshot to write. The browser's calculator
// (assets/js/calculator-worker.js) restores it with loadPyodide({_loadSnapshot}) instead of
// starting Python and importing the rules itself: the start a player waits for shrinks to
// compiling the runtime and copying the memory back. Pyodide 0.29's snapshot API is
// experimental: the worker falls back to the plain start if a snapshot does not restore.
//
// Every module of both packages is imported and every calculator answers its worked examples
// once, with their cards drawn, so nothing is left to import from the wheel's files (the
// restored memory has them all, the templates compiled).
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const [folder, wheel, out, libraries] = process.argv.slice(2);
if (!out) {
  console.error("usage: node scripts/calculator-snapshot.mjs FOLDER WHEEL OUT [LIBRARIES]");
  process.exit(2);
}
const { loadPyodide } = await import(join(folder, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: folder + "/", fullStdLib: false, _makeSnapshot: true });
pyodide.FS.writeFile("/tmp/rules.whl", new Uint8Array(readFileSync(join(folder, wheel))));
if (libraries) pyodide.FS.writeFile("/tmp/libraries.zip", new Uint8Array(readFileSync(join(folder, libraries))));
// Python, not unpackArchive: a snapshot may hold no reference to a JavaScript object.
pyodide.runPython(`
import importlib, os, pkgutil, site, zipfile
for archive in ("/tmp/rules.whl", "/tmp/libraries.zip"):
    if os.path.exists(archive):
        zipfile.ZipFile(archive).extractall(site.getsitepackages()[0])
import calculators, rules
for package in (rules, calculators):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)
from urllib.parse import urlencode
from calculators.card import answer_card
for system, calculator in calculators.CALCULATORS.items():
    answer_card(system, "", "{}")
    for _, values in calculator.presets:
        answer_card(system, urlencode(dict(values)), "{}")
`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out + ".partial", gzipSync(snapshot, { level: 9 }));
renameSync(out + ".partial", out);
console.log(`[calculator] snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of memory, ` +
  `${(readFileSync(out).length / 1e6).toFixed(1)} MB compressed`);
