// Menu call benchmark (issue 43): req/s and p99 of GET /api/products/v1/overalls for the lavash demo
// menu, served from the menu cache with production logging (info, written to a file as a service
// manager would take it), against a trivial Node server answering the same bytes and headers. Both
// are driven by the same lean keep-alive client (raw sockets, one request in flight per socket; no
// autocannon, which tops out below what either server does here), in alternating rounds of one run,
// full body (Brotli, as browsers ask) and 304. Prints the ratio (target >= 0.6), the compressed bytes
// per product (target <= 160) and the load average beside each. Runs on PGlite and on PostgreSQL
// (skipped when 127.0.0.1:5432 is not reachable), each in a database of its own name (bench-db.ts).
// Bounded: 127.0.0.1 only, a fixed number of sockets and seconds per round.
//   node scripts/bench-menu.ts [--seconds 5] [--connections 16] [--rounds 3]
// The servers run in child processes (`--serve <backend>`, `--trivial`), so the client has its own thread.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import pg from "pg";
import { benchDatabaseName } from "./bench-db.ts";

const ADMIN_URL = process.env.SAVAT_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MENU_PATH = "/api/products/v1/overalls?type=WEB";
/** What a browser asks for. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
/** Latencies kept per round at most (the rest still count as requests). */
const MAX_SAMPLES = 2_000_000;

const { values } = parseArgs({
  options: {
    serve: { type: "string" },
    trivial: { type: "boolean", default: false },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "16" },
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

function tell(message: object): void {
  process.send?.(message);
}

function stopOnParentEnd(stop: () => Promise<void>): void {
  process.on("disconnect", () => void stop());
  process.on("SIGTERM", () => void stop());
}

// ------------------------------------------------------------------------------------------------
// Child: the real app, production settings and logging, on a fresh database with the demo brands.
async function serve(backend: "pglite" | "postgres"): Promise<void> {
  const { buildApp } = await import("../server/src/app.ts");
  const { loadConfig } = await import("../server/src/config.ts");
  const { openDatabase } = await import("../server/src/db/client.ts");
  const { importDemoBrands } = await import("../server/src/import/demo.ts");

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-bench-menu-"));
  const dbName = benchDatabaseName("menu");
  if (backend === "postgres") await admin(`create database ${dbName}`);
  const config = loadConfig({
    NODE_ENV: "production",
    DEMO: "0",
    LOG_LEVEL: "info",
    STATIC_DIR: "/nonexistent",
    DATA_DIR: dataDir,
    ...(backend === "postgres" ? { DATABASE_URL: dbUrl(dbName) } : {}),
  });
  const database = await openDatabase(config, { migrate: true });
  await importDemoBrands(database.db, { onlyWhenEmpty: false });
  // Logging is on, as in production: its lines go to stdout, which the parent points at a file.
  const app = await buildApp({ config, database, serveClient: false, rateLimitPerMinute: 1e9 });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const merchant = (await app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/lavash" })).json<{
    id: string;
  }>().id;
  const address = app.server.address();
  tell({ port: typeof address === "object" && address ? address.port : 0, merchant });
  stopOnParentEnd(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (backend === "postgres") await admin(`drop database if exists ${dbName} with (force)`);
    process.exit(0);
  });
}

// ------------------------------------------------------------------------------------------------
// Child: the floor, a plain Node server sending the bytes the menu call sent: the same status lines,
// headers (the security headers and a request id included) and body, for the full answer and the 304.
interface Answer {
  headers: Record<string, string>;
  body: string;
  etag: string;
}

function trivial(): void {
  let full: Answer = { headers: {}, body: "", etag: "" };
  let notModified: Answer = full;
  let body: Buffer = Buffer.alloc(0);
  const server = http.createServer((req, res) => {
    if (req.headers["if-none-match"] === full.etag) {
      res.writeHead(304, notModified.headers);
      res.end();
      return;
    }
    res.writeHead(200, full.headers);
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  process.on("message", (answers: { full: Answer; notModified: Answer }) => {
    ({ full, notModified } = answers);
    body = Buffer.from(full.body, "base64");
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      tell({ port: typeof address === "object" && address ? address.port : 0 });
    });
  });
  stopOnParentEnd(async () => {
    server.close();
    await Promise.resolve();
    process.exit(0);
  });
}

// ------------------------------------------------------------------------------------------------
// Parent: the lean client and the report.
function start(
  args: string[],
  logFile?: string,
): { child: ChildProcess; ready: Promise<Record<string, unknown>> } {
  const out = logFile ? fs.openSync(logFile, "w") : "ignore";
  const child = spawn(process.execPath, [import.meta.filename, ...args], {
    stdio: ["ignore", out, "inherit", "ipc"],
  });
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once("message", (m) => {
      resolve(m as Record<string, unknown>);
    });
    child.once("exit", (code) => {
      reject(new Error(`${args.join(" ")} exited with ${String(code)}`));
    });
  });
  return { child, ready };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.disconnect();
  await exited;
}

/** One request and its raw answer (for the bytes the floor sends). */
function fetchOnce(port: number, headers: Record<string, string>): Promise<Answer & { status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: MENU_PATH, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        // Every header but those Node's server writes itself (date, connection, keep-alive).
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === "string" && !["date", "connection", "keep-alive"].includes(name))
            kept[name] = value;
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks).toString("base64"),
          etag: kept.etag ?? "",
        });
      });
    });
    req.on("error", reject);
  });
}

interface Round {
  requests: number;
  p99: number;
  bad: number;
}

/**
 * `connections` keep-alive sockets, each sending the request again as soon as the last answer's
 * body is in, for `seconds`: requests answered, their p99 (ms), and answers that were not `status`.
 */
