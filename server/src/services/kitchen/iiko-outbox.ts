// Orders out to the brand's iiko (issue 38, docs/decisions.md): deliveries and pick-ups as delivery
// orders (deliveries/create), dine-in as table orders (order/create). The kitchen_orders row is written in
// the transaction that makes the order ready for the kitchen: the placement for a payment on receipt
// (orders/service.ts), the payment for an online one (payments/mark-paid.ts). This worker sends it
// outside any database transaction:
// - exactly once: a row is claimed by one guarded update (SENDING with a lease, one attempt counted)
//   and settled only by the attempt that claimed it; iiko's unique externalNumber (our order number)
//   guards a send whose answer was lost (a crash after iiko took it): that refusal means "already there";
// - iiko unreachable, slow or 5xx: the row waits PENDING with a growing pause and is tried again;
// - iiko refuses the order (an unknown product, a closed terminal group...): FAILED with iiko's reason,
//   which staff see on the order.
import { goesToKitchen } from "#domain/kitchen.ts";
import { isOnlinePayment } from "#domain/offer.ts";
import type { Db } from "../../db/types.ts";
import {
  IikoError,
  type IikoClient,
  type IikoDeliveryOrder,
  type IikoOrderItem,
  type IikoPayment,
  type IikoTable,
  type IikoTableOrder,
} from "../../integrations/iiko.ts";
import {
  claimKitchenOrder,
  enqueueKitchenOrder,
  findKitchenCredentials,
  findOrderForKitchen,
  listDueKitchenOrders,
  settleKitchenOrder,
  type KitchenOrderRow,
} from "../../repositories/kitchen.ts";
import { findMerchantById } from "../../repositories/merchants.ts";
import type { OrderRow } from "../../repositories/orders.ts";
import type { Outside } from "../stand-ins.ts";
import { iikoClientFor } from "./iiko-client.ts";
import { IIKO_SIZE_PREFIX } from "./iiko-menu-plan.ts";

/** The pause after the 1st, 2nd, ... failed try while iiko is away (the last one repeats). */
export const KITCHEN_BACKOFF_MS = [10_000, 30_000, 60_000, 2 * 60_000, 5 * 60_000];
/** Tries before an order iiko never answered is left FAILED for staff (about a day at the last pause). */
export const KITCHEN_MAX_ATTEMPTS = 300;
/** How long after the last word from iiko an order under way is read back with deliveries/by_id. */
export const KITCHEN_POLL_MS = 3 * 60_000;

export type KitchenOutcome = "SENT" | "PENDING" | "FAILED";

/**
 * In the transaction that makes `order` ready for the kitchen (placed on receipt, or paid): its
 * outbox row when the brand has iiko and the order is one iiko takes. Answers whether one was written.
 */
export async function queueForKitchen(
  tx: Db,
  order: Pick<OrderRow, "id" | "merchantId" | "serviceType">,
  now: Date,
): Promise<boolean> {
  if (!goesToKitchen(order.serviceType)) return false;
  return enqueueKitchenOrder(tx, { merchantId: order.merchantId, orderId: order.id, now });
}

class Refusal extends Error {}

/** "yyyy-MM-dd HH:mm:ss.fff" in the brand's time zone, as iiko reads completeBefore. */
function iikoLocalTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return `${parts}.000`;
}

type KitchenOrder = NonNullable<Awaited<ReturnType<typeof findOrderForKitchen>>>;

/** The lines as iiko takes them: products, options and sizes by their iiko ids. */
function itemsOf(k: KitchenOrder): IikoOrderItem[] {
  return k.lines.map((line) => {
    if (!line.iikoId) throw new Refusal("a product of the order has no iiko id");
    const ids = line.modifications.map((m) => {
      const id = k.modificationIikoIds.get(m.id);
      if (!id) throw new Refusal("an option of the order has no iiko id");
      return { productId: id, amount: m.count, price: m.price };
    });
    // The size chosen (an imported product's "Size" option) is the line's size and price, not a
    // modifier: the option's price is the size's over the smallest one's (iiko-menu-plan.ts).
    const size = ids.find((m) => m.productId.startsWith(IIKO_SIZE_PREFIX));
    const modifiers = ids.filter((m) => m !== size).map(({ productId, amount }) => ({ productId, amount }));
    return {
      type: "Product" as const,
      productId: line.iikoId,
      ...(size ? { productSizeId: size.productId.slice(IIKO_SIZE_PREFIX.length) } : {}),
      amount: line.count,
      price: line.costPrice + (size?.price ?? 0),
      ...(modifiers.length > 0 ? { modifiers } : {}),
    };
  });
}

