// Menu call benchmark: req/s and p99 of GET /api/products/v1/overalls for the lavash demo menu,
// full body and 304, served from the menu cache, next to a route of the same server that answers
// the same prepared bytes (that route exists only in this benchmark's server). Runs on PGlite and on
// PostgreSQL (skipped when 127.0.0.1:5432 is not reachable). Bounded: 127.0.0.1 only, a fixed number
// of connections and seconds per run.
//   node scripts/bench-menu.ts [--seconds 8] [--connections 20] [--rounds 3]
// The server runs in a child process (`--serve <backend>`), so autocannon does not share its thread.
import { benchDatabaseName } from "./bench-db.ts";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";

const ADMIN_URL = process.env.SAVAT_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BENCH_DB = benchDatabaseName("menu");
const MENU_PATH = "/api/products/v1/overalls?type=WEB";
const PREPARED_PATH = "/api/bench/prepared";

const { values } = parseArgs({
  options: {
    serve: { type: "string" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    rounds: { type: "string", default: "3" },
  },
});

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function dbUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

// ------------------------------------------------------------------------------------------------
// Child: the real app on a fresh database with the demo brands, plus the comparison route.
async function serve(backend: "pglite" | "postgres"): Promise<void> {
  const { buildApp } = await import("../server/src/app.ts");
  const { loadConfig } = await import("../server/src/config.ts");
  const { openDatabase } = await import("../server/src/db/client.ts");
  const { importDemoBrands } = await import("../server/src/import/demo.ts");
  const { etagMatchesHeader } = await import("../server/src/routes/products/etag.ts");

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-bench-menu-"));
  if (backend === "postgres") {
    await admin(`create database ${BENCH_DB}`);
  }
  const env = {
    NODE_ENV: "production",
    DEMO: "0",
    LOG_LEVEL: "silent",
    STATIC_DIR: "/nonexistent",
    DATA_DIR: dataDir,
    ...(backend === "postgres" ? { DATABASE_URL: dbUrl(BENCH_DB) } : {}),
  };
  const config = loadConfig(env);
  const database = await openDatabase(config, { migrate: true });
  await importDemoBrands(database.db, { onlyWhenEmpty: false });
  const app = await buildApp({
    config,
    database,
    logger: false,
    serveClient: false,
    rateLimitPerMinute: 1e9,
  });

  // The comparison: the same bytes and ETag, prepared once, answered by a plain route.
  let body: Buffer = Buffer.alloc(0);
  let etag = "";
  app.get(PREPARED_PATH, (request, reply) => {
    reply.header("etag", etag).header("vary", "accept-encoding").header("cache-control", "no-cache");
    if (etagMatchesHeader(request.headers["if-none-match"], [etag])) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(body);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const merchant = (await app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/lavash" })).json<{
    id: string;
  }>().id;
  const warm = await app.inject({ method: "GET", url: MENU_PATH, headers: { merchant } });
  body = warm.rawPayload;
  etag = String(warm.headers.etag);
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, merchant, etag, bytes: body.length })}\n`);

  const stop = async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (backend === "postgres") await admin(`drop database if exists ${BENCH_DB} with (force)`);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.stdin.on("end", () => void stop());
  process.stdin.resume();
}

// ------------------------------------------------------------------------------------------------
// Parent: runs the child per backend and measures.
interface Run {
  label: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(
  label: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Run> {
  const result = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  return {
    label,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function median(runs: Run[]): Run {
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const first = runs[0];
  if (!first) throw new Error("no runs");
  return {
    label: first.label,
    rps: mid(runs.map((r) => r.rps)),
    p99: mid(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

async function bench(
  backend: "pglite" | "postgres",
  seconds: number,
  connections: number,
  rounds: number,
): Promise<Run[]> {
  const child = spawn(process.execPath, [import.meta.filename, "--serve", backend], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const info = await new Promise<{ port: number; merchant: string; etag: string; bytes: number }>(
    (resolve, reject) => {
      let buffered = "";
      child.stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        const line = buffered.split("\n")[0];
        if (buffered.includes("\n") && line) resolve(JSON.parse(line) as never);
      });
      child.on("exit", (code) => {
        reject(new Error(`server exited with ${String(code)}`));
      });
    },
  );
  const base = `http://127.0.0.1:${info.port}`;
  const tenant = { merchant: info.merchant };
  process.stdout.write(
    `\n${backend}: lavash menu ${(info.bytes / 1024).toFixed(0)} KB, ${rounds} alternating rounds of ${seconds}s x ${connections} connections per route (medians)\n`,
  );
  // The machine is shared: the two routes are measured in alternation, several rounds, and the
  // median of each is reported, so a burst of other work does not land on one side only.
  const pairs: [string, string, Record<string, string>][] = [
    ["full body", "", {}],
    ["304", "", { "if-none-match": info.etag }],
  ];
  const runs: Run[] = [];
  for (const [kind, , extra] of pairs) {
    const menu: Run[] = [];
    const prepared: Run[] = [];
    for (let round = 0; round < rounds; round++) {
      menu.push(
        await measure(`menu, ${kind}`, `${base}${MENU_PATH}`, { ...tenant, ...extra }, seconds, connections),
      );
      prepared.push(
        await measure(
          `prepared bytes, ${kind}`,
          `${base}${PREPARED_PATH}`,
          { ...tenant, ...extra },
          seconds,
          connections,
        ),
      );
    }
    runs.push(median(menu), median(prepared));
  }
  child.stdin.end();
  await new Promise((resolve) => child.on("exit", resolve));
  return runs;
}

function report(backend: string, runs: Run[]): void {
  const table = runs.map((r) => ({
    backend,
    run: r.label,
    "req/s": r.rps,
    "p99 ms": r.p99,
    "non-2xx": r.non2xx,
    errors: r.errors,
  }));
  console.table(table);
  const [menuFull, preparedFull, menu304, prepared304] = runs;
  if (menuFull && preparedFull && menu304 && prepared304) {
    const full = (100 * menuFull.rps) / preparedFull.rps;
    const notModified = (100 * menu304.rps) / prepared304.rps;
    process.stdout.write(
      `${backend}: menu reaches ${full.toFixed(0)}% of the prepared route (full body), ${notModified.toFixed(0)}% (304); target >= 80%\n`,
    );
  }
}

if (values.serve === "pglite" || values.serve === "postgres") {
  await serve(values.serve);
} else {
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  report("pglite", await bench("pglite", seconds, connections, rounds));
  let postgres = true;
  try {
    await admin("select 1");
  } catch {
    postgres = false;
    process.stdout.write(`\nPostgreSQL is not reachable at ${ADMIN_URL}: skipped\n`);
  }
  if (postgres) report("postgres", await bench("postgres", seconds, connections, rounds));
}
