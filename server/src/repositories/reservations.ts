// Table bookings of one merchant, and the seats of a branch's halls they are counted against.
import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { HeldSeats, ReservationStatus } from "#domain/booking.ts";
import { diningTables, halls, reservations } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export type ReservationRow = typeof reservations.$inferSelect;
export type ReservationInsert = typeof reservations.$inferInsert;

/** The seats of the branch's active tables in active halls, one row per table, halls in their order. */
export function listTableSeats(db: Db, { merchantId, branchId }: { merchantId: string; branchId: string }) {
  return db
    .select({ hallId: halls.id, name: halls.name, seats: diningTables.seats })
    .from(diningTables)
    .innerJoin(halls, eq(halls.id, diningTables.hallId))
    .where(
      and(
        eq(diningTables.merchantId, merchantId),
        eq(diningTables.branchId, branchId),
        eq(diningTables.isActive, true),
        eq(halls.isActive, true),
      ),
    )
    .orderBy(asc(halls.priority), asc(halls.createdDate), asc(halls.id));
}

/** The bookings of a branch in `statuses` that overlap [from, to). */
export async function listOverlapping(
  db: Db,
  q: { merchantId: string; branchId: string; statuses: readonly ReservationStatus[]; from: Date; to: Date },
): Promise<HeldSeats[]> {
  const rows = await db
    .select({
      start: reservations.time,
      end: reservations.endTime,
      guests: reservations.chairs,
      hallId: reservations.hallId,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.merchantId, q.merchantId),
        eq(reservations.branchId, q.branchId),
        inArray(reservations.status, [...q.statuses]),
        lt(reservations.time, q.to),
        gt(reservations.endTime, q.from),
      ),
    );
  return rows satisfies HeldSeats[];
}

/** How many of the customer's bookings in `statuses`, not over at `now`, each branch has. */
export function countUserBookings(
  db: Db,
  q: { merchantId: string; userId: string; statuses: readonly ReservationStatus[]; now: Date },
) {
  return db
    .select({ branchId: reservations.branchId, n: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.merchantId, q.merchantId),
        eq(reservations.userId, q.userId),
        inArray(reservations.status, [...q.statuses]),
        gt(reservations.endTime, q.now),
      ),
    )
    .groupBy(reservations.branchId);
}

/** Locks the customer's row until the commit: their bookings are counted one after another. */
export async function lockBookingUser(
  tx: Db,
  { merchantId, userId }: { merchantId: string; userId: string },
) {
  await tx.execute(sql`select id from users where id = ${userId} and merchant_id = ${merchantId} for update`);
}

/** Locks the branch's row until the commit: its seats are counted one booking after another. */
export async function lockBookingBranch(
  tx: Db,
  { merchantId, branchId }: { merchantId: string; branchId: string },
) {
  await tx.execute(
    sql`select id from branches where id = ${branchId} and merchant_id = ${merchantId} for update`,
  );
}

export async function insertReservation(tx: Db, values: ReservationInsert): Promise<ReservationRow> {
  const [row] = await tx.insert(reservations).values(values).returning();
  if (!row) throw new Error("reservation insert returned no row");
  return row;
}

function byId(where: { merchantId: string; id: string; userId?: string | undefined }): SQL | undefined {
  const conditions: SQL[] = [eq(reservations.merchantId, where.merchantId), eq(reservations.id, where.id)];
  if (where.userId) conditions.push(eq(reservations.userId, where.userId));
  return and(...conditions);
}

/** One row of the brand, locked for a change; only the customer's own when userId is given. */
export async function lockReservation(
  tx: Db,
  where: { merchantId: string; id: string; userId?: string },
): Promise<ReservationRow | undefined> {
  const [row] = await tx.select().from(reservations).where(byId(where)).for("update");
  return row;
}

export async function updateReservation(
  tx: Db,
  { id, set }: { id: string; set: Partial<ReservationInsert> },
): Promise<ReservationRow | undefined> {
  const [updated] = await tx.update(reservations).set(set).where(eq(reservations.id, id)).returning();
  return updated;
}

export async function findReservation(
  db: Db,
  where: { merchantId: string; id: string; userId?: string },
): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(byId(where)).limit(1);
  return row;
}

/** The customer's bookings, the latest time first (at most 100). */
export function listUserReservations(db: Db, where: { merchantId: string; userId: string }) {
  return db
    .select()
    .from(reservations)
    .where(and(eq(reservations.merchantId, where.merchantId), eq(reservations.userId, where.userId)))
    .orderBy(desc(reservations.time), desc(reservations.createdDate))
    .limit(100);
}

/** The brand's bookings in time order: of a branch, a time range and a status when given (at most 500). */
export function listReservations(
  db: Db,
  where: {
    merchantId: string;
    branchId?: string | undefined;
    status?: ReservationStatus | undefined;
    range?: { from: Date; to: Date } | undefined;
  },
) {
  const conditions: SQL[] = [eq(reservations.merchantId, where.merchantId)];
  if (where.branchId) conditions.push(eq(reservations.branchId, where.branchId));
  if (where.status) conditions.push(eq(reservations.status, where.status));
  if (where.range) {
    conditions.push(gte(reservations.time, where.range.from));
    conditions.push(lt(reservations.time, where.range.to));
  }
  return db
    .select()
    .from(reservations)
    .where(and(...conditions))
    .orderBy(asc(reservations.time), asc(reservations.createdDate))
    .limit(500);
}

/** The names of the brand's halls among `hallIds`. */
export async function listHallNames(
  db: Db,
  { merchantId, hallIds }: { merchantId: string; hallIds: string[] },
) {
  if (hallIds.length === 0) return [];
  return db
    .select({ id: halls.id, name: halls.name })
    .from(halls)
    .where(and(eq(halls.merchantId, merchantId), inArray(halls.id, hallIds)));
}

/**
 * Requests still waiting for an answer (REQUESTED) whose time is from `from` on, of some branches
 * (null = every branch of the brand), the oldest request first (at most 500).
 */
export function listRequested(
  db: Db,
  where: { merchantId: string; branchIds: readonly string[] | null; from: Date },
) {
  if (where.branchIds?.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.merchantId, where.merchantId),
        eq(reservations.status, "REQUESTED"),
        gte(reservations.time, where.from),
        where.branchIds ? inArray(reservations.branchId, [...where.branchIds]) : undefined,
      ),
    )
    .orderBy(asc(reservations.createdDate), asc(reservations.id))
    .limit(500);
}

/** The names of the brand's tables among `tableIds`. */
export async function listTableNames(
  db: Db,
  { merchantId, tableIds }: { merchantId: string; tableIds: string[] },
) {
  if (tableIds.length === 0) return [];
  return db
    .select({ id: diningTables.id, name: diningTables.name })
    .from(diningTables)
    .where(and(eq(diningTables.merchantId, merchantId), inArray(diningTables.id, tableIds)));
}
