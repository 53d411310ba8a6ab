import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase, openMemoryPglite, type Database } from "../../src/db/client.ts";
import { adminQuery, urlFor } from "./pg.ts";

export type TestBackend = "pglite" | "postgres";
export const backend: TestBackend = process.env.SAVAT_TEST_DB === "postgres" ? "postgres" : "pglite";

export interface TestDb extends Database {
  /** Drops the database (PostgreSQL) or frees it (PGlite). */
  close(): Promise<void>;
}

export interface TestDbOptions {
  /** Start with the four demo brands imported (lavash, plov, sushi, closed). Default false. */
  demo?: boolean;
}

/** A fresh, migrated database of the run's backend, isolated from every other test file. */
export async function createTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const source = inject(options.demo ? "testDbDemoSource" : "testDbSource");
  if (backend === "postgres") {
    const name = `savat_t_${randomBytes(6).toString("hex")}`;
    await adminQuery(`create database ${name} template ${source}`);
    const database = await openDatabase({ databaseUrl: urlFor(name), dataDir: "" }, { migrate: false });
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  return openMemoryPglite(new Blob([fs.readFileSync(source)]));
}
