// Benchmark, not a test: Lighthouse (mobile emulation, its default) on a demo brand's home page,
// against a server of this checkout on a fresh embedded database.
// Usage: npm run build && npm run bench:lighthouse [-- brand]
// Reports the first open (fresh browser) and a repeat open (the same browser profile again: its
// HTTP cache and service worker kept), and the bytes the first open received until its largest
// paint (the first screen), against 200 KB.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const brand = process.argv[2] ?? "lavash";
// LIGHTHOUSE_PORT picks another port when several checkouts benchmark on one machine.
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4390);
const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-lighthouse-"));
const report = path.join(dataDir, "report.json");

interface Report {
  categories: Record<string, { score: number | null }>;
  /** Lighthouse's own measure of the machine's speed (its CPU index): read the figures beside it. */
  environment?: { benchmarkIndex?: number };
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: {
        items?: {
          observedLargestContentfulPaint?: number;
          networkRequestTime?: number;
          transferSize?: number;
        }[];
      };
    }
  >;
}

const server = spawn(
  process.execPath,
  ["--max-semi-space-size=4", "--liftoff-only", "server/src/server.ts"],
  {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: "1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  },
);

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("the server did not become healthy within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  const url = `http://${brand}.localhost:${port}/`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "savat-lighthouse-profile-"));
  const lighthouse = (output: string, repeat: boolean) => {
    const run = spawnSync(
      path.join(root, "node_modules", ".bin", "lighthouse"),
      [
        url,
        "--only-categories=performance,accessibility,best-practices",
        "--output=json",
        `--output-path=${output}`,
        "--quiet",
        // The repeat open keeps what the first one left: cache, storage, the service worker.
        ...(repeat ? ["--disable-storage-reset"] : []),
        `--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --user-data-dir=${profile}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
        stdio: "inherit",
      },
    );
    if (run.status !== 0) throw new Error(`lighthouse exited with ${String(run.status)}`);
    return JSON.parse(fs.readFileSync(output, "utf8")) as Report;
  };
  const result = lighthouse(report, false);
  // LIGHTHOUSE_REPORT=<file> keeps the full report (which element is the LCP, what shifted...).
  if (process.env.LIGHTHOUSE_REPORT) fs.copyFileSync(report, process.env.LIGHTHOUSE_REPORT);
  const repeat = lighthouse(path.join(dataDir, "repeat.json"), true);
  fs.rmSync(profile, { recursive: true, force: true });

  const score = (r: Report, id: string) => Math.round((r.categories[id]?.score ?? 0) * 100);
  const ms = (r: Report, id: string) => Math.round(r.audits[id]?.numericValue ?? Number.NaN);
  // Bytes of the first open until its largest paint: every request started before it, as received.
  const metrics = result.audits.metrics?.details?.items?.[0] ?? {};
  const lcpAt = metrics.observedLargestContentfulPaint ?? Number.POSITIVE_INFINITY;
  const requests = result.audits["network-requests"]?.details?.items ?? [];
  const firstScreenBytes = requests
    .filter((r) => (r.networkRequestTime ?? 0) <= lcpAt)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const cpu = (r: Report) => Math.round(r.environment?.benchmarkIndex ?? Number.NaN);
  process.stdout.write(
    `${url} (mobile; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")})\n` +
      `  CPU index       ${cpu(result)} (repeat open ${cpu(repeat)})\n` +
      `  performance     ${score(result, "performance")}\n` +
      `  accessibility   ${score(result, "accessibility")}\n` +
      `  best-practices  ${score(result, "best-practices")}\n` +
      `  LCP             ${ms(result, "largest-contentful-paint")} ms\n` +
      `  FCP             ${ms(result, "first-contentful-paint")} ms\n` +
      `  TBT             ${ms(result, "total-blocking-time")} ms\n` +
      `  CLS             ${(result.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)}\n` +
      `  first screen    ${kb(firstScreenBytes)} received (budget 200 KB)\n` +
      `  repeat open     performance ${score(repeat, "performance")}, LCP ${ms(repeat, "largest-contentful-paint")} ms, ` +
      `FCP ${ms(repeat, "first-contentful-paint")} ms, TBT ${ms(repeat, "total-blocking-time")} ms\n`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
