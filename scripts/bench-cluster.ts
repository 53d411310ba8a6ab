// Benchmark, not a test: 1, 2 and 3 API processes on one PostgreSQL and Redis (scripts/cluster.ts),
// driven through nginx (deploy/nginx/savat.conf.template): orders placed per second and menu
// requests per second, each level with the machine's load average (os.loadavg) beside it.
// Bounded: ORDERS orders per level at CONCURRENCY, then MENU_SECONDS of menu requests.
// Usage: npm run bench:cluster [-- orders=200 concurrency=16 menuSeconds=5 levels=1,2,3]
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/test (default): a database savat_bench_cluster is
//   made there and dropped afterwards. REDIS_URL: redis://127.0.0.1:6379 unless set.
// On a machine with fewer cores than processes + nginx + load generator the figures show the
// machine, not the design: read them with the core count and the load averages in mind (printed).
import { benchDatabaseName } from "./bench-db.ts";
import os from "node:os";
import autocannon from "autocannon";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { LOCAL_PG_ADMIN, LOCAL_REDIS, startCluster, urlOnServer } from "./cluster.ts";
import { openDatabase } from "../server/src/db/client.ts";
import { branches, merchants, orders, products, users } from "../server/src/db/schema/index.ts";
import { importDemoBrands } from "../server/src/import/demo.ts";
import { createSession } from "../server/src/repositories/sessions.ts";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => a.split("=") as [string, string]),
) as Partial<Record<"orders" | "concurrency" | "menuSeconds" | "levels", string>>;
const ORDERS = Number(args.orders ?? 200);
const CONCURRENCY = Number(args.concurrency ?? 16);
const MENU_SECONDS = Number(args.menuSeconds ?? 5);
const LEVELS = (args.levels ?? "1,2,3").split(",").map(Number);
const adminUrl = process.env.BENCH_PG ?? LOCAL_PG_ADMIN;
const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS;
const DB = benchDatabaseName("cluster");

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

interface Row {
  processes: number;
  ordersPerSecond: number;
  orderP50: number;
  orderP99: number;
  menuPerSecond: number;
  menuP99: number;
  /** os.loadavg() (1, 5, 15 minutes) when the level ended. */
  load: number[];
}

await admin(`create database ${DB}`);
const databaseUrl = urlOnServer(adminUrl, DB);
const database = await openDatabase({ databaseUrl, dataDir: "" }, { migrate: true });
const rows: Row[] = [];
try {
  const db = database.db;
  await importDemoBrands(db, { onlyWhenEmpty: true });
  const [merchant] = await db.select().from(merchants).where(eq(merchants.sub, "lavash"));
  const [branch] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.merchantId, merchant?.id ?? ""), sql`${branches.name}->>'eng' like 'Chilonzor%'`));
  const [product] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchant?.id ?? ""),
        sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        sql`${products.costPrice} >= 35000`,
      ),
    )
    .limit(1);
  if (!merchant || !branch || !product) throw new Error("demo data missing");
  const body = JSON.stringify({
    serviceType: "DELIVERY",
    paymentType: "CASH",
    branchId: branch.id,
    address: { name: "Bench street 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 },
    cartItems: [{ productId: product.id, count: 1, modifications: [] }],
  });
  const tokens: string[] = [];
  for (let w = 0; w < CONCURRENCY; w += 1) {
    const [user] = await db
      .insert(users)
      .values({
        merchantId: merchant.id,
        firstName: `Bench cluster ${String(w)}`,
        phone: `+99890555${String(w).padStart(4, "0")}`,
      })
      .returning({ id: users.id });
    tokens.push(
      (await createSession(db, { merchantId: merchant.id, userId: user?.id ?? "", channel: "WEB" })).token,
    );
  }

  for (const n of LEVELS) {
    const cluster = await startCluster({
      processes: n,
      databaseUrl,
      redisUrl,
      env: { RATE_LIMIT_PER_MINUTE: "1000000", LOG_LEVEL: "warn", REDIS_KEY_PREFIX: "savat-bench:" },
    });
    try {
      // Orders: CONCURRENCY customers, back to back, until ORDERS are placed.
      const latencies: number[] = [];
      const ids: string[] = [];
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        tokens.map(async (token, w) => {
          for (let i = next++; i < ORDERS; i = next++) {
            const began = performance.now();
            const res = await fetch(`${cluster.origin}/api/orders/v1/orders`, {
              method: "POST",
              headers: {
                "content-type": "application/json",
                merchant: merchant.id,
                authorization: `Bearer ${token}`,
                "idempotency-key": `bench-cluster-${String(n)}-${String(w)}-${String(i)}`,
              },
              body,
            });
            const json = (await res.json()) as { id?: string };
            latencies.push(performance.now() - began);
            if (res.status !== 201 || !json.id)
              throw new Error(`order refused: ${String(res.status)} ${JSON.stringify(json)}`);
            ids.push(json.id);
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      latencies.sort((a, b) => a - b);
      const [found] = await db.select({ n: count() }).from(orders).where(inArray(orders.id, ids));
      if (found?.n !== ids.length) throw new Error("acknowledged orders missing");

      // Menu: the cached overall menu, gzip, 32 connections through nginx.
      const menu = await autocannon({
        url: `${cluster.origin}/api/products/v1/overalls?type=WEB`,
        connections: 32,
        duration: MENU_SECONDS,
        headers: { merchant: merchant.id, "accept-encoding": "gzip" },
      });
      if (menu.non2xx > 0 || menu.errors > 0)
        throw new Error(`menu: ${String(menu.non2xx)} non-2xx, ${String(menu.errors)} errors`);
      rows.push({
        processes: n,
        ordersPerSecond: ORDERS / seconds,
        orderP50: percentile(latencies, 50),
        orderP99: percentile(latencies, 99),
        menuPerSecond: menu.requests.average,
        menuP99: menu.latency.p99,
        load: os.loadavg(),
      });
      process.stderr.write(`${String(n)} process(es) done\n`);
    } finally {
      await cluster.close();
    }
  }
} finally {
  await database.close();
  await admin(`drop database if exists ${DB} with (force)`);
}

const f = (v: number, d = 0) => v.toFixed(d).padStart(9);
process.stdout.write(
  `\nbench-cluster: ${String(ORDERS)} orders at concurrency ${String(CONCURRENCY)}, menu ${String(MENU_SECONDS)} s x 32 connections, ` +
    `through nginx; PostgreSQL + Redis; ${String(os.availableParallelism())} cores\n\n` +
    `processes  orders/s  p50 ms    p99 ms   menu req/s  menu p99 ms  load average (1, 5, 15 min)\n`,
);
for (const r of rows)
  process.stdout.write(
    `${String(r.processes).padStart(9)} ${f(r.ordersPerSecond, 1)} ${f(r.orderP50)} ${f(r.orderP99)} ${f(r.menuPerSecond).padStart(12)} ${f(r.menuP99).padStart(12)}  ${r.load.map((l) => l.toFixed(2)).join(", ")}\n`,
  );
