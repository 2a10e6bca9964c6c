// The service worker that keeps the built reference for offline use (README "Offline").
//
//   node scripts/offline.mjs [SITE_DIR]      (scripts/offline runs it; SITE_DIR defaults to site/)
//
// Runs AFTER the site is built: Workbox's generateSW lists the built files with a revision each
// (a hash of its bytes) and writes SITE_DIR/sw.js with the Workbox runtime inlined (nothing loads
// from a CDN). What it keeps:
//   - precached on the first visit: every page, the search index, the sitemap (instant navigation
//     reads it), styles, scripts, flowcharts, icons and the web app manifest;
//   - cached on first use: the calculators' runtime (Pyodide and the rules' wheel, about 12 MB)
//     and the fallback copy of Mermaid, in a cache named by the hash of those files, so a
//     deployment that changes them starts a new cache and SITE_DIR/sw-housekeeping-HASH.js
//     (written here, imported by sw.js) deletes the old one.
// A browser may look for a new sw.js at any moment, also while a deployment is being written
// file by file (an upload, rsync, this script run over a served folder). What sw.js imports is
// therefore named by its content: the new file is written beside the old one, then sw.js, and
// only then is the old one removed, so the browser never sees the old sw.js with a new import
// (it would install a worker holding the old pages under a new script).
// A new deployment changes the revisions, so the browser installs the new worker, which fetches
// only what changed and drops entries that are gone; the page (assets/js/offline.js) offers to
// reload, and the next visit reads the new rules anyway.
// Every URL is relative to sw.js, so the site works at any origin and under a subpath.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { generateSW } from "workbox-build";

const PREFIX = "rules-reference";
const ON_FIRST_USE = ["assets/calculator", "assets/vendor"];

function filesUnder(folder) {
  let found;
  try {
    found = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return found.flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  }).sort();
}

// One hash for the files cached on first use: their names and bytes. Not the rules' wheel's:
// it is named by its content (a new one is a new address, fetched anew), and it changes with
// every page edit (it carries the rules' data for the command line), which must not make every
// player download the calculators' runtime again.
function onFirstUseHash(site) {
  const hash = createHash("sha256");
  const files = ON_FIRST_USE.flatMap((folder) => filesUnder(join(site, folder)));
  for (const path of files.filter((file) => !file.endsWith(".whl"))) {
    hash.update(relative(site, path)).update("\0").update(readFileSync(path)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

function housekeeping(cacheName) {
  return `// Written by scripts/offline.mjs, imported by sw.js: when a new deployment's worker
// activates, the caches of an older calculator runtime go (Workbox drops old precache entries).
const CURRENT = ${JSON.stringify(cacheName)};
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith(${JSON.stringify(`${PREFIX}-calculator-`)}) && name !== CURRENT)
    .map((name) => caches.delete(name)))));
});
`;
}

async function main() {
  const site = resolve(process.argv[2] ?? "site");
  if (!statSync(join(site, "index.html"), { throwIfNoEntry: false })) {
    throw new Error(`${site} has no index.html: build the site first (mkdocs build --strict)`);
  }
  const onFirstUse = onFirstUseHash(site);
  const cacheName = `${PREFIX}-calculator-${onFirstUse}`;
  const keeper = `sw-housekeeping-${onFirstUse}.js`;
  writeFileSync(join(site, keeper), housekeeping(cacheName));
  const { count, size, warnings } = await generateSW({
    globDirectory: site,
    // vocabulary.yml: the game's other words, which the site search reads (issue 43).
    globPatterns: ["**/*.{html,json,js,css,svg,png,ico,xml,webmanifest}", "vocabulary.yml"],
    globIgnores: [
      ...ON_FIRST_USE.map((folder) => `${folder}/**`),
      "assets/javascripts/lunr/**", // search in other languages than English: never loaded
      "**/*.map",
      "sw.js",
      "sw-housekeeping*.js",
    ],
    swDest: join(site, "sw.js"),
    importScripts: [keeper],
    inlineWorkboxRuntime: true,
    mode: "production",
    sourcemap: false,
    cacheId: PREFIX,
    cleanupOutdatedCaches: true,
    clientsClaim: true, // the first visit's page is served by the worker as soon as it is ready
    skipWaiting: false, // a new deployment waits for the player's "Reload" (or the next visit)
    directoryIndex: "index.html", // "affinity/" is answered by "affinity/index.html"
    // An address the site does not hold opens the site's own "not found" page, offline too
    // (not the browser's error); files under assets/ are never pages.
    navigateFallback: "404.html",
    navigateFallbackDenylist: [/\/assets\//],
    // A calculator's situation lives in the query string: any query answers with the page.
    ignoreURLParametersMatching: [/.*/],
    // Material's bundles carry a content hash in their names: no cache-busting needed.
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.min\.(js|css)$/,
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024, // the print page is about 1.8 MB
    runtimeCaching: [
      {
        urlPattern: ({ url }) => ["assets/calculator/", "assets/vendor/"]
          .some((folder) => url.href.startsWith(self.registration.scope + folder)),
        handler: "CacheFirst",
        options: { cacheName, cacheableResponse: { statuses: [200] } },
      },
    ],
  });
  for (const warning of warnings) console.warn(`[offline] warning: ${warning}`);
  for (const name of readdirSync(site)) {
    if (/^sw-housekeeping.*\.js$/.test(name) && name !== keeper) unlinkSync(join(site, name));
  }
  const bytes = (folder) => filesUnder(join(site, folder))
    .reduce((total, path) => total + statSync(path).size, 0);
  const mb = (size) => (size / 1e6).toFixed(2);
  console.log(`[offline] ${relative(process.cwd(), join(site, "sw.js")) || "sw.js"}: ` +
    `${count} files precached on the first visit (${mb(size)} MB); cached on first use, in ` +
    `${cacheName}: the calculator runtime (${mb(bytes("assets/calculator"))} MB) and the ` +
    `flowcharts' fallback Mermaid (${mb(bytes("assets/vendor"))} MB)`);
}

main().catch((error) => {
  console.error(`[offline] could not write the service worker: ${error.message ?? error}`);
  process.exit(1);
});
