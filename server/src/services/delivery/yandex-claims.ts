// Orders out to Yandex Delivery (issue 39, docs/decisions.md). The delivery_claims row is written in
// the transaction that makes the order due for a courier: the kitchen marking it ready (DONE), or its
// placement (paid, for an online payment) when the brand asks for claims at placement. This worker
// then, outside any database transaction:
// - creates the claim once: claims/create carries the row's request_id, the same on every try, so a
//   try whose answer was lost (a timeout, a crash after Yandex took it) gets the same claim back;
// - reads it until Yandex has estimated it and accepts it with its version;
// - follows it: claims/info (status, performer) and the performer's position, every few seconds and at
//   once when Yandex's callback says it changed; the performer becomes a courier row of the brand, so
//   the customer's map and stream show it as they show the brand's own couriers;
// - cancels it when the order is cancelled (claims/cancel-info for free or paid, then claims/cancel).
// Yandex unreachable, slow or 5xx leaves the row due again after a pause; a refusal is FAILED with
// Yandex's message for staff.
import { YANDEX_CLAIM_STEPS, awaitsAcceptance } from "#domain/yandex-delivery.ts";
import { kitchenSteps } from "#domain/kitchen.ts";
import { isPaidOnReceipt } from "#domain/offer.ts";
import { isFinalStatus } from "#domain/order-status.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import {
  YandexDeliveryError,
  type YandexClaim,
  type YandexClaimRequest,
  type YandexDeliveryClient,
} from "../../integrations/yandex-delivery.ts";
import { AppError } from "../../lib/errors.ts";
import { moveCourier } from "../../repositories/couriers.ts";
import {
  claimDeliveryClaim,
  findBranchYandexAccount,
  findDeliveryClaimByClaimId,
  findOrderForClaim,
  listDueDeliveryClaims,
  makeDeliveryClaimDue,
  settleDeliveryClaim,
  upsertPerformerCourier,
  type DeliveryClaimRow,
} from "../../repositories/delivery-claims.ts";
import { findOrder, lockOrder, updateOrder } from "../../repositories/orders.ts";
import { announce, type OrderEvents } from "../orders/events.ts";
import { changeStatus, recordCourierChange } from "../orders/service.ts";
import type { Outside } from "../stand-ins.ts";
import { yandexClientFor } from "./yandex-client.ts";

/** The pause after the 1st, 2nd, ... failed try while Yandex is away (the last one repeats). */
export const CLAIM_BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 2 * 60_000];
/** Tries before a claim Yandex never answered is left FAILED for staff (about an hour at the last pause). */
export const CLAIM_MAX_ATTEMPTS = 40;
/** How long a claimed row belongs to its worker. */
export const CLAIM_LEASE_MS = 60_000;
/** How soon an estimating claim is read again. */
const ESTIMATE_POLL_MS = 2_000;
/** The longest walk a status asks for (CREATED to DELIVERED). */
const MAX_STEPS = 8;

/** Yandex's callback (routes/integrations/yandex-delivery.ts); the row's token follows it. */
export const YANDEX_CALLBACK_PATH = "/api/integrations/v1/yandex-delivery/callback";

export interface DeliveryDeps extends Outside {
  db: Db;
  events: OrderEvents;
  log: (message: string, detail: Record<string, unknown>) => void;
  /** The origin Yandex's callback reaches (PUBLIC_URL); none: no callback, the poll alone follows. */
  publicUrl: string | undefined;
  /** How often a followed claim is read back. */
  followMs: number;
}

class Refusal extends Error {}

