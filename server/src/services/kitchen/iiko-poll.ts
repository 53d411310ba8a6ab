// The fallback for a lost webhook (issue 38): an order iiko took that is still under way is read back
// with deliveries/by_id (a dine-in table order with order/by_id) every KITCHEN_POLL_MS and moved as the webhook would move it (a status the
// webhook brought already moves nothing). Each row's poll is taken by a guarded update, so workers
// do not poll it twice.
import { IIKO_TABLE_STATUS_TO_ORDER } from "#domain/kitchen.ts";
import { ACTIVE_ORDER_STATUSES } from "#domain/order-status.ts";
import {
  claimKitchenPoll,
  findKitchenCredentials,
  listKitchenOrdersToPoll,
} from "../../repositories/kitchen.ts";
import { iikoClientFor } from "./iiko-client.ts";
import { KITCHEN_POLL_MS } from "./iiko-outbox.ts";
import { applyIikoOrderInfo, type IikoWebhookDeps } from "./iiko-webhook.ts";

/** Orders the poll looks at: those the kitchen still moves (an unpaid online order is never sent). */
const POLLED = ACTIVE_ORDER_STATUSES.filter((s) => s !== "OPEN");

/** Reads back the orders due at `now`; answers how many iiko answered for. */
export async function pollKitchenOrders(
  deps: IikoWebhookDeps,
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await listKitchenOrdersToPoll(deps.db, { now, limit: options.limit ?? 50, statuses: POLLED });
  const mine: typeof due = [];
  for (const row of due) {
    const next = new Date(now.getTime() + KITCHEN_POLL_MS);
    if (await claimKitchenPoll(deps.db, { id: row.id, from: row.nextAttemptAt, to: next })) mine.push(row);
  }
  let answered = 0;
  for (const merchantId of new Set(mine.map((r) => r.merchantId))) {
    const credentials = await findKitchenCredentials(deps.db, merchantId);
    const client = credentials && iikoClientFor(credentials.apiLogin, deps);
    if (!credentials || !client) continue;
    const rows = mine.filter((r) => r.merchantId === merchantId);
    // Dine-in orders are iiko table orders, read with order/by_id; the rest are deliveries.
    const tables = rows.filter((r) => r.serviceType === "DINE_IN").map((r) => r.iikoOrderId);
    const deliveries = rows.filter((r) => r.serviceType !== "DINE_IN").map((r) => r.iikoOrderId);
    try {
      if (deliveries.length > 0)
        for (const info of await client.deliveriesById(credentials.organizationId, deliveries)) {
          await applyIikoOrderInfo(deps, { merchantId }, info);
          answered += 1;
        }
      if (tables.length > 0)
        for (const info of await client.tableOrdersById(credentials.organizationId, tables)) {
          await applyIikoOrderInfo(deps, { merchantId }, info, IIKO_TABLE_STATUS_TO_ORDER);
          answered += 1;
        }
    } catch (error) {
      // iiko away: the rows are looked at again at their next poll.
      deps.log("iiko poll failed; the next one tries again", {
        merchantId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return answered;
}
