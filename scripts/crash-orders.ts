// Crash test, bounded: the real server as a child process takes orders at a fixed concurrency, is
// killed with SIGKILL at a random moment of the load, and is started again on the same data. Then
// every order acknowledged before the kill must be there, every request is sent again with its
// Idempotency-Key (each must answer its one order: the acknowledged ones the same order, 200), and no
// key may hold two orders. Runs on the embedded PGlite (DATA_DIR) and on PostgreSQL.
// Usage: node scripts/crash-orders.ts [orders=200] [concurrency=8] [seed=random] [backends=pglite,postgres]
//   CRASH_PG=postgres://postgres@127.0.0.1:5432/test names the PostgreSQL server; a fresh database is
//   made next to it and dropped afterwards.
// With `kitchen`, the brand is wired to an iiko at that address (the test's fake iiko, in the test's
// process, so it outlives the kill): every order then must reach iiko exactly once, whether the kill
// fell before, during or after its send.
// server/test/crash-orders.test.ts runs a small version in the test suite.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { openDatabase, type Database } from "../server/src/db/client.ts";
import * as schema from "../server/src/db/schema/index.ts";
import {
  branches,
  kitchenOrders,
  merchants,
  orders,
  paymentMethods,
  products,
  users,
} from "../server/src/db/schema/index.ts";
import { importDemoBrands } from "../server/src/import/demo.ts";
import { createSession } from "../server/src/repositories/sessions.ts";

const SERVER = path.resolve(import.meta.dirname, "../server/src/server.ts");

export interface CrashOptions {
  backend: "pglite" | "postgres";
  orders: number;
  concurrency: number;
  seed: number;
  /** PostgreSQL: the server to make the test database on. */
  adminUrl?: string;
  /**
   * Start from a copy instead of migrating and importing the demo brands: PGlite, a gzip dump of a
   * data directory with them; PostgreSQL, a template database with them (the test suite's own).
   */
  template?: string;
  log?: (line: string) => void;
  /** The brand's kitchen: an iiko at `url` that knows `apiLogin`, its organisation and terminal group. */
  kitchen?: {
    url: string;
    apiLogin: string;
    organizationId: string;
    terminalGroupId: string;
    /** Called with the product the orders hold (its iiko id is its own id), before the load. */
    sells: (iikoId: string) => void;
    /** Resolves once iiko holds these order numbers (bounded by the caller). */
    drained: (numbers: number[]) => Promise<void>;
  };
}

export interface CrashResult {
  backend: "pglite" | "postgres";
  orders: number;
  /** Orders answered 201 before the kill. */
  acknowledgedBeforeKill: number;
  /** Requests sent but not answered when the server died. */
  inFlightAtKill: number;
  /** Acknowledged orders not found after the restart (must be 0). */
  missing: number;
  /** Idempotency-Keys holding more than one order (must be 0). */
  duplicateKeys: number;
  /** Keys whose resent request answered another order than the first acknowledgement (must be 0). */
  changedAnswers: number;
  /** Orders of the run's keys in the database at the end (must equal `orders`). */
  ordersInDatabase: number;
  restartMs: number;
  /** With `kitchen`: the run's orders whose kitchen row is SENT at the end (must equal `orders`). */
  kitchenSent?: number;
}

/** A small seeded generator (mulberry32): the same seed kills at the same point of the load. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Server {
  child: ChildProcess;
  origin: Promise<string>;
  exited: Promise<number | null>;
  output: () => string;
}

function startServer(env: Record<string, string>): Server {
  let output = "";
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? "", PORT: "0", HOST: "127.0.0.1", DEMO: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", resolve);
  });
  const origin = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /"port":(\d+)[^\n]*"msg":"ready"/.exec(output);
      if (ready) resolve(`http://127.0.0.1:${ready[1] ?? ""}`);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    void exited.then((code) => {
      reject(new Error(`server exited (${String(code)}) before it was ready:\n${output.slice(-3000)}`));
    });
  });
  return { child, origin, exited, output: () => output };
}

interface Fixture {
  merchantId: string;
  body: string;
  tokens: string[];
}

/** The demo brands, one customer with a phone and a session per worker, and the order they place. */
async function prepare(
  db: Database["db"],
  customers: number,
  kitchen: CrashOptions["kitchen"],
): Promise<Fixture> {
  await importDemoBrands(db, { onlyWhenEmpty: true });
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.sub, "lavash"));
  if (!merchant) throw new Error("demo brand lavash missing");
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.merchantId, merchant.id), sql`${branches.name}->>'eng' like 'Chilonzor%'`));
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchant.id),
        sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        sql`${products.costPrice} >= 35000`,
        sql`${products.stock} is null`,
      ),
    )
    .limit(1);
  if (!branch || !product) throw new Error("demo data missing");
  if (kitchen) {
    // As the owner's console wires it: login, organisation, the branch's terminal group, iiko ids.
    await db
      .update(merchants)
      .set({
        kitchenLogin: kitchen.apiLogin,
        kitchenOrganizationId: kitchen.organizationId,
        kitchenWebhookToken: "crash-test-webhook-token",
      })
      .where(eq(merchants.id, merchant.id));
    await db
      .update(branches)
      .set({ iikoTerminalGroupId: kitchen.terminalGroupId })
      .where(eq(branches.id, branch.id));
    await db.update(products).set({ iikoId: product.id }).where(eq(products.id, product.id));
    await db
      .update(paymentMethods)
      .set({ iikoId: "crash-cash" })
      .where(and(eq(paymentMethods.merchantId, merchant.id), eq(paymentMethods.type, "CASH")));
    kitchen.sells(product.id);
  }
  const tokens: string[] = [];
  for (let i = 0; i < customers; i++) {
    const [user] = await db
      .insert(users)
      .values({
        merchantId: merchant.id,
        firstName: `Crash ${String(i)}`,
        phone: `+99893${String(1_000_000 + i)}`,
      })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert");
    tokens.push(
      (await createSession(db, { merchantId: merchant.id, userId: user.id, channel: "WEB" })).token,
    );
  }
  const body = JSON.stringify({
    serviceType: "DELIVERY",
    paymentType: "CASH",
    branchId: branch.id,
    address: { name: "Crash street 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 },
    cartItems: [{ productId: product.id, count: 1, modifications: [] }],
  });
  return { merchantId: merchant.id, body, tokens };
}