/** The claim claims/create takes for the order: pickup at the branch, drop-off at the door. */
export function claimRequestOf(
  found: NonNullable<Awaited<ReturnType<typeof findOrderForClaim>>>,
  account: NonNullable<Awaited<ReturnType<typeof findBranchYandexAccount>>>,
  callbackUrl: string | null,
  currency: string,
): YandexClaimRequest {
  const { order } = found;
  const a = order.address;
  if (!a) throw new Refusal("the order has no address");
  const pickupPhone = account.pickupPhone ?? account.branchPhone;
  if (!pickupPhone) throw new Refusal("the branch has no pickup phone for Yandex");
  if (!found.customer.phone) throw new Refusal("the order has no phone to call");
  // Paid on receipt: the performer collects it at the door (Yandex's payment on delivery).
  const collect = !order.isPaid && isPaidOnReceipt(order.paymentType);
  const door = [a.streetName ?? a.name, a.houseNumber].filter(Boolean).join(", ") || a.name || "";
  return {
    items: found.lines.map((l, i) => ({
      extra_id: `${String(order.number)}-${String(i + 1)}`,
      pickup_point: 1,
      droppof_point: 2,
      title: l.name.ru ?? l.name.uz ?? l.name.eng ?? "—",
      cost_value: l.price.toFixed(2),
      cost_currency: currency,
      quantity: l.count,
    })),
    route_points: [
      {
        point_id: 1,
        visit_order: 1,
        type: "source",
        contact: { name: account.pickupName ?? "Savat", phone: pickupPhone },
        address: { fullname: account.address, coordinates: [account.longitude, account.latitude] },
        skip_confirmation: true,
        external_order_id: String(order.number),
      },
      {
        point_id: 2,
        visit_order: 2,
        type: "destination",
        contact: { name: found.customer.name ?? found.customer.phone, phone: found.customer.phone },
        address: {
          fullname: door,
          coordinates: [a.longitude, a.latitude],
          ...(a.entrance ? { porch: a.entrance } : {}),
          ...(a.floor ? { sfloor: a.floor } : {}),
          ...(a.office ? { sflat: a.office } : {}),
          ...(a.comment || order.courierComment
            ? { comment: [a.comment, order.courierComment].filter(Boolean).join(". ") }
            : {}),
        },
        skip_confirmation: true,
        external_order_id: String(order.number),
        ...(collect
          ? {
              payment_on_delivery: {
                customer: { phone: found.customer.phone },
                payment_method: order.paymentType === "CASH" ? ("cash" as const) : ("card" as const),
              },
            }
          : {}),
      },
    ],
    client_requirements: { taxi_class: "courier" },
    ...(callbackUrl ? { callback_properties: { callback_url: callbackUrl } } : {}),
    ...(order.comment ? { comment: order.comment.slice(0, 500) } : {}),
    skip_client_notify: true,
  };
}

type Outcome = "CREATED" | "ACCEPTED" | "FOLLOWING" | "DONE" | "CANCELLED" | "PENDING" | "FAILED";

async function settle(
  deps: DeliveryDeps,
  row: DeliveryClaimRow,
  state: "PENDING" | "FOLLOWING" | "DONE" | "CANCELLED" | "FAILED",
  set: Partial<DeliveryClaimRow>,
  dueInMs: number,
): Promise<void> {
  await settleDeliveryClaim(deps.db, {
    merchantId: row.merchantId,
    id: row.id,
    attempts: row.attempts,
    set: { ...set, state, nextAttemptAt: new Date(Date.now() + dueInMs) },
  });
}

function backoff(row: DeliveryClaimRow): number {
  return CLAIM_BACKOFF_MS[Math.min(row.attempts, CLAIM_BACKOFF_MS.length) - 1] ?? 5_000;
}

