// Benchmark, not a test: placing orders (POST /api/orders/v1/orders) at increasing concurrency, on
// the embedded PGlite and on PostgreSQL, beside a bare write of the same rows (order, line, history,
// number) in the same run: on PostgreSQL one statement per order from a separate process
// (bench-orders-baseline.ts), on PGlite (which lives in this process only) a transaction here. Every request carries an Idempotency-Key and one in ten is sent twice at
// once; afterwards every acknowledged order must exist and no key may have two orders.
// The API listens on 127.0.0.1 in this process; the load is bounded (ORDERS per level).
// Usage: node scripts/bench-orders.ts [ordersPerLevel=120] [levels=1,4,16,32]
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/test (default) names the PostgreSQL server; a fresh
//   database savat_bench_orders_<pid>_<random> is made next to it and dropped afterwards. BENCH_PG=off skips it.
import { benchDatabaseName } from "./bench-db.ts";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../server/src/app.ts";
import { loadConfig } from "../server/src/config.ts";
import { fakesFor } from "../server/src/dev-wiring.ts";
import { openDatabase, type Database } from "../server/src/db/client.ts";
import {
  branches,
  orderHistory,
  orderItems,
  orderNumberCounters,
  orders,
  products,
  users,
} from "../server/src/db/schema/index.ts";
import { importDemoBrands } from "../server/src/import/demo.ts";
import { createSession } from "../server/src/repositories/sessions.ts";

const BENCH_DB = benchDatabaseName("orders");
const perLevel = Number(process.argv[2] ?? 120);
const levels = (process.argv[3] ?? "1,4,16,32").split(",").map(Number);
const adminUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/test";

interface LevelResult {
  backend: string;
  concurrency: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  bareRowsPerSecond: number;
  bareP99: number;
  roundTrips: number;
}

// Round trips: every statement sent to the database. node-postgres sends each query through
// Client.prototype.query (the pool's clients included); PGlite sends each statement as one protocol
// message that opens with Parse ('P', a query with parameters) or Query ('Q', exec).
let statements = 0;
{
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its client below
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its instance below
  const stream = PGlite.prototype.execProtocolStream;
  PGlite.prototype.execProtocolStream = function (this: PGlite, message, options) {
    if (message[0] === 0x50 || message[0] === 0x51) statements++;
    return stream.call(this, message, options);
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function pool(total: number, concurrency: number, task: (i: number, worker: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = next++; i < total; i = next++) await task(i, worker);
    }),
  );
}

