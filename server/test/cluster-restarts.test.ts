// Three API processes behind nginx (scripts/cluster.ts, deploy/nginx/savat.conf.template) taking a
// steady stream of orders while they are restarted, as a rolling deploy and a crash would:
// (a) each process in turn gets SIGTERM, drains, exits 0 and starts again before the next one;
// (b) one process is killed with SIGKILL mid-load and started again.
// Four customers place orders back to back through nginx, each with its own Idempotency-Key and,
// as the storefront does when an answer is lost, one retry with the same key after a dropped
// connection or a 502/503. Then, from the database: no order the client saw acknowledged is missing
// (lost), no key holds two orders (duplicated), and no placement failed as the customer saw it. A
// customer's live order stream, held through nginx, reconnects after its process went away and
// carries an order placed after the restarts. The figures are printed.
// Skipped with the reason when nginx, PostgreSQL or Redis is absent (postgres project only).
import { randomBytes } from "node:crypto";
import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../scripts/cluster.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { merchants, orders, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { REDIS_URL, clusterUnavailable, orderFixture } from "./support/cluster.ts";
import { backend } from "./support/db.ts";
import { ADMIN_URL } from "./support/pg.ts";

const unavailable = backend === "postgres" ? await clusterUnavailable() : "the postgres project only";
if (backend === "postgres" && unavailable) console.warn(`cluster-restarts.test.ts skipped: ${unavailable}`);

const CLIENTS = 4;
/** A pause between two orders of one customer: a steady stream, not a flood of the two cores. */
const PAUSE_MS = 25;
/** Bounds of one load run, whatever happens. */
const MAX_ORDERS = 4_000;
const MAX_LOAD_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LoadFigures {
  /** Orders the customers saw acknowledged (201, or 200 for a retried key). */
  placements: number;
  /** Placements that failed as the customer saw them: after the one retry, or any other refusal. */
  failures: number;
  retries: number;
  /** Why placements failed (status or error), for the assertion message. */
  why: string[];
  /** Idempotency-Key -> acknowledged order id. */
  acked: Map<string, string>;
}

describe.skipIf(unavailable !== null)(
  "three API processes behind nginx, restarted under a steady stream of orders",
  { timeout: 120_000 },
  () => {
    const run = randomBytes(4).toString("hex");
    let cluster: Cluster;
    let database: Database;
    let merchantId = "";
    let body = "";
    const tokens: string[] = [];
    let streamToken = "";

    beforeAll(async () => {
      cluster = await startCluster({
        processes: 3,
        adminUrl: ADMIN_URL,
        database: `savat_restarts_t_${run}`,
        fresh: true,
        redisUrl: REDIS_URL,
        env: {
          RATE_LIMIT_PER_MINUTE: "1000000",
          REDIS_KEY_PREFIX: `savat-test-${run}:`,
          // Short: nginx does not read the readiness check (its checks are passive).
          SHUTDOWN_DRAIN_MS: "300",
        },
      });
      database = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: "" }, { migrate: false });
      const db = database.db;
      const [merchant] = await db.select().from(merchants).where(eq(merchants.sub, "lavash"));
      merchantId = merchant?.id ?? "";
      const { branchId, productId } = await orderFixture(db, merchantId);
      body = JSON.stringify({
        serviceType: "DELIVERY",
        paymentType: "CASH",
        branchId,
        address: { name: "Restart street 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 },
        cartItems: [{ productId, count: 1, modifications: [] }],
      });
      for (let i = 0; i <= CLIENTS; i += 1) {
        const [user] = await db
          .insert(users)
          .values({ merchantId, firstName: `Restart ${String(i)}`, phone: `+99894${String(1_000_000 + i)}` })
          .returning({ id: users.id });
        const { token } = await createSession(db, { merchantId, userId: user?.id ?? "", channel: "WEB" });
        if (i < CLIENTS) tokens.push(token);
        else streamToken = token;
      }
    }, 120_000);
    afterAll(async () => {
      await database.close();
      await cluster.close();
    });

    async function place(
      token: string,
      key: string,
    ): Promise<{ status: number; id?: string; error?: string }> {
      try {
        const res = await fetch(`${cluster.origin}/api/orders/v1/orders`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            merchant: merchantId,
            authorization: `Bearer ${token}`,
            "idempotency-key": key,
            "x-forwarded-for": "10.78.0.1",
          },
          body,
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        let id: string | undefined;
        try {
          id = (JSON.parse(text) as { id?: string }).id;
        } catch {
          // nginx's own error pages are HTML
        }
        return {
          status: res.status,
          ...(id ? { id } : {}),
          ...(res.ok ? {} : { error: text.slice(0, 200) }),
        };
      } catch (error) {
        return { status: 0, error: String((error as { cause?: unknown }).cause ?? error) };
      }
    }

    /** CLIENTS customers placing orders back to back until stopped (or a bound is reached). */
    function startLoad(label: string, pauseMs = PAUSE_MS): { stop(): Promise<LoadFigures> } {
      const figures: LoadFigures = { placements: 0, failures: 0, retries: 0, why: [], acked: new Map() };
      let stopped = false;
      const isStopped = () => stopped;
      const began = Date.now();
      let sent = 0;
      const clients = tokens.map(async (token, c) => {
        for (let i = 0; !isStopped() && sent < MAX_ORDERS && Date.now() - began < MAX_LOAD_MS; i += 1) {
          sent += 1;
          const key = `${label}-${run}-${String(c)}-${String(i)}`;
          let r = await place(token, key);
          // The storefront's retry: the answer was lost (connection dropped) or nginx had no process.
          if (r.status === 0 || r.status === 502 || r.status === 503) {
            figures.retries += 1;
            r = await place(token, key);
          }
          if ((r.status === 201 || r.status === 200) && r.id) {
            figures.placements += 1;
            figures.acked.set(key, r.id);
          } else {
            figures.failures += 1;
            figures.why.push(`${key}: ${String(r.status)} ${r.error ?? ""}`);
          }
          await sleep(pauseMs);
        }
      });
      return {
        async stop() {
          stopped = true;
          await Promise.all(clients);
          return figures;
        },
      };
    }

    /** Acknowledged orders missing from the database, and keys of the run holding more than one order. */
    async function check(label: string, figures: LoadFigures) {
      const ids = [...figures.acked.values()];
      let found = 0;
      for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        found += (await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, part)))
          .length;
      }
      const pattern = `${label}-${run}-%`;
      const duplicated = await database.db
        .select({ key: orders.idempotencyKey })
        .from(orders)
        .where(like(orders.idempotencyKey, pattern))
        .groupBy(orders.idempotencyKey)
        .having(sql`count(*) > 1`);
      const [stored] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(like(orders.idempotencyKey, pattern));
      return { lost: ids.length - found, duplicated: duplicated.length, stored: stored?.n ?? 0 };
    }

    function report(
      label: string,
      figures: LoadFigures,
      result: Awaited<ReturnType<typeof check>>,
      extra: string,
    ) {
      console.log(
        `${label}: ${String(figures.placements)} placements, ${String(figures.failures)} client-seen failures, ` +
          `${String(figures.retries)} retries, ${String(result.lost)} lost, ${String(result.duplicated)} duplicated ` +
          `(${String(result.stored)} orders stored for the run's keys); ${extra}`,
      );
    }

    /** A customer's live order stream through nginx that reconnects as EventSource does. */
    function liveStream(token: string) {
      const controller = new AbortController();
      const state = { connections: 0, open: false, text: "", retryMs: 1_000 };
      let stopped = false;
      const isStopped = () => stopped;
      const loop = (async () => {
        while (!isStopped()) {
          try {
            const res = await fetch(`${cluster.origin}/api/orders/v1/orders/events`, {
              headers: {
                merchant: merchantId,
                authorization: `Bearer ${token}`,
                "x-forwarded-for": "10.78.0.2",
              },
              signal: controller.signal,
            });
            if (res.status === 200 && res.body) {
              state.connections += 1;
              state.open = true;
              const reader = res.body.getReader();
              for (;;) {
                const { value, done } = await reader.read();
                if (done) break;
                const chunk = new TextDecoder().decode(value);
                state.text += chunk;
                const retry = /retry: (\d+)/.exec(chunk)?.[1];
                if (retry) state.retryMs = Number(retry);
              }
            } else await res.arrayBuffer();
          } catch {
            // dropped (a killed process) or stopped
          }
          state.open = false;
          if (!isStopped()) await sleep(state.retryMs);
        }
      })();
      return {
        state,
        async until(check: () => boolean, ms: number, what: string) {
          const deadline = Date.now() + ms;
          while (!check()) {
            if (Date.now() > deadline)
              throw new Error(`timed out waiting for ${what}: ${state.text.slice(-500)}`);
            await sleep(50);
          }
        },
        async stop() {
          stopped = true;
          controller.abort();
          await loop;
        },
      };
    }

    it("(a) a rolling restart (SIGTERM, ready, next): no placement fails, none lost, none doubled; the live stream comes back", async () => {
      const stream = liveStream(streamToken);
      try {
        await stream.until(() => stream.state.open, 10_000, "the live stream");
        const load = startLoad("rolling");
        await sleep(1_000);
        const restarts: string[] = [];
        for (let i = 0; i < cluster.processes.length; i += 1) {
          const r = await cluster.restart(i, "SIGTERM");
          expect(r.code, `process ${String(i)} after SIGTERM:\n${r.process.output()}`).toBe(0);
          restarts.push(`${(r.ms / 1000).toFixed(1)} s`);
        }
        await sleep(1_000);
        const figures = await load.stop();
        const result = await check("rolling", figures);

        // The stream's process went away at some point: it came back through another one, and it
        // carries an order placed now.
        await stream.until(() => stream.state.open, 10_000, "the live stream after the restarts");
        const connections = stream.state.connections;
        const after = await place(streamToken, `rolling-${run}-stream`);
        expect(after.status).toBe(201);
        await stream.until(() => stream.state.text.includes(after.id ?? "-"), 10_000, "the order's event");
        report(
          "rolling restart of 3 processes",
          figures,
          result,
          `restarts ${restarts.join(", ")}; live stream connected ${String(connections)} times`,
        );
        expect(figures.placements).toBeGreaterThan(0);
        expect(figures.failures, figures.why.slice(0, 5).join("\n")).toBe(0);
        expect(result.lost).toBe(0);
        expect(result.duplicated).toBe(0);
        expect(result.stored).toBe(figures.placements);
        expect(connections).toBeGreaterThan(1);
      } finally {
        await stream.stop();
      }
    });

    it("(b) kill -9 of one process mid-load: the requests in flight on it are retried; none lost, none doubled", async () => {
      // No pause: each customer nearly always has an order in flight, so the kill catches some.
      const load = startLoad("killed", 0);
      await sleep(1_500);
      const r = await cluster.restart(1, "SIGKILL");
      expect(r.code).toBe(null);
      await sleep(1_000);
      const figures = await load.stop();
      const result = await check("killed", figures);
      report("kill -9 of 1 of 3 processes", figures, result, `back in ${(r.ms / 1000).toFixed(1)} s`);
      expect(figures.placements).toBeGreaterThan(0);
      expect(figures.failures, figures.why.slice(0, 5).join("\n")).toBe(0);
      expect(result.lost).toBe(0);
      expect(result.duplicated).toBe(0);
      // A request that died with the process and was retried left one order, the acknowledged one.
      expect(result.stored).toBe(figures.placements);
    });
  },
);
