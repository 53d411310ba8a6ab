// The staff console's reads and writes (issue 18): a staff member's branches, a branch's day
// switches and short pauses, and the day's totals (the stop-list: stop-list.ts).
import { and, count, eq, gt, gte, inArray, isNotNull, lt, ne, sql, sum } from "drizzle-orm";
import { localMoment } from "#domain/order-time.ts";
import {
  branchDays,
  branches,
  branchPauses,
  orderHistory,
  orders,
  staffBranches,
  users,
} from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";
import type { UserRole, WorkHourType } from "#domain/enums.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import type { Db } from "../db/types.ts";
import { cachesChanged } from "../db/cache-bus.ts";

interface Tenant {
  merchantId: string;
}

/** The branches a staff member is bound to (not deleted); empty = not bound, every branch. */
export async function listStaffBranchIds(db: Db, { merchantId, userId }: Tenant & { userId: string }) {
  const rows = await db
    .select({ branchId: staffBranches.branchId })
    .from(staffBranches)
    .innerJoin(branches, eq(branches.id, staffBranches.branchId))
    .where(
      and(
        eq(staffBranches.merchantId, merchantId),
        eq(staffBranches.userId, userId),
        eq(branches.merchantId, merchantId),
      ),
    );
  return rows.map((r) => r.branchId);
}

/** Binds a staff member to branches of the brand (adding to what they had). */
export async function bindStaffBranches(
  db: Db,
  { merchantId, userId, branchIds }: Tenant & { userId: string; branchIds: string[] },
): Promise<void> {
  if (branchIds.length === 0) return;
  await db
    .insert(staffBranches)
    .values(branchIds.map((branchId) => ({ merchantId, userId, branchId })))
    .onConflictDoNothing();
}

/** Unbinds a staff member from every branch (they work at all of the brand's branches again); how many. */
export async function unbindStaffBranches(
  db: Db,
  { merchantId, userId }: Tenant & { userId: string },
): Promise<number> {
  const rows = await db
    .delete(staffBranches)
    .where(and(eq(staffBranches.merchantId, merchantId), eq(staffBranches.userId, userId)))
    .returning({ id: staffBranches.id });
  return rows.length;
}

export interface DaySwitches {
  day: string;
  closed: boolean;
  deliveryOff: boolean;
}

export async function findDaySwitches(
  db: Db,
  { merchantId, branchId, day }: Tenant & { branchId: string; day: string },
): Promise<DaySwitches> {
  const [row] = await db
    .select({ closed: branchDays.closed, deliveryOff: branchDays.deliveryOff })
    .from(branchDays)
    .where(
      and(eq(branchDays.merchantId, merchantId), eq(branchDays.branchId, branchId), eq(branchDays.day, day)),
    );
  return { day, closed: row?.closed ?? false, deliveryOff: row?.deliveryOff ?? false };
}

/** Sets a branch's switches of a local day; branches and hours follow in every process. */
export async function setDaySwitches(
  db: Db,
  {
    merchantId,
    branchId,
    day,
    set,
  }: Tenant & { branchId: string; day: string; set: Partial<Pick<DaySwitches, "closed" | "deliveryOff">> },
): Promise<DaySwitches> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(branchDays)
      .values({
        merchantId,
        branchId,
        day,
        closed: set.closed ?? false,
        deliveryOff: set.deliveryOff ?? false,
      })
      .onConflictDoUpdate({
        target: [branchDays.branchId, branchDays.day],
        set: { ...set, lastModifiedDate: new Date() },
      })
      .returning({ closed: branchDays.closed, deliveryOff: branchDays.deliveryOff });
    // The branches (with their hours) and the menus a branch's state shows in.
    await cachesChanged(tx, merchantId, ["geo", "menu"]);
    return { day, closed: row?.closed ?? false, deliveryOff: row?.deliveryOff ?? false };
  });
}

