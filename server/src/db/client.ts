import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
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

async function openPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, "pglite"));
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
    if (options.migrate) await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
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
  };
}
