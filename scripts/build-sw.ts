// The storefront's service worker (src/sw/service-worker.ts) as dist/sw.js, built after the
// storefront so that it names the build's files, which it precaches at install. Workbox's runtime
// does the work; this step only writes the list in, as Workbox's injectManifest would (without
// workbox-build and the thousand packages it brings).
import fs from "node:fs";
import path from "node:path";
import { build } from "vite";

/**
 * A chunk larger than this is not precached (the map and its worker: only a map screen loads them,
 * and no address can be picked offline); the entry is, whatever its size.
 */
const PRECACHE_CHUNK_LIMIT = 512 * 1024;

/**
 * The storefront's code and styles, as built (the staff console is built later into the same
 * directory, so run this between the two). All of it, not only the first screen's: which chunks a
 * start needs depends on the visitor (a returning customer's stored session loads its schemas),
 * and a reopen without network must not miss one.
 */
export function precacheList(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  const entry = /<script\b[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error("dist/index.html names no entry script");
  const assets = path.join(dist, "assets");
  const files = fs
    .readdirSync(assets)
    .filter((name) => /\.(?:js|css)$/.test(name))
    .filter(
      (name) =>
        `/assets/${name}` === entry || fs.statSync(path.join(assets, name)).size <= PRECACHE_CHUNK_LIMIT,
    );
  return files.map((name) => `/assets/${name}`).sort();
}

export async function buildServiceWorker(root: string, logLevel: "info" | "warn"): Promise<void> {
  const dist = path.join(root, "dist");
  // Hashed names: the name is the revision.
  const precache = precacheList(dist).map((url) => ({ url, revision: null }));
  await build({
    configFile: false,
    root,
    logLevel,
    define: {
      "self.__SAVAT_PRECACHE__": JSON.stringify(precache),
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
    build: {
      outDir: dist,
      emptyOutDir: false,
      copyPublicDir: false,
      target: "es2022",
      sourcemap: false,
      lib: {
        entry: path.join(root, "src/sw/service-worker.ts"),
        formats: ["iife"],
        name: "savatServiceWorker",
        fileName: () => "sw.js",
      },
    },
  });
}
