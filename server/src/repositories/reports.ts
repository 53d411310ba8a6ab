// The orders a report reads (issue 42): those of the brand, or of some of its branches, placed in a
// span of time.
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import type { ReportOrder } from "#domain/reports.ts";
import { orders } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export function ordersPlacedBetween(
  db: Db,
  {
    merchantId,
    branchIds,
    from,
    to,
  }: { merchantId: string; branchIds: string[] | null; from: Date; to: Date },
): Promise<ReportOrder[]> {
  return db
    .select({
      createdDate: orders.createdDate,
      branchId: orders.branchId,
      serviceType: orders.serviceType,
      paymentType: orders.paymentType,
      channel: orders.orderDevice,
      status: orders.status,
      isPaid: orders.isPaid,
      totalPrice: orders.totalPrice,
      readyAt: orders.readyAt,
      deliveredAt: orders.deliveredAt,
      estimatedTo: orders.estimatedTo,
    })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        gte(orders.createdDate, from),
        lt(orders.createdDate, to),
        branchIds === null ? undefined : inArray(orders.branchId, branchIds),
      ),
    );
}
