// Backups that restore: a PostgreSQL backup taken while customers place orders restores into a new
// database on which a fresh server serves every order acknowledged before the backup began; the
// embedded database's copy (server stopped) restores the same way, and a running one is refused.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { backup, restore } from "../src/cli/backup.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { importDemoBrands } from "../src/import/demo.ts";
import { freshIp, freshPhone, loginWithPhone } from "./support/accounts.ts";
import type { TestApp } from "./support/app.ts";
import { backend } from "./support/db.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";
import { adminQuery, urlFor } from "./support/pg.ts";

const CLI = path.join(import.meta.dirname, "../src/cli/backup.ts");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "savat-backup-test-"));
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The real app on an opened database, as the server builds it. */
async function appOn(database: Database): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: "test", DEMO: "1", LOG_LEVEL: "silent", STATIC_DIR: "/nonexistent" });
  const app = await buildApp({
    config,
    database,
    logger: false,
    serveClient: false,
    rateLimitPerMinute: 1e9,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database: { ...database, close: () => database.close() },
    config,
    async close() {
      await app.close();
    },
  };
}

interface Placed {
  id: string;
  token: string;
}

/** A customer places a pickup order paid in cash; answers its id and the customer's token. */
async function placeOne(t: TestApp, merchant: string, branchId: string, productId: string): Promise<Placed> {
  const customer = await loginWithPhone(t, merchant, freshPhone(), freshIp());
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: { merchant, authorization: `Bearer ${customer.token}` },
    payload: {
      serviceType: "PICK_UP",
      paymentType: "CASH",
      cartItems: [{ productId, count: 1, modifications: [] }],
      branchId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: string }>().id, token: customer.token };
}

async function merchantOf(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/lavash" });
  return res.json<{ id: string }>().id;
}

/** Every order is served, by id, to its own customer. */
async function expectServed(t: TestApp, merchant: string, placed: Placed[]): Promise<void> {
  for (const order of placed) {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/${order.id}`,
      headers: { merchant, authorization: `Bearer ${order.token}` },
    });
    expect(res.statusCode, `${order.id}: ${res.body}`).toBe(200);
  }
}

describe.skipIf(backend !== "postgres")("a PostgreSQL backup taken under load", () => {
  const names = [`savat_bk_${randomBytes(5).toString("hex")}`, `savat_rs_${randomBytes(5).toString("hex")}`];
  beforeAll(async () => {
    for (const name of names) await adminQuery(`create database ${name}`);
  });
  afterAll(async () => {
    for (const name of names) await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it("restores into a new database where a fresh server serves every order acknowledged before it began", async () => {
    const [sourceName, targetName] = names as [string, string];
    const source = await openDatabase({ databaseUrl: urlFor(sourceName), dataDir: "" }, { migrate: true });
    await importDemoBrands(source.db, { onlyWhenEmpty: true });
    const t = await appOn(source);
    const merchant = await merchantOf(t);
    const branchId = await branchNamed(t, merchant, "Chilonzor");
    const productId = await plainProduct(t, merchant);

    // Four customers place orders one after another (bounded: 12 each) while the backup runs.
    const acknowledged: { order: Placed; at: number }[] = [];
    let stop = false;
    const workers = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 12 && !stop; i += 1) {
        const order = await placeOne(t, merchant, branchId, productId);
        acknowledged.push({ order, at: performance.now() });
      }
    });
    while (acknowledged.length < 8) await new Promise((r) => setTimeout(r, 20));
    const backupStarted = performance.now();
    const file = path.join(tmp, "under-load.dump");
    await backup({ DATABASE_URL: urlFor(sourceName) }, file);
    stop = true;
    await Promise.all(workers);
    await t.close();
    await source.close();

    const before = acknowledged.filter((a) => a.at < backupStarted).map((a) => a.order);
    console.log(
      `backup under load: ${String(acknowledged.length)} orders acknowledged, ${String(before.length)} before the backup began`,
    );
    expect(before.length).toBeGreaterThanOrEqual(8);

    await restore({ DATABASE_URL: urlFor(targetName) }, file);
    // A second restore over it is refused: a backup never overwrites a live database.
    await expect(restore({ DATABASE_URL: urlFor(targetName) }, file)).rejects.toThrow(
      /restore into a new one/,
    );
    const restored = await openDatabase({ databaseUrl: urlFor(targetName), dataDir: "" }, { migrate: true });
    const fresh = await appOn(restored);
    try {
      await expectServed(fresh, merchant, before);
    } finally {
      await fresh.close();
      await restored.close();
    }
  }, 120_000);
});

describe.skipIf(backend !== "pglite")("the embedded database's backup", () => {
  it("is refused while a server has the database open, and restores into a new DATA_DIR with every order", async () => {
    const dataDir = path.join(tmp, "source");
    const database = await openDatabase({ databaseUrl: undefined, dataDir }, { migrate: true });
    await importDemoBrands(database.db, { onlyWhenEmpty: true });
    const t = await appOn(database);
    const merchant = await merchantOf(t);
    const branchId = await branchNamed(t, merchant, "Chilonzor");
    const productId = await plainProduct(t, merchant);
    const placed = [
      await placeOne(t, merchant, branchId, productId),
      await placeOne(t, merchant, branchId, productId),
    ];
    const file = path.join(tmp, "embedded.tar.gz");
    // The command, run beside the running server, refuses and changes nothing.
    const cli = spawnSync(process.execPath, [CLI, "backup", file], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/in use by another Savat process[\s\S]*Stop the server first/);
    expect(fs.existsSync(file)).toBe(false);
    await t.close();
    await database.close();

    await backup({ DATA_DIR: dataDir }, file);
    const target = path.join(tmp, "target");
    await restore({ DATA_DIR: target }, file);
    await expect(restore({ DATA_DIR: target }, file)).rejects.toThrow(/not empty/);
    const restored = await openDatabase({ databaseUrl: undefined, dataDir: target }, { migrate: true });
    const fresh = await appOn(restored);
    try {
      await expectServed(fresh, merchant, placed);
    } finally {
      await fresh.close();
      await restored.close();
    }
  }, 120_000);
});
