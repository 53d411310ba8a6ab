// Two real API processes on one PostgreSQL and one Redis behind nginx (scripts/cluster.ts, the
// production template deploy/nginx/savat.conf.template), run as in production (DEMO=0,
// NODE_ENV=production, TRUSTED_PROXIES=loopback): what one process knows, the other knows too. A
// customer signed in through nginx is known to both; wrong codes spread over both by nginx stop at
// five; the per-address limit counts both (nginx's X-Forwarded-For names the customer); a menu change
// is served by both within a second, and so is a brand an import switched off; a customer's live
// stream held through nginx gets, unbuffered, the orders placed on either process. nginx keeps
// /metrics and the harness off the public host and lets an upload of the API's size through.
// nginx's access log (format `savat`, with the upstream address) shows which process answered.
// Skipped with the reason when nginx, PostgreSQL or Redis is absent (it runs under the postgres project).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../scripts/cluster.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { merchants, otpCodes, users } from "../src/db/schema/index.ts";
import { importBrand } from "../src/import/import-brand.ts";
import { createSession } from "../src/repositories/sessions.ts";
import sharp from "sharp";
import { startFakeEskiz, type FakeEskiz } from "./fakes/eskiz.ts";
import { startFakeS3, type FakeS3 } from "./support/fake-s3.ts";
import {
  ESKIZ_ACCOUNT,
  REDIS_URL,
  clusterUnavailable,
  codeSentTo,
  eskizFor,
  orderFixture,
} from "./support/cluster.ts";
import { backend } from "./support/db.ts";
import { ADMIN_URL, adminQuery, postgresReachable, urlFor } from "./support/pg.ts";

const LAVASH_FILE = path.join(import.meta.dirname, "../demo/brands/lavash.json");
/** The per-address limit of the processes: low, so that counting across both is visible. */
const LIMIT = 30;

const postgresUp = backend === "postgres" && (await postgresReachable());
const unavailable = backend === "postgres" ? await clusterUnavailable() : "the postgres project only";
if (backend === "postgres" && unavailable) console.warn(`cluster.test.ts skipped: ${unavailable}`);
const skip = unavailable !== null;

let ipCounter = 0;
/**
 * A client address of its own. Everything runs on loopback here, so the processes trust nginx and
 * also the address nginx appends (this test's own, 127.0.0.1): the one before it, sent by the test,
 * is the customer's. A customer on the internet cannot choose it that way.
 */
function freshIp(): string {
  ipCounter += 1;
  return `10.77.${String(ipCounter >> 8)}.${String(ipCounter & 255)}`;
}
let phoneCounter = Math.floor(Math.random() * 8_000_000);
function freshPhone(): string {
  phoneCounter += 1;
  return `+99891${String(phoneCounter).padStart(7, "0")}`;
}

