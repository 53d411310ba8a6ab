// Benchmark, not a test: Lighthouse (mobile emulation, its default) on a demo brand's home page,
// against a server of this checkout on a fresh embedded database.
// Usage: npm run build && npm run bench:lighthouse [-- brand]
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

const server = spawn(process.execPath, ["--max-semi-space-size=4", "server/src/server.ts"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: "1", LOG_LEVEL: "warn" },
  stdio: "ignore",
});

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
  const run = spawnSync(
    path.join(root, "node_modules", ".bin", "lighthouse"),
    [
      url,
      "--only-categories=performance,accessibility,best-practices",
      "--output=json",
      `--output-path=${report}`,
      "--quiet",
      "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run",
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      stdio: "inherit",
    },
  );
  if (run.status !== 0) throw new Error(`lighthouse exited with ${String(run.status)}`);
  // LIGHTHOUSE_REPORT=<file> keeps the full report (which element is the LCP, what shifted...).
  if (process.env.LIGHTHOUSE_REPORT) fs.copyFileSync(report, process.env.LIGHTHOUSE_REPORT);
  const result = JSON.parse(fs.readFileSync(report, "utf8")) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const score = (id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => Math.round(result.audits[id]?.numericValue ?? Number.NaN);
  process.stdout.write(
    `${url} (mobile)\n` +
      `  performance     ${score("performance")}\n` +
      `  accessibility   ${score("accessibility")}\n` +
      `  best-practices  ${score("best-practices")}\n` +
      `  LCP             ${ms("largest-contentful-paint")} ms\n` +
      `  FCP             ${ms("first-contentful-paint")} ms\n` +
      `  TBT             ${ms("total-blocking-time")} ms\n` +
      `  CLS             ${(result.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)}\n`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