/** The services of a branch paused now, each with the moment it comes back by itself. */
export async function findPauses(
  db: Db,
  { merchantId, branchId, now }: Tenant & { branchId: string; now: Date },
): Promise<{ type: WorkHourType; until: Date }[]> {
  return db
    .select({ type: branchPauses.type, until: branchPauses.until })
    .from(branchPauses)
    .where(
      and(
        eq(branchPauses.merchantId, merchantId),
        eq(branchPauses.branchId, branchId),
        gt(branchPauses.until, now),
      ),
    );
}

/**
 * Pauses services of a branch until `until`, or resumes them (until null); branches and hours follow
 * in every process.
 */
export async function setPauses(
  db: Db,
  {
    merchantId,
    branchId,
    types,
    until,
    userId,
  }: Tenant & { branchId: string; types: readonly WorkHourType[]; until: Date | null; userId: string },
): Promise<void> {
  await transaction(db, async (tx) => {
    if (until === null) {
      await tx
        .delete(branchPauses)
        .where(
          and(
            eq(branchPauses.merchantId, merchantId),
            eq(branchPauses.branchId, branchId),
            inArray(branchPauses.type, [...types]),
          ),
        );
    } else {
      await tx
        .insert(branchPauses)
        .values(types.map((type) => ({ merchantId, branchId, type, until, createdBy: userId })))
        .onConflictDoUpdate({
          target: [branchPauses.branchId, branchPauses.type],
          set: { until, createdBy: userId, lastModifiedDate: new Date() },
        });
    }
    await cachesChanged(tx, merchantId, ["geo", "menu"]);
  });
}

export interface DayTotals {
  day: string;
  /** Orders placed that local day, cancelled ones left out. */
  orders: number;
  canceled: number;
  /** What was paid of those orders (online, or collected on receipt); the day's revenue. */
  revenue: number;
  paidOrders: number;
  /** What is still to be paid of them (placed, unpaid, not cancelled): not revenue yet. */
  pending: number;
  pendingOrders: number;
  byPaymentType: { paymentType: string; orders: number; revenue: number; pending: number }[];
  /** Minutes from placing to ready (DONE), averaged over today's orders that got there; null if none. */
  averageReadyMinutes: number | null;
  readyOrders: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The day's totals of a branch: orders placed that local day, revenue (paid) and pending (unpaid, not
 * cancelled) by payment type, time to ready. A cancelled order counts in neither sum.
 */
export async function dayTotals(
  db: Db,
  { merchantId, branchId, day, timeZone }: Tenant & { branchId: string; day: string; timeZone: string },
): Promise<DayTotals> {
  const from = localMoment(day, "00:00", timeZone);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const to = localMoment(next, "00:00", timeZone);
  const ofDay = and(
    eq(orders.merchantId, merchantId),
    eq(orders.branchId, branchId),
    gte(orders.createdDate, from),
    lt(orders.createdDate, to),
  );
  const [byType, canceledRows, ready] = await Promise.all([
    db
      .select({
        paymentType: orders.paymentType,
        isPaid: orders.isPaid,
        orders: count(),
        sum: sum(orders.totalPrice),
      })
      .from(orders)
      .where(and(ofDay, ne(orders.status, "CANCELED")))
      .groupBy(orders.paymentType, orders.isPaid),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(ofDay, eq(orders.status, "CANCELED"))),
    // The first time each order became ready (DONE), from its history.
    db
      .select({
        n: count(),
        avgSeconds: sql<
          string | null
        >`avg(extract(epoch from (${sql`r.ready_at`} - ${sql`r.created_date`})))`,
      })
      .from(
        db
          .select({
            created_date: orders.createdDate,
            ready_at: sql<Date>`min(${orderHistory.createdDate})`.as("ready_at"),
          })
          .from(orders)
          .innerJoin(orderHistory, eq(orderHistory.orderId, orders.id))
          .where(and(ofDay, eq(orderHistory.status, "DONE"), isNotNull(orderHistory.createdDate)))
          .groupBy(orders.id, orders.createdDate)
          .as("r"),
      ),
  ]);
  const types = new Map<string, DayTotals["byPaymentType"][number]>();
  let paidOrders = 0;
  let pendingOrders = 0;
  for (const r of byType) {
    const row = types.get(r.paymentType) ?? { paymentType: r.paymentType, orders: 0, revenue: 0, pending: 0 };
    const amount = Number(r.sum ?? 0);
    row.orders += r.orders;
    if (r.isPaid) {
      row.revenue = cents(row.revenue + amount);
      paidOrders += r.orders;
    } else {
      row.pending = cents(row.pending + amount);
      pendingOrders += r.orders;
    }
    types.set(r.paymentType, row);
  }
  const list = [...types.values()].sort((a, b) => b.revenue - a.revenue || b.pending - a.pending);
  const readyOrders = ready[0]?.n ?? 0;
  const avgSeconds = ready[0]?.avgSeconds;
  return {
    day,
    orders: list.reduce((n, r) => n + r.orders, 0),
    canceled: canceledRows[0]?.n ?? 0,
    revenue: cents(list.reduce((n, r) => n + r.revenue, 0)),
    paidOrders,
    pending: cents(list.reduce((n, r) => n + r.pending, 0)),
    pendingOrders,
    byPaymentType: list,
    averageReadyMinutes:
      readyOrders > 0 && avgSeconds !== null && avgSeconds !== undefined
        ? Math.round(Number(avgSeconds) / 6) / 10
        : null,
    readyOrders,
  };
}