/** The payment: the brand's payment type's iiko id, processed already when paid online. */
function paymentsOf(k: KitchenOrder): IikoPayment[] {
  const { order } = k;
  if (!k.paymentIikoId)
    throw new Refusal(`the ${order.paymentType} payment method has no iiko payment type id`);
  const online = isOnlinePayment(order.paymentType);
  return [
    {
      // The brand's other way (OTHER) is neither cash nor a card in iiko's terms.
      paymentTypeKind:
        order.paymentType === "CASH" ? "Cash" : order.paymentType === "OTHER" ? "External" : "Card",
      sum: order.totalPrice,
      paymentTypeId: k.paymentIikoId,
      isProcessedExternally: online,
    },
  ];
}

/** The order as deliveries/create takes it; throws Refusal for what iiko could not take. */
export function deliveryOrderOf(
  k: KitchenOrder,
  timeZone: string,
): { terminalGroupId: string; order: IikoDeliveryOrder } {
  const { order } = k;
  if (!k.terminalGroupId) throw new Refusal("the branch has no iiko terminal group");
  if (!k.customer.phone) throw new Refusal("the order has no phone to call");
  const payments = paymentsOf(k);
  const items = itemsOf(k);
  const a = order.address;
  return {
    terminalGroupId: k.terminalGroupId,
    order: {
      externalNumber: String(order.number),
      phone: k.customer.phone,
      orderServiceType: order.serviceType === "DELIVERY" ? "DeliveryByCourier" : "DeliveryByClient",
      ...(order.atTime ? { completeBefore: iikoLocalTime(order.atTime, timeZone) } : {}),
      customer: { name: k.customer.name ?? k.customer.phone },
      ...(order.serviceType === "DELIVERY" && a
        ? {
            deliveryPoint: {
              coordinates: { latitude: a.latitude, longitude: a.longitude },
              address: {
                street: { name: a.streetName ?? a.name ?? "" },
                house: a.houseNumber ?? "",
                ...(a.office ? { flat: a.office } : {}),
                ...(a.entrance ? { entrance: a.entrance } : {}),
                ...(a.floor ? { floor: a.floor } : {}),
              },
              ...(a.comment ? { comment: a.comment } : {}),
            },
          }
        : {}),
      ...(order.comment ? { comment: order.comment } : {}),
      items,
      payments,
    },
  };
}

/**
 * A dine-in order as order/create takes it (a table order): the table is iiko's table of the branch's
 * terminal group whose number is the table's name ("12"); a table iiko does not number so goes
 * without one rather than not at all. A table order has no comment of its own in iiko, so the table's
 * name (when iiko's table is not named) and the guest's comment go on the first line's, which the
 * kitchen's ticket prints.
 */
export function tableOrderOf(
  k: KitchenOrder,
  tables: readonly IikoTable[],
): { terminalGroupId: string; order: IikoTableOrder } {
  const { order } = k;
  if (!k.terminalGroupId) throw new Refusal("the branch has no iiko terminal group");
  const payments = paymentsOf(k);
  const [first, ...rest] = itemsOf(k);
  if (!first) throw new Refusal("the order has no lines");
  const number = k.tableName !== null && /^\d+$/.test(k.tableName.trim()) ? Number(k.tableName) : null;
  const matches = number === null ? [] : tables.filter((t) => t.number === number && !t.isDeleted);
  // Two halls with a table of that number: which one is not ours to guess.
  const table = matches.length === 1 ? matches[0] : undefined;
  const note = [table || k.tableName === null ? null : `Table ${k.tableName}`, order.comment]
    .filter(Boolean)
    .join("\n");
  return {
    terminalGroupId: k.terminalGroupId,
    order: {
      externalNumber: String(order.number),
      ...(table ? { tableIds: [table.id] } : {}),
      ...(k.customer.phone ? { phone: k.customer.phone } : {}),
      ...(k.customer.name ? { customer: { name: k.customer.name } } : {}),
      items: [{ ...first, ...(note ? { comment: note } : {}) }, ...rest],
      payments,
    },
  };
}

/** iiko already has an order with this external number: an earlier try got through. */
function isDuplicate(error: IikoError): boolean {
  return (
    error.code === "DUPLICATE_EXTERNAL_NUMBER" || /external ?number .*already exists/i.test(error.message)
  );
}

export interface KitchenDeps extends Outside {
  db: Db;
  log: (message: string, detail: Record<string, unknown>) => void;
}

