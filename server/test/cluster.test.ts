// Two real API processes on one PostgreSQL and one Redis (scripts/cluster.ts): what one process
// knows, the other knows too. A session made on A works on B; wrong codes spread over both stop at
// five; the per-address limit counts the requests of both; a menu change through A is served by B
// within a second, and so is a brand an import switched off; an order placed through A reaches a
// customer's live stream held by B.
// Skipped with a note when PostgreSQL or Redis cannot be reached (it runs under the postgres project).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_REDIS, startCluster, type Cluster } from "../../scripts/cluster.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { branches, merchants, otpCodes, products, users } from "../src/db/schema/index.ts";
import { importBrand } from "../src/import/import-brand.ts";
import { createSession } from "../src/lib/sessions.ts";
import { backend } from "./support/db.ts";
import { ADMIN_URL, adminQuery, postgresReachable, urlFor } from "./support/pg.ts";

const REDIS_URL = process.env.SAVAT_TEST_REDIS_URL ?? LOCAL_REDIS;
const LAVASH_FILE = path.join(import.meta.dirname, "../demo/brands/lavash.json");
/** The per-address limit of the processes: low, so that counting across both is visible. */
const LIMIT = 30;

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const postgresUp = backend === "postgres" && (await postgresReachable());
const reachable = postgresUp && (await redisReachable());
if (backend === "postgres" && !reachable)
  console.warn(`cluster.test.ts skipped: PostgreSQL (${ADMIN_URL}) or Redis (${REDIS_URL}) unreachable`);

let ipCounter = 0;
/** A client address of its own (the processes trust the loopback proxy's X-Forwarded-For). */
function freshIp(): string {
  ipCounter += 1;
  return `10.77.${String(ipCounter >> 8)}.${String(ipCounter & 255)}`;
}
let phoneCounter = Math.floor(Math.random() * 8_000_000);
function freshPhone(): string {
  phoneCounter += 1;
  return `+99891${String(phoneCounter).padStart(7, "0")}`;
}

