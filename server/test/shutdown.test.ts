// A stop under load: a real server process placing orders for eight customers at once, with a live
// order stream open, gets SIGTERM. Its readiness check fails at once while orders are still taken
// (SHUTDOWN_DRAIN_MS), then it stops accepting, ends the stream with a reconnection hint, finishes
// what is in flight and exits 0 in bounded time; every order it acknowledged is in the database.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freePort, startApiProcess, type ApiProcess } from "../../scripts/cluster.ts";
import { openDatabase } from "../src/db/client.ts";
import { orders } from "../src/db/schema/index.ts";
import { backend } from "./support/db.ts";
import { adminQuery, urlFor } from "./support/pg.ts";

// Long enough that a machine busy with the rest of the suite still answers the readiness check
// within the drain's first half.
const DRAIN_MS = 4_000;
const WORKERS = 8;

describe("stopping a server under load", { timeout: 120_000 }, () => {
  // Each attempt (the run retries a failed test once) starts from its own directory and database.
  const made: { dataDir: string; dbName: string; server?: ApiProcess }[] = [];
  afterAll(async () => {
    for (const m of made) {
      if (m.server?.child.exitCode === null) m.server.child.kill("SIGKILL");
      fs.rmSync(m.dataDir, { recursive: true, force: true });
      if (backend === "postgres") await adminQuery(`drop database if exists ${m.dbName} with (force)`);
    }
  });

  it("drains, finishes every order in flight, ends streams with a retry hint and exits 0", async () => {
    const attempt = {
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "savat-stop-")),
      dbName: `savat_stop_t_${randomBytes(4).toString("hex")}`,
    } as (typeof made)[number];
    made.push(attempt);
    const { dataDir, dbName } = attempt;
    // Both start from the run's migrated database with the demo brands (support/global-setup.ts),
    // so the process boots in seconds.
    const source = inject("testDbDemoSource");
    let databaseUrl: string | undefined;
    if (backend === "postgres") {
      await adminQuery(`create database ${dbName} template ${source}`);
      databaseUrl = urlFor(dbName);
    } else {
      const seed = await PGlite.create(path.join(dataDir, "pglite"), {
        loadDataDir: new Blob([fs.readFileSync(source)]),
      });
      await seed.close();
    }
    const port = await freePort();
    const server = await startApiProcess(0, port, {
      DATA_DIR: dataDir,
      DEMO: "1",
      ORDER_SIMULATOR: "0",
      LOG_LEVEL: "warn",
      TRUSTED_PROXIES: "loopback",
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    attempt.server = server;
    const running = server;
    const origin = running.origin;
    const merchant = (
      (await (await fetch(`${origin}/api/users/v1/merchants/sub/lavash`)).json()) as { id: string }
    ).id;
    const api = (p: string, init: RequestInit & { token?: string; ip?: string } = {}) => {
      const { token, ip = "10.1.0.1", ...rest } = init;
      return fetch(`${origin}/api${p}`, {
        ...rest,
        headers: {
          merchant,
          "x-forwarded-for": ip,
          ...(rest.body ? { "content-type": "application/json" } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(rest.headers as Record<string, string> | undefined),
        },
      });
    };

    // Customers log in through the code flow (the console gateway prints the codes).
    const tokens: string[] = [];
    for (let i = 0; i < WORKERS; i += 1) {
      const phone = `+9989300${String(10_000 + i)}`;
      const ip = `10.1.1.${String(i + 1)}`;
      expect(
        (await api("/users/v1/auth/otp", { method: "POST", ip, body: JSON.stringify({ phone }) })).status,
      ).toBe(200);
      const line = running
        .output()
        .split("\n")
        .findLast((l) => l.includes('"sms":"console"') && l.includes(phone));
      const code = /\b(\d{6})\b/.exec((JSON.parse(line ?? "{}") as { text?: string }).text ?? "")?.[1];
      const verified = await api("/users/v1/auth/otp/verify", {
        method: "POST",
        ip,
        body: JSON.stringify({ phone, code }),
      });
      tokens.push(((await verified.json()) as { token: string }).token);
    }
    const branchesList = (await (await api("/users/v1/branches")).json()) as {
      id: string;
      name: { eng?: string };
    }[];
    const branch = branchesList.find((b) => b.name.eng?.startsWith("Chilonzor"));
    const menu = (await (await api("/products/v1/overalls?type=WEB")).json()) as {
      products: { id: string; isAvailable: boolean; costPrice: number; modificationGroups: unknown[] }[];
    };
    const product = menu.products.find(
      (p) => p.isAvailable && p.modificationGroups.length === 0 && p.costPrice >= 35_000,
    );
    const body = JSON.stringify({
      serviceType: "DELIVERY",
      paymentType: "CASH",
      branchId: branch?.id,
      address: { name: "Stop street 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 },
      cartItems: [{ productId: product?.id, count: 1, modifications: [] }],
    });

    // A live stream, read to its end.
    const stream = await api("/orders/v1/orders/events", { token: tokens[0] });
    expect(stream.status).toBe(200);
    const streamText = (async () => {
      let text = "";
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return text;
          text += new TextDecoder().decode(value);
        }
      } catch {
        return text;
      }
    })();

    // The load: each customer places orders back to back until the server is gone.
    const acknowledged: string[] = [];
    let stopped = false;
    let signalled = 0;
    const worker = async (w: number) => {
      for (let i = 0; !stopped; i += 1) {
        try {
          const res = await api("/orders/v1/orders", {
            method: "POST",
            token: tokens[w],
            ip: `10.1.1.${String(w + 1)}`,
            headers: { "idempotency-key": `stop-${String(w)}-${String(i)}` },
            body,
          });
          const json = (await res.json()) as { id?: string };
          if (res.status === 201 && json.id) acknowledged.push(json.id);
          // 503: it arrived on a kept-alive connection while the server closed; not acknowledged.
          else if (res.status !== 503)
            throw new Error(`order refused: ${String(res.status)} ${JSON.stringify(json)}`);
        } catch (error) {
          if (signalled === 0) throw error;
          // Refused connections once the server stopped accepting: nothing was acknowledged.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    while (acknowledged.length < 16) await new Promise((resolve) => setTimeout(resolve, 20));

    signalled = Date.now();
    running.child.kill("SIGTERM");
    // Draining: not ready, yet still placing orders, and each answer closes its kept-alive
    // connection so the load balancer opens no request on one that the close would refuse.
    await expect
      .poll(async () => (await fetch(`${origin}/api/health/ready`)).status, {
        timeout: DRAIN_MS / 2,
        interval: 20,
      })
      .toBe(503);
    expect((await fetch(`${origin}/api/health/ready`)).headers.get("connection")).toBe("close");
    const duringDrain = acknowledged.length;
    await expect
      .poll(() => acknowledged.length, { timeout: DRAIN_MS / 4, interval: 10 })
      .toBeGreaterThan(duringDrain);

    const code = await running.exited;
    const took = Date.now() - signalled;
    stopped = true;
    await load;
    expect(code).toBe(0);
    expect(took).toBeLessThan(DRAIN_MS + 10_000);
    const text = await streamText;
    expect(text).toMatch(/retry: \d+\n: restarting\n\n$/);

    // Every acknowledged order is there (the embedded database is opened again once it is free).
    const database = await openDatabase({ databaseUrl, dataDir }, { migrate: false });
    try {
      const found = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, acknowledged));
      expect(found).toHaveLength(acknowledged.length);
    } finally {
      await database.close();
    }
    expect(acknowledged.length).toBeGreaterThan(16);
  });
});
