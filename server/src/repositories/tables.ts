// Tables of a brand's halls, as a guest's QR code or an order names them, and the waiter calls made
// from them. A table is found only within the caller's brand, so another brand's code is unknown here.
import { and, asc, count, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { WaiterCallReason, WaiterCallStatus } from "#domain/waiter-calls.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import type { Db } from "../db/types.ts";
import { branches, diningTables, halls, merchantWebSettings, waiterCalls } from "../db/schema/index.ts";

interface Tenant {
  merchantId: string;
}

export interface TableRow {
  id: string;
  code: string;
  name: string;
  seats: number;
  isActive: boolean;
  branchId: string;
  hallId: string;
  hallName: Multilingual;
  hallActive: boolean;
}

const tableColumns = {
  id: diningTables.id,
  code: diningTables.code,
  name: diningTables.name,
  seats: diningTables.seats,
  isActive: diningTables.isActive,
  branchId: diningTables.branchId,
  hallId: diningTables.hallId,
  hallName: halls.name,
  hallActive: halls.isActive,
};

/** The brand's table with this QR code (active or not), with its hall. */
export async function findTableByCode(db: Db, { merchantId, code }: Tenant & { code: string }) {
  const [row] = await db
    .select(tableColumns)
    .from(diningTables)
    .innerJoin(halls, eq(halls.id, diningTables.hallId))
    .where(and(eq(diningTables.merchantId, merchantId), eq(diningTables.code, code)))
    .limit(1);
  return row;
}

/** The brand's table with this id (active or not), with its hall. */
export async function findTableById(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select(tableColumns)
    .from(diningTables)
    .innerJoin(halls, eq(halls.id, diningTables.hallId))
    .where(and(eq(diningTables.merchantId, merchantId), eq(diningTables.id, id)))
    .limit(1);
  return row;
}

export type WaiterCallRow = typeof waiterCalls.$inferSelect;

/** What the API answers for a call: the row with its table's and hall's names. */
export interface WaiterCallView {
  id: string;
  branchId: string;
  hallId: string;
  tableId: string;
  tableName: string;
  hallName: Multilingual;
  branchName: Multilingual;
  reason: WaiterCallReason;
  status: WaiterCallStatus;
  createdDate: string;
  acknowledgedAt: string | null;
  closedAt: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function waiterCallViews(db: Db, rows: readonly WaiterCallRow[]): Promise<WaiterCallView[]> {
  if (rows.length === 0) return [];
  const tableIds = [...new Set(rows.map((r) => r.tableId))];
  const names = await db
    .select({
      id: diningTables.id,
      name: diningTables.name,
      hallName: halls.name,
      branchName: branches.name,
    })
    .from(diningTables)
    .innerJoin(halls, eq(halls.id, diningTables.hallId))
    .innerJoin(branches, eq(branches.id, halls.branchId))
    .where(inArray(diningTables.id, tableIds));
  const byId = new Map(names.map((n) => [n.id, n]));
  return rows.map((r) => ({
    id: r.id,
    branchId: r.branchId,
    hallId: r.hallId,
    tableId: r.tableId,
    tableName: byId.get(r.tableId)?.name ?? "",
    hallName: byId.get(r.tableId)?.hallName ?? {},
    branchName: byId.get(r.tableId)?.branchName ?? {},
    reason: r.reason,
    status: r.status,
    createdDate: r.createdDate.toISOString(),
    acknowledgedAt: iso(r.acknowledgedAt),
    closedAt: iso(r.closedAt),
  }));
}

/** The table's open calls and those closed since `closedSince`, newest first. */
export function listTableCalls(
  db: Db,
  { merchantId, tableId, closedSince }: Tenant & { tableId: string; closedSince: Date },
) {
  return db
    .select()
    .from(waiterCalls)
    .where(
      and(
        eq(waiterCalls.merchantId, merchantId),
        eq(waiterCalls.tableId, tableId),
        or(sql`${waiterCalls.status} <> 'CLOSED'`, gte(waiterCalls.closedAt, closedSince)),
      ),
    )
    .orderBy(desc(waiterCalls.createdDate));
}

/**
 * Calls of some branches (null = every branch of the brand), oldest first: the open ones (OPEN and
 * ACKNOWLEDGED) or those of one status.
 */
export function listBranchCalls(
  db: Db,
  {
    merchantId,
    branchIds,
    status,
  }: Tenant & { branchIds: readonly string[] | null; status: "open" | WaiterCallStatus },
) {
  return db
    .select()
    .from(waiterCalls)
    .where(
      and(
        eq(waiterCalls.merchantId, merchantId),
        branchIds ? inArray(waiterCalls.branchId, [...branchIds]) : undefined,
        status === "open" ? sql`${waiterCalls.status} <> 'CLOSED'` : eq(waiterCalls.status, status),
      ),
    )
    .orderBy(waiterCalls.createdDate)
    .limit(200);
}

export async function branchExists(db: Db, { merchantId, branchId }: Tenant & { branchId: string }) {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), eq(branches.id, branchId)));
  return row !== undefined;
}

