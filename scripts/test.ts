// `npm test`: every check in order, each one's output streamed, then one summary line
// "N passed, N failed" (tests counted one by one; typecheck, lint, format, dependencies, build and size as one each).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-test-report-"));
let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  process.stdout.write(`\n=== ${name}: ${command} ${args.join(" ")}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  process.stdout.write(
    `=== ${name}: ${ok ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return ok;
}

function step(name: string, command: string, args: string[]): boolean {
  const ok = run(name, command, args);
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
  return ok;
}

interface Counts {
  passed: number;
  failed: number;
}

/** Adds a test runner's own counts; a runner that crashed before reporting counts as one failure. */
function tests(name: string, ok: boolean, counts: Counts | undefined): void {
  if (!counts) {
    failed++;
    failures.push(`${name} (no report)`);
    return;
  }
  passed += counts.passed;
  failed += counts.failed;
  if (counts.failed > 0 || !ok) failures.push(name);
  if (!ok && counts.failed === 0) failed++;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const bin = (tool: string) => path.join("node_modules", ".bin", tool);

/**
 * Runs checks side by side (each is mostly one thread, the machines have two cores or more), prints
 * each one's output whole when it ends, in the order given, and counts each as one check.
 */
async function parallelSteps(list: { name: string; command: string; args: string[] }[]): Promise<boolean[]> {
  const runs = list.map(({ command, args }) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const child = spawn(command, args, { env: process.env });
    child.stdout.on("data", (c: Buffer) => {
      chunks.push(c);
    });
    child.stderr.on("data", (c: Buffer) => {
      chunks.push(c);
    });
    return new Promise<{ ok: boolean; seconds: number; output: string }>((resolve) => {
      child.on("error", (error) => {
        resolve({ ok: false, seconds: 0, output: String(error) });
      });
      child.on("close", (code) => {
        resolve({
          ok: code === 0,
          seconds: (Date.now() - started) / 1000,
          output: Buffer.concat(chunks).toString(),
        });
      });
    });
  });
  const results: boolean[] = [];
  for (const [i, { name, command, args }] of list.entries()) {
    const { ok, seconds, output } = await (runs[i] as (typeof runs)[number]);
    process.stdout.write(`\n=== ${name}: ${command} ${args.join(" ")}\n${output}`);
    process.stdout.write(`=== ${name}: ${ok ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s\n`);
    if (ok) passed++;
    else {
      failed++;
      failures.push(name);
    }
    results.push(ok);
  }
  return results;
}

// The static checks and the client build do not depend on each other: run them together.
const [, , , , built] = await parallelSteps([
  { name: "typecheck", command: bin("tsc"), args: ["-b", "--noEmit"] },
  { name: "lint", command: bin("eslint"), args: ["--max-warnings", "0", "."] },
  { name: "format", command: bin("prettier"), args: ["--check", "."] },
  {
    name: "dependencies",
    command: bin("depcruise"),
    args: [
      ...["src", "server/src", "scripts"],
      ...["--config", ".dependency-cruiser.cjs", "--output-type", "err"],
    ],
  },
  { name: "build", command: process.execPath, args: ["scripts/build.ts"] },
]);

const vitestReport = path.join(reportDir, "vitest.json");
const vitestOk = run("unit and server integration", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport) as { numPassedTests: number; numFailedTests: number } | undefined;
tests(
  "unit and server integration",
  vitestOk,
  vitest && { passed: vitest.numPassedTests, failed: vitest.numFailedTests },
);

if (built) {
  step("size budget", process.execPath, ["scripts/check-size.ts"]);
  const e2eReport = path.join(reportDir, "playwright.json");
  const e2eOk = run("browser end-to-end", bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  const e2e = readJson(e2eReport) as
    { stats: { expected: number; unexpected: number; flaky: number } } | undefined;
  tests(
    "browser end-to-end",
    e2eOk,
    e2e && { passed: e2e.stats.expected + e2e.stats.flaky, failed: e2e.stats.unexpected },
  );
} else {
  failed += 2;
  failures.push("size budget (no build)", "browser end-to-end (no build)");
}

fs.rmSync(reportDir, { recursive: true, force: true });
if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join(", ")}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
