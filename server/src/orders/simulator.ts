// The demo's kitchen and courier: in demo mode, an optional loop walks every new order
// through its statuses, one step per interval, with a courier driving from the branch to the address.
// It moves orders through the same repository calls as staff, so history and live updates are real.
import { and, asc, eq, inArray, lte, or, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ORDER_STATUSES, SERVICE_TYPES } from "#domain/enums.ts";
import { happyNextStatus } from "#domain/order-status.ts";
import { branches, couriers, orders, users } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import type { OrderEvents } from "./events.ts";
import { attachCourier, changeStatus, must, setCourierPosition, type OrderRow } from "./repository.ts";

/** The statuses the simulator moves on from: those with a next step on some service type's happy path. */
const WALKED = ORDER_STATUSES.filter((s) => SERVICE_TYPES.some((t) => happyNextStatus(s, t)));

/** Position reports between the branch and the door. */
const DRIVE_STEPS = 4;
const BATCH = 25;

async function demoCourier(db: Db, merchantId: string, branchId: string | null): Promise<string> {
  const [existing] = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(eq(couriers.merchantId, merchantId))
    .orderBy(asc(couriers.createdDate))
    .limit(1);
  if (existing) return existing.id;
  const [user] = await db
    .insert(users)
    .values({ merchantId, firstName: "Demo", lastName: "Courier", role: "STAFF" })
    .returning({ id: users.id });
  const [courier] = await db
    .insert(couriers)
    .values({ merchantId, userId: must(user).id, branchId, status: "PERFORMER_FOUND" })
    .returning({ id: couriers.id });
  return must(courier).id;
}

export function startOrderSimulator(app: FastifyInstance, events: OrderEvents): () => Promise<void> {
  const db = app.database.db;
  const stepMs = app.config.orderSimulatorStepMs;
  const drive = new Map<string, number>();
  let stopped = false;
  let running: Promise<void> | null = null;

  const advance = async (o: OrderRow, now: Date): Promise<void> => {
    const system = { kind: "system" as const, userId: null };
    const next = happyNextStatus(o.status, o.serviceType);
    if (o.status === "AT_TIME") {
      if (next && o.atTime && o.atTime.getTime() <= now.getTime())
        await changeStatus(db, events, { merchantId: o.merchantId, orderId: o.id, to: next, actor: system });
      return;
    }
    if (o.status === "DONE" && o.serviceType === "DELIVERY") {
      const courierId = await demoCourier(db, o.merchantId, o.branchId);
      const [branch] = o.branchId ? await db.select().from(branches).where(eq(branches.id, o.branchId)) : [];
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
        const [branch] = o.branchId
          ? await db.select().from(branches).where(eq(branches.id, o.branchId))
          : [];
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
    const rows = await db
      .select()
      .from(orders)
      .where(
        and(
          inArray(orders.status, WALKED),
          or(lte(orders.lastModifiedDate, due), eq(orders.status, "ON_WAY")),
          or(isNull(orders.atTime), lte(orders.atTime, now), eq(orders.status, "AT_TIME")),
        ),
      )
      .orderBy(asc(orders.lastModifiedDate))
      .limit(BATCH);
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
