// The measurements that chose the search library (issue 43), in Node on the built site's index and
// the query set: lunr (the theme's engine: its fields, boosts and pipeline, with ~1 fuzzy on words of
// 5+ letters; without the theme's own query transform, so its first hits sit below the browser's),
// MiniSearch bare (fuzzy, prefix, a title boost), and the site's worker (MiniSearch with the
// stemmer, the vocabulary and the ranking): index build (median of 3), time per query, first hits.
//
//   node scripts/search-compare.cjs      (after a build: site/search/search_index.json; needs npm ci)
//
// The browser figures (the theme's real search, a keystroke on a phone profile) are scripts/bench --search.
const fs = require("fs");
const root = require("path").resolve(__dirname, "..");
const lunr = require(root + "/node_modules/lunr");
const MiniSearch = require(root + "/docs/assets/search/vendor/minisearch.js");
const jsyaml = require(root + "/node_modules/js-yaml");
const index = JSON.parse(fs.readFileSync(root + "/site/search/search_index.json"));
const queries = Object.values(jsyaml.load(fs.readFileSync(root + "/tests/search_queries.yml", "utf8"))).flatMap(g => Object.entries(g));
const median = a => { const s = [...a].sort((x, y) => x - y); return s[s.length >> 1]; };
const p95 = a => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(0.95 * (s.length - 1))]; };
const anchor = loc => loc.includes("#") ? loc.split("#")[1] : loc;
function run(name, build, search) {
  const builds = []; let engine;
  for (let i = 0; i < 3; i++) { const t = performance.now(); engine = build(); builds.push(performance.now() - t); }
  const times = []; let hits = 0;
  for (const [q, want] of queries) {
    const t = performance.now(); const first = search(engine, String(q)); times.push(performance.now() - t);
    if (first && anchor(first) === want) hits++;
  }
  console.log(`${name}: build ${median(builds).toFixed(0)} ms; query median ${median(times).toFixed(2)} ms, 95% ${p95(times).toFixed(2)} ms; first hits ${hits}/${queries.length}`);
}
run("lunr (theme's fields and boosts, ~1 fuzzy on words of 5+ letters)", () => lunr(function () {
  this.ref("location"); this.field("title", {boost: 1000}); this.field("text");
  this.pipeline.remove(lunr.stemmer); this.pipeline.remove(lunr.trimmer);
  this.b(0);
  for (const d of index.docs) this.add(d, {boost: d.boost || 1});
}), (ix, q) => {
  const terms = q.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).map(t => t.length >= 5 ? `${t} ${t}~1` : `${t} ${t}*`);
  try { const r = ix.search(terms.join(" ")); return r.length ? r[0].ref : null; } catch { return null; }
});
run("MiniSearch (title boost 4, fuzzy 0.2, prefix)", () => { const m = new MiniSearch({fields: ["title", "text"], idField: "location"}); m.addAll(index.docs); return m; },
  (m, q) => { const r = m.search(q, {boost: {title: 4}, fuzzy: 0.2, prefix: true}); return r.length ? r[0].id : null; });
globalThis.MiniSearch = MiniSearch; globalThis.lunr = lunr; globalThis.jsyaml = jsyaml;
const w = require(root + "/docs/assets/search/worker.js");
const vocab = jsyaml.load(fs.readFileSync(root + "/docs/vocabulary.yml", "utf8"));
run("the site's worker (MiniSearch + stemmer + vocabulary + ranking)", () => { w.setup(index, vocab); return w; },
  (w, q) => { const r = w.answer(q).items[0]; return r ? r.reduce((b, a) => a.score > b.score ? a : b).location : null; });
