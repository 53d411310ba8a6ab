// The courier app (issue 39): a staff member with the COURIER role sees the orders they carry and
// the offers of their branch while on shift, moves them along order-status.ts (src/domain/courier-app.ts
// says which move when), and sends positions the customers' maps follow while a delivery is active.
import type {
  CourierMe,
  CourierOrder,
  CourierOrderDetail,
  CourierPositionInput,
} from "#domain/contract/courier-app.ts";
import {
  cashToCollect,
  COURIER_STATUS_OF,
  courierMoves,
  courierMoveSteps,
  latestKeptPosition,
  type CourierMove,
  type CourierOrderState,
} from "#domain/courier-app.ts";
import { distance } from "#domain/geo.ts";
import { canAttachCourier } from "#domain/order-status.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import {
  branchPoints,
  findCourierOfUser,
  findCourierOrderExtras,
  listCourierOrderRows,
  markOffered,
  setCourierShift,
  storeCourierFix,
  takeOffer,
  type CourierSelf,
} from "../../repositories/courier-app.ts";
import {
  findOrder,
  listCarriedOrders,
  lockOrder,
  updateOrder,
  type OrderRow,
} from "../../repositories/orders.ts";
import { announce, type OrderEvents } from "./events.ts";
import { recordOrderHistory } from "./history.ts";
import { applyStatus, recordCourierChange } from "./service.ts";

export type { CourierSelf };

/** The signed-in courier of the brand; a user without a courier record is refused. */
export async function courierSelf(db: Db, q: { merchantId: string; userId: string }): Promise<CourierSelf> {
  const courier = await findCourierOfUser(db, q);
  if (!courier) throw new AppError("FORBIDDEN");
  return courier;
}

export function courierMe(c: CourierSelf): CourierMe {
  return { id: c.id, name: c.name, phone: c.phone, branchId: c.branchId, onShift: c.onShift };
}

export async function switchShift(
  db: Db,
  { merchantId, courier, onShift }: { merchantId: string; courier: CourierSelf; onShift: boolean },
): Promise<CourierMe> {
  await setCourierShift(db, { merchantId, courierId: courier.id, onShift });
  return courierMe({ ...courier, onShift });
}

/** How the courier stands to an order: theirs, offered to them, or neither (then NOT_FOUND). */
function stateOf(order: OrderRow, courier: CourierSelf): CourierOrderState & { takenByOther: boolean } {
  const offeredToBranch =
    order.courierOfferedAt !== null &&
    courier.onShift &&
    courier.branchId !== null &&
    order.branchId === courier.branchId;
  return {
    status: order.status,
    serviceType: order.serviceType,
    courierStatus: order.courierStatus,
    mine: order.courierId === courier.id,
    offered: offeredToBranch && order.courierId === null && canAttachCourier(order),
    takenByOther: offeredToBranch && order.courierId !== null && order.courierId !== courier.id,
  };
}

function addressOf(order: OrderRow) {
  const a = order.address;
  // The name is the whole line the customer saw ("Amir Temur avenue 1"); street and house otherwise.
  const line = a?.name || [a?.streetName, a?.houseNumber].filter(Boolean).join(" ");
  const text = [line, a?.details].filter(Boolean).join(", ");
  return {
    text,
    latitude: a?.latitude ?? 0,
    longitude: a?.longitude ?? 0,
    entrance: a?.entrance ?? null,
    floor: a?.floor ?? null,
    office: a?.office ?? null,
    intercom: a?.domophone ?? null,
    comment: a?.comment ?? null,
  };
}

function toCourierOrder(
  order: OrderRow,
  courier: CourierSelf,
  from: { latitude: number; longitude: number } | undefined,
): CourierOrder {
  const state = stateOf(order, courier);
  const address = addressOf(order);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    courierStatus: order.courierStatus,
    mine: state.mine,
    address,
    distanceM: from && order.address ? Math.round(distance(from, address)) : null,
    itemCount: order.productCount,
    paymentType: order.paymentType,
    cashToCollect: cashToCollect(order),
    totalPrice: order.totalPrice,
    moves: courierMoves(state),
    createdDate: order.createdDate.toISOString(),
  };
}

/** Where the courier starts from: their position when on a delivery, else the order's branch. */
function startOf(
  order: OrderRow,
  courier: CourierSelf,
  branches: Map<string, { latitude: number; longitude: number }>,
) {
  if (order.status === "ON_WAY" && courier.latitude !== null && courier.longitude !== null)
    return { latitude: courier.latitude, longitude: courier.longitude };
  return order.branchId ? branches.get(order.branchId) : undefined;
}

export async function courierOrders(
  db: Db,
  { merchantId, courier }: { merchantId: string; courier: CourierSelf },
): Promise<CourierOrder[]> {
  const rows = await listCourierOrderRows(db, { merchantId, courier });
  const ids = [...new Set(rows.flatMap((r) => (r.branchId ? [r.branchId] : [])))];
  const points = await branchPoints(db, { merchantId, ids });
  return rows.map((r) => toCourierOrder(r, courier, startOf(r, courier, points)));
}

async function detailOf(db: Db, merchantId: string, order: OrderRow, courier: CourierSelf) {
  const points = await branchPoints(db, { merchantId, ids: order.branchId ? [order.branchId] : [] });
  const { customer, items } = await findCourierOrderExtras(db, { merchantId, order });
  const customerName =
    order.receiver?.name ?? ([customer?.firstName, customer?.lastName].filter(Boolean).join(" ") || null);
  return {
    ...toCourierOrder(order, courier, startOf(order, courier, points)),
    customerName,
    customerPhone: order.receiver?.phone ?? customer?.phone ?? null,
    comment: order.comment,
    items: items.map((i) => ({ name: i.name, count: i.count })),
  } satisfies CourierOrderDetail;
}

