import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, openMemoryPglite } from "../../src/db/client.ts";
import type { Db } from "../../src/db/types.ts";
import { importDemoBrands } from "../../src/import/demo.ts";
import { adminQuery, urlFor } from "./pg.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** pglite: a gzip dump of a migrated database; postgres: the name of a migrated template database. */
    testDbSource: string;
    /** The same with the demo brands imported. */
    testDbDemoSource: string;
  }
}

const seedDemo = (db: Db) => importDemoBrands(db, { onlyWhenEmpty: false });

/**
 * Migrates (and seeds the demo brands) once per run, so each test file starts from a fresh copy in
 * milliseconds instead of migrating again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === "server-postgres") {
    const templates: string[] = [];
    for (const demo of [false, true]) {
      const name = `savat_tpl_${demo ? "demo_" : ""}${process.pid}`;
      await adminQuery(`drop database if exists ${name}`);
      await adminQuery(`create database ${name}`);
      templates.push(name);
      const database = await openDatabase({ databaseUrl: urlFor(name), dataDir: "" }, { migrate: true });
      if (demo) await seedDemo(database.db);
      await database.close();
      project.provide(demo ? "testDbDemoSource" : "testDbSource", name);
    }
    return async () => {
      for (const name of templates) await adminQuery(`drop database if exists ${name} with (force)`);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-test-"));
  const database = await openMemoryPglite();
  for (const demo of [false, true]) {
    if (demo) await seedDemo(database.db);
    const file = path.join(dir, demo ? "demo.tar.gz" : "migrated.tar.gz");
    fs.writeFileSync(file, Buffer.from(await (await database.dump()).arrayBuffer()));
    project.provide(demo ? "testDbDemoSource" : "testDbSource", file);
  }
  await database.close();
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
