// The back office's reports (issue 42): the period's orders of the brand (or of some branches), read
// once and summed by src/domain/reports.ts in the brand's time zone.
import { localMoment } from "#domain/order-time.ts";
import { nextDay, summarizeOrders, type OrderReport } from "#domain/reports.ts";
import type { Db } from "../../db/types.ts";
import { ordersPlacedBetween } from "../../repositories/reports.ts";

export async function orderReport(
  db: Db,
  {
    merchantId,
    branchIds,
    from,
    to,
    timeZone,
  }: { merchantId: string; branchIds: string[] | null; from: string; to: string; timeZone: string },
): Promise<OrderReport & { timeZone: string }> {
  const rows = await ordersPlacedBetween(db, {
    merchantId,
    branchIds,
    from: localMoment(from, "00:00", timeZone),
    to: localMoment(nextDay(to), "00:00", timeZone),
  });
  return { ...summarizeOrders(rows, { from, to, timeZone }), timeZone };
}
