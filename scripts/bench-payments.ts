// Benchmark, not a test: paying orders through Payme's Merchant API under a bounded load. The real
// app on PostgreSQL (a fresh database savat_bench_payments next to BENCH_PG, dropped afterwards; the
// embedded PGlite, with a note, when PostgreSQL is unreachable or BENCH_PG=off), listening on
// 127.0.0.1 in this process, with the demo brands. Signed-in customers of lavash (Payme on) place
// ORDERS Payme orders through the API and ask for each order's checkout link; then every order is
// paid as the demo's fake Payme page pays it (server/src/fakes/fake-payme.ts): the link's amount
// and order, the brand's key in Basic auth, CheckPerformTransaction -> CreateTransaction ->
// PerformTransaction (a failed Perform cancels its transaction, reason 3), at CONCURRENCY orders at
// once. One order in four also replays its Perform at the same moment, and again afterwards, as Payme
// does when an answer is lost. Reports callbacks/s and the callbacks' p50/p99, then checks the
// database: no order paid twice (one performed transaction per order), no performed transaction
// whose order is not paid and CREATED/AT_TIME, and every order paid. Exit code 1 when a check fails.
// Usage: node scripts/bench-payments.ts [orders=200] [concurrency=16]   (npm run bench:payments)
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/test (default) names the PostgreSQL server.
import { benchDatabaseName } from "./bench-db.ts";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../server/src/app.ts";
import { loadConfig } from "../server/src/config.ts";
import { fakesFor } from "../server/src/dev-wiring.ts";
import { openDatabase, type Database } from "../server/src/db/client.ts";
import { branches, orders, paymentTransactions, products, users } from "../server/src/db/schema/index.ts";
import { importDemoBrands } from "../server/src/import/demo.ts";
import { createSession } from "../server/src/repositories/sessions.ts";
import { decodePaymeCheckout } from "../server/src/services/payments/payme-checkout.ts";
import { findMerchantByPaymeId } from "../server/src/repositories/payments.ts";

const ORDERS = Number(process.argv[2] ?? 200);
const CONCURRENCY = Number(process.argv[3] ?? 16);
/** Every REPLAY_EVERY-th order replays its Perform at once and once more afterwards. */
const REPLAY_EVERY = 4;
const adminUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/test";
const BENCH_DB = benchDatabaseName("payments");

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

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: { en: string } };
}

