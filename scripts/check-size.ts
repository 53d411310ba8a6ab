// The storefront's start JavaScript, as it is sent (the build's Brotli copies, which every browser
// we serve accepts). Enforced: the entry script of dist/index.html and every chunk it imports
// statically stay within 120 KB. Reported per host against the same 120 KB (issue 43's target, not
// met yet, so not enforced): every script a browser loads before the first product on "/" answers
// a tap: the entry's, the home page's chunks and the largest catalog the shell names with them
// (shell-preloads.json), and what the host's first commit loads beyond those (its `hosts` lists:
// the desktop's basket panel, Telegram's SDK, a signed-in customer's header bell). Other screens,
// the map and what loads after the first screen has been painted do not count.
// Run after `npm run build`:
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
/** The bytes a browser receives for a file: the build's Brotli copy when there is one. */
function sentBytes(file: string): number {
  const copy = `${file}.br`;
  if (fs.existsSync(copy)) return fs.statSync(copy).size;
  const raw = fs.readFileSync(file);
  // Small files have no copy and go out as they are.
  return raw.length < 1024 ? raw.length : brotli(raw).length;
}

interface ShellPreloads {
  home: { js: string[] };
  hosts?: Record<string, string[]>;
  locales: Record<string, string>;
}
const preloadsFile = path.join(dist, "shell-preloads.json");
if (!fs.existsSync(preloadsFile)) {
  process.stderr.write("dist/shell-preloads.json is missing: run `npm run build` first\n");
  process.exit(1);
}
const preloads = JSON.parse(fs.readFileSync(preloadsFile, "utf8")) as ShellPreloads;
const catalogs = Object.values(preloads.locales).map((url) => fileOf(url));
const catalog = catalogs.sort((a, b) => sentBytes(b) - sentBytes(a))[0];
const home = [...preloads.home.js.map((url) => fileOf(url)), ...(catalog ? [catalog] : [])];

const rows = new Map<string, [number, number]>();
const row = (file: string) => {
  let known = rows.get(file);
  if (!known) rows.set(file, (known = [fs.statSync(file).size, sentBytes(file)]));
  return known;
};
const hosts: [string, string[]][] = [
  ["phone web", []],
  ["desktop web", preloads.hosts?.desktop ?? []],
  ["Telegram", preloads.hosts?.telegram ?? []],
  ["Click", preloads.hosts?.click ?? []],
];
const totals = hosts.map(([host, extra]) => {
  const files = new Set([...seen, ...home, ...extra.map((url) => fileOf(url))]);
  return [host, [...files].reduce((sum, file) => sum + row(file)[1], 0)] as const;
});

process.stdout.write("Start JavaScript for / (as sent, Brotli):\n");
for (const [file, [raw, sent]] of [...rows].sort((a, b) => b[1][1] - a[1][1]))
  process.stdout.write(
    `  ${path.relative(dist, file).padEnd(44)} ${kb(raw).padStart(10)} raw ${kb(sent).padStart(9)} sent\n`,
  );
const css = (html.match(/<link\b[^>]*rel\s*=\s*["']stylesheet["'][^>]*>/gi) ?? [])
  .map((tag) => attr(tag, "href"))
  .filter((href): href is string => Boolean(href))
  .reduce((sum, href) => sum + sentBytes(fileOf(href)), 0);
const entry = [...seen].reduce((sum, file) => sum + row(file)[1], 0);
process.stdout.write(`  entry and its static imports ${kb(entry)} of ${kb(BUDGET_BYTES)} (enforced)\n`);
for (const [host, total] of totals)
  process.stdout.write(
    `  ${host.padEnd(12)} ${kb(total)} of ${kb(BUDGET_BYTES)}${total > BUDGET_BYTES ? " (over the target)" : ""}\n`,
  );
process.stdout.write(`  (the entry's CSS, not counted: ${kb(css)})\n`);

if (entry > BUDGET_BYTES) {
  process.stderr.write(
    `The entry's JavaScript is ${kb(entry)} as sent, over the ${kb(BUDGET_BYTES)} budget\n`,
  );
  process.exit(1);
}
process.stdout.write("Size budget: ok\n");
