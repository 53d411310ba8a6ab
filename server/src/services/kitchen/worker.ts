// The kitchen's background work (issue 38): the outbox's sends and the poll that backs up iiko's
// webhook, one run at a time, when kicked (after a placement) and every `kitchenSweepMs`; and the
// menu's scheduled import from iiko.
import type { FastifyInstance } from "fastify";
import { startIntervalWorker, type IntervalWorker } from "../../lib/interval-worker.ts";
import type { OrderEvents } from "../orders/events.ts";
import { importDueMenus } from "./iiko-menu.ts";
import { sendDueKitchenOrders } from "./iiko-outbox.ts";
import { pollKitchenOrders } from "./iiko-poll.ts";

export function startKitchenWorker(app: FastifyInstance, events: OrderEvents): IntervalWorker {
  const deps = {
    db: app.database.db,
    config: app.config,
    standIns: app.standIns,
    events,
    log: (message: string, detail: Record<string, unknown>) => {
      app.log.warn(detail, message);
    },
  };
  return startIntervalWorker({
    work: async () => {
      await sendDueKitchenOrders(deps);
      await pollKitchenOrders(deps);
      await importDueMenus(deps);
    },
    everyMs: app.config.kitchenSweepMs,
    failed: (error) => {
      app.log.warn({ err: error }, "kitchen run failed; the next run tries again");
    },
    rerunWhenBusy: true,
  });
}