/** One order the courier carries or is offered; any other (another branch's, brand's) is NOT_FOUND. */
export async function courierOrder(
  db: Db,
  { merchantId, courier, orderId }: { merchantId: string; courier: CourierSelf; orderId: string },
): Promise<CourierOrderDetail> {
  const order = await findOrder(db, { merchantId, id: orderId });
  if (!order) throw new AppError("NOT_FOUND");
  const state = stateOf(order, courier);
  if (!state.mine && !state.offered) throw new AppError("NOT_FOUND");
  return detailOf(db, merchantId, order, courier);
}

/**
 * One move of the courier: checked against the locked order (theirs, or an offer of their branch),
 * written with the same `applyStatus` the staff board's moves use. Accepting an offer is the guarded
 * update of `takeOffer`: of two couriers at once, the second gets COURIER_OFFER_TAKEN.
 */
export async function moveCourierOrder(
  db: Db,
  events: OrderEvents,
  {
    merchantId,
    courier,
    orderId,
    move,
  }: { merchantId: string; courier: CourierSelf; orderId: string; move: CourierMove },
): Promise<CourierOrderDetail> {
  const row = await transaction(db, async (tx) => {
    const order = await lockOrder(tx, { merchantId, orderId });
    const state = stateOf(order, courier);
    if (state.takenByOther && move === "ACCEPT") throw new AppError("COURIER_OFFER_TAKEN");
    if (!state.mine && !state.offered) throw new AppError("NOT_FOUND");
    const steps = courierMoveSteps(move, state);
    if (!steps) throw new AppError("ORDER_STATUS_TRANSITION");
    const courierStatus = COURIER_STATUS_OF[move];
    if (move === "ACCEPT" && !state.mine) {
      if (!courier.branchId) throw new AppError("NOT_FOUND");
      const [to] = steps;
      const taken = await takeOffer(tx, {
        merchantId,
        orderId,
        courierId: courier.id,
        branchId: courier.branchId,
        set: { courierStatus, ...(to ? { status: to } : {}) },
      });
      if (!taken) throw new AppError("COURIER_OFFER_TAKEN");
      await recordOrderHistory(tx, {
        merchantId,
        orderId,
        status: taken.status,
        courierStatus,
        reason: to ? "CHANGE_STATUS" : "CHANGE_COURIER_STATUS",
        actorUserId: courier.userId,
      });
      await announce(tx, events, {
        merchantId,
        userId: taken.userId,
        orderId,
        status: taken.status,
        courierStatus,
      });
      return taken;
    }
    let current = order;
    for (const to of steps) {
      current = await applyStatus(tx, events, current, to, {
        actorUserId: courier.userId,
        comment: null,
        courierStatus,
      });
    }
    if (steps.length === 0) {
      current = await updateOrder(tx, { merchantId, id: orderId, set: { courierStatus } });
      await recordCourierChange(tx, events, current, courierStatus, courier.userId);
    }
    return current;
  });
  return detailOf(db, merchantId, row, courier);
}

/** Staff offer a delivery of their branch to its couriers on shift; one already given is refused. */
export async function offerToCouriers(
  db: Db,
  { merchantId, orderId }: { merchantId: string; orderId: string },
): Promise<OrderRow> {
  return transaction(db, async (tx) => {
    const order = await lockOrder(tx, { merchantId, orderId });
    if (!canAttachCourier(order) || order.courierId !== null || order.branchId === null)
      throw new AppError("ORDER_STATUS_TRANSITION");
    await markOffered(tx, { merchantId, orderId, at: new Date() });
    return lockOrder(tx, { merchantId, orderId });
  });
}

/**
 * A batch of the phone's positions: the newest sane one becomes the courier's, and the customers of
 * the orders they carry are told (their maps move), only while the courier carries an order. After
 * the delivery nothing is kept, so the courier cannot be followed home.
 */
export async function reportPositions(
  db: Db,
  events: OrderEvents,
  {
    merchantId,
    courier,
    batch,
    now = new Date(),
  }: { merchantId: string; courier: CourierSelf; batch: CourierPositionInput[]; now?: Date },
): Promise<{ accepted: boolean; dropped: number }> {
  return transaction(db, async (tx) => {
    const carried = await listCarriedOrders(tx, { merchantId, courierId: courier.id });
    if (carried.length === 0) return { accepted: false, dropped: batch.length };
    // A position from before this stretch of work says nothing about where the phone may be now.
    const recent = courier.positionAt && now.getTime() - courier.positionAt.getTime() < 3_600_000;
    const last =
      courier.latitude !== null && courier.longitude !== null && courier.positionAt && recent
        ? { latitude: courier.latitude, longitude: courier.longitude, at: courier.positionAt }
        : null;
    const fixes = batch.map((p) => ({
      latitude: p.lat,
      longitude: p.lon,
      at: new Date(p.at),
      accuracy: p.accuracy,
    }));
    const { kept, dropped } = latestKeptPosition(fixes, last, now);
    if (!kept) return { accepted: false, dropped };
    const accuracy = fixes.find((f) => f.at.getTime() === kept.at.getTime())?.accuracy ?? null;
    await storeCourierFix(tx, { merchantId, courierId: courier.id, ...kept, accuracy });
    for (const o of carried) {
      await announce(tx, events, {
        merchantId,
        userId: o.userId,
        orderId: o.id,
        status: o.status,
        courierStatus: o.courierStatus,
      });
    }
    // The batch's older good positions are passed over for the newest, not refused.
    return { accepted: true, dropped };
  });
}
