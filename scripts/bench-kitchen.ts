// Benchmark, not a test (issue 38): orders out to iiko while customers place them. The real app
// listens on 127.0.0.1 in this process with the demo brands; plov is wired to the fake iiko as the
// demo wires it (wireDemoKitchen). Signed-in customers place ORDERS cash PICK_UP orders (payment on
// receipt: each goes to the kitchen at placement) at CONCURRENCY through POST /api/orders/v1/orders,
// each with an Idempotency-Key, once with iiko answering in 0 ms and once in 300 ms (after a warm-up
// of CONCURRENCY orders). The sends are the real kitchen workers (services/kitchen/worker.ts): the
// app's own, kicked by every placement and sweeping every KITCHEN_SWEEP_MS, plus WORKERS-1 more
// started as background.ts starts it, as the other processes of a cluster on one database would
// run theirs; placement i kicks extra worker i % (WORKERS-1), as if it had been served there.
// The fake does not cook (no status webhooks back), as under the tests.
// Reports placement p50/p95/p99 and orders/s for both rounds (the send is asynchronous: 300 ms in
// iiko should not show in placement), the time until every acknowledged order is in the fake iiko
// (deadline 120 s), and the counts: acknowledged, in the database, in iiko, lost (acknowledged but
// never in iiko), sent twice (an external number iiko took more than once; iiko's guard on the
// external number makes this 0 even when we send twice) and resent (an external number with more
// than one deliveries/create call: our side sent twice). Exit code 1 unless all three are 0.
// Usage: node scripts/bench-kitchen.ts [orders=200] [concurrency=16] [workers=4]   (npm run bench:kitchen)
//   Runs on the embedded PGlite, then on PostgreSQL when BENCH_PG (default
//   postgres://postgres@127.0.0.1:5432/test) is reachable: in a fresh database
//   savat_bench_kitchen_<pid>_<random> made next to it and dropped afterwards. BENCH_PG=off skips it.
import { benchDatabaseName } from "./bench-db.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../server/src/app.ts";
import { loadConfig } from "../server/src/config.ts";
import { DEMO_IIKO_ORGANIZATION_ID, fakeIiko, fakesFor, wireDemoKitchen } from "../server/src/dev-wiring.ts";
import { openDatabase, type Database } from "../server/src/db/client.ts";
import { branches, kitchenOrders, orders, products, users } from "../server/src/db/schema/index.ts";
import { importDemoBrands } from "../server/src/import/demo.ts";
import { createSession } from "../server/src/repositories/sessions.ts";
import { startKitchenWorker } from "../server/src/services/kitchen/worker.ts";

const ORDERS = Number(process.argv[2] ?? 200);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const WORKERS = Math.max(1, Number(process.argv[4] ?? 4));
const DRAIN_DEADLINE_MS = 120_000;
const adminUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/test";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
/** Runs `task` for 0..total-1 with at most `concurrency` at once. */
async function pool(total: number, concurrency: number, task: (i: number, worker: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = next++; i < total; i = next++) await task(i, worker);
    }),
  );
}

interface Round {
  backend: string;
  iikoMs: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Seconds from the first placement until every acknowledged order was in iiko; null: deadline. */
  allInIiko: number | null;
  lost: number;
  /** External numbers iiko took more than once. */
  twice: number;
  /** External numbers with more than one deliveries/create call (iiko refuses the later ones). */
  resent: number;
}