export async function crashOrders(options: CrashOptions): Promise<CrashResult> {
  const log = options.log ?? (() => undefined);
  const rand = random(options.seed);
  const total = options.orders;
  const keys = Array.from({ length: total }, (_, i) => `crash-${String(options.seed)}-${String(i)}`);
  const tokenOf = (i: number, f: Fixture) => f.tokens[i % f.tokens.length] ?? "";

  // The database: a fresh DATA_DIR, or a fresh PostgreSQL database.
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let openForSetup: () => Promise<Pick<Database, "db" | "close">>;
  let cleanup: () => Promise<void>;
  if (options.backend === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-crash-"));
    env = { DATA_DIR: dataDir };
    open = () => openDatabase({ databaseUrl: undefined, dataDir }, { migrate: true });
    const template = options.template;
    openForSetup = template
      ? async () => {
          // The server's own layout (server/src/db/client.ts): the cluster in DATA_DIR/pglite.
          const client = await PGlite.create({
            dataDir: path.join(dataDir, "pglite"),
            loadDataDir: new Blob([fs.readFileSync(template)]),
          });
          return { db: drizzle({ client, schema, casing: "snake_case" }), close: () => client.close() };
        }
      : open;
    cleanup = async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  } else {
    const adminUrl = options.adminUrl ?? "postgres://postgres@127.0.0.1:5432/test";
    const name = `savat_crash_${String(process.pid)}_${String(options.seed >>> 0)}`;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}${options.template ? ` template ${options.template}` : ""}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    open = () => openDatabase({ databaseUrl: url.toString(), dataDir: "" }, { migrate: true });
    openForSetup = open;
    cleanup = () => admin(`drop database if exists ${name} with (force)`);
  }

  const running: ChildProcess[] = [];
  try {
    // PGlite: only one process may open the directory, so the fixture is written before the server starts.
    const t0 = performance.now();
    const setup = await openForSetup();
    log(`opened in ${(performance.now() - t0).toFixed(0)} ms`);
    let fixture: Fixture;
    try {
      fixture = await prepare(setup.db, options.concurrency, options.kitchen);
    } finally {
      await setup.close();
    }

    const place = async (origin: string, i: number) => {
      const res = await fetch(`${origin}/api/orders/v1/orders`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          merchant: fixture.merchantId,
          authorization: `Bearer ${tokenOf(i, fixture)}`,
          "idempotency-key": keys[i] ?? "",
        },
        body: fixture.body,
      });
      const json = (await res.json()) as { id?: string; number?: number };
      return { status: res.status, id: json.id, json };
    };

    // Load, and the kill: once a random number of orders has been acknowledged.
    log(`prepared in ${(performance.now() - t0).toFixed(0)} ms`);
    if (options.kitchen)
      env = {
        ...env,
        IIKO_API_URL: options.kitchen.url,
        KITCHEN_SWEEP_MS: "200",
        // A send the kill interrupted is taken up again soon after the restart.
        KITCHEN_LEASE_MS: "2000",
      };
    const first = startServer(env);
    running.push(first.child);
    const origin1 = await first.origin;
    log(`started in ${(performance.now() - t0).toFixed(0)} ms`);
    const killAt = 1 + Math.floor(rand() * (total - 2));
    log(
      `${options.backend}: ${String(total)} orders at concurrency ${String(options.concurrency)}, kill -9 after ${String(killAt)} acknowledged`,
    );
    const acked = new Map<number, string>();
    let inFlight = 0;
    let inFlightAtKill = 0;
    let killed = false;
    // Read through a function: a worker must see the kill another worker decided while it waited.
    const isKilled = () => killed;
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (!isKilled() && next < total) {
          const i = next++;
          inFlight++;
          try {
            const r = await place(origin1, i);
            if (r.status !== 201 || !r.id)
              throw new Error(`order refused: ${String(r.status)} ${JSON.stringify(r.json)}`);
            acked.set(i, r.id);
          } catch (error) {
            // The server died under this request: unacknowledged, it is sent again after the restart.
            if (!isKilled()) throw error;
          } finally {
            inFlight--;
          }
          if (!isKilled() && acked.size >= killAt) {
            killed = true;
            inFlightAtKill = inFlight;
            first.child.kill("SIGKILL");
          }
        }
      }),
    );
    await first.exited;
    const acknowledgedBeforeKill = acked.size;

    // The restart on the same data: it must open cleanly.
    const restartedAt = performance.now();
    const second = startServer(env);
    running.push(second.child);
    const origin2 = await second.origin;
    const restartMs = performance.now() - restartedAt;
    log(
      `${options.backend}: killed with ${String(acknowledgedBeforeKill)} acknowledged and ${String(inFlightAtKill)} in flight; restarted in ${restartMs.toFixed(0)} ms`,
    );

    // Every request again with its key: the acknowledged ones must answer their order (200).
    let changedAnswers = 0;
    const numbers: number[] = [];
    next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < total) {
          const i = next++;
          const r = await place(origin2, i);
          if (r.json.number !== undefined) numbers.push(r.json.number);
          const before = acked.get(i);
          if (before !== undefined) {
            if (r.status !== 200 || r.id !== before) changedAnswers++;
          } else if ((r.status !== 200 && r.status !== 201) || !r.id) {
            throw new Error(`resent order refused: ${String(r.status)} ${JSON.stringify(r.json)}`);
          }
        }
      }),
    );
    // The kitchen: the restarted process sends what the dead one left (due, or its lease run out).
    if (options.kitchen) await options.kitchen.drained(numbers);
    second.child.kill("SIGTERM");
    if ((await second.exited) !== 0)
      throw new Error(`the server did not stop cleanly:\n${second.output().slice(-2000)}`);

    // The database, opened once more: acknowledged orders present, one order per key.
    log(`resent in ${(performance.now() - t0).toFixed(0)} ms`);
    const check = await open();
    log(`reopened in ${(performance.now() - t0).toFixed(0)} ms`);
    try {
      const ids = [...acked.values()];
      const [found] =
        ids.length > 0
          ? await check.db.select({ n: count() }).from(orders).where(inArray(orders.id, ids))
          : [{ n: 0 }];
      const dupes = await check.db
        .select({ key: orders.idempotencyKey })
        .from(orders)
        .where(inArray(orders.idempotencyKey, keys))
        .groupBy(orders.idempotencyKey)
        .having(sql`count(*) > 1`);
      const [all] = await check.db
        .select({ n: count() })
        .from(orders)
        .where(inArray(orders.idempotencyKey, keys));
      const [sent] = await check.db
        .select({ n: count() })
        .from(kitchenOrders)
        .innerJoin(orders, eq(orders.id, kitchenOrders.orderId))
        .where(and(inArray(orders.idempotencyKey, keys), eq(kitchenOrders.state, "SENT")));
      return {
        backend: options.backend,
        orders: total,
        acknowledgedBeforeKill,
        inFlightAtKill,
        missing: ids.length - (found?.n ?? 0),
        duplicateKeys: dupes.length,
        changedAnswers,
        ordersInDatabase: all?.n ?? 0,
        restartMs,
        ...(options.kitchen ? { kitchenSent: sent?.n ?? 0 } : {}),
      };
    } finally {
      await check.close();
    }
  } finally {
    for (const child of running)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await cleanup();
  }
}

