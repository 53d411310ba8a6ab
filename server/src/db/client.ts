import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "../config.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import * as schema from "./schema/index.ts";
import type { Db } from "./types.ts";

export const MIGRATIONS_DIR = path.join(import.meta.dirname, "../../migrations");

interface Journal {
  entries: { tag: string }[];
}
const expectedMigrations = (
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as Journal
).entries.length;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** True when the database answers and every committed migration has been applied. */
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (open, idle among them) and the queries waiting for one. */
  poolStats?(): PoolStats;
  /**
   * PostgreSQL only: a dedicated connection that LISTENs on `channel` and passes each NOTIFY payload
   * on; `onReset` runs whenever that connection was lost (notifications may have been missed) and it
   * reconnects. Resolves to a stop function. Absent on PGlite, which no other process can open.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onReset: () => void,
  ): Promise<() => Promise<void>>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface OpenOptions {
  migrate: boolean;
}

type DbConfig = Pick<Config, "databaseUrl" | "dataDir">;

export async function openDatabase(config: DbConfig, options: OpenOptions): Promise<Database> {
  return config.databaseUrl === undefined
    ? openPglite(config.dataDir, options)
    : openPostgres(config.databaseUrl, options);
}

async function isHealthy(db: Db): Promise<boolean> {
  try {
    const result = await db.execute<{ applied: number }>(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    const applied = result.rows[0]?.applied ?? 0;
    return applied >= expectedMigrations;
  } catch {
    return false;
  }
}

/**
 * The Node file system of PGlite with a real fsync. Emscripten's NODEFS writes through to the
 * operating system (a killed process loses nothing it wrote) but has no fsync, and fdatasync is a
 * no-op in its libc: an operating-system crash or a power cut could lose or tear what PostgreSQL
 * believed on disk. Here fsync reaches the disk (docs/decisions.md, "PGlite data safety").
 */
type PostgresMod = Parameters<NodeFS["init"]>[1];

class DurableNodeFS extends NodeFS {
  override async init(
    pg: PGlite,
    opts: Partial<PostgresMod>,
  ): Promise<{ emscriptenOpts: Partial<PostgresMod> }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const syncing = (mod: unknown) => {
      const nodefs = (mod as { NODEFS: { stream_ops: Record<string, unknown> } }).NODEFS;
      nodefs.stream_ops.fsync = (stream: { nfd?: number }) => {
        if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), syncing] } };
  }
}

/**
 * PGlite's start parameters with fsync on (its default passes -F, fsync off) and the WAL flushed with
 * fsync (fdatasync does nothing under Emscripten): a commit is on disk before it is answered.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== "-F"),
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
  "-c",
  "synchronous_commit=on",
  "-c",
  "full_page_writes=on",
  // 32 MB of shared buffers instead of 128: PGlite's WebAssembly heap stays at its 128 MB floor
  // (189 MB otherwise); pages beyond them come from the data files through the OS's cache. With the
  // start scripts' --liftoff-only (docs/decisions.md) the embedded server fits a small machine.
  "-c",
  "shared_buffers=32MB",
];

async function openPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create({
      fs: new DurableNodeFS(path.join(dataDir, "pglite")),
      startParams: DURABLE_START_PARAMS,
    });
    const db = drizzlePglite({ client, schema, casing: "snake_case" });
    if (options.migrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    const shared: Db = db;
    return {
      db: shared,
      kind: "pglite",
      isHealthy: () => isHealthy(shared),
      async close() {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A consistent copy of the embedded database (a gzipped tarball of its data directory). The data
 * directory's lock refuses while a server has it open: a copy of a running database's files would
 * not be consistent.
 */
export async function dumpPglite(dataDir: string): Promise<Blob> {
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create({
      fs: new DurableNodeFS(path.join(dataDir, "pglite")),
      startParams: DURABLE_START_PARAMS,
    });
    try {
      return await client.dumpDataDir("gzip");
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** Creates the embedded database of an empty data directory from a dumpPglite copy. */
export async function restorePglite(dataDir: string, dump: Blob): Promise<void> {
  const target = path.join(dataDir, "pglite");
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    throw new Error(`${target} is not empty: restore into a new DATA_DIR`);
  }
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create({
      fs: new DurableNodeFS(target),
      startParams: DURABLE_START_PARAMS,
      loadDataDir: dump,
    });
    await client.close();
  } finally {
    release();
  }
}

/** An in-memory PGlite (tests); `dump()` snapshots it so other test files can start from a copy. */
export interface MemoryDatabase extends Database {
  dump(): Promise<Blob>;
}

/** Opens an in-memory PGlite; `loadDataDir` restores a snapshot, otherwise it is migrated from scratch. */
export async function openMemoryPglite(loadDataDir?: Blob): Promise<MemoryDatabase> {
  const client = await PGlite.create(loadDataDir ? { loadDataDir } : {});
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  if (!loadDataDir) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  const shared: Db = db;
  return {
    db: shared,
    kind: "pglite",
    isHealthy: () => isHealthy(shared),
    close: () => client.close(),
    dump: () => client.dumpDataDir("gzip"),
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that errors (server restart) must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  try {
    if (options.migrate) await migrateAlone(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  const shared: Db = db;
  return {
    db: shared,
    kind: "postgres",
    isHealthy: () => isHealthy(shared),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onMessage, onReset) => listenPostgres(url, channel, onMessage, onReset),
  };
}

/**
 * Several API processes starting together on a new version would apply the same migration at once;
 * a session lock lets one apply it while the others wait, then find nothing left to do.
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtextextended('savat:migrate', 0))");
    await migrate();
  } finally {
    await lock
      .query("select pg_advisory_unlock(hashtextextended('savat:migrate', 0))")
      .catch(() => undefined);
    lock.release();
  }
}

const LISTEN_RETRY_MS = 1_000;

async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReset: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    c.on("notification", (n) => {
      if (n.channel === channel) onMessage(n.payload ?? "");
    });
    c.on("error", () => {
      if (client === c) lost();
    });
    c.on("end", () => {
      if (client === c) lost();
    });
    client = c;
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  };
  const lost = (): void => {
    const old = client;
    client = null;
    old?.end().catch(() => undefined);
    if (stopped) return;
    onReset();
    retry = setTimeout(() => {
      retry = null;
      if (!stopped)
        connect().catch(() => {
          lost();
        });
    }, LISTEN_RETRY_MS);
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