async function run(backend: string, database: Database, databaseUrl?: string): Promise<Round[]> {
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
  const extra = Array.from({ length: WORKERS - 1 }, () => startKitchenWorker(app, app.orderEvents));
  try {
    fakeIiko.slowMs = 0;
    const merchantId = await wireDemoKitchen(app);
    const [branch] = await db
      .select()
      .from(branches)
      .where(eq(branches.merchantId, merchantId ?? ""));
    const [product] = await db
      .select()
      .from(products)
      .where(
        and(
          eq(products.merchantId, merchantId ?? ""),
          sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
          sql`${products.costPrice} >= 35000`,
        ),
      )
      .limit(1);
    if (!merchantId || !branch || !product) throw new Error("demo data missing (plov, a branch, a product)");
    const tokens: string[] = [];
    for (let w = 0; w < CONCURRENCY; w++) {
      const [user] = await db
        .insert(users)
        .values({ merchantId, firstName: `Cook ${String(w)}`, phone: `+99891${String(5_100_000 + w)}` })
        .returning({ id: users.id });
      if (!user) throw new Error("user insert");
      tokens.push((await createSession(db, { merchantId, userId: user.id, channel: "WEB" })).token);
    }
    const body = JSON.stringify({
      serviceType: "PICK_UP",
      paymentType: "CASH",
      branchId: branch.id,
      cartItems: [{ productId: product.id, count: 1, modifications: [] }],
    });

    const round = async (label: string, total: number, iikoMs: number): Promise<Round> => {
      fakeIiko.forgetOrders();
      fakeIiko.slowMs = iikoMs;
      const latencies: number[] = [];
      const acked = new Map<string, string>(); // order id -> its number, iiko's externalNumber
      const t0 = performance.now();
      await pool(total, CONCURRENCY, async (i, w) => {
        const started = performance.now();
        const res = await fetch(`${origin}/api/orders/v1/orders`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            merchant: merchantId,
            authorization: `Bearer ${tokens[w] ?? ""}`,
            "idempotency-key": `${label}-${String(i)}`,
          },
          body,
        });
        const order = (await res.json()) as { id?: string; number?: number };
        latencies.push(performance.now() - started);
        if (res.status !== 201 || !order.id || order.number === undefined)
          throw new Error(`order refused: ${String(res.status)} ${JSON.stringify(order)}`);
        acked.set(order.id, String(order.number));
        extra[i % extra.length]?.kick();
      });
      const placedS = (performance.now() - t0) / 1000;
      const inIiko = () => new Set(fakeIiko.ordersOf(DEMO_IIKO_ORGANIZATION_ID).map((o) => o.externalNumber));
      let allInIiko: number | null = null;
      while (performance.now() - t0 < DRAIN_DEADLINE_MS) {
        const have = inIiko();
        if ([...acked.values()].every((n) => have.has(n))) {
          allInIiko = (performance.now() - t0) / 1000;
          break;
        }
        await sleep(20);
      }
      await Promise.all([app.kitchen.idle(), ...extra.map((w) => w.idle())]);

      // The counts: ours, the database's and iiko's.
      const ids = [...acked.keys()];
      const [inDb] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.merchantId, merchantId), like(orders.idempotencyKey, `${label}-%`)));
      const rows = await db
        .select({ state: kitchenOrders.state, n: count() })
        .from(kitchenOrders)
        .where(inArray(kitchenOrders.orderId, ids))
        .groupBy(kitchenOrders.state);
      const taken = fakeIiko.ordersOf(DEMO_IIKO_ORGANIZATION_ID).map((o) => o.externalNumber);
      const perNumber = new Map<string, number>();
      for (const n of taken) perNumber.set(n, (perNumber.get(n) ?? 0) + 1);
      const creates = new Map<string, number>();
      for (const o of fakeIiko.createCalls())
        creates.set(o.externalNumber, (creates.get(o.externalNumber) ?? 0) + 1);
      const have = new Set(taken);
      const lost = [...acked.values()].filter((n) => !have.has(n)).length;
      const twice = [...perNumber.values()].filter((n) => n > 1).length;
      const resent = [...creates.values()].filter((n) => n > 1).length;
      latencies.sort((a, b) => a - b);
      const r: Round = {
        backend,
        iikoMs,
        perSecond: total / placedS,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        allInIiko,
        lost,
        twice,
        resent,
      };
      console.log(
        `${backend}, iiko ${String(iikoMs)} ms: ${String(total)} placed at concurrency ${String(CONCURRENCY)} in ${placedS.toFixed(2)} s = ${r.perSecond.toFixed(1)} orders/s; placement p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms\n` +
          `  every order in iiko ${allInIiko === null ? `NOT within ${String(DRAIN_DEADLINE_MS / 1000)} s` : `${allInIiko.toFixed(2)} s after the first placement (${(allInIiko - placedS).toFixed(2)} s after the last acknowledgment)`}\n` +
          `  acknowledged ${String(acked.size)}, in the database ${String(inDb?.n ?? 0)} (kitchen rows ${rows.map((x) => `${x.state} ${String(x.n)}`).join(", ")}), in iiko ${String(taken.length)} with ${String(perNumber.size)} distinct external numbers; deliveries/create calls ${String([...creates.values()].reduce((a, b) => a + b, 0))}, numbers called more than once ${String(resent)}; lost ${String(lost)}, sent twice ${String(twice)}`,
      );
      return r;
    };

    await round(`warm-${backend}`, CONCURRENCY, 0);
    return [await round(`fast-${backend}`, ORDERS, 0), await round(`slow-${backend}`, ORDERS, 300)];
  } finally {
    await Promise.all(extra.map((w) => w.stop()));
    await app.close();
  }
}

console.log(
  `Kitchen benchmark: ${String(ORDERS)} cash pick-up orders of plov at concurrency ${String(CONCURRENCY)}, ${String(WORKERS)} kitchen workers, ${String(os.cpus().length)} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const results: Round[] = [];
{
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-bench-kitchen-"));
  const database = await openDatabase({ databaseUrl: undefined, dataDir }, { migrate: true });
  try {
    results.push(...(await run("pglite", database)));
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (adminUrl !== "off") {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  const reachable = await admin.connect().then(
    () => true,
    (error: unknown) => {
      console.log(`Note: PostgreSQL unreachable at ${adminUrl} (${(error as Error).message}); PGlite only.`);
      return false;
    },
  );
  if (reachable) {
    // Our own database only: a unique name, never a shared one dropped by force.
    const name = benchDatabaseName("kitchen");
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" }, { migrate: true });
      try {
        results.push(...(await run("postgres", database, url.toString())));
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else await admin.end().catch(() => undefined);
}

console.log("\nbackend   iiko ms  orders/s  p50 ms  p95 ms  p99 ms  all in iiko s  lost  twice  resent");
for (const r of results) {
  console.log(
    `${r.backend.padEnd(9)} ${String(r.iikoMs).padStart(7)}  ${r.perSecond.toFixed(1).padStart(8)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p95.toFixed(1).padStart(6)}  ${r.p99.toFixed(1).padStart(6)}  ${(r.allInIiko?.toFixed(2) ?? "timeout").padStart(13)}  ${String(r.lost).padStart(4)}  ${String(r.twice).padStart(5)}  ${String(r.resent).padStart(6)}`,
  );
}
const bad = results.filter((r) => r.lost > 0 || r.twice > 0 || r.resent > 0);
if (bad.length > 0) {
  console.error(
    `FAILED: orders lost or sent twice (or a number sent again) in ${bad.map((r) => `${r.backend}/${String(r.iikoMs)} ms`).join(", ")}`,
  );
  process.exitCode = 1;
} else console.log("OK: every acknowledged order reached iiko once.");
