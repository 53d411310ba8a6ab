// The demo's kitchen and courier: in demo mode, an optional loop walks every new order
// through its statuses, one step per interval, with a courier driving from the branch to the address.
// It moves orders through the same service calls as staff, so history and live updates are real.
import type { FastifyInstance } from "fastify";
import { ORDER_STATUSES, SERVICE_TYPES } from "#domain/enums.ts";
import { happyNextStatus } from "#domain/order-status.ts";
import { findOrCreateDemoCourier } from "../../repositories/couriers.ts";
import { findBranchLocation } from "../../repositories/geo.ts";
import { findDeliveryClaimOfOrder } from "../../repositories/delivery-claims.ts";
import { listOrdersDueForSimulator, type OrderRow } from "../../repositories/orders.ts";
import type { OrderEvents } from "./events.ts";
import { attachCourier, changeStatus, setCourierPosition } from "./service.ts";

/** The statuses the simulator moves on from: those with a next step on some service type's happy path. */
const WALKED = ORDER_STATUSES.filter((s) => SERVICE_TYPES.some((t) => happyNextStatus(s, t)));

/** Position reports between the branch and the door. */
const DRIVE_STEPS = 4;
const BATCH = 25;

export function startOrderSimulator(app: FastifyInstance, events: OrderEvents): () => Promise<void> {
  const db = app.database.db;
  const stepMs = app.config.orderSimulatorStepMs;
  const drive = new Map<string, number>();
  let stopped = false;
  let running: Promise<void> | null = null;

  const advance = async (o: OrderRow, now: Date): Promise<void> => {
    const system = { kind: "system" as const, userId: null };
    const next = happyNextStatus(o.status, o.serviceType);
    // An order Yandex Delivery carries is moved by its claim (services/delivery), not by the demo's courier.
    if (
      o.deliveryType === "YANDEX" &&
      (o.status === "DONE" || o.status === "ATTACHED" || o.status === "ON_WAY") &&
      (await findDeliveryClaimOfOrder(db, { merchantId: o.merchantId, orderId: o.id }))
    ) {
      return;
    }
    if (o.status === "AT_TIME") {
      if (next && o.atTime && o.atTime.getTime() <= now.getTime())
        await changeStatus(db, events, { merchantId: o.merchantId, orderId: o.id, to: next, actor: system });
      return;
    }
    if (o.status === "DONE" && o.serviceType === "DELIVERY") {
      const courierId = await findOrCreateDemoCourier(db, { merchantId: o.merchantId, branchId: o.branchId });
      const branch = o.branchId
        ? await findBranchLocation(db, { merchantId: o.merchantId, branchId: o.branchId })
        : undefined;
      if (branch)
        await setCourierPosition(db, events, {
          merchantId: o.merchantId,
          courierId,
          latitude: branch.latitude,
          longitude: branch.longitude,
        });
      await attachCourier(db, events, {
        merchantId: o.merchantId,
        orderId: o.id,
        courierId,
        actorUserId: null,
      });
      return;
    }
    if (o.status === "ON_WAY" && o.courierId && o.address) {
      const step = (drive.get(o.id) ?? 0) + 1;
      if (step < DRIVE_STEPS) {
        drive.set(o.id, step);
        const branch = o.branchId
          ? await findBranchLocation(db, { merchantId: o.merchantId, branchId: o.branchId })
          : undefined;
        const from = branch ?? o.address;
        const f = step / DRIVE_STEPS;
        await setCourierPosition(db, events, {
          merchantId: o.merchantId,
          courierId: o.courierId,
          latitude: from.latitude + (o.address.latitude - from.latitude) * f,
          longitude: from.longitude + (o.address.longitude - from.longitude) * f,
        });
        return;
      }
      drive.delete(o.id);
      await setCourierPosition(db, events, {
        merchantId: o.merchantId,
        courierId: o.courierId,
        latitude: o.address.latitude,
        longitude: o.address.longitude,
      });
    }
    if (next)
      await changeStatus(db, events, {
        merchantId: o.merchantId,
        orderId: o.id,
        to: next,
        actor: system,
        comment: "demo simulator",
      });
  };

  const tick = async (): Promise<void> => {
    const now = new Date();
    const due = new Date(now.getTime() - stepMs);
    const rows = await listOrdersDueForSimulator(db, { statuses: WALKED, due, now, limit: BATCH });
    for (const o of rows) {
      if (stopped) return;
      try {
        await advance(o, now);
      } catch (error) {
        // Staff may have moved it meanwhile; the next tick looks again.
        app.log.debug({ err: error, orderId: o.id }, "simulator step skipped");
      }
    }
  };

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .catch((error: unknown) => {
        app.log.warn({ err: error }, "order simulator tick failed");
      })
      .finally(() => {
        running = null;
      });
  }, stepMs);
  timer.unref();
  app.log.info({ stepMs }, "demo order simulator on");
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
