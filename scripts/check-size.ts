// The initial-JavaScript budget of the storefront: what a browser must download before "/" can
// render (the entry script of dist/index.html and every chunk it imports statically, which Vite
// also lists as modulepreload links), as it is sent (the build's Brotli copies, which every
// browser we serve accepts), must stay within 120 KB. Lazy chunks (screens, catalogs, the Telegram
// SDK, maps) do not count. Run after `npm run build`:
//   node scripts/check-size.ts
import fs from "node:fs";
import path from "node:path";
import { brotli } from "./precompress.ts";

const BUDGET_BYTES = 120 * 1024;
const dist = path.resolve("dist");
const indexFile = path.join(dist, "index.html");

if (!fs.existsSync(indexFile)) {
  process.stderr.write("dist/index.html is missing: run `npm run build` first\n");
  process.exit(1);
}
const html = fs.readFileSync(indexFile, "utf8");

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, "i").exec(tag)?.[1];
}

/** A URL of the page ("/assets/x.js") as a file in dist. */
function fileOf(url: string, from: string = dist): string {
  const clean = url.split(/[?#]/)[0] ?? url;
  return clean.startsWith("/") ? path.join(dist, clean) : path.resolve(from, clean);
}

const entries: string[] = [];
for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
  const src = attr(tag, "src");
  if (src && /type\s*=\s*["']module["']/i.test(tag)) entries.push(fileOf(src));
}
for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
  const href = attr(tag, "href");
  if (href && /rel\s*=\s*["']modulepreload["']/i.test(tag)) entries.push(fileOf(href));
}
if (entries.length === 0) {
  process.stderr.write("No module script found in dist/index.html\n");
  process.exit(1);
}

// Static imports of a built chunk: `import{a as b}from"./x.js"`, `import"./y.js"`, `export*from"./z.js"`.
// `import("./lazy.js")` is dynamic and excluded by the required `from` or quote right after `import`.
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

const seen = new Set<string>();
const queue = [...entries];
for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
  if (seen.has(file)) continue;
  if (!fs.existsSync(file)) {
    process.stderr.write(`Missing file referenced by the build: ${path.relative(dist, file)}\n`);
    process.exit(1);
  }
  seen.add(file);
  const code = fs.readFileSync(file, "utf8");
  for (const m of code.matchAll(STATIC_IMPORT)) {
    if (m[1]) queue.push(path.resolve(path.dirname(file), m[1]));
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let total = 0;
const rows: [string, number, number][] = [];
/** The bytes a browser receives for a file: the build's Brotli copy when there is one. */
function sentBytes(file: string): number {
  const copy = `${file}.br`;
  if (fs.existsSync(copy)) return fs.statSync(copy).size;
  const raw = fs.readFileSync(file);
  // Small files have no copy and go out as they are.
  return raw.length < 1024 ? raw.length : brotli(raw).length;
}
for (const file of seen) {
  const sent = sentBytes(file);
  total += sent;
  rows.push([path.relative(dist, file), fs.statSync(file).size, sent]);
}
rows.sort((a, b) => b[2] - a[2]);

process.stdout.write("Initial JavaScript for / (as sent, Brotli):\n");
for (const [name, raw, gz] of rows)
  process.stdout.write(`  ${name.padEnd(44)} ${kb(raw).padStart(10)} raw ${kb(gz).padStart(9)} sent\n`);
const css = (html.match(/<link\b[^>]*rel\s*=\s*["']stylesheet["'][^>]*>/gi) ?? [])
  .map((tag) => attr(tag, "href"))
  .filter((href): href is string => Boolean(href))
  .reduce((sum, href) => sum + sentBytes(fileOf(href)), 0);
process.stdout.write(`  total ${kb(total)} of ${kb(BUDGET_BYTES)} (CSS, not counted: ${kb(css)})\n`);

if (total > BUDGET_BYTES) {
  process.stderr.write(`Initial JavaScript is ${kb(total)} as sent, over the ${kb(BUDGET_BYTES)} budget\n`);
  process.exit(1);
}
process.stdout.write("Size budget: ok\n");
