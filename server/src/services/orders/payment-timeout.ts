// The payment time-out: an order paid online waits OPEN and unpaid for its payment, and once it has
// waited longer than its brand's `paymentTimeoutMinutes` (order settings; 15 unless set, 0 = never)
// the sweep cancels it as NOT_PAID_IN_TIME: stock and spent cashback given back, its open provider
// transaction cancelled (state -1, Payme's reason 4, time-out), a history entry without an actor,
// and the change announced, so an open order page turns "Cancelled: not paid in time" live.
//
// Safe with several server processes: each order is locked (FOR UPDATE) and checked again inside its
// own transaction, the same row lock a payment callback takes first, so a payment and the sweep
// take turns: the order ends paid or cancelled, never both, and two sweeps cancel it once.
import type { FastifyInstance } from "fastify";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import {
  listUnpaidOrdersDue,
  lockUnpaidOrderDue,
  updateOrder,
  type OrderRow,
} from "../../repositories/orders.ts";
import { cancelOpenTransactions } from "../../repositories/payments.ts";
import type { OrderEvents } from "./events.ts";
import { announce } from "./events.ts";
import { giveBackOnCancel } from "./service.ts";
import { recordOrderHistory } from "./history.ts";

/** Payme's cancel reason "the transaction timed out" (REASON_TIMEOUT of the Merchant API). */
const PROVIDER_REASON_TIMEOUT = 4;
/** Orders looked at per sweep; the next tick goes on with the rest. */
export const SWEEP_BATCH = 100;

export interface SweepOptions {
  limit?: number;
  /** Stops between two orders once aborted (the server is closing). */
  signal?: AbortSignal;
  /** Told of an order the sweep could not cancel, which is then left for the next sweep; throws otherwise. */
  onError?: (error: unknown, orderId: string) => void;
}

async function cancelUnpaid(tx: Db, events: OrderEvents, order: OrderRow, now: Date): Promise<void> {
  const { merchantId } = order;
  await updateOrder(tx, {
    merchantId,
    id: order.id,
    set: {
      status: "CANCELED",
      reasons: [...order.reasons.filter((r) => r !== "NOT_PAID_IN_TIME"), "NOT_PAID_IN_TIME"],
    },
  });
  await giveBackOnCancel(tx, order);
  await cancelOpenTransactions(tx, {
    merchantId,
    orderId: order.id,
    reason: PROVIDER_REASON_TIMEOUT,
    now,
  });
  await recordOrderHistory(tx, {
    merchantId,
    orderId: order.id,
    status: "CANCELED",
    courierStatus: order.courierStatus,
    reason: "CHANGE_STATUS",
    comment: "not paid in time",
    actorUserId: null,
  });
  await announce(tx, events, {
    merchantId,
    userId: order.userId,
    orderId: order.id,
    status: "CANCELED",
    courierStatus: order.courierStatus,
  });
}

/**
 * At a payment callback, under the order's row lock: when the order is still OPEN and unpaid past its
 * brand's payment time-out (the sweep's rule, lockUnpaidOrderDue), cancels it exactly as the sweep
 * would and answers true, so a provider never takes money for it before the sweep gets there.
 */
export async function cancelIfPastPaymentTimeout(
  tx: Db,
  events: OrderEvents,
  order: Pick<OrderRow, "merchantId" | "id">,
  now: Date,
): Promise<boolean> {
  const due = await lockUnpaidOrderDue(tx, { merchantId: order.merchantId, orderId: order.id, now });
  if (!due) return false;
  await cancelUnpaid(tx, events, due, now);
  return true;
}

/**
 * Cancels the orders that waited unpaid past their brand's time-out at `now` (tests pass a shifted
 * clock); answers the ids it cancelled, oldest first.
 */
export async function sweepUnpaidOrders(
  db: Db,
  events: OrderEvents,
  now: Date = new Date(),
  options: SweepOptions = {},
): Promise<string[]> {
  const due = await listUnpaidOrdersDue(db, { now, limit: options.limit ?? SWEEP_BATCH });
  const cancelled: string[] = [];
  for (const { id, merchantId } of due) {
    if (options.signal?.aborted) break;
    try {
      const done = await transaction(db, async (tx) => {
        // Paid, cancelled or moved since it was listed: nothing to do.
        const order = await lockUnpaidOrderDue(tx, { merchantId, orderId: id, now });
        if (!order) return false;
        await cancelUnpaid(tx, events, order, now);
        return true;
      });
      if (done) cancelled.push(id);
    } catch (error) {
      if (!options.onError) throw error;
      options.onError(error, id);
    }
  }
  return cancelled;
}

/**
 * Runs the sweep every `config.paymentSweepMs` (0: never) until the app closes; answers the stop
 * function, which waits for a sweep under way. The timer does not keep the process alive.
 */
export function startUnpaidSweep(app: FastifyInstance, events: OrderEvents): () => Promise<void> {
  const everyMs = app.config.paymentSweepMs;
  if (everyMs === 0) return async () => undefined;
  const db = app.database.db;
  const stop = new AbortController();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running || stop.signal.aborted) return;
    running = sweepUnpaidOrders(db, events, new Date(), {
      signal: stop.signal,
      onError: (error, orderId) => {
        app.log.warn({ err: error, orderId }, "unpaid order not cancelled; the next sweep tries again");
      },
    })
      .then((ids) => {
        if (ids.length > 0)
          app.log.info({ orders: ids.length }, "unpaid orders cancelled (not paid in time)");
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, "unpaid order sweep failed");
      })
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    stop.abort();
    clearInterval(timer);
    await running;
  };
}