async function settle(
  deps: KitchenDeps,
  row: KitchenOrderRow,
  outcome: KitchenOutcome,
  extra: { error?: string; iikoOrderId?: string; correlationId?: string },
  now: Date,
): Promise<KitchenOutcome> {
  const wait = KITCHEN_BACKOFF_MS[Math.min(row.attempts, KITCHEN_BACKOFF_MS.length) - 1] ?? 10_000;
  await settleKitchenOrder(deps.db, {
    merchantId: row.merchantId,
    id: row.id,
    attempts: row.attempts,
    set:
      outcome === "SENT"
        ? {
            state: "SENT",
            sentAt: now,
            // A SENT row's next_attempt_at is when to read it back from iiko (the webhook's fallback).
            nextAttemptAt: new Date(now.getTime() + KITCHEN_POLL_MS),
            lastError: null,
            iikoOrderId: extra.iikoOrderId ?? null,
            correlationId: extra.correlationId ?? null,
          }
        : {
            state: outcome,
            nextAttemptAt: new Date(now.getTime() + wait),
            lastError: (extra.error ?? "").slice(0, 500),
          },
  });
  if (outcome !== "SENT") {
    deps.log(
      outcome === "FAILED"
        ? "kitchen refused the order; staff see why"
        : "order not sent to the kitchen; it will be retried",
      {
        orderId: row.orderId,
        attempts: row.attempts,
        error: extra.error,
      },
    );
  }
  return outcome;
}

/** Sends the order the way iiko takes it: a table order for dine-in, else a delivery order. */
async function send(
  client: IikoClient,
  organizationId: string,
  found: KitchenOrder,
  merchantId: string,
  deps: KitchenDeps,
): Promise<{ correlationId: string; orderInfo: { id: string } }> {
  if (found.order.serviceType === "DINE_IN") {
    const tables = found.terminalGroupId ? await client.tables([found.terminalGroupId]) : [];
    return client.createTableOrder({ organizationId, ...tableOrderOf(found, tables) });
  }
  const merchant = await findMerchantById(deps.db, merchantId);
  return client.createDelivery({
    organizationId,
    ...deliveryOrderOf(found, merchant?.timezone ?? "Asia/Tashkent"),
  });
}

/** One attempt at one row, if it is still due and no other worker has it. */
async function attempt(deps: KitchenDeps, id: string, now: Date): Promise<KitchenOutcome | null> {
  const row = await claimKitchenOrder(deps.db, {
    id,
    now,
    // A worker that died lets the next one retry after its lease (KITCHEN_LEASE_MS).
    leaseUntil: new Date(now.getTime() + deps.config.kitchenLeaseMs),
  });
  if (!row) return null;
  const { merchantId } = row;
  const retryOrFail = (error: string): Promise<KitchenOutcome> =>
    settle(deps, row, row.attempts >= KITCHEN_MAX_ATTEMPTS ? "FAILED" : "PENDING", { error }, now);
  const credentials = await findKitchenCredentials(deps.db, merchantId);
  const client = credentials && iikoClientFor(credentials.apiLogin, deps);
  if (!credentials || !client) return retryOrFail("iiko is not set up for this brand");
  const found = await findOrderForKitchen(deps.db, { merchantId, orderId: row.orderId });
  if (!found) return settle(deps, row, "FAILED", { error: "the order no longer exists" }, now);
  try {
    const answer = await send(client, credentials.organizationId, found, merchantId, deps);
    return await settle(
      deps,
      row,
      "SENT",
      { iikoOrderId: answer.orderInfo.id, correlationId: answer.correlationId },
      new Date(),
    );
  } catch (error) {
    if (error instanceof Refusal) return settle(deps, row, "FAILED", { error: error.message }, now);
    if (!(error instanceof IikoError))
      return retryOrFail(error instanceof Error ? error.message : String(error));
    if (error.kind === "REFUSED" && isDuplicate(error)) {
      return settle(deps, row, "SENT", { error: "already taken by iiko" }, new Date());
    }
    if (error.kind === "REFUSED") return settle(deps, row, "FAILED", { error: error.message }, now);
    return retryOrFail(
      error.kind === "AUTH" ? `iiko refused the API login: ${error.message}` : error.message,
    );
  }
}

/** Sends the rows due at `now` (tests pass a later clock); answers what became of each one tried. */
export async function sendDueKitchenOrders(
  deps: KitchenDeps,
  options: { now?: Date; limit?: number } = {},
): Promise<KitchenOutcome[]> {
  const now = options.now ?? new Date();
  const due = await listDueKitchenOrders(deps.db, { now, limit: options.limit ?? 50 });
  const results: KitchenOutcome[] = [];
  for (const { id } of due) {
    const outcome = await attempt(deps, id, now);
    if (outcome) results.push(outcome);
  }
  return results;
}