describe.skipIf(skip)("two API processes behind nginx, one PostgreSQL and Redis", { timeout: 60_000 }, () => {
  let cluster: Cluster;
  let eskiz: FakeEskiz;
  let s3: FakeS3;
  let database: Database;
  let a: string;
  let b: string;
  let lb: string;
  let lavash: string;

  beforeAll(async () => {
    const run = randomBytes(4).toString("hex");
    eskiz = await startFakeEskiz(ESKIZ_ACCOUNT);
    // Uploads go to one object store all processes share (S3's protocol, a local stand-in).
    s3 = await startFakeS3({ buckets: ["savat-cluster"] });
    cluster = await startCluster({
      processes: 2,
      adminUrl: ADMIN_URL,
      database: `savat_cluster_t_${run}`,
      fresh: true,
      redisUrl: REDIS_URL,
      prepare: eskizFor("lavash"),
      env: {
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        REDIS_KEY_PREFIX: `savat-test-${run}:`,
        ESKIZ_API_URL: eskiz.url,
        S3_URL: s3.url,
        S3_BUCKET: "savat-cluster",
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
    [a, b] = cluster.processes.map((p) => p.origin) as [string, string];
    lb = cluster.origin;
    database = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: "" }, { migrate: false });
    const [row] = await database.db.select().from(merchants).where(eq(merchants.sub, "lavash"));
    lavash = row?.id ?? "";
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await cluster.close();
    await eskiz.close();
    await s3.close();
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
        ...(typeof rest.body === "string" ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });
  }

  /** The processes (host:port) nginx sent requests for `path` to, from its access log. */
  function upstreamsOf(path: string): Set<string> {
    const seen = new Set<string>();
    for (const line of cluster.nginx.accessLog().split("\n"))
      if (line.includes(` ${path} `)) for (const m of line.matchAll(/upstream=(\S+)/g)) seen.add(m[1] ?? "");
    return seen;
  }
  const processAddresses = () => new Set(cluster.processes.map((p) => `127.0.0.1:${String(p.port)}`));

  async function loginOn(origin: string, phone: string): Promise<{ token: string; user: { id: string } }> {
    const ip = freshIp();
    const asked = await call(origin, "/users/v1/auth/otp", {
      method: "POST",
      ip,
      body: JSON.stringify({ phone }),
    });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const code = await codeSentTo(eskiz, phone);
    const verified = await call(origin, "/users/v1/auth/otp/verify", {
      method: "POST",
      ip,
      body: JSON.stringify({ phone, code }),
    });
    expect(verified.status).toBe(200);
    return (await verified.json()) as { token: string; user: { id: string } };
  }

  it("a customer signed in through nginx (code by the brand's Eskiz) is known to both processes", async () => {
    const { token, user } = await loginOn(lb, freshPhone());
    for (const origin of [a, b]) {
      const me = await call(origin, "/users/v1/users/me", { token });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { id: string }).id).toBe(user.id);
    }
  });

  it("20 wrong codes sent at once through nginx, spread over both processes, lock the code after five", async () => {
    const phone = freshPhone();
    expect(
      (await call(lb, "/users/v1/auth/otp", { method: "POST", body: JSON.stringify({ phone }) })).status,
    ).toBe(200);
    const code = await codeSentTo(eskiz, phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await call(lb, "/users/v1/auth/otp/verify", {
          method: "POST",
          body: JSON.stringify({ phone, code: wrong }),
        });
        return ((await res.json()) as { code: string }).code;
      }),
    );
    expect(answers.filter((c) => c === "OTP_INVALID")).toHaveLength(4);
    expect(answers.filter((c) => c === "OTP_LOCKED")).toHaveLength(16);
    expect(upstreamsOf("/api/users/v1/auth/otp/verify")).toEqual(processAddresses());
    const [row] = await database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(row?.attempts).toBe(5);
    const right = await call(lb, "/users/v1/auth/otp/verify", {
      method: "POST",
      body: JSON.stringify({ phone, code }),
    });
    expect(((await right.json()) as { code: string }).code).toBe("OTP_LOCKED");
  });

  it("counts one customer's requests through nginx, on both processes, against one limit", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 10; i += 1) {
      const res = await call(lb, "/users/v1/merchants/sub/lavash", { ip });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(upstreamsOf("/api/users/v1/merchants/sub/lavash")).toEqual(processAddresses());
    // Another customer is not affected.
    expect((await call(lb, "/users/v1/merchants/sub/lavash")).status).toBe(200);
  });

  it("serves on both processes, within a second, a stop-list change made through nginx", async () => {
    const [staff] = await database.db
      .insert(users)
      .values({ merchantId: lavash, firstName: "Cluster", lastName: "Staff", role: "STAFF" })
      .returning({ id: users.id });
    const { token } = await createSession(database.db, {
      merchantId: lavash,
      userId: staff?.id ?? "",
      channel: "WEB",
    });
    const menuOn = async (origin: string) =>
      (await (await call(origin, "/products/v1/overalls?type=WEB")).json()) as {
        products: { id: string; isAvailable: boolean }[];
      };
    await menuOn(a); // cached on both from here on
    const before = await menuOn(b);
    const product = before.products.find((p) => p.isAvailable);
    if (!product) throw new Error("no available product");
    const changed = await call(lb, `/staff/v1/products/${product.id}/stock`, {
      method: "PUT",
      token,
      body: JSON.stringify({ isAvailable: false }),
    });
    expect(changed.status).toBe(200);
    const began = Date.now();
    for (const origin of [a, b])
      await expect
        .poll(async () => (await menuOn(origin)).products.find((p) => p.id === product.id)?.isAvailable, {
          timeout: 1_000,
          interval: 50,
        })
        .toBe(false);
    expect(Date.now() - began).toBeLessThan(1_000);
  });

  it("streams, through nginx and at once, to a customer the orders placed on either process", async () => {
    const { token } = await loginOn(lb, freshPhone());
    const controller = new AbortController();
    const stream = await call(lb, "/orders/v1/orders/events", { token, signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
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

    const { branchId, productId } = await orderFixture(database.db, lavash);
    // One order on each process: whichever holds the stream, one of them is the other process.
    for (const origin of [a, b]) {
      const placed = await call(origin, "/orders/v1/orders", {
        method: "POST",
        token,
        headers: { "idempotency-key": `cluster-${randomBytes(6).toString("hex")}` },
        body: JSON.stringify({
          serviceType: "DELIVERY",
          paymentType: "CASH",
          branchId,
          address: { name: "Cluster street 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 },
          cartItems: [{ productId, count: 1, modifications: [] }],
        }),
      });
      const order = (await placed.json()) as { id: string };
      expect(placed.status, JSON.stringify(order)).toBe(201);
      const sent = Date.now();
      await readUntil(order.id);
      // Unbuffered: the event arrives while the stream stays open, well before any buffer fills.
      expect(Date.now() - sent).toBeLessThan(2_000);
    }
    expect(received).toContain("event: order");
    controller.abort();
  });

  it("nginx: no /metrics or harness on the public host, the storefront by its host, an upload of the API's size", async () => {
    expect((await fetch(`${lb}/metrics`)).status).toBe(404);
    expect((await fetch(`${lb}/api/dev/telegram/launch`, { method: "POST" })).status).toBe(404);
    expect(upstreamsOf("/metrics")).toEqual(new Set(["-"]));

    // The brand comes from the customer's host name, which nginx passes on.
    // (node:http: fetch does not let a caller set Host.)
    const shell = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`${lb}/`, { headers: { host: `sushi.localhost:${String(cluster.nginx.port)}` } }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => {
            resolve({ status: res.statusCode ?? 0, body });
          });
        })
        .on("error", reject);
    });
    expect(shell.status).toBe(200);
    const [sushi] = await database.db.select().from(merchants).where(eq(merchants.sub, "sushi"));
    expect(shell.body).toContain(sushi?.id ?? "no sushi brand");

    // Up to the API's own limit nginx lets a body through: the API judges it (not an image)...
    const { token } = await loginOn(lb, freshPhone());
    const upload = (bytes: number) => {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "big.png");
      return call(lb, "/users/v1/users/image", { method: "PUT", token, body: form });
    };
    const near = await upload(5 * 1024 * 1024 - 4096);
    expect(near.status).toBe(415);
    expect(((await near.json()) as { code: string }).code).toBe("IMAGE_INVALID");
    // ...and a body far over it stops at nginx.
    const over = await upload(7 * 1024 * 1024);
    expect(over.status).toBe(413);
    expect(over.headers.get("content-type")).toContain("text/html");
  });

  it("serves, from every process and through nginx, a picture uploaded through one process", async () => {
    const { token } = await loginOn(a, freshPhone());
    const picture = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 90, b: 30 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(picture)], { type: "image/png" }), "me.png");
    const uploaded = await call(a, "/users/v1/users/image", { method: "PUT", token, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const url = ((await uploaded.json()) as { image: string }).image;
    expect(url).toMatch(/^\/api\/users\/v1\/users\/images\/[\w-]+\.webp$/);
    expect([...s3.objects.keys()].some((key) => url.endsWith(key.split("/").pop() ?? "none"))).toBe(true);
    const bodies: Buffer[] = [];
    for (const origin of [b, a, lb]) {
      const served = await fetch(`${origin}${url}`, { headers: { merchant: lavash } });
      expect(served.status, origin).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      bodies.push(Buffer.from(await served.arrayBuffer()));
    }
    expect(bodies[0]?.length).toBeGreaterThan(0);
    expect(bodies.every((body) => body.equals(bodies[0] ?? Buffer.alloc(0)))).toBe(true);
  });

  // Last: the brand stays switched off.
  it("refuses on both processes, within a second, a brand that an import from another process switched off", async () => {
    const settingsOn = (origin: string) => call(origin, "/support/v1/merchant/settings/web");
    // The merchant is cached on both from here on.
    for (const origin of [a, b]) expect((await settingsOn(origin)).status).toBe(200);
    const file = JSON.parse(fs.readFileSync(LAVASH_FILE, "utf8")) as { merchant: Record<string, unknown> };
    file.merchant.isActive = false;
    // This test process is the other writer, as `npm run import` would be.
    await importBrand(database.db, file);
    const began = Date.now();
    for (const origin of [a, b])
      await expect
        .poll(async () => (await settingsOn(origin)).status, { timeout: 1_000, interval: 50 })
        .toBe(403);
    expect(Date.now() - began).toBeLessThan(1_000);
    expect((await settingsOn(lb)).status).toBe(403);
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
