// `npm run cluster [processes=2]`: several API processes on one PostgreSQL and one Redis, behind
// Debian's nginx (/usr/sbin/nginx) with the production template deploy/nginx/savat.conf.template,
// on 127.0.0.1. For trying the multi-process setup, the cluster tests (server/test/cluster*.test.ts,
// e2e/cluster.spec.ts) and scripts/bench-cluster.ts.
//
//   DATABASE_URL  PostgreSQL of the processes; unset: a database savat_cluster is created (if missing)
//                 on the local test server (postgres://postgres@127.0.0.1:5432/test).
//   REDIS_URL     redis://127.0.0.1:6379 unless set.
//   PORT          nginx's port (4420 unless set); the processes take the next ones.
//
// The processes run as in production (DEMO=0, NODE_ENV=production, TRUSTED_PROXIES=loopback): the
// schema is migrated and the demo brands imported once, here, before they start, so they do not
// race each other for it. Ctrl-C stops the processes with SIGTERM (each drains and exits 0), then nginx.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../server/src/db/client.ts";
import type { Db } from "../server/src/db/types.ts";
import { importDemoBrands } from "../server/src/import/demo.ts";
import { freePort, nginxAvailable, NGINX_BINARY, startNginx, type Nginx } from "./nginx.ts";

export { freePort };

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
  /** nginx's origin: round-robin over the processes, passive health checks (the production template). */
  origin: string;
  nginx: Nginx;
  /** The processes now running (restart replaces an entry). */
  processes: ApiProcess[];
  databaseUrl: string;
  /**
   * Stops process `index` with `signal` (SIGTERM: it drains and exits 0; SIGKILL: at once), waits
   * for its exit, starts it again on the same port and waits until it is ready.
   */
  restart(index: number, signal: "SIGTERM" | "SIGKILL"): Promise<RestartResult>;
  /** SIGTERM to every process, waits for them, stops nginx, drops a database it created for the run. */
  close(): Promise<void>;
}

export interface RestartResult {
  /** The old process's exit code (null when a signal ended it). */
  code: number | null;
  /** From the signal to the new process's readiness. */
  ms: number;
  process: ApiProcess;
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
  redisUrl?: string;
  /** nginx's port (0 or unset: a free one); the processes get free ports of their own. */
  port?: number;
  /** Ports of the processes; free ones unless given. */
  processPorts?: number[];
  /** Passive health check of every process (nginx `max_fails`, `fail_timeout`): 1 and 2s unless set. */
  maxFails?: number;
  failTimeout?: string;
  /** More environment for every process (RATE_LIMIT_PER_MINUTE, LOG_LEVEL, ESKIZ_API_URL...). */
  env?: Record<string, string>;
  /** Runs on the database after the demo import, before any process starts (a brand's SMS gateway...). */
  prepare?: (db: Db) => Promise<void>;
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
  const child = spawn(process.execPath, ["--max-semi-space-size=4", "--liftoff-only", SERVER], {
    // As `npm run serve` starts it (docs/decisions.md, "The embedded server fits a small machine").
    env: {
      PATH: process.env.PATH ?? "",
      MALLOC_ARENA_MAX: "2",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
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

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (!nginxAvailable()) throw new Error(`nginx not found at ${NGINX_BINARY}: apt-get install nginx`);
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
  const dropCreated = async () => {
    if (created && options.fresh) await admin(adminUrl, `drop database if exists ${dbName} with (force)`);
  };
  // Schema and demo brands once, before any process starts (DEMO=0: the processes import nothing).
  const database = await openDatabase({ databaseUrl, dataDir: "" }, { migrate: true });
  try {
    await importDemoBrands(database.db, { onlyWhenEmpty: true });
    await options.prepare?.(database.db);
  } finally {
    await database.close();
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-cluster-"));
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: options.redisUrl ?? LOCAL_REDIS,
    DATA_DIR: dataDir,
    DEMO: "0",
    NODE_ENV: "production",
    TRUSTED_PROXIES: "loopback",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  const ports = options.processPorts ?? (await Promise.all(Array.from({ length: count }, () => freePort())));
  const processes: ApiProcess[] = [];
  let nginx: Nginx | undefined;
  try {
    processes.push(
      ...(await Promise.all(
        Array.from({ length: count }, (_, i) => startApiProcess(i, ports[i] ?? 0, env, options.log)),
      )),
    );
    nginx = await startNginx({
      ...(options.port ? { port: options.port } : {}),
      upstreams: processes.map((p) => ({
        address: `127.0.0.1:${String(p.port)}`,
        maxFails: options.maxFails ?? 1,
        failTimeout: options.failTimeout ?? "2s",
      })),
    });
  } catch (error) {
    for (const p of processes) p.child.kill("SIGKILL");
    await Promise.all(processes.map((p) => p.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropCreated();
    throw error;
  }
  const lb = nginx;
  return {
    origin: lb.origin,
    nginx: lb,
    processes,
    databaseUrl,
    async restart(index, signal) {
      const old = processes[index];
      if (!old) throw new Error(`no process ${String(index)}`);
      const began = performance.now();
      old.child.kill(signal);
      const code = await old.exited;
      const next = await startApiProcess(index, old.port, env, options.log);
      processes[index] = next;
      return { code, ms: performance.now() - began, process: next };
    },
    async close() {
      for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGTERM");
      await Promise.all(processes.map((p) => p.exited));
      await lb.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropCreated();
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
    // Passive health checks as the README suggests for production.
    maxFails: 3,
    failTimeout: "10s",
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    redisUrl: process.env.REDIS_URL ?? LOCAL_REDIS,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", SHUTDOWN_DRAIN_MS: "1000" },
    log: (line) => {
      process.stdout.write(`${line}\n`);
    },
  });
  process.stdout.write(
    `\n${processes} API processes on ${cluster.processes.map((p) => p.port).join(", ")}; ` +
      `nginx at ${cluster.origin} (try http://lavash.localhost:${port}/). Ctrl-C stops them.\n\n`,
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