if (import.meta.main) {
  const total = Number(process.argv[2] ?? 200);
  const concurrency = Number(process.argv[3] ?? 8);
  const seed = process.argv[4] ? Number(process.argv[4]) : Math.floor(Math.random() * 2 ** 31);
  const backends = (process.argv[5] ?? "pglite,postgres").split(",") as CrashOptions["backend"][];
  let failed = false;
  for (const backend of backends) {
    const r = await crashOrders({
      backend,
      orders: total,
      concurrency,
      seed,
      adminUrl: process.env.CRASH_PG,
      log: (line) => {
        console.log(line);
      },
    });
    const ok =
      r.missing === 0 && r.duplicateKeys === 0 && r.changedAnswers === 0 && r.ordersInDatabase === total;
    failed ||= !ok;
    console.log(
      `${backend} (seed ${String(seed)}): ${ok ? "OK" : "FAILED"}; ${String(r.acknowledgedBeforeKill)} acknowledged before the kill, ${String(r.inFlightAtKill)} in flight; missing ${String(r.missing)}, duplicated keys ${String(r.duplicateKeys)}, changed answers ${String(r.changedAnswers)}, ${String(r.ordersInDatabase)}/${String(total)} orders; restart ${r.restartMs.toFixed(0)} ms`,
    );
  }
  process.exit(failed ? 1 : 0);
}