function drive(
  port: number,
  request: string,
  status: number,
  seconds: number,
  connections: number,
): Promise<Round> {
  const latencies = new Float64Array(MAX_SAMPLES);
  let count = 0;
  let bad = 0;
  const until = performance.now() + seconds * 1000;
  const wire = Buffer.from(request);
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.setNoDelay(true);
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      let need = -1;
      const send = () => {
        if (performance.now() >= until) {
          socket.end();
          resolve();
          return;
        }
        sentAt = performance.now();
        need = -1;
        socket.write(wire);
      };
      socket.on("connect", send);
      socket.on("error", reject);
      socket.on("data", (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        for (;;) {
          if (need < 0) {
            const end = pending.indexOf("\r\n\r\n");
            if (end < 0) return;
            const head = pending.subarray(0, end).toString("latin1");
            const code = Number(head.slice(9, 12));
            if (code !== status) bad += 1;
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
            need = end + 4 + (length ? Number(length) : 0);
          }
          if (pending.length < need) return;
          pending = pending.subarray(need);
          if (count < MAX_SAMPLES) latencies[count] = performance.now() - sentAt;
          count += 1;
          // One request in flight per socket: nothing else can be pending.
          send();
          return;
        }
      });
    });
  return Promise.all(Array.from({ length: connections }, one)).then(() => {
    const kept = latencies.subarray(0, Math.min(count, MAX_SAMPLES)).sort();
    return { requests: count / seconds, p99: kept[Math.floor(kept.length * 0.99)] ?? 0, bad };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function bench(backend: "pglite" | "postgres", seconds: number, connections: number, rounds: number) {
  const logFile = path.join(os.tmpdir(), `savat-bench-menu-${backend}-${String(process.pid)}.log`);
  const app = start(["--serve", backend], logFile);
  const { port, merchant } = (await app.ready) as { port: number; merchant: string };
  const ask = { merchant, "accept-encoding": ACCEPT_ENCODING };
  // The Brotli copy is made in the background after the first call: asked again until it is sent.
  let answer = await fetchOnce(port, ask);
  for (let tries = 0; answer.headers["content-encoding"] !== "br" && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await fetchOnce(port, ask);
  }
  if (answer.status !== 200) throw new Error(`the menu answered ${String(answer.status)}`);
  const notModified = await fetchOnce(port, { ...ask, "if-none-match": answer.etag });
  if (notModified.status !== 304) throw new Error(`the menu's 304 answered ${String(notModified.status)}`);
  const floor = start(["--trivial"]);
  floor.child.send({ full: answer, notModified });
  const { port: floorPort } = (await floor.ready) as { port: number };

  const sent = Buffer.from(answer.body, "base64");
  const encoding = answer.headers["content-encoding"] ?? "identity";
  const plain =
    encoding === "br" ? zlib.brotliDecompressSync(sent) : encoding === "gzip" ? zlib.gunzipSync(sent) : sent;
  const products = (JSON.parse(plain.toString("utf8")) as { products: unknown[] }).products.length;
  process.stdout.write(
    `\n${backend}: lavash menu, ${String(products)} products, ${String(sent.length)} B as sent (${encoding}): ` +
      `${(sent.length / products).toFixed(0)} B per product (target <= 160)\n` +
      `${String(rounds)} alternating rounds of ${String(seconds)} s x ${String(connections)} keep-alive sockets per server (medians); logs: ${logFile}\n`,
  );
  const lines = (kind: string, extra: string, status: number) => {
    const request = (host: number) =>
      `GET ${MENU_PATH} HTTP/1.1\r\nhost: 127.0.0.1:${String(host)}\r\nmerchant: ${merchant}\r\n` +
      `accept-encoding: ${ACCEPT_ENCODING}\r\n${extra}connection: keep-alive\r\n\r\n`;
    return { kind, status, menu: request(port), floor: request(floorPort) };
  };
  for (const c of [lines("full body", "", 200), lines("304", `if-none-match: ${answer.etag}\r\n`, 304)]) {
    const menu: Round[] = [];
    const base: Round[] = [];
    const before = load();
    // Alternating, several rounds, medians: a burst of other work does not land on one side only.
    for (let round = 0; round < rounds; round++) {
      menu.push(await drive(port, c.menu, c.status, seconds, connections));
      base.push(await drive(floorPort, c.floor, c.status, seconds, connections));
    }
    const m = median(menu.map((r) => r.requests));
    const b = median(base.map((r) => r.requests));
    console.table([
      {
        server: "savat menu call",
        "req/s": Math.round(m),
        "p99 ms": median(menu.map((r) => r.p99)).toFixed(2),
        bad: menu.reduce((n, r) => n + r.bad, 0),
      },
      {
        server: "trivial Node server",
        "req/s": Math.round(b),
        "p99 ms": median(base.map((r) => r.p99)).toFixed(2),
        bad: base.reduce((n, r) => n + r.bad, 0),
      },
    ]);
    process.stdout.write(
      `${backend}, ${c.kind}: menu call / trivial server = ${(m / b).toFixed(2)} (target >= 0.6); load average before ${before}, after ${load()}\n`,
    );
  }
  await stop(floor.child);
  await stop(app.child);
  fs.rmSync(logFile, { force: true });
}

if (values.serve === "pglite" || values.serve === "postgres") {
  await serve(values.serve);
} else if (values.trivial) {
  trivial();
} else {
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  process.stdout.write(`cpus: ${String(os.cpus().length)}, load average ${load()}\n`);
  await bench("pglite", seconds, connections, rounds);
  let postgres = true;
  try {
    await admin("select 1");
  } catch {
    postgres = false;
    process.stdout.write(`\nPostgreSQL is not reachable at ${ADMIN_URL}: skipped\n`);
  }
  if (postgres) await bench("postgres", seconds, connections, rounds);
}