/** The branch of one of the brand's waiter calls (undefined when there is no such call). */
export async function findCallBranchId(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select({ branchId: waiterCalls.branchId })
    .from(waiterCalls)
    .where(and(eq(waiterCalls.merchantId, merchantId), eq(waiterCalls.id, id)));
  return row?.branchId;
}

/** The brand's active tables of a branch with their halls, in the order guests see them. */
export async function listBranchTables(db: Db, { merchantId, branchId }: Tenant & { branchId: string }) {
  return db
    .select({
      id: diningTables.id,
      code: diningTables.code,
      name: diningTables.name,
      seats: diningTables.seats,
      hall: halls.name,
    })
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
    .orderBy(asc(halls.priority), asc(diningTables.priority), asc(diningTables.name));
}

/** Whether the brand's dine-in is switched on. */
export async function findDineInActive(db: Db, { merchantId }: Tenant): Promise<boolean> {
  const [web] = await db
    .select({ dineInActive: merchantWebSettings.dineInActive })
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, merchantId));
  return web?.dineInActive ?? false;
}

/** Locks the table's row for the transaction, so its waiter calls are counted one press at a time. */
export async function lockTable(tx: Db, { tableId }: { tableId: string }): Promise<void> {
  await tx
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(eq(diningTables.id, tableId))
    .for("update");
}

/** The table's call of this reason that is not closed yet. */
export async function findOpenCall(
  tx: Db,
  { tableId, reason }: { tableId: string; reason: WaiterCallReason },
): Promise<WaiterCallRow | undefined> {
  const [open] = await tx
    .select()
    .from(waiterCalls)
    .where(
      and(
        eq(waiterCalls.tableId, tableId),
        eq(waiterCalls.reason, reason),
        sql`${waiterCalls.status} <> 'CLOSED'`,
      ),
    );
  return open;
}

/** How many calls the table made since `since`. */
export async function countCallsSince(tx: Db, { tableId, since }: { tableId: string; since: Date }) {
  const [recent] = await tx
    .select({ n: count() })
    .from(waiterCalls)
    .where(and(eq(waiterCalls.tableId, tableId), gte(waiterCalls.createdDate, since)));
  return recent?.n ?? 0;
}

export async function insertWaiterCall(
  tx: Db,
  values: typeof waiterCalls.$inferInsert,
): Promise<WaiterCallRow> {
  const [inserted] = await tx.insert(waiterCalls).values(values).returning();
  if (!inserted) throw new Error("waiter call insert returned no row");
  return inserted;
}

/** The brand's call, locked for the transaction. */
export async function lockWaiterCall(
  tx: Db,
  { merchantId, id }: Tenant & { id: string },
): Promise<WaiterCallRow | undefined> {
  const [call] = await tx
    .select()
    .from(waiterCalls)
    .where(and(eq(waiterCalls.merchantId, merchantId), eq(waiterCalls.id, id)))
    .for("update");
  return call;
}

export async function updateWaiterCall(
  tx: Db,
  { id, set }: { id: string; set: Partial<typeof waiterCalls.$inferInsert> },
): Promise<WaiterCallRow> {
  const [updated] = await tx.update(waiterCalls).set(set).where(eq(waiterCalls.id, id)).returning();
  if (!updated) throw new Error("waiter call update returned no row");
  return updated;
}

/** The branch's active tables of active halls for the QR sheet, by hall, then table order and name. */
export function listQrTables(db: Db, { merchantId, branchId }: Tenant & { branchId: string }) {
  return db
    .select({ code: diningTables.code, name: diningTables.name, hall: halls.name })
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
    .orderBy(asc(halls.priority), asc(diningTables.priority), asc(diningTables.name));
}
