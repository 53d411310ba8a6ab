// Benchmark, not a test: p99 latency of the closest-branch and tariff calls under a bounded load,
// on the embedded PGlite and on PostgreSQL (127.0.0.1:5432; left out when unreachable). Each engine
// gets a server of this checkout in a child process (fresh database, demo brands, rate limit off
// for the run) on 127.0.0.1:4531; autocannon drives it from this process.
// Usage: node scripts/bench-geo.ts [seconds per call, default 10] [connections, default 10]
import { benchDatabaseName } from "./bench-db.ts";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const PORT = 4531;
const PG_ADMIN = process.env.SAVAT_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BENCH_DB = benchDatabaseName("geo");

// Child mode: run the app with the rate limit lifted, then wait to be killed.
if (process.argv[2] === "--serve") {
  const { buildApp } = await import("../server/src/app.ts");
  const { fakesFor } = await import("../server/src/dev-wiring.ts");
  const { loadConfig } = await import("../server/src/config.ts");
  const { openDatabase } = await import("../server/src/db/client.ts");
  const { importDemoBrands } = await import("../server/src/import/demo.ts");
  const config = loadConfig({ ...process.env, DEMO: "1", LOG_LEVEL: "warn", PORT: String(PORT) });
  const database = await openDatabase(config, { migrate: true });
  await importDemoBrands(database.db, { onlyWhenEmpty: true });
  const app = await buildApp({
    config,
    database,
    logger: false,
    serveClient: false,
    rateLimitPerMinute: 1e9,
    ...fakesFor(config),
  });
  await app.listen({ port: PORT, host: "127.0.0.1" });
  process.on("SIGTERM", () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
} else {
  const seconds = Number(process.argv[2] ?? 10);
  const connections = Number(process.argv[3] ?? 10);
  const base = `http://127.0.0.1:${PORT}`;

  async function adminQuery(text: string): Promise<boolean> {
    const client = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query(text);
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async function start(env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, [import.meta.filename, "--serve"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return child;
      if (Date.now() > deadline) throw new Error("the server did not become healthy within 120 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async function stop(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }

  interface Row {
    engine: string;
    call: string;
    requests: number;
    rps: number;
    p50: number;
    p99: number;
    errors: number;
  }

  async function measure(engine: string): Promise<Row[]> {
    const merchant = (
      (await (await fetch(`${base}/api/users/v1/merchants/sub/lavash`)).json()) as { id: string }
    ).id;
    const headers = { merchant, "content-type": "application/json" };
    // Points spread over the Tashkent zones, so the region search is not one cached answer.
    const points = Array.from({ length: 50 }, (_, i) => ({
      latitude: 41.311081 + Math.sin(i) * 0.08,
      longitude: 69.240562 + Math.cos(i * 1.7) * 0.1,
    }));
    let i = 0;
    const next = () => points[i++ % points.length] ?? { latitude: 41.311081, longitude: 69.240562 };
    const calls = [
      {
        call: "closest branch",
        requests: [
          {
            method: "GET" as const,
            setupRequest: (req: autocannon.Request) => {
              const p = next();
              return {
                ...req,
                path: `/api/users/v1/branches/merchant/${merchant}/closest?lat=${p.latitude}&lon=${p.longitude}&type=DELIVERY`,
              };
            },
          },
        ],
      },
      {
        call: "tariff",
        requests: [
          {
            method: "POST" as const,
            path: "/api/deliveries/v1/delivery/tariff/client/calculate",
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              body: JSON.stringify({ productPrice: 60_000, ...next() }),
            }),
          },
        ],
      },
    ];
    const rows: Row[] = [];
    for (const { call, requests } of calls) {
      const result = await autocannon({
        url: base,
        connections,
        duration: seconds,
        headers,
        requests,
      });
      rows.push({
        engine,
        call,
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    }
    return rows;
  }

  const rows: Row[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-bench-geo-"));
  try {
    const pglite = await start({ DATA_DIR: dataDir, DATABASE_URL: "" });
    try {
      rows.push(...(await measure("PGlite")));
    } finally {
      await stop(pglite);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  if (await adminQuery(`create database ${BENCH_DB}`)) {
    const url = new URL(PG_ADMIN);
    url.pathname = `/${BENCH_DB}`;
    const postgres = await start({ DATABASE_URL: url.toString() });
    try {
      rows.push(...(await measure("PostgreSQL")));
    } finally {
      await stop(postgres);
      await adminQuery(`drop database if exists ${BENCH_DB} with (force)`);
    }
  } else {
    process.stdout.write(`PostgreSQL at ${PG_ADMIN} is not reachable: left out\n`);
  }

  process.stdout.write(
    `\n${connections} connections, ${seconds} s per call, this machine (${os.cpus().length} cores)\n`,
  );
  process.stdout.write("engine       call             requests   req/s   p50 ms   p99 ms   errors\n");
  for (const r of rows) {
    process.stdout.write(
      `${r.engine.padEnd(12)} ${r.call.padEnd(16)} ${String(r.requests).padStart(8)} ${String(r.rps).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)}\n`,
    );
  }
}
