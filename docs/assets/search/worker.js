// The site search (issue 43): the theme's search box and result list, answered by MiniSearch.
//
// The theme starts this worker in place of its own (docs/overrides/main.html points the page's
// configuration here) and speaks to it in the theme's messages: it sends the search index the
// build wrote (search/search_index.json: a document per page and per heading), then each query;
// this answers with the theme's result shape, so the box, the list, "share" and the keyboard work
// as before. MiniSearch (npm `minisearch`) brings forgiving matching (typos by edit distance,
// prefixes as one types) and field boosts; lunr's Porter stemmer (npm `lunr`) brings word forms;
// js-yaml reads the designers' vocabulary (docs/vocabulary.yml). What this file adds is the
// game's knowledge: which headings are rules, the vocabulary, the filters (`in:`, `is:`, `ruling:`)
// and a player's order of results (the rule named exactly first, then rules and rulings, then
// the glossary, the designers' pages, the site's own pages).
//
// If the libraries cannot be loaded, or the theme is Zensical's (another index, other results),
// the theme's own worker answers instead (#fallback=).
/* global MiniSearch, lunr, jsyaml */
"use strict";

const IN_WORKER = typeof importScripts === "function";
const FALLBACK = IN_WORKER ? new URLSearchParams(self.location.hash.slice(1)).get("fallback") : null;
if (IN_WORKER) {
  try {
    importScripts("vendor/minisearch.js", "vendor/lunr.min.js", "vendor/js-yaml.min.js");
  } catch (error) {
    if (!FALLBACK) throw error;
    importScripts(FALLBACK);
  }
}

// The theme's message types.
const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;

// The pages a player reads for rules, the designers' pages, and what each kind of heading weighs:
// a rule or ruling before a system page's signposts, the glossary, the designers' pages, the
// site's own pages (home, editing, links) and the API reference.
const RULE_PAGES = new Set(["resistances", "monsters", "affinity", "conditions", "conditions-list",
                            "typed-damage", "taking-damage"]);
const DESIGNER_PAGES = new Set(["monster-balance", "typed-damage-odds"]);
const KIND_WEIGHT = {rule: 1, ruling: 1, page: 0.6, glossary: 0.5, signpost: 0.4, designers: 0.35,
                     site: 0.25, api: 0.15};
// Headings of a system page that are signposts, not rules.
const SIGNPOST = /-(at-a-glance|try-it|rulings|questions)$/;

// Words a question wraps around what it asks ("what happens when unconscious").
const QUESTION_WORDS = new Set(("a about an and are as at be by can could do does for from get gets " +
  "happen happens has have how i if in into is it its me my of on or so than that the their them " +
  "then there these they this to was what when where which who why will with would you your t s")
  .split(" "));

// Results drawn per query, and the length of each one's text (characters, of which some before
// the first word found).
const RESULTS = 12, SNIPPET = 160, SNIPPET_BEFORE = 50;

const FILTER = /(?:^|\s)(in|is|ruling|page):("[^"]*"|\S*)/gi;

let engine = null;       // MiniSearch over the index's documents
let docs = [];           // the index's documents, with what this adds (kind, page, words)
let spellings = {};      // a player's spelling -> the site's
let byLocation = new Map();

function stem(word) {
  return lunr.stemmer(new lunr.Token(word, {})).toString();
}

