/** A merchant's couriers. */
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { findCourierView } from "../../repositories/couriers.ts";
import { customerCourierAccess } from "../../repositories/orders.ts";

export { createCourier, findCourierView, listCourierViews } from "../../repositories/couriers.ts";

/**
 * The courier of one of the customer's own orders: with the last known position while it is on its
 * way, without it while only attached; any other courier is NOT_FOUND, whatever the caller's role
 * (staff read couriers through the staff routes, which keep to the staff scope rule).
 */
export async function customerCourierView(
  db: Db,
  { merchantId, userId, courierId }: { merchantId: string; userId: string; courierId: string },
) {
  const access = await customerCourierAccess(db, { merchantId, userId, courierId });
  if (access === "none") throw new AppError("NOT_FOUND");
  const courier = await findCourierView(db, { merchantId, id: courierId });
  if (!courier) throw new AppError("NOT_FOUND");
  if (access === "on-way") return courier;
  return { ...courier, latitude: null, longitude: null, positionAt: null };
}
