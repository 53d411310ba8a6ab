// The window promised to the customer (src/domain/arrival.ts) from what the check read: the dishes'
// cooking times, the branch's queue now, the ride from the branch to the address at the brand's
// courier speed. Quoted at checkout and kept with the placed order, so staff see what was promised.
import { arrivalWindow, type ArrivalWindow } from "#domain/arrival.ts";
import type { Db } from "../../db/types.ts";
import { countBranchQueue } from "../../repositories/orders.ts";
import type { PreparedOrder } from "./check.ts";

export async function promisedWindow(
  db: Db,
  order: Pick<PreparedOrder, "serviceType" | "branch" | "address" | "lines" | "settings" | "atTime">,
  now: Date,
): Promise<ArrivalWindow> {
  const queue = await countBranchQueue(db, {
    merchantId: order.branch.merchantId,
    branchId: order.branch.id,
  });
  return arrivalWindow({
    now,
    serviceType: order.serviceType,
    dishes: order.lines.map((l) => ({ min: l.product.timeCookingMin, max: l.product.timeCookingMax })),
    queue,
    from: order.branch,
    to: order.address,
    courierSpeedKmh: order.settings?.courierSpeedKmh ?? null,
    atTime: order.atTime,
  });
}
