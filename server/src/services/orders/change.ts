// The customer changes a placed order before the kitchen accepts it (issue 42): its dishes, its
// address or branch, its time, its way of getting it and of paying. The same check as placing decides
// every amount; the order keeps its promo (recomputed on the new basket, the order's own use not
// counted against the promo's limits) and may spend the cashback it spent before. Refused once the
// kitchen has accepted it, once it is paid online (a provider's payment is for its exact total), and
// once the kitchen's system (iiko) or a courier service (Yandex) has it. One transaction: the old
// lines' stock goes back and the new lines' is taken, the cashback is settled, the order row and
// lines are rewritten, and the history, the customer's live stream and the kitchen's outbox follow.
import type { ArrivalWindow } from "#domain/arrival.ts";
import { isOnlinePayment } from "#domain/offer.ts";
import { goesToKitchen } from "#domain/kitchen.ts";
import { customerCanChange } from "#domain/order-status.ts";
import type { OrderChangeReason, OrderStatus } from "#domain/enums.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { menuChanged } from "../../repositories/menu-cache.ts";
import { findDeliveryClaimOfOrder, findYandexClaimMoment } from "../../repositories/delivery-claims.ts";
import { listKitchenStates } from "../../repositories/kitchen.ts";
import { cancelOpenTransactions } from "../../repositories/payments.ts";
import {
  addCashback,
  lockOrder,
  replaceOrderItems,
  setOrderEstimate,
  takeStock,
  updateOrder,
  type OrderRow,
} from "../../repositories/orders.ts";
import { queueForKitchen } from "../kitchen/iiko-outbox.ts";
import { queueDeliveryClaim } from "../delivery/yandex-queue.ts";
import { promisedWindow } from "./arrival.ts";
import { finishOrder, prepareOrder, type CheckedOrder, type ParsedOrderRequest } from "./check.ts";
import { announce } from "./events.ts";
import { recordOrderHistory } from "./history.ts";
import { recordWebhookEvent } from "../webhooks/events.ts";
import {
  checkContext,
  giveBackStockOf,
  orderItemValues,
  orderValues,
  PROVIDER_REASON_CANCELLED,
  type PlaceContext,
} from "./service.ts";

export type ChangeContext = Omit<PlaceContext, "idempotencyKey" | "orderDevice" | "takenBy">;

/** Why this order cannot be changed now, or null. */
async function changeRefusal(tx: Db, order: OrderRow): Promise<AppError | null> {
  if (order.isPaid) return new AppError("ORDER_PAID_NOT_CHANGEABLE");
  if (!customerCanChange(order.status, order.isPaid)) return new AppError("ORDER_NOT_CHANGEABLE");
  const target = { merchantId: order.merchantId, orderId: order.id };
  const kitchen = await listKitchenStates(tx, { merchantId: order.merchantId, orderIds: [order.id] });
  if (kitchen.size > 0 || (await findDeliveryClaimOfOrder(tx, target))) {
    return new AppError("ORDER_IN_KITCHEN_SYSTEM");
  }
  return null;
}

/** The history reason of a change: its payment type, else its service type, else its contents. */
function changeReason(order: OrderRow, checked: CheckedOrder): OrderChangeReason {
  if (order.paymentType !== checked.paymentType) return "CHANGE_PAYMENT_TYPE";
  if (order.serviceType !== checked.serviceType) return "CHANGE_DELIVERY_TYPE";
  return "UPDATE";
}

/** Thrown to roll a quote's transaction back (the stock it gave back) with its answer. */
class QuoteOnly extends Error {
  readonly quote: { checked: CheckedOrder; cashbackBalance: number };
  constructor(quote: { checked: CheckedOrder; cashbackBalance: number }) {
    super("quote");
    this.quote = quote;
  }
}

/**
 * Checks the change against the locked order with its own stock given back, in `tx`: the order's
 * promo stays (its own use not counted), and the cashback it spent is the customer's to spend again.
 */
async function checkChange(
  tx: Db,
  ctx: ChangeContext,
  order: OrderRow,
  req: ParsedOrderRequest,
): Promise<{ checked: CheckedOrder; cashbackBalance: number }> {
  const refusal = await changeRefusal(tx, order);
  if (refusal) throw refusal;
  await giveBackStockOf(tx, order);
  const request: ParsedOrderRequest = { ...req, promoCode: order.promoCode };
  const check = checkContext(ctx);
  const prepared = await prepareOrder(tx, check, request);
  if (!prepared.customer) throw new AppError("UNAUTHORIZED");
  const promo = prepared.promo;
  if (promo && promo.row.id === order.promoId) {
    prepared.promo = { ...promo, mine: Math.max(0, promo.mine - 1), all: Math.max(0, promo.all - 1) };
  }
  const cashbackBalance = prepared.customer.cashback + order.cashback;
  const checked = finishOrder(check, prepared, request, cashbackBalance);
  // An online payment waits OPEN until the order's payment time-out, counted from its placing: an
  // order paid on receipt that switched late would be cancelled unpaid at once.
  if (order.status !== "OPEN" && isOnlinePayment(checked.paymentType)) {
    throw new AppError("ORDER_CHANGE_TO_ONLINE");
  }
  return { checked, cashbackBalance };
}