async function run(
  backend: "pglite" | "postgres",
  database: Database,
  databaseUrl?: string,
): Promise<LevelResult[]> {
  const db = database.db;
  await importDemoBrands(db, { onlyWhenEmpty: true });
  const config = loadConfig({
    NODE_ENV: "test",
    DEMO: "1",
    LOG_LEVEL: "silent",
    STATIC_DIR: "/nonexistent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    serveClient: false,
    rateLimitPerMinute: 1e9,
    ...fakesFor(config),
  });
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  const merchant = (await (await fetch(`${origin}/api/users/v1/merchants/sub/lavash`)).json()) as {
    id: string;
  };
  const [branch] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.merchantId, merchant.id), sql`${branches.name}->>'eng' like 'Chilonzor%'`));
  const [product] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchant.id),
        sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        sql`${products.costPrice} >= 35000`,
      ),
    )
    .limit(1);
  if (!branch || !product) throw new Error("demo data missing");
  const body = JSON.stringify({
    serviceType: "DELIVERY",
    paymentType: "CASH",
    branchId: branch.id,
    address: { name: "Bench street 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 },
    cartItems: [{ productId: product.id, count: 1, modifications: [] }],
  });
  const results: LevelResult[] = [];
  let roundTrips = 0;
  for (const concurrency of levels) {
    const tokens: { token: string; userId: string }[] = [];
    for (let w = 0; w < concurrency; w++) {
      const [user] = await db
        .insert(users)
        .values({
          merchantId: merchant.id,
          firstName: `Bench ${String(concurrency)}-${String(w)}`,
          // Orders need a phone to call.
          phone: `+99897${String(1_000_000 + concurrency * 1000 + w)}`,
        })
        .returning({ id: users.id });
      if (!user) throw new Error("user insert");
      const { token } = await createSession(db, { merchantId: merchant.id, userId: user.id, channel: "WEB" });
      tokens.push({ token, userId: user.id });
    }
    // Round trips of one placement on its own: a first submit with a key, after one that warmed the
    // caches (merchant, branches, regions) up.
    for (const attempt of ["warm", "alone"]) {
      const before = statements;
      const res = await fetch(`${origin}/api/orders/v1/orders`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          merchant: merchant.id,
          authorization: `Bearer ${tokens[0]?.token ?? ""}`,
          "idempotency-key": `bench-${backend}-${String(concurrency)}-${attempt}`,
        },
        body,
      });
      if (res.status !== 201) throw new Error(`order refused: ${String(res.status)} ${await res.text()}`);
      roundTrips = statements - before;
    }
    const latencies: number[] = [];
    const acked = new Map<string, string>();
    const keys: string[] = [];
    const place = async (key: string, worker: number) => {
      const started = performance.now();
      const res = await fetch(`${origin}/api/orders/v1/orders`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          merchant: merchant.id,
          authorization: `Bearer ${tokens[worker]?.token ?? ""}`,
          "idempotency-key": key,
        },
        body,
      });
      const json = (await res.json()) as { id?: string };
      latencies.push(performance.now() - started);
      if ((res.status === 200 || res.status === 201) && json.id) {
        const seen = acked.get(key);
        if (seen && seen !== json.id) throw new Error(`key ${key} answered two orders`);
        acked.set(key, json.id);
      } else throw new Error(`order refused: ${String(res.status)} ${JSON.stringify(json)}`);
    };
    const t0 = performance.now();
    await pool(perLevel, concurrency, async (i, worker) => {
      const key = `bench-${backend}-${String(concurrency)}-${String(i)}`;
      keys.push(key);
      // One in ten is a retried submit arriving at the same time as the first.
      if (i % 10 === 0) await Promise.all([place(key, worker), place(key, worker)]);
      else await place(key, worker);
    });
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);

    // Nothing acknowledged is missing; no key holds two orders.
    const ids = [...new Set(acked.values())];
    const [found] = await db.select({ n: count() }).from(orders).where(inArray(orders.id, ids));
    if ((found?.n ?? 0) !== ids.length)
      throw new Error(`acknowledged orders missing: ${String(ids.length - (found?.n ?? 0))}`);
    const dupes = await db
      .select({ key: orders.idempotencyKey, n: count() })
      .from(orders)
      .where(inArray(orders.idempotencyKey, keys))
      .groupBy(orders.idempotencyKey)
      .having(sql`count(*) > 1`);
    if (dupes.length > 0) throw new Error(`duplicate orders for ${String(dupes.length)} keys`);
    if (ids.length !== perLevel)
      throw new Error(`expected ${String(perLevel)} orders, got ${String(ids.length)}`);

    // The same rows written bare: number, order, line, history; no checks, no HTTP.
    const [sample] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, ids[0] ?? ""));
    const [sampleItem] = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, ids[0] ?? ""));
    if (!sample || !sampleItem) throw new Error("sample order missing");
    let bare: number[] = [];
    let bareSeconds: number;
    if (databaseUrl) {
      // PostgreSQL: one statement per order, from a process of its own (scripts/bench-orders-baseline.ts).
      const users = tokens.map((x) => x.userId).join(",");
      const child = spawnSync(
        process.execPath,
        [
          path.join(import.meta.dirname, "bench-orders-baseline.ts"),
          databaseUrl,
          sample.id,
          String(perLevel),
          String(concurrency),
          users,
          `bare-${backend}-${String(concurrency)}`,
        ],
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
      );
      if (child.status !== 0) throw new Error(`the baseline exited with ${String(child.status)}`);
      const answer = JSON.parse(child.stdout) as { seconds: number; latencies: number[] };
      bare = answer.latencies;
      bareSeconds = answer.seconds;
    } else {
      const b0 = performance.now();
      // PGlite lives in this process only: its baseline is a transaction of the same rows here.
      await pool(perLevel, concurrency, async (i, worker) => {
        const started = performance.now();
        await db.transaction(async (tx) => {
          const [counter] = await tx
            .insert(orderNumberCounters)
            .values({ merchantId: merchant.id, lastNumber: 1 })
            .onConflictDoUpdate({
              target: orderNumberCounters.merchantId,
              set: { lastNumber: sql`${orderNumberCounters.lastNumber} + 1` },
            })
            .returning({ number: orderNumberCounters.lastNumber });
          const {
            id: _id,
            number: _n,
            idempotencyKey: _k,
            createdDate: _c,
            lastModifiedDate: _m,
            ...rest
          } = sample;
          const [row] = await tx
            .insert(orders)
            .values({
              ...rest,
              number: counter?.number ?? 0,
              userId: tokens[worker]?.userId ?? null,
              idempotencyKey: `bare-${backend}-${String(concurrency)}-${String(i)}`,
            })
            .returning({ id: orders.id });
          if (!row) throw new Error("bare insert");
          const { id: _iid, orderId: _oid, ...item } = sampleItem;
          await tx.insert(orderItems).values({ ...item, orderId: row.id });
          await tx
            .insert(orderHistory)
            .values({ merchantId: merchant.id, orderId: row.id, status: "CREATED", reason: "CHANGE_STATUS" });
        });
        bare.push(performance.now() - started);
      });
      bareSeconds = (performance.now() - b0) / 1000;
    }
    bare.sort((a, b) => a - b);
    results.push({
      backend,
      concurrency,
      ordersPerSecond: perLevel / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      bareRowsPerSecond: perLevel / bareSeconds,
      bareP99: percentile(bare, 99),
      roundTrips,
    });
    console.log(
      `${backend} c=${String(concurrency)}: ${(perLevel / seconds).toFixed(1)} orders/s, p99 ${percentile(latencies, 99).toFixed(1)} ms; bare ${(perLevel / bareSeconds).toFixed(1)}/s, p99 ${percentile(bare, 99).toFixed(1)} ms; ${String(perLevel)} acknowledged, all present, no duplicate key`,
    );
  }
  await app.close();
  return results;
}

const all: LevelResult[] = [];
{
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-bench-orders-"));
  const database = await openDatabase({ databaseUrl: undefined, dataDir }, { migrate: true });
  try {
    all.push(...(await run("pglite", database)));
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (adminUrl !== "off") {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${BENCH_DB}`);
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" }, { migrate: true });
  try {
    all.push(...(await run("postgres", database, url.toString())));
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.end();
  }
}

console.log(
  "\nbackend   conc  orders/s  p50 ms  p99 ms  bare/s  bare p99  ratio (orders/s / bare/s)  round trips/order",
);
for (const r of all) {
  console.log(
    `${r.backend.padEnd(9)} ${String(r.concurrency).padStart(4)}  ${r.ordersPerSecond.toFixed(1).padStart(8)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p99.toFixed(1).padStart(6)}  ${r.bareRowsPerSecond.toFixed(1).padStart(6)}  ${r.bareP99.toFixed(1).padStart(8)}  ${(r.ordersPerSecond / r.bareRowsPerSecond).toFixed(2).padStart(5)}  ${String(r.roundTrips).padStart(27)}`,
  );
}
