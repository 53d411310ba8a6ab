// Yandex Delivery's background work (issue 39): the claims' creation, acceptance, following and
// cancellation, one run at a time, when kicked (a callback, a cancel) and every `yandexSweepMs`.
import type { FastifyInstance } from "fastify";
import { startIntervalWorker, type IntervalWorker } from "../../lib/interval-worker.ts";
import type { OrderEvents } from "../orders/events.ts";
import { runDeliveryClaims, type DeliveryDeps } from "./yandex-claims.ts";

/** How often a followed claim is read back at the least (the callback brings changes sooner). */
const FOLLOW_MIN_MS = 5_000;

export function deliveryDeps(app: FastifyInstance, events: OrderEvents): DeliveryDeps {
  return {
    db: app.database.db,
    config: app.config,
    standIns: app.standIns,
    events,
    publicUrl: app.config.publicUrl,
    followMs: Math.max(FOLLOW_MIN_MS, app.config.yandexSweepMs),
    log: (message, detail) => {
      app.log.warn(detail, message);
    },
  };
}

export function startDeliveryWorker(app: FastifyInstance, events: OrderEvents): IntervalWorker {
  const deps = deliveryDeps(app, events);
  return startIntervalWorker({
    work: async () => {
      await runDeliveryClaims(deps);
    },
    everyMs: app.config.yandexSweepMs,
    failed: (error) => {
      app.log.warn({ err: error }, "delivery claims run failed; the next run tries again");
    },
    rerunWhenBusy: true,
  });
}