describe.skipIf(!reachable)("two API processes on one PostgreSQL and Redis", { timeout: 60_000 }, () => {
  let cluster: Cluster;
  let database: Database;
  let a: string;
  let b: string;
  let lavash: string;

  beforeAll(async () => {
    const run = randomBytes(4).toString("hex");
    cluster = await startCluster({
      processes: 2,
      adminUrl: ADMIN_URL,
      database: `savat_cluster_t_${run}`,
      fresh: true,
      redisUrl: REDIS_URL,
      env: {
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        REDIS_KEY_PREFIX: `savat-test-${run}:`,
      },
    });
    [a, b] = cluster.processes.map((p) => p.origin) as [string, string];
    database = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: "" }, { migrate: false });
    const [row] = await database.db.select().from(merchants).where(eq(merchants.sub, "lavash"));
    lavash = row?.id ?? "";
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await cluster.close();
  });

  function call(
    origin: string,
    path: string,
    init: Omit<RequestInit, "headers"> & {
      ip?: string;
      token?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    const { ip = freshIp(), token, headers, ...rest } = init;
    return fetch(`${origin}/api${path}`, {
      ...rest,
      headers: {
        merchant: lavash,
        "x-forwarded-for": ip,
        ...(rest.body ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });
  }

  /** The code the console gateway of any process sent to `phone`. */
  async function codeSentTo(phone: string): Promise<string> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      for (const p of cluster.processes) {
        const lines = p
          .output()
          .split("\n")
          .filter((l) => l.includes('"sms":"console"') && l.includes(phone));
        const last = lines.at(-1);
        const code = last ? /\b(\d{6})\b/.exec((JSON.parse(last) as { text: string }).text)?.[1] : undefined;
        if (code) return code;
      }
      if (Date.now() > deadline) throw new Error(`no code sent to ${phone}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function loginOn(origin: string, phone: string): Promise<{ token: string; user: { id: string } }> {
    const ip = freshIp();
    const asked = await call(origin, "/users/v1/auth/otp", {
      method: "POST",
      ip,
      body: JSON.stringify({ phone }),
    });
    expect(asked.status).toBe(200);
    const code = await codeSentTo(phone);
    const verified = await call(origin, "/users/v1/auth/otp/verify", {
      method: "POST",
      ip,
      body: JSON.stringify({ phone, code }),
    });
    expect(verified.status).toBe(200);
    return (await verified.json()) as { token: string; user: { id: string } };
  }

  it("a customer logged in on A is known on B", async () => {
    const { token, user } = await loginOn(a, freshPhone());
    const me = await call(b, "/users/v1/users/me", { token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(user.id);
  });

  it("20 wrong codes sent at once to A and B lock the code after five", async () => {
    const phone = freshPhone();
    expect(
      (await call(a, "/users/v1/auth/otp", { method: "POST", body: JSON.stringify({ phone }) })).status,
    ).toBe(200);
    const code = await codeSentTo(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await call(i % 2 === 0 ? a : b, "/users/v1/auth/otp/verify", {
          method: "POST",
          body: JSON.stringify({ phone, code: wrong }),
        });
        return ((await res.json()) as { code: string }).code;
      }),
    );
    expect(answers.filter((c) => c === "OTP_INVALID")).toHaveLength(4);
    expect(answers.filter((c) => c === "OTP_LOCKED")).toHaveLength(16);
    const [row] = await database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(row?.attempts).toBe(5);
    const right = await call(b, "/users/v1/auth/otp/verify", {
      method: "POST",
      body: JSON.stringify({ phone, code }),
    });
    expect(((await right.json()) as { code: string }).code).toBe("OTP_LOCKED");
  });

  it("counts one address's requests on A and B against one limit", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 10; i += 1) {
      const res = await call(i % 2 === 0 ? a : b, "/users/v1/merchants/sub/lavash", { ip });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // Another address is not affected.
    expect((await call(b, "/users/v1/merchants/sub/lavash")).status).toBe(200);
  });

  it("serves on B, within a second, a stop-list change made through A", async () => {
    const [staff] = await database.db
      .insert(users)
      .values({ merchantId: lavash, firstName: "Cluster", lastName: "Staff", role: "STAFF" })
      .returning({ id: users.id });
    const { token } = await createSession(database.db, {
      merchantId: lavash,
      userId: staff?.id ?? "",
      channel: "WEB",
    });
    const menuOnB = async () =>
      (await (await call(b, "/products/v1/overalls?type=WEB")).json()) as {
        products: { id: string; isAvailable: boolean }[];
      };
    const before = await menuOnB(); // cached on B from here on
    const product = before.products.find((p) => p.isAvailable);
    if (!product) throw new Error("no available product");
    const changed = await call(a, `/staff/v1/products/${product.id}/stock`, {
      method: "PUT",
      token,
      body: JSON.stringify({ isAvailable: false }),
    });
    expect(changed.status).toBe(200);
    const began = Date.now();
    await expect
      .poll(async () => (await menuOnB()).products.find((p) => p.id === product.id)?.isAvailable, {
        timeout: 1_000,
        interval: 50,
      })
      .toBe(false);
    expect(Date.now() - began).toBeLessThan(1_000);
  });

  it("streams to a customer connected to B the order they placed through A", async () => {
    const { token, user } = await loginOn(a, freshPhone());
    const controller = new AbortController();
    const stream = await call(b, "/orders/v1/orders/events", { token, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let received = "";
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5_000;
      while (!received.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no "${needle}" in the stream: ${received}`);
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        received += new TextDecoder().decode(value);
      }
    };
    await readUntil(": connected");

    const [branch] = await database.db
      .select()
      .from(branches)
      .where(and(eq(branches.merchantId, lavash), sql`${branches.name}->>'eng' like 'Chilonzor%'`));
    const [product] = await database.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.merchantId, lavash),
          eq(products.isAvailable, true),
          sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
          sql`${products.costPrice} >= 35000`,
        ),
      )
      .limit(1);
    const placed = await call(a, "/orders/v1/orders", {
      method: "POST",
      token,
      headers: { "idempotency-key": `cluster-${randomBytes(6).toString("hex")}` },
      body: JSON.stringify({
        serviceType: "DELIVERY",
        paymentType: "CASH",
        branchId: branch?.id,
        address: { name: "Cluster street 1", latitude: 41.311081, longitude: 69.240562 },
        cartItems: [{ productId: product?.id, count: 1, modifications: [] }],
      }),
    });
    const order = (await placed.json()) as { id: string };
    expect(placed.status, JSON.stringify(order)).toBe(201);
    await readUntil(order.id);
    expect(received).toContain("event: order");
    controller.abort();
    expect(user.id).toBeTruthy();
  });

  it("refuses on B, within a second, a brand that an import from another process switched off", async () => {
    const settings = () => call(b, "/support/v1/merchant/settings/web");
    expect((await settings()).status).toBe(200); // the merchant is cached on B from here on
    const file = JSON.parse(fs.readFileSync(LAVASH_FILE, "utf8")) as { merchant: Record<string, unknown> };
    file.merchant.isActive = false;
    // This test process is the other writer, as `npm run import` would be.
    await importBrand(database.db, file);
    const began = Date.now();
    await expect.poll(async () => (await settings()).status, { timeout: 1_000, interval: 50 }).toBe(403);
    expect(Date.now() - began).toBeLessThan(1_000);
  });
});

describe.skipIf(!postgresUp)("several processes starting on a new database", () => {
  it("apply the migrations once, one after another, and all start", { timeout: 60_000 }, async () => {
    const name = `savat_migrate_t_${randomBytes(4).toString("hex")}`;
    await adminQuery(`create database ${name}`);
    try {
      const opened = await Promise.all(
        [0, 1, 2].map(() => openDatabase({ databaseUrl: urlFor(name), dataDir: "" }, { migrate: true })),
      );
      for (const d of opened) expect(await d.isHealthy()).toBe(true);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await adminQuery(`drop database if exists ${name} with (force)`);
    }
  });
});
