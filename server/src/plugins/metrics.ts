// Prometheus metrics at GET /metrics (text format, prom-client), for the operator's scraper only: it
// answers with `Authorization: Bearer <METRICS_TOKEN>` and is a 404 like any unknown path otherwise,
// or when METRICS_TOKEN is unset (docs/decisions.md "Metrics"). Not in the OpenAPI document.
//
// Each app has its own registry (tests build many apps in one process); the process's own metrics
// (CPU, memory, event loop, GC: prom-client's defaults) are collected once per process, in a registry
// of their own, and only once some app serves /metrics.
import { createHash, timingSafeEqual } from "node:crypto";
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { apiErrorBody } from "#domain/api-errors.ts";
import type { MenuCacheLookup } from "../repositories/menu-cache.ts";
import type { OrderTally } from "../services/orders/events.ts";
import { outboxDepths } from "../repositories/outbox.ts";

export const METRICS_PATH = "/metrics";
const PREFIX = "savat_";

export type StreamKind = "orders" | "staff" | "waiter_calls" | "menu";
export type PaymentCallbackProvider = "payme" | "click" | "uzum";

/** What the app's code reports; the plugin turns it into metrics. */
export interface AppMetrics {
  /** Orders placed and paid, told after their commits (OrderEvents passes it to the services). */
  orders: OrderTally;
  /** A provider's callback answered: "ok", "refused" (its credentials or signature), or its error code. */
  paymentCallback(provider: PaymentCallbackProvider, result: string): void;
  /** A look-up of the prepared menus (server/src/repositories/menu-cache.ts). */
  menuCacheLookup(result: MenuCacheLookup): void;
  /** Where the open server-sent-event streams of one kind are counted, read at each scrape. */
  countStreams(kind: StreamKind, open: () => number): void;
  /** A request answered, under its route's pattern (every one through Fastify, and the menu's fast lane). */
  requestServed(method: string, route: string, statusCode: number, seconds: number): void;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

let processRegistry: Registry | null = null;

/** The process's own metrics (prom-client's defaults), set up once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: PREFIX });
  }
  return processRegistry;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  const registers = [registry];

  const requestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "Time to answer an HTTP request, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const requestSeries = new Map<string, ReturnType<typeof requestDuration.labels>>();
  const ordersPlaced = new Counter({
    name: `${PREFIX}orders_placed_total`,
    help: "Orders placed through this process (counted after the commit)",
    registers,
  });
  const ordersPaid = new Counter({
    name: `${PREFIX}orders_paid_total`,
    help: "Orders marked paid by a provider through this process (counted after the commit)",
    registers,
  });
  const paymentCallbacks = new Counter({
    name: `${PREFIX}payment_callbacks_total`,
    help: "Payment providers' callbacks, by provider and result (ok, refused, or the provider's error code)",
    labelNames: ["provider", "result"] as const,
    registers,
  });
  const menuCache = new Counter({
    name: `${PREFIX}menu_cache_requests_total`,
    help: "Look-ups of prepared menus, by result (hit: built or being built; miss: built now)",
    labelNames: ["result"] as const,
    registers,
  });

  const streamSources: { kind: StreamKind; open: () => number }[] = [];
  new Gauge({
    name: `${PREFIX}event_streams_open`,
    help: "Open server-sent-event streams, by kind (orders: customers, staff: the console, waiter_calls: tables)",
    labelNames: ["stream"] as const,
    registers,
    collect() {
      this.reset();
      for (const kind of ["orders", "staff", "waiter_calls", "menu"] as const) {
        const sources = streamSources.filter((s) => s.kind === kind);
        if (sources.length > 0)
          this.set(
            { stream: kind },
            sources.reduce((sum, s) => sum + s.open(), 0),
          );
      }
    },
  });

  const db = app.database.db;
  new Gauge({
    name: `${PREFIX}outbox_depth`,
    help: "Rows of each outbox waiting to be sent (waiting) or given up (given_up), read at scrape time",
    labelNames: ["outbox", "state"] as const,
    registers,
    async collect() {
      this.reset();
      try {
        for (const depth of await outboxDepths(db)) {
          this.set({ outbox: depth.outbox, state: "waiting" }, depth.waiting);
          this.set({ outbox: depth.outbox, state: "given_up" }, depth.givenUp);
        }
      } catch (error) {
        // The scrape still answers; the gauge is absent until the database answers again.
        app.log.warn({ err: error }, "outbox depth could not be read");
      }
    },
  });

  const poolStats = app.database.poolStats?.bind(app.database);
  if (poolStats) {
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: "PostgreSQL pool connections: total open, idle among them, and queries waiting for one",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  }

  const metrics: AppMetrics = {
    orders: {
      placed: () => {
        ordersPlaced.inc();
      },
      paid: () => {
        ordersPaid.inc();
      },
    },
    paymentCallback(provider, result) {
      paymentCallbacks.inc({ provider, result });
    },
    menuCacheLookup(result) {
      menuCache.inc({ result });
    },
    countStreams(kind, open) {
      streamSources.push({ kind, open });
    },
    requestServed(method, route, statusCode, seconds) {
      // One labelled series per method, route pattern and status, looked up by a string key rather
      // than prom-client hashing the labels at every request.
      const key = `${method} ${route} ${String(statusCode)}`;
      let series = requestSeries.get(key);
      if (!series) {
        series = requestDuration.labels({ method, route, status_code: String(statusCode) });
        requestSeries.set(key, series);
      }
      series.observe(seconds);
    },
  };
  app.decorate("metrics", metrics);

  // The route's pattern, never the URL: ids and made-up paths would make a series each.
  app.addHook("onResponse", async (request, reply) => {
    metrics.requestServed(
      request.method,
      request.routeOptions.url ?? "unmatched",
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  const token = app.config.metricsToken;
  const expected = token === undefined ? null : digest(token);
  if (expected) processMetrics();
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const sent = /^Bearer ([\x21-\x7e]+)$/.exec(request.headers.authorization ?? "")?.[1];
    // Compared as digests in constant time; a wrong token looks like no route at all.
    if (!expected || sent === undefined || !timingSafeEqual(digest(sent), expected)) {
      return reply.status(404).send(apiErrorBody("NOT_FOUND"));
    }
    const all = Registry.merge([processMetrics(), registry]);
    return reply
      .header("cache-control", "no-store")
      .type(all.contentType)
      .send(await all.metrics());
  });
}

export const metrics = fp(metricsPlugin, { name: "savat-metrics" });