async function run(backend: string, database: Database, databaseUrl?: string): Promise<string[]> {
  const db = database.db;
  const failures: string[] = [];
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
  try {
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

    // Signed-in customers, one per worker.
    const tokens: string[] = [];
    for (let w = 0; w < CONCURRENCY; w++) {
      const [user] = await db
        .insert(users)
        // A phone: orders need one (PHONE_REQUIRED).
        .values({
          merchantId: merchant.id,
          firstName: `Payer ${String(w)}`,
          phone: `+99890${String(9_100_000 + w)}`,
        })
        .returning({ id: users.id });
      if (!user) throw new Error("user insert");
      tokens.push(
        (await createSession(db, { merchantId: merchant.id, userId: user.id, channel: "WEB" })).token,
      );
    }
    const api = (worker: number) => ({
      merchant: merchant.id,
      authorization: `Bearer ${tokens[worker] ?? ""}`,
    });

    // 1. Orders placed and their checkout links asked for, as the storefront does.
    const body = JSON.stringify({
      serviceType: "DELIVERY",
      paymentType: "PAYME",
      branchId: branch.id,
      address: { name: "Bench street 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 },
      cartItems: [{ productId: product.id, count: 1, modifications: [] }],
    });
    const links: { encoded: string; orderId: string }[] = [];
    const p0 = performance.now();
    await pool(ORDERS, CONCURRENCY, async (i, worker) => {
      const placed = await fetch(`${origin}/api/orders/v1/orders`, {
        method: "POST",
        headers: {
          ...api(worker),
          "content-type": "application/json",
          "idempotency-key": `bench-pay-${String(i)}`,
        },
        body,
      });
      const order = (await placed.json()) as { id?: string; status?: string };
      if (placed.status !== 201 || !order.id || order.status !== "OPEN") {
        throw new Error(`order refused: ${String(placed.status)} ${JSON.stringify(order)}`);
      }
      const checkout = await fetch(`${origin}/api/payments/v2/checkout/${order.id}`, {
        headers: api(worker),
      });
      const { url } = (await checkout.json()) as { url?: string };
      if (checkout.status !== 200 || !url) throw new Error(`no checkout link: ${String(checkout.status)}`);
      links.push({ encoded: url.slice(url.lastIndexOf("/") + 1), orderId: order.id });
    });
    const placeSeconds = (performance.now() - p0) / 1000;

    // 2. Paid as the fake Payme page pays: the link's merchant, order and amount; the brand's key.
    const latencies: number[] = [];
    let callbacks = 0;
    let rpcSeq = 0;
    const call = async (key: string, method: string, params: Record<string, unknown>) => {
      rpcSeq += 1;
      const started = performance.now();
      const res = await fetch(`${origin}/api/payments/v1/payme`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString("base64")}`,
          "content-type": "application/json; charset=UTF-8",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: rpcSeq, method, params }),
      });
      const answer = (await res.json()) as RpcAnswer;
      latencies.push(performance.now() - started);
      callbacks += 1;
      if (res.status !== 200) throw new Error(`${method}: HTTP ${String(res.status)}`);
      return answer;
    };
    const must = (method: string, answer: RpcAnswer) => {
      if (!answer.result) throw new Error(`${method} refused: ${JSON.stringify(answer.error)}`);
      return answer.result;
    };
    let replays = 0;
    const t0 = performance.now();
    await pool(links.length, CONCURRENCY, async (i) => {
      const entry = links[i];
      const link = entry && decodePaymeCheckout(entry.encoded);
      if (!link || link.orderId !== entry.orderId) throw new Error("unreadable checkout link");
      const brand = await findMerchantByPaymeId(db, link.merchantId);
      if (!brand) throw new Error("no brand for the link's Payme merchant id");
      const account = { order_id: link.orderId };
      must(
        "CheckPerformTransaction",
        await call(brand.key, "CheckPerformTransaction", { amount: link.amount, account }),
      );
      const id = randomBytes(12).toString("hex");
      must(
        "CreateTransaction",
        await call(brand.key, "CreateTransaction", { id, time: Date.now(), amount: link.amount, account }),
      );
      const replay = i % REPLAY_EVERY === 0;
      const performs = await Promise.all(
        Array.from({ length: replay ? 2 : 1 }, () => call(brand.key, "PerformTransaction", { id })),
      );
      if (performs.some((p) => !p.result)) {
        // As Payme does when it cannot complete a payment.
        await call(brand.key, "CancelTransaction", { id, reason: 3 });
        failures.push(
          `order ${link.orderId}: Perform refused ${JSON.stringify(performs.map((p) => p.error))}`,
        );
        return;
      }
      if (replay) {
        replays += 2;
        const again = must("PerformTransaction", await call(brand.key, "PerformTransaction", { id }));
        const first = performs[0]?.result ?? {};
        for (const r of [performs[1]?.result ?? {}, again]) {
          if (r.state !== 2 || r.perform_time !== first.perform_time || r.transaction !== first.transaction) {
            failures.push(`order ${link.orderId}: a replayed Perform answered ${JSON.stringify(r)}`);
          }
        }
      }
    });
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);

    // 3. The database's account of it.
    const orderIds = links.map((l) => l.orderId);
    const performed = await db
      .select({
        orderId: paymentTransactions.orderId,
        isPaid: orders.isPaid,
        status: orders.status,
      })
      .from(paymentTransactions)
      .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
      .where(and(inArray(paymentTransactions.orderId, orderIds), eq(paymentTransactions.state, 2)));
    const perOrder = new Map<string, number>();
    for (const p of performed) perOrder.set(p.orderId, (perOrder.get(p.orderId) ?? 0) + 1);
    const paidTwice = [...perOrder.values()].filter((n) => n > 1).length;
    const paidButUnpaid = performed.filter(
      (p) => !p.isPaid || (p.status !== "CREATED" && p.status !== "AT_TIME"),
    ).length;
    const unpaidOrders = orderIds.filter((id) => !perOrder.has(id)).length;
    if (paidTwice > 0) failures.push(`${String(paidTwice)} orders paid twice`);
    if (paidButUnpaid > 0)
      failures.push(`${String(paidButUnpaid)} performed transactions whose order is not paid`);
    if (unpaidOrders > 0)
      failures.push(`${String(unpaidOrders)} orders left without a performed transaction`);

    console.log(
      `${backend}: ${String(links.length)} Payme orders placed with their checkout links in ${placeSeconds.toFixed(1)} s; paid at concurrency ${String(CONCURRENCY)}: ${String(callbacks)} callbacks (${String(replays)} replayed Performs) in ${seconds.toFixed(2)} s = ${(callbacks / seconds).toFixed(1)} callbacks/s, ${(links.length / seconds).toFixed(1)} orders/s; callback p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `${backend}: orders paid twice ${String(paidTwice)}, performed but not paid ${String(paidButUnpaid)}, left unpaid ${String(unpaidOrders)} (${String(performed.length)} performed transactions for ${String(orderIds.length)} orders)`,
    );
  } finally {
    await app.close();
  }
  return failures;
}

/** A fresh PostgreSQL database next to BENCH_PG, or undefined (with the reason) when unreachable. */
async function postgresDatabase(): Promise<{ admin: pg.Client; url: string } | { skipped: string }> {
  if (adminUrl === "off") return { skipped: "BENCH_PG=off" };
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return { skipped: `PostgreSQL unreachable at ${adminUrl} (${(error as Error).message})` };
  }
  await admin.query(`create database ${BENCH_DB}`);
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return { admin, url: url.toString() };
}

console.log(
  `Payme payment benchmark: ${String(ORDERS)} orders, concurrency ${String(CONCURRENCY)}, ${String(os.cpus().length)} CPUs (load ${os.loadavg()[0]?.toFixed(1) ?? "?"})`,
);
let failures: string[];
const pgTarget = await postgresDatabase();
if ("admin" in pgTarget) {
  const database = await openDatabase({ databaseUrl: pgTarget.url, dataDir: "" }, { migrate: true });
  try {
    failures = await run("postgres", database, pgTarget.url);
  } finally {
    await database.close();
    await pgTarget.admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await pgTarget.admin.end();
  }
} else {
  console.log(`Note: ${pgTarget.skipped}; running on the embedded PGlite instead.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-bench-payments-"));
  const database = await openDatabase({ databaseUrl: undefined, dataDir }, { migrate: true });
  try {
    failures = await run("pglite", database);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (failures.length > 0) {
  console.error(`FAILED:\n  ${failures.slice(0, 20).join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("OK: no order paid twice, no paid order left unpaid.");
}