// One word as the engine keeps it: lower case, the site's spelling, dice notation by its die
// ("4dF" and "3df" are both "df"), then its stem ("grabs", "grabbing", "grabbed": "grab").
const TERMS = new Map();
function term(word) {
  let found = TERMS.get(word);
  if (found === undefined) {
    let w = word.toLowerCase().replace(/[\u2019']/g, "");
    w = spellings[w] || w;
    const dice = /^\d*d(f|\d+)$/.exec(w);
    found = dice ? "d" + dice[1] : /^\d+$/.test(w) ? w : stem(w);
    TERMS.set(word, found);
  }
  return found;
}

// What the engine indexes and looks for: the stem, and the word as written (a typo is one slip
// from the word, often more from its stem: "vulnerabilty"), none for a question's own words.
function terms(word) {
  const t = term(word);
  const w = word.toLowerCase().replace(/[\u2019']/g, "");
  if (QUESTION_WORDS.has(t) || QUESTION_WORDS.has(w)) return null;
  const written = spellings[w] || w;
  return written === t || written.length < 4 ? t : [t, written];
}

// The words of the index, to tell a typo (a word no page has) from a word the pages use.
const KNOWN = new Set();
function indexed(word) {
  const found = terms(word);
  if (Array.isArray(found)) found.forEach(t => KNOWN.add(t));
  else if (found) KNOWN.add(found);
  return found;
}

function plain(html) {
  return html.replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">").replace(/&quot;/g, "\"").replace(/&#39;/g, "'").replace(/\s+/g, " ").trim();
}

// What a heading is: "rule", "ruling", "glossary", "designers", "api", "site" or "page".
function kindOf(location) {
  const [path, anchor] = location.split("#");
  const page = path.split("/")[0];
  if (page === "api") return "api";
  if (page === "glossary") return "glossary";
  if (DESIGNER_PAGES.has(page)) return "designers";
  if (!RULE_PAGES.has(page)) return "site";
  if (!anchor) return "page";
  if (anchor.startsWith("ruling-")) return "ruling";
  return SIGNPOST.test(anchor) ? "signpost" : "rule";
}

// The vocabulary's links (page.md#anchor) as the index's locations (page/#anchor).
function locationOf(link) {
  const [file, anchor] = link.split("#");
  const page = file.replace(/\.md$/, "").replace(/(^|\/)index$/, "");
  return (page ? page + "/" : "") + (anchor ? "#" + anchor : "");
}

function words(text) {
  return text.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
}

function phrase(text) {
  return words(text).filter(w => terms(w)).map(term).join(" ");
}

function setup(index, vocabulary) {
  spellings = (vocabulary && vocabulary.spellings) || {};
  TERMS.clear();
  KNOWN.clear();
  const others = new Map();
  for (const [link, list] of Object.entries((vocabulary && vocabulary.rules) || {}))
    others.set(locationOf(link), list.map(String));
  const titles = new Map();
  for (const doc of index.docs) if (!doc.location.includes("#")) titles.set(doc.location, doc.title);
  docs = index.docs.map((doc, id) => {
    const path = doc.location.split("#")[0];
    const kind = kindOf(doc.location);
    const title = plain(doc.title).replace(/^Ruling: /, "");
    const name = title.replace(/^(Step )?\d+[.:] /, "").replace(/\(.*\)/, "");
    const other = others.get(doc.location) || [];
    return {
      id, location: doc.location, html: doc.title, htmlText: doc.text, kind,
      page: path.split("/")[0], pageTitle: plain(titles.get(path) || ""),
      title, text: plain(doc.text), words: other.join(" ; "),
      names: new Set([phrase(title), phrase(name), ...other.map(phrase)].filter(Boolean)),
      weight: KIND_WEIGHT[kind] * (doc.boost || 1),
    };
  });
  byLocation = new Map(docs.map(doc => [doc.location, doc]));
  engine = new MiniSearch({
    fields: ["title", "words", "pageTitle", "text"],
    storeFields: [],
    tokenize: words,
    processTerm: indexed,
    searchOptions: {processTerm: terms},
  });
  engine.addAll(docs);
}

// Filters out of the query: in:PAGE, is:rule|ruling|glossary|designers|api, ruling:WORDS, page:.
function parse(query) {
  const filters = [];
  let rest = query.replace(FILTER, (_, name, value) => {
    filters.push([name.toLowerCase(), value.replace(/"/g, "").toLowerCase()]);
    return " ";
  });
  for (const [name, value] of filters)
    if (name === "ruling" && value) rest += " " + value;
  return {text: rest.trim(), filters};
}

function matches(doc, filters) {
  return filters.every(([name, value]) => {
    if (name === "ruling") return doc.kind === "ruling";
    if (name === "is") {
      if (!value) return true;
      if (value.startsWith("rule") && value !== "rule" && value !== "rules") return doc.kind === "ruling";
      if (value === "rule" || value === "rules") return doc.kind === "rule";
      if (value === "term" || value === "abbr") return doc.kind === "glossary";
      return doc.kind.startsWith(value);
    }
    // in: / page: a page by the start of its address or of any word of its title.
    if (!value) return true;
    return doc.page.startsWith(value) || words(doc.pageTitle.toLowerCase()).some(w => w.startsWith(value));
  });
}

// Edit distance allowed per word no page uses: none under 4 letters, 1 up to 6, 2 from 7
// ("resistence"); a word the pages use is taken as written.
function fuzzy(t) {
  return KNOWN.has(t) || t.length < 4 ? 0 : t.length < 7 ? 1 : 2;
}

function rank(text, filters) {
  const wanted = phrase(text);
  const queryTerms = wanted ? wanted.split(" ") : [];
  if (!queryTerms.length && !filters.some(([name, value]) => value || name === "ruling")) return [];
  const hits = queryTerms.length ? engine.search(text, {
    boost: {title: 4, words: 5, pageTitle: 0.5, text: 1},
    fuzzy: (t) => fuzzy(t),
    // The last word may be half typed: "petri" finds Petrified.
    prefix: (t, i, all) => i === all.length - 1 && t.length >= 3 && !KNOWN.has(t),
    weights: {fuzzy: 0.25, prefix: 0.5},
    bm25: {k: 1.2, b: 0.5, d: 0.5},
    combineWith: "OR",
    filter: hit => matches(docs[hit.id], filters),
  }) : docs.filter(doc => matches(doc, filters) && doc.kind !== "page")
    .map(doc => ({id: doc.id, score: doc.weight, terms: [], queryTerms: []}));
  return hits.map(hit => {
    const doc = docs[hit.id];
    let score = hit.score * doc.weight;
    // The rule named exactly: its title, or one of its other words, is the whole query.
    if (wanted && doc.names.has(wanted)) score *= 8;
    // The rule's whole name inside a longer query: a question about it ("how much damage does a
    // vulnerable creature take" names Vulnerability), the more of the query it is, the more.
    else score *= named(doc, new Set(queryTerms));
    // A few words typed as keywords: a heading with all of them before one with some.
    if (queryTerms.length > 1 && queryTerms.length <= 3) score *= coverage(hit, text) ** 2;
    return {doc, score, terms: hit.terms || [], queryTerms: hit.queryTerms || []};
  }).sort((a, b) => b.score - a.score);
}

// The share of the query's words (in any of their forms) that a hit matched.
function coverage(hit, text) {
  const matched = new Set(hit.queryTerms);
  const asked = words(text).map(terms).filter(Boolean);
  const found = asked.filter(forms => [].concat(forms).some(form => matched.has(form)));
  return asked.length ? found.length / asked.length : 1;
}

function named(doc, query) {
  let factor = 1;
  for (const name of doc.names) {
    const parts = name.split(" ");
    if (parts.every(part => query.has(part))) factor = Math.max(factor, 1 + 8 * parts.length / query.size);
  }
  return factor;
}

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Marks the words found in a piece of the index's HTML, outside its tags.
function marker(terms) {
  if (!terms.length) return html => html;
  // The whole word a stem was found in: "<mark>Petrified</mark>", not "<mark>Petrifi</mark>ed".
  const pattern = new RegExp("(?<![\\p{L}\\p{N}])((?:" + terms.map(escapeRegExp).join("|") +
                             ")[\\p{L}\\p{N}]*)", "giu");
  return html => html.split(/(<[^>]+>)/).map(part => part.startsWith("<") ? part
    : part.replace(pattern, "<mark>$1</mark>")).join("");
}

function escapeHTML(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// A few lines of a heading's text around the first word found: the theme draws every result it
// gets, and a whole section's text per result costs a phone more than the search itself.
function snippet(text, shown) {
  const lower = text.toLowerCase();
  const found = shown.map(t => lower.indexOf(t.toLowerCase())).filter(at => at >= 0);
  const at = found.length ? Math.min(...found) : 0;
  const start = at > SNIPPET_BEFORE ? text.lastIndexOf(" ", at - SNIPPET_BEFORE) + 1 : 0;
  const end = start + SNIPPET;
  const cut = end < text.length ? text.slice(start, text.lastIndexOf(" ", end) + 1 || end) : text.slice(start);
  return (start > 0 ? "\u2026 " : "") + escapeHTML(cut.trim()) + (end < text.length ? " \u2026" : "");
}

function item(hit, score, query, mark) {
  const doc = hit.doc;
  const terms = {};
  for (const w of query) terms[w] = true;
  return {location: doc.location, title: mark(doc.html),
          text: "<p>" + mark(snippet(doc.text, hit.terms)) + "</p>", score, terms};
}

// The theme's result: a list per page, the page's best heading first, pages by their best.
function answer(query) {
  const {text, filters} = parse(query);
  const ranked = rank(text, filters).slice(0, RESULTS);
  const mark = marker([...new Set(ranked.flatMap(hit => hit.terms))].filter(t => t.length > 1));
  const asked = words(text);
  const groups = new Map();
  for (const hit of ranked) {
    const page = hit.doc.location.split("#")[0];
    if (!groups.has(page)) groups.set(page, []);
    groups.get(page).push(item(hit, hit.score, asked, mark));
  }
  for (const [page, list] of groups) {
    if (!list.some(entry => entry.location === page) && byLocation.has(page))
      list.push(item({doc: byLocation.get(page), terms: []}, 0, [], mark));
  }
  return {items: [...groups.values()]};
}

async function vocabulary() {
  try {
    const response = await fetch(new URL("../../vocabulary.yml", self.location.href));
    return response.ok ? jsyaml.load(await response.text()) : null;
  } catch {
    return null;
  }
}

// Hands the conversation to the theme's own worker, from this message on: Zensical's theme
// sends an index of another shape (items, not docs) and draws results of its own.
let delegated = false;
function delegate(message) {
  delegated = true;
  importScripts(FALLBACK);
  self.dispatchEvent(new MessageEvent("message", {data: message}));
}

if (IN_WORKER && typeof MiniSearch !== "undefined") {
  let ready = null;  // queries wait for the index (and the vocabulary), in the order they came
  self.addEventListener("message", async event => {
    const message = event.data;
    if (delegated) return;
    if (message.type === SETUP && !Array.isArray(message.data.docs) && FALLBACK) {
      delegate(message);
    } else if (message.type === SETUP) {
      ready = vocabulary().then(words => setup(message.data, words));
      await ready;
      self.postMessage({type: READY});
    } else if (message.type === QUERY) {
      await ready;
      self.postMessage({type: RESULT, data: engine ? answer(message.data) : {items: []}});
    }
  });
}

// For scripts/search_compare.mjs and the tests: the same ranking outside a browser.
if (typeof module !== "undefined") module.exports = {setup, answer, rank, parse};