/** What the order would cost changed so (nothing is written). */
export async function quoteChange(
  db: Db,
  ctx: ChangeContext,
  orderId: string,
  req: ParsedOrderRequest,
): Promise<{ checked: CheckedOrder; cashbackBalance: number; arrival: ArrivalWindow }> {
  try {
    await transaction(db, async (tx) => {
      const order = await lockOrder(tx, { merchantId: ctx.merchant.id, orderId, userId: ctx.userId });
      throw new QuoteOnly(await checkChange(tx, ctx, order, req));
    });
  } catch (error) {
    if (!(error instanceof QuoteOnly)) throw error;
    const { checked } = error.quote;
    return { ...error.quote, arrival: await promisedWindow(db, checked, ctx.now ?? new Date()) };
  }
  throw new Error("unreachable: a change quote always rolls back");
}

/** Changes the customer's order; answers its id. */
export async function changeOrder(
  db: Db,
  ctx: ChangeContext,
  orderId: string,
  req: ParsedOrderRequest,
): Promise<string> {
  const merchantId = ctx.merchant.id;
  const now = ctx.now ?? new Date();
  return transaction(db, async (tx) => {
    const order = await lockOrder(tx, { merchantId, orderId, userId: ctx.userId });
    const { checked } = await checkChange(tx, { ...ctx, now }, order, req);
    for (const s of checked.stockTaken) {
      if (!(await takeStock(tx, { merchantId, ...s }))) throw new AppError("STOCK_NOT_ENOUGH");
    }
    if (checked.stockTaken.length > 0) await menuChanged(tx, merchantId);
    const spentBefore = order.cashback;
    const spentNow = checked.totals.cashback;
    if (spentBefore !== spentNow && order.userId) {
      await addCashback(tx, { merchantId, userId: order.userId, delta: spentBefore - spentNow });
    }
    const online = isOnlinePayment(checked.paymentType);
    const status: OrderStatus = online ? "OPEN" : checked.atTime ? "AT_TIME" : "CREATED";
    // A payment begun for the old total can no longer complete: the customer pays the new one.
    if (order.status === "OPEN") {
      await cancelOpenTransactions(tx, { merchantId, orderId, reason: PROVIDER_REASON_CANCELLED, now });
    }
    const {
      number: _n,
      orderDevice: _d,
      userId: _u,
      idempotencyKey: _k,
      idempotencyHash: _h,
      merchantId: _m,
      ...values
    } = orderValues(
      { ...ctx, orderDevice: order.orderDevice ?? "CLIENT_WEB", idempotencyKey: undefined },
      checked,
      {
        number: order.number,
        status,
        hash: "",
      },
    );
    const changed = await updateOrder(tx, { merchantId, id: orderId, set: values });
    await replaceOrderItems(tx, {
      merchantId,
      orderId,
      items: orderItemValues(merchantId, orderId, checked),
    });
    const promised = await promisedWindow(tx, checked, now);
    await setOrderEstimate(tx, { merchantId, id: orderId, ...promised });
    const reason = changeReason(order, checked);
    await recordOrderHistory(tx, {
      merchantId,
      orderId,
      status,
      courierStatus: order.courierStatus,
      reason,
      comment: "changed by the customer",
      actorUserId: ctx.userId,
    });
    // The brand's endpoints (a kitchen screen, an ERP) read the order again.
    const totalPrice = checked.totals.totalPrice;
    await recordWebhookEvent(tx, {
      merchantId,
      types: ["order.changed"],
      orderId,
      facts: { status, reason, totalPrice },
    });
    // Now payable on receipt: the kitchen's system and Yandex get it as at placement.
    if (!online) {
      if (goesToKitchen(changed.serviceType)) await queueForKitchen(tx, changed, now);
      if (changed.deliveryType === "YANDEX" && (await findYandexClaimMoment(tx, merchantId)) === "PLACED") {
        await queueDeliveryClaim(tx, changed, now);
      }
    }
    await announce(tx, ctx.events, {
      merchantId,
      userId: order.userId,
      orderId,
      status,
      courierStatus: order.courierStatus,
    });
    return orderId;
  });
}
