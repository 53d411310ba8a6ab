// The reads of the staff console's order board: the orders a shift is working on, with who placed
// each and the table of a dine-in one, always of one merchant.
import { and, asc, desc, eq, gte, inArray, type SQL } from "drizzle-orm";
import type { StaffBoardOrder, StaffHistoryEntry } from "#domain/contract/staff-board.ts";
import { ACTIVE_ORDER_STATUSES, ARCHIVE_ORDER_STATUSES } from "#domain/order-status.ts";
import { couriers, diningTables, halls, orderHistory, orders, users } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import { orderViews } from "./orders.ts";

/** Finished orders stay on the board's last column this long. */
export const BOARD_FINISHED_HOURS = 12;
const ACTIVE_LIMIT = 300;
const FINISHED_LIMIT = 60;

/**
 * The board of a merchant: every active order (oldest first, as the kitchen works them) and the
 * latest finished ones, of one branch or of `branchIds` (null = every branch).
 */
export async function listBoardOrders(
  db: Db,
  q: { merchantId: string; branchIds: string[] | null; now: Date },
): Promise<Omit<StaffBoardOrder, "kitchen">[]> {
  const scope: SQL | undefined = q.branchIds ? inArray(orders.branchId, q.branchIds) : undefined;
  const since = new Date(q.now.getTime() - BOARD_FINISHED_HOURS * 3_600_000);
  const [active, finished] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(
        and(eq(orders.merchantId, q.merchantId), scope, inArray(orders.status, [...ACTIVE_ORDER_STATUSES])),
      )
      .orderBy(orders.createdDate, orders.id)
      .limit(ACTIVE_LIMIT),
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.merchantId, q.merchantId),
          scope,
          inArray(orders.status, [...ARCHIVE_ORDER_STATUSES]),
          gte(orders.lastModifiedDate, since),
        ),
      )
      .orderBy(desc(orders.lastModifiedDate), desc(orders.id))
      .limit(FINISHED_LIMIT),
  ]);
  const rows = [...active, ...finished];
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((r) => r.userId).filter((u): u is string => u !== null))];
  const tableIds = [...new Set(rows.map((r) => r.tableId).filter((t): t is string => t !== null))];
  const courierIds = [...new Set(rows.map((r) => r.courierId).filter((c): c is string => c !== null))];
  const [views, people, tables, riders, changes] = await Promise.all([
    orderViews(db, rows),
    userIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
          .from(users)
          .where(and(eq(users.merchantId, q.merchantId), inArray(users.id, userIds))),
    // A table renamed or switched off later still names the order's table (no isActive filter).
    tableIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: diningTables.id, name: diningTables.name, hall: halls.name })
          .from(diningTables)
          .innerJoin(halls, eq(halls.id, diningTables.hallId))
          .where(and(eq(diningTables.merchantId, q.merchantId), inArray(diningTables.id, tableIds))),
    courierIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: couriers.id,
            firstName: users.firstName,
            lastName: users.lastName,
            phone: users.phone,
          })
          .from(couriers)
          .leftJoin(users, eq(users.id, couriers.userId))
          .where(and(eq(couriers.merchantId, q.merchantId), inArray(couriers.id, courierIds))),
    // Each order's history with who made each change (the brand's own users only).
    db
      .select({
        orderId: orderHistory.orderId,
        status: orderHistory.status,
        courierStatus: orderHistory.courierStatus,
        reason: orderHistory.reason,
        comment: orderHistory.comment,
        createdDate: orderHistory.createdDate,
        actorUserId: orderHistory.actorUserId,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
      })
      .from(orderHistory)
      .leftJoin(users, and(eq(users.id, orderHistory.actorUserId), eq(users.merchantId, q.merchantId)))
      .where(
        and(
          eq(orderHistory.merchantId, q.merchantId),
          inArray(
            orderHistory.orderId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(orderHistory.createdDate), asc(orderHistory.id)),
  ]);
  const customerOf = new Map(rows.map((r) => [r.id, r.userId]));
  const historyOf = new Map<string, StaffHistoryEntry[]>();
  for (const h of changes) {
    const customer = h.actorUserId !== null && h.actorUserId === customerOf.get(h.orderId);
    const named = h.actorUserId !== null && !customer && (h.firstName !== null || h.phone !== null);
    const entry: StaffHistoryEntry = {
      status: h.status,
      courierStatus: h.courierStatus,
      reason: h.reason,
      comment: h.comment,
      createdDate: h.createdDate.toISOString(),
      by: customer
        ? { customer: true, name: null, phone: null }
        : named
          ? {
              customer: false,
              name: [h.firstName, h.lastName].filter(Boolean).join(" ") || null,
              phone: h.phone,
            }
          : null,
    };
    historyOf.set(h.orderId, [...(historyOf.get(h.orderId) ?? []), entry]);
  }
  const courierById = new Map(
    riders.map((c) => [
      c.id,
      { name: [c.firstName, c.lastName].filter(Boolean).join(" ") || null, phone: c.phone },
    ]),
  );
  const byId = new Map(people.map((p) => [p.id, p]));
  const tableById = new Map(tables.map((t) => [t.id, { name: t.name, hall: t.hall }]));
  return views.map((view) => {
    const person = view.userId ? byId.get(view.userId) : undefined;
    const name = person ? [person.firstName, person.lastName].filter(Boolean).join(" ") || null : null;
    return {
      ...view,
      customer: person ? { name, phone: person.phone } : null,
      table: view.tableId ? (tableById.get(view.tableId) ?? null) : null,
      courier: view.courierId ? (courierById.get(view.courierId) ?? null) : null,
      history: historyOf.get(view.id) ?? [],
    };
  });
}

/** The branch of each of a merchant's orders (it never changes), for the staff stream's events. */
export async function findOrderBranch(
  db: Db,
  { merchantId, orderId }: { merchantId: string; orderId: string },
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ branchId: orders.branchId })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.id, orderId)))
    .limit(1);
  return row ? row.branchId : undefined;
}