/** Branch ids of the brand among `ids` (not deleted). */
export async function brandBranchIds(db: Db, { merchantId, ids }: Tenant & { ids: string[] }) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), inArray(branches.id, ids), eq(branches.deleted, false)));
  return rows.map((r) => r.id);
}

/** The totals of several branches as one (the chain, or the branches a staff member sees). */
export function sumDayTotals(day: string, all: readonly DayTotals[]): DayTotals {
  const types = new Map<string, DayTotals["byPaymentType"][number]>();
  for (const t of all)
    for (const p of t.byPaymentType) {
      const row = types.get(p.paymentType) ?? {
        paymentType: p.paymentType,
        orders: 0,
        revenue: 0,
        pending: 0,
      };
      row.orders += p.orders;
      row.revenue = cents(row.revenue + p.revenue);
      row.pending = cents(row.pending + p.pending);
      types.set(p.paymentType, row);
    }
  const add = (pick: (t: DayTotals) => number) => all.reduce((n, t) => n + pick(t), 0);
  const readyOrders = add((t) => t.readyOrders);
  const readyMinutes = add((t) => (t.averageReadyMinutes ?? 0) * t.readyOrders);
  return {
    day,
    orders: add((t) => t.orders),
    canceled: add((t) => t.canceled),
    revenue: cents(add((t) => t.revenue)),
    paidOrders: add((t) => t.paidOrders),
    pending: cents(add((t) => t.pending)),
    pendingOrders: add((t) => t.pendingOrders),
    byPaymentType: [...types.values()].sort((a, b) => b.revenue - a.revenue || b.pending - a.pending),
    averageReadyMinutes: readyOrders > 0 ? Math.round((readyMinutes / readyOrders) * 10) / 10 : null,
    readyOrders,
  };
}

/** The brand's user with the phone, whatever their role. */
export async function findUserRoleByPhone(
  tx: Db,
  { merchantId, phone }: { merchantId: string; phone: string },
): Promise<{ id: string; role: UserRole } | undefined> {
  const [user] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.phone, phone)));
  return user;
}

export async function setUserRole(
  tx: Db,
  { userId, role, brandRole }: { userId: string; role: UserRole; brandRole?: BrandRole | null },
): Promise<void> {
  await tx
    .update(users)
    .set({ role, ...(brandRole === undefined ? {} : { brandRole }) })
    .where(eq(users.id, userId));
}

/** A new user of the brand with the phone and the STAFF role; answers its id. */
export async function insertStaffUser(
  tx: Db,
  {
    merchantId,
    phone,
    brandRole = null,
  }: { merchantId: string; phone: string; brandRole?: BrandRole | null },
): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ merchantId, phone, role: "STAFF", brandRole })
    .returning({ id: users.id });
  if (!row) throw new Error("user insert returned no row");
  return row.id;
}