/** What Yandex says of the claim, applied to the order: courier, status, position. */
export async function applyClaim(
  deps: Pick<DeliveryDeps, "db" | "events">,
  row: DeliveryClaimRow,
  claim: YandexClaim,
  position: { lat: number; lon: number } | null,
): Promise<{ final?: "DONE" | "CANCELLED" | "FAILED"; courierId: string | null }> {
  const { merchantId } = row;
  const step = YANDEX_CLAIM_STEPS[claim.status];
  let courierId = row.courierId;
  const performer = claim.performer_info;
  if (step?.performer && performer?.courier_name) {
    const vehicle = [performer.car_model, performer.car_number].filter(Boolean).join(", ") || null;
    courierId = await transaction(deps.db, async (tx) => {
      const order = await lockOrder(tx, { merchantId, orderId: row.orderId });
      const id = await upsertPerformerCourier(tx, {
        merchantId,
        claimRowId: row.id,
        courierId: row.courierId,
        name: performer.courier_name ?? "",
        vehicle,
      });
      // The performer is the order's courier from now on; a ready order becomes ATTACHED as when
      // staff give it to a courier, one history entry with the courier status.
      if (order.courierId !== id && !isFinalStatus(order.status)) {
        const status = order.status === "DONE" ? "ATTACHED" : order.status;
        const updated = await updateOrder(tx, {
          merchantId,
          id: order.id,
          set: { courierId: id, courierStatus: step.courierStatus ?? "PERFORMER_FOUND", status },
        });
        if (status !== order.status) {
          await announce(tx, deps.events, {
            merchantId,
            userId: order.userId,
            orderId: order.id,
            status,
            courierStatus: updated.courierStatus,
          });
        }
        await recordCourierChange(tx, deps.events, updated, updated.courierStatus ?? "PERFORMER_FOUND", null);
      }
      return id;
    });
  }
  if (courierId && position) {
    await moveCourier(deps.db, { merchantId, courierId, latitude: position.lat, longitude: position.lon });
  }
  // The order's walk: one legal step at a time from its status as it is then (staff may move it too).
  if (step?.order) {
    for (let guard = 0; guard < 2 * MAX_STEPS; guard += 1) {
      const order = await findOrder(deps.db, { merchantId, id: row.orderId });
      const to = order && kitchenSteps(order.status, step.order, order.serviceType)[0];
      if (!order || !to) break;
      try {
        await changeStatus(deps.db, deps.events, {
          merchantId,
          orderId: order.id,
          to,
          actor: { kind: "system", userId: null },
          comment: `Yandex Delivery: ${claim.status}`,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        break;
      }
    }
  }
  // The courier's status as Yandex says it, once per change (the customer's order page shows it).
  let told = false;
  if (step?.courierStatus) {
    const courierStatus = step.courierStatus;
    told = await transaction(deps.db, async (tx) => {
      const order = await lockOrder(tx, { merchantId, orderId: row.orderId });
      if (order.courierStatus === courierStatus || order.status === "CANCELED") return false;
      const updated = await updateOrder(tx, { merchantId, id: order.id, set: { courierStatus } });
      await recordCourierChange(tx, deps.events, updated, courierStatus, null);
      return true;
    });
  }
  if (!told && courierId && position) {
    // A move alone (Yandex's status unchanged, as while "pickuped" repeats on the drive): the
    // customer's stream learns of it, so the map reads the courier again.
    await transaction(deps.db, async (tx) => {
      const order = await findOrder(tx, { merchantId, id: row.orderId });
      if (order?.status !== "ON_WAY") return;
      await announce(tx, deps.events, {
        merchantId,
        userId: order.userId,
        orderId: order.id,
        status: order.status,
        courierStatus: order.courierStatus,
      });
    });
  }
  return { ...(step?.final ? { final: step.final } : {}), courierId };
}

/** Creates (once) and accepts the claim of a PENDING row. */
async function createAndAccept(
  deps: DeliveryDeps,
  row: DeliveryClaimRow,
  client: YandexDeliveryClient,
  currency: string,
): Promise<Outcome> {
  let claim: YandexClaim;
  if (row.claimId) {
    claim = await client.claimInfo(row.claimId);
  } else {
    const found = await findOrderForClaim(deps.db, { merchantId: row.merchantId, orderId: row.orderId });
    if (!found || !row.branchId) {
      await settle(deps, row, "FAILED", { lastError: "the order or its branch no longer exists" }, 0);
      return "FAILED";
    }
    const account = await findBranchYandexAccount(deps.db, {
      merchantId: row.merchantId,
      branchId: row.branchId,
    });
    if (!account) {
      await settle(deps, row, "FAILED", { lastError: "the branch has no Yandex Delivery account" }, 0);
      return "FAILED";
    }
    const callbackUrl = deps.publicUrl
      ? `${deps.publicUrl}${YANDEX_CALLBACK_PATH}/${row.callbackToken}`
      : null;
    let request: YandexClaimRequest;
    try {
      request = claimRequestOf(found, account, callbackUrl, currency);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await settle(deps, row, "FAILED", { lastError: error.message }, 0);
      return "FAILED";
    }
    claim = await client.createClaim(row.requestId, request);
    // The claim exists: its id is kept before anything else can fail.
    await settleDeliveryClaim(deps.db, {
      merchantId: row.merchantId,
      id: row.id,
      attempts: row.attempts,
      set: { claimId: claim.id, claimStatus: claim.status, version: claim.version },
    });
    if (!awaitsAcceptance(claim.status)) claim = await client.claimInfo(claim.id);
  }
  const price = Number(claim.pricing?.offer?.price ?? claim.pricing?.final_price);
  if (awaitsAcceptance(claim.status)) {
    const accepted = await client.acceptClaim(claim.id, claim.version);
    await settle(
      deps,
      row,
      "FOLLOWING",
      {
        claimId: claim.id,
        claimStatus: accepted.status,
        version: accepted.version,
        lastError: null,
        attempts: 0,
        ...(Number.isFinite(price) ? { price } : {}),
      },
      deps.followMs,
    );
    return "ACCEPTED";
  }
  const step = YANDEX_CLAIM_STEPS[claim.status];
  if (step?.final) {
    await settle(
      deps,
      row,
      step.final === "DONE" ? "DONE" : "FAILED",
      {
        claimId: claim.id,
        claimStatus: claim.status,
        lastError: claim.error_messages?.[0]?.message ?? `Yandex: ${claim.status}`,
      },
      0,
    );
    return "FAILED";
  }
  // Still estimating (or accepted by an earlier try whose answer was lost): read it again soon.
  const accepted = claim.status !== "new" && claim.status !== "estimating";
  await settle(
    deps,
    row,
    accepted ? "FOLLOWING" : "PENDING",
    {
      claimId: claim.id,
      claimStatus: claim.status,
      version: claim.version,
      ...(accepted ? { attempts: 0 } : {}),
    },
    accepted ? 0 : ESTIMATE_POLL_MS,
  );
  return accepted ? "FOLLOWING" : "CREATED";
}

/** Reads a followed claim back and applies it. */
async function follow(
  deps: DeliveryDeps,
  row: DeliveryClaimRow,
  client: YandexDeliveryClient,
): Promise<Outcome> {
  if (!row.claimId) return "PENDING";
  const claim = await client.claimInfo(row.claimId);
  const step = YANDEX_CLAIM_STEPS[claim.status];
  let position: { lat: number; lon: number } | null = null;
  if (step?.performer && !step.final) {
    try {
      position = await client.performerPosition(row.claimId);
    } catch (error) {
      // No position yet (404) or Yandex away: the status is still applied.
      if (!(error instanceof YandexDeliveryError)) throw error;
    }
  }
  const applied = await applyClaim(deps, row, claim, position);
  const set = { claimStatus: claim.status, version: claim.version, lastError: null, attempts: 0 };
  if (applied.final) {
    await settle(
      deps,
      row,
      applied.final,
      applied.final === "DONE" ? set : { ...set, lastError: `Yandex: ${claim.status}` },
      0,
    );
    return applied.final;
  }
  await settle(deps, row, "FOLLOWING", set, deps.followMs);
  return "FOLLOWING";
}

/** Cancels the claim of a cancelled order (or drops a row whose claim was never made). */
async function cancel(
  deps: DeliveryDeps,
  row: DeliveryClaimRow,
  client: YandexDeliveryClient,
): Promise<Outcome> {
  let claimId = row.claimId;
  // A create whose answer was lost may have made the claim: the same request_id answers it.
  if (!claimId && row.attempts > 1) {
    const found = await findOrderForClaim(deps.db, { merchantId: row.merchantId, orderId: row.orderId });
    const account =
      row.branchId &&
      (await findBranchYandexAccount(deps.db, { merchantId: row.merchantId, branchId: row.branchId }));
    if (found && account) {
      try {
        claimId = (await client.createClaim(row.requestId, claimRequestOf(found, account, null, "UZS"))).id;
      } catch (error) {
        if (
          !(error instanceof Refusal) &&
          !(error instanceof YandexDeliveryError && error.kind === "REFUSED")
        )
          throw error;
      }
    }
  }
  if (!claimId) {
    await settle(deps, row, "CANCELLED", { lastError: null }, 0);
    return "CANCELLED";
  }
  const info = await client.claimInfo(claimId);
  if (YANDEX_CLAIM_STEPS[info.status]?.final) {
    await settle(deps, row, "CANCELLED", { claimId, claimStatus: info.status }, 0);
    return "CANCELLED";
  }
  const state = await client.cancelInfo(claimId);
  if (state !== "free" && state !== "paid") {
    await settle(
      deps,
      row,
      "FAILED",
      {
        claimId,
        claimStatus: info.status,
        lastError: "Yandex no longer cancels this claim: call Yandex Delivery's support",
      },
      0,
    );
    return "FAILED";
  }
  const cancelled = await client.cancelClaim(claimId, info.version, state);
  await settle(
    deps,
    row,
    "CANCELLED",
    { claimId, claimStatus: cancelled.status, version: cancelled.version },
    0,
  );
  return "CANCELLED";
}

/** One attempt at one row, if it is still due and no other worker has it. */
async function attempt(deps: DeliveryDeps, id: string, now: Date): Promise<Outcome | null> {
  const row = await claimDeliveryClaim(deps.db, {
    id,
    now,
    leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
  });
  if (!row) return null;
  const retryOrFail = async (error: string): Promise<Outcome> => {
    const failed = row.attempts >= CLAIM_MAX_ATTEMPTS;
    await settle(
      deps,
      row,
      failed ? "FAILED" : row.state === "FOLLOWING" ? "FOLLOWING" : "PENDING",
      { lastError: error.slice(0, 500) },
      backoff(row),
    );
    deps.log(
      failed ? "Yandex Delivery claim given up" : "Yandex Delivery claim call failed; it will be retried",
      {
        orderId: row.orderId,
        attempts: row.attempts,
        error,
      },
    );
    return failed ? "FAILED" : "PENDING";
  };
  const account =
    row.branchId &&
    (await findBranchYandexAccount(deps.db, { merchantId: row.merchantId, branchId: row.branchId }));
  const client = account ? yandexClientFor(account.token, deps) : undefined;
  if (!client) return retryOrFail("Yandex Delivery is not set up for the branch");
  try {
    if (row.cancelRequestedAt) return await cancel(deps, row, client);
    if (row.state === "FOLLOWING") return await follow(deps, row, client);
    const order = await findOrder(deps.db, { merchantId: row.merchantId, id: row.orderId });
    if (!order || order.status === "CANCELED") {
      await settle(deps, row, "CANCELLED", {}, 0);
      return "CANCELLED";
    }
    return await createAndAccept(deps, row, client, "UZS");
  } catch (error) {
    if (!(error instanceof YandexDeliveryError)) {
      return retryOrFail(error instanceof Error ? error.message : String(error));
    }
    if (error.kind === "REFUSED" && row.state !== "FOLLOWING") {
      await settle(deps, row, "FAILED", { lastError: `Yandex refused: ${error.message}` }, 0);
      deps.log("Yandex Delivery refused the claim; staff see why", {
        orderId: row.orderId,
        error: error.message,
      });
      return "FAILED";
    }
    return retryOrFail(
      error.kind === "AUTH" ? `Yandex refused the branch's token: ${error.message}` : error.message,
    );
  }
}

/** Works the rows due at `now` (tests pass a later clock); answers what became of each one tried. */
export async function runDeliveryClaims(
  deps: DeliveryDeps,
  options: { now?: Date; limit?: number } = {},
): Promise<Outcome[]> {
  const now = options.now ?? new Date();
  const due = await listDueDeliveryClaims(deps.db, { now, limit: options.limit ?? 50 });
  const results: Outcome[] = [];
  for (const { id } of due) {
    const outcome = await attempt(deps, id, now);
    if (outcome) results.push(outcome);
  }
  return results;
}

/**
 * Yandex's callback: the claim named changed. Only a claim whose row carries the URL's token is
 * looked at, and then only read back from Yandex (the callback's body is never believed).
 */
export async function claimChanged(
  db: Db,
  { token, claimId, now }: { token: string; claimId: string; now: Date },
): Promise<boolean> {
  const row = await findDeliveryClaimByClaimId(db, claimId);
  if (!row || !sameToken(row.callbackToken, token)) return false;
  await makeDeliveryClaimDue(db, { id: row.id, now });
  return true;
}

function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
