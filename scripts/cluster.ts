// `npm run cluster [processes=2]`: several API processes on one PostgreSQL and one Redis, behind a tiny
// round-robin HTTP proxy, on 127.0.0.1. For trying the multi-process setup, the two-process test
// (server/test/cluster.test.ts) and scripts/bench-cluster.ts only: in production a real load
// balancer sits in front (README "Several API processes").
//
//   DATABASE_URL  PostgreSQL of the processes; unset: a database savat_cluster is created (if missing)
//                 on the local test server (postgres://postgres@127.0.0.1:5432/test).
//   REDIS_URL     redis://127.0.0.1:6379 unless set.
//   PORT          the proxy's port (4420 unless set); the processes take the next ones.
//
// The schema is migrated and the demo brands imported once, before the processes start, so they do
// not race each other for it. Ctrl-C stops the processes with SIGTERM (each drains and exits 0).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../server/src/db/client.ts";
import { importDemoBrands } from "../server/src/import/demo.ts";

const SERVER = path.resolve(import.meta.dirname, "../server/src/server.ts");
export const LOCAL_PG_ADMIN = "postgres://postgres@127.0.0.1:5432/test";
export const LOCAL_REDIS = "redis://127.0.0.1:6379";

export interface ApiProcess {
  index: number;
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
}

export interface Cluster {
  /** The proxy's origin (round-robin over the processes that are ready). */
  origin: string;
  processes: ApiProcess[];
  databaseUrl: string;
  /** SIGTERM to every process, waits for them, stops the proxy, drops a database it created for the run. */
  close(): Promise<void>;
}

export interface ClusterOptions {
  processes?: number;
  /** An existing database; unset: `database` is created on `adminUrl`. */
  databaseUrl?: string;
  adminUrl?: string;
  /** The database to create when `databaseUrl` is unset. */
  database?: string;
  /** Drop and create `database` anew, and drop it on close (tests, benchmarks). */
  fresh?: boolean;
  redisUrl?: string | null;
  /** The proxy's port (0: any free one); the processes get free ports of their own. */
  port?: number;
  /** Ports of the processes; free ones unless given. */
  processPorts?: number[];
  /** More environment for every process (RATE_LIMIT_PER_MINUTE, LOG_LEVEL...). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export function urlOnServer(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function isReady(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/api/health/ready`, { signal: AbortSignal.timeout(1_000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Starts one API process on `port` and waits until its readiness check answers 200. */
export async function startApiProcess(
  index: number,
  port: number,
  env: Record<string, string>,
  log?: (line: string) => void,
): Promise<ApiProcess> {
  let output = "";
  const child = spawn(process.execPath, ["--max-semi-space-size=4", SERVER], {
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (log) for (const line of text.split("\n")) if (line.trim() !== "") log(`[api ${index}] ${line}`);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", resolve);
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const origin = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (gone) throw new Error(`API process ${index} exited before it was ready:\n${output}`);
      return isReady(origin);
    },
    60_000,
    `API process ${index}`,
  );
  return { index, origin, port, child, output: () => output, exited };
}

/**
 * The test and benchmark proxy: round-robin over the backends whose readiness check passes (polled
 * every 250 ms, so a stopping process is drained), streaming both ways (server-sent events included).
 */
export function startProxy(
  backends: () => string[],
  port: number,
): Promise<{ origin: string; close(): Promise<void> }> {
  const ready = new Map<string, boolean>();
  const poll = setInterval(() => {
    for (const origin of backends())
      void isReady(origin).then((ok) => {
        ready.set(origin, ok);
      });
  }, 250);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let turn = 0;
  const server = http.createServer((req, res) => {
    const all = backends();
    const live = all.filter((origin) => ready.get(origin) !== false);
    const pool = live.length > 0 ? live : all;
    const target = pool[turn++ % pool.length];
    if (!target) {
      res.writeHead(502).end();
      return;
    }
    const url = new URL(req.url ?? "/", target);
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const upstream = http.request(
      url,
      {
        method: req.method,
        headers: { ...req.headers, "x-forwarded-for": forwardedFor },
        agent,
      },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        res.flushHeaders();
        upRes.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on("close", () => {
      upstream.destroy();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({
        origin: `http://127.0.0.1:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(poll);
            agent.destroy();
            server.closeAllConnections();
            server.close(() => {
              done();
            });
          }),
      });
    });
  });
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.processes ?? 2;
  const adminUrl = options.adminUrl ?? LOCAL_PG_ADMIN;
  const dbName = options.database ?? "savat_cluster";
  let databaseUrl = options.databaseUrl;
  let created = false;
  if (databaseUrl === undefined) {
    if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`bad database name ${dbName}`);
    if (options.fresh) await admin(adminUrl, `drop database if exists ${dbName} with (force)`);
    try {
      await admin(adminUrl, `create database ${dbName}`);
      created = true;
    } catch (error) {
      if ((error as { code?: string }).code !== "42P04") throw error; // exists already: keep it
    }
    databaseUrl = urlOnServer(adminUrl, dbName);
  }
  // Schema and demo brands once, before any process starts.
  const database = await openDatabase({ databaseUrl, dataDir: "" }, { migrate: true });
  try {
    await importDemoBrands(database.db, { onlyWhenEmpty: true });
  } finally {
    await database.close();
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-cluster-"));
  const redisUrl = options.redisUrl === undefined ? LOCAL_REDIS : options.redisUrl;
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DEMO: "1",
    ORDER_SIMULATOR: "0",
    LOG_LEVEL: "warn",
    TRUSTED_PROXIES: "loopback",
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  };
  const ports = options.processPorts ?? (await Promise.all(Array.from({ length: count }, () => freePort())));
  const processes: ApiProcess[] = [];
  try {
    processes.push(
      ...(await Promise.all(
        Array.from({ length: count }, (_, i) => startApiProcess(i, ports[i] ?? 0, env, options.log)),
      )),
    );
  } catch (error) {
    for (const p of processes) p.child.kill("SIGKILL");
    throw error;
  }
  const proxy = await startProxy(() => processes.map((p) => p.origin), options.port ?? 0);
  return {
    origin: proxy.origin,
    processes,
    databaseUrl,
    async close() {
      for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGTERM");
      await Promise.all(processes.map((p) => p.exited));
      await proxy.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (created && options.fresh) await admin(adminUrl, `drop database if exists ${dbName} with (force)`);
    },
  };
}

if (import.meta.main) {
  const processes = Number(process.argv[2] ?? 2);
  if (!Number.isInteger(processes) || processes < 1 || processes > 16)
    throw new Error("usage: npm run cluster [processes=2] (1 to 16)");
  const port = Number(process.env.PORT ?? 4420);
  const ports = Array.from({ length: processes }, (_, i) => port + 1 + i);
  const cluster = await startCluster({
    processes,
    port,
    processPorts: ports,
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    redisUrl: process.env.REDIS_URL ?? LOCAL_REDIS,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    log: (line) => {
      process.stdout.write(`${line}\n`);
    },
  });
  process.stdout.write(
    `\n${processes} API processes on ${cluster.processes.map((p) => p.port).join(", ")}; ` +
      `proxy at ${cluster.origin} (try http://lavash.localhost:${port}/). Ctrl-C stops them.\n\n`,
  );
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void cluster.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
