// What runs beside the requests, as plugins with their own start and stop (docs: the app is a plugin
// tree, not side effects of route plugins):
// - the order event hub: the process's subscribers of order, booking and waiter-call changes, fed by
//   the database's notifications (listening from onReady, closed onClose);
// - the workers: the unpaid-order sweep, the refund worker, the bot outbox, the webhook outbox, the
//   kitchen outbox, Yandex Delivery's claims, the fiscal receipt outbox and the demo's order
//   simulator, started once the app is ready and stopped, each waiting for its run, when it closes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { WaiterCallEvents } from "../services/dine-in/tables.ts";
import { startBotUpdates, type BotUpdatesWorker } from "../services/bot/updates.ts";
import { startBotOutbox, type BotOutbox } from "../services/notifications/bot-outbox.ts";
import { OrderEvents } from "../services/orders/events.ts";
import { startUnpaidSweep } from "../services/orders/payment-timeout.ts";
import { startOrderSimulator } from "../services/orders/simulator.ts";
import { startRefundWorker, type RefundWorker } from "../services/payments/refunds.ts";
import type { IntervalWorker } from "../lib/interval-worker.ts";
import { startWebhookWorker } from "../services/webhooks/worker.ts";
import { startKitchenWorker } from "../services/kitchen/worker.ts";
import { startDeliveryWorker } from "../services/delivery/worker.ts";
import { startFiscalWorker } from "../services/payments/fiscal-outbox.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Order and booking changes of this process and, through NOTIFY, of the others. */
    orderEvents: OrderEvents;
    /** Waiter call changes, for the tables' streams and the staff's. */
    waiterCallEvents: WaiterCallEvents;
    /** Refunds of paid orders cancelled here: kicked after each cancel, retried by its timer. */
    refunds: RefundWorker;
    /** The bots' inbox: kicked by the webhook, retried by its timer; polls Telegram where set so. */
    botUpdates: BotUpdatesWorker;
    /** The brands' signed webhooks (issue 38): kicked by a test event, else run by its timer. */
    webhooks: IntervalWorker;
    /** The kitchen outbox (orders to iiko): kicked after a placement, retried by its timer. */
    kitchen: IntervalWorker;
    /** Yandex Delivery's claims: kicked by its callback, else run by its timer (issue 39). */
    delivery: IntervalWorker;
    /** Fiscal receipts registered after a payment (Click): kicked after one, retried by its timer. */
    fiscal: IntervalWorker;
  }
}

export const orderHub = fp(
  async (app: FastifyInstance) => {
    const events = new OrderEvents(app.database, app.metrics.orders);
    const calls = new WaiterCallEvents(app.database);
    app.decorate("orderEvents", events);
    app.decorate("waiterCallEvents", calls);
    app.addHook("onReady", async () => {
      await events.start(app.log);
      await calls.start(app.log);
    });
    app.addHook("onClose", async () => {
      await events.close();
      await calls.close();
    });
  },
  { name: "savat-order-hub", dependencies: ["savat-metrics"] },
);

export const workers = fp(
  async (app: FastifyInstance) => {
    const events = app.orderEvents;
    let refunds: RefundWorker | null = null;
    let botOutbox: BotOutbox | null = null;
    let botUpdates: BotUpdatesWorker | null = null;
    let webhooks: IntervalWorker | null = null;
    let kitchen: IntervalWorker | null = null;
    let delivery: IntervalWorker | null = null;
    let fiscal: IntervalWorker | null = null;
    let stopSweep: (() => Promise<void>) | null = null;
    let stopSimulator: (() => Promise<void>) | null = null;
    // The routes hold this handle from their registration on; it reaches the worker once it runs.
    app.decorate("refunds", {
      kick: () => refunds?.kick(),
      idle: async () => refunds?.idle(),
      stop: async () => refunds?.stop(),
    } satisfies RefundWorker);
    app.decorate("botUpdates", {
      kick: () => botUpdates?.kick(),
      idle: async () => botUpdates?.idle(),
      stop: async () => botUpdates?.stop(),
    } satisfies BotUpdatesWorker);
    app.decorate("webhooks", {
      kick: () => webhooks?.kick(),
      idle: async () => webhooks?.idle(),
      stop: async () => webhooks?.stop(),
    } satisfies IntervalWorker);
    app.decorate("kitchen", {
      kick: () => kitchen?.kick(),
      idle: async () => kitchen?.idle(),
      stop: async () => kitchen?.stop(),
    } satisfies IntervalWorker);
    app.decorate("delivery", {
      kick: () => delivery?.kick(),
      idle: async () => delivery?.idle(),
      stop: async () => delivery?.stop(),
    } satisfies IntervalWorker);
    app.decorate("fiscal", {
      kick: () => fiscal?.kick(),
      idle: async () => fiscal?.idle(),
      stop: async () => fiscal?.stop(),
    } satisfies IntervalWorker);
    app.addHook("onReady", async () => {
      refunds = startRefundWorker(app, events);
      fiscal = startFiscalWorker(app);
      webhooks = startWebhookWorker(app);
      kitchen = startKitchenWorker(app, events);
      delivery = startDeliveryWorker(app, events);
      const outbox = startBotOutbox(app);
      botOutbox = outbox;
      botUpdates = startBotUpdates(app, outbox);
      stopSweep = startUnpaidSweep(app, events);
      if (app.config.orderSimulator) stopSimulator = startOrderSimulator(app, events);
    });
    app.addHook("onClose", async () => {
      await stopSweep?.();
      await stopSimulator?.();
      await refunds?.stop();
      await kitchen?.stop();
      await delivery?.stop();
      await fiscal?.stop();
      await botUpdates?.stop();
      await botOutbox?.stop();
      await webhooks?.stop();
    });
  },
  { name: "savat-workers", dependencies: ["savat-order-hub"] },
);
