// Changes of paid orders waiting for their difference to be paid (issue 42, schema orderChanges).
import { and, eq, inArray } from "drizzle-orm";
import { orderChanges } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export type OrderChangeRow = typeof orderChanges.$inferSelect;
type OrderChangeInsert = typeof orderChanges.$inferInsert;

interface OrderKey {
  merchantId: string;
  orderId: string;
}

/** The order's change waiting for payment, locked when `lock` (the order row is locked first). */
export async function findPendingChange(
  db: Db,
  { merchantId, orderId }: OrderKey,
  lock = false,
): Promise<OrderChangeRow | undefined> {
  const query = db
    .select()
    .from(orderChanges)
    .where(
      and(
        eq(orderChanges.merchantId, merchantId),
        eq(orderChanges.orderId, orderId),
        eq(orderChanges.state, "PENDING"),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The pending changes of these orders, by order id (for the order views). */
export async function listPendingChanges(
  db: Db,
  { merchantId, orderIds }: { merchantId: string; orderIds: readonly string[] },
): Promise<Map<string, OrderChangeRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(orderChanges)
    .where(
      and(
        eq(orderChanges.merchantId, merchantId),
        inArray(orderChanges.orderId, [...orderIds]),
        eq(orderChanges.state, "PENDING"),
      ),
    );
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** A new pending change of the order, replacing the one that waited (it is CANCELLED). */
export async function replacePendingChange(
  tx: Db,
  values: Omit<OrderChangeInsert, "state">,
): Promise<OrderChangeRow> {
  await tx
    .update(orderChanges)
    .set({ state: "CANCELLED" })
    .where(
      and(
        eq(orderChanges.merchantId, values.merchantId),
        eq(orderChanges.orderId, values.orderId),
        eq(orderChanges.state, "PENDING"),
      ),
    );
  const [row] = await tx.insert(orderChanges).values(values).returning();
  if (!row) throw new Error("expected a row");
  return row;
}

/** The change, locked (after its order). */
export async function lockChange(
  db: Db,
  { merchantId, id }: { merchantId: string; id: string },
): Promise<OrderChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(orderChanges)
    .where(and(eq(orderChanges.merchantId, merchantId), eq(orderChanges.id, id)))
    .for("update");
  return row;
}

export async function setChangeState(
  tx: Db,
  { merchantId, id, state }: { merchantId: string; id: string; state: "APPLIED" | "CANCELLED" },
): Promise<void> {
  await tx
    .update(orderChanges)
    .set({ state })
    .where(and(eq(orderChanges.merchantId, merchantId), eq(orderChanges.id, id)));
}
