// Dine-in at a table: a QR code resolves to its branch, hall and table while the branch serves
// dine-in now; orders placed at a table and waiter calls are checked against the same rules. Waiter
// calls are announced like order changes (pg_notify in the transaction, in-process on PGlite), so the
// guest's table stream hears staff acknowledge and close them.
import type { WaiterCallReason, WaiterCallStatus } from "#domain/waiter-calls.ts";
import { WAITER_CALL_LIMIT } from "#domain/waiter-calls.ts";
import type { TableSession } from "#domain/contract/tables.ts";
import type { Database } from "../../db/client.ts";
import { pgNotify } from "../../db/notify.ts";
import { afterCommit, transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import type { BranchWithHours } from "../../repositories/geo.ts";
import { isOpenAt, withoutPauses } from "#domain/hours.ts";
import { checkBranchOpen } from "../geo/coverage.ts";
import { findBranch } from "../geo/places.ts";
import {
  countCallsSince,
  findDineInActive,
  findOpenCall,
  findTableByCode,
  findTableById,
  insertWaiterCall,
  lockTable,
  lockWaiterCall,
  updateWaiterCall,
  waiterCallViews,
  type TableRow,
  type WaiterCallRow,
  type WaiterCallView,
} from "../../repositories/tables.ts";
import { ChannelEvents } from "../orders/events.ts";

export const WAITER_CALL_NOTIFY_CHANNEL = "savat_waiter_calls";

export interface WaiterCallChange {
  merchantId: string;
  tableId: string;
  branchId: string;
  callId: string;
  status: WaiterCallStatus;
}

export class WaiterCallEvents extends ChannelEvents<WaiterCallChange> {
  constructor(database: Database) {
    super(database, WAITER_CALL_NOTIFY_CHANNEL);
  }
}

interface Brand {
  id: string;
  timezone: string;
}

/**
 * The table behind a code and its branch, if the table, its hall, its branch and the brand's dine-in
 * are on and the branch serves dine-in at `now`; else TABLE_NOT_FOUND (unknown here, another brand's
 * code included), TABLE_UNAVAILABLE or TABLE_CLOSED.
 */
async function servingTable(
  db: Db,
  merchant: Brand,
  table: TableRow | undefined,
  now: Date,
  /** For an order: a dine-in pause refuses it. A guest already seated still opens the table and calls. */
  ordering: boolean,
): Promise<{ table: TableRow; branch: BranchWithHours }> {
  if (!table) throw new AppError("TABLE_NOT_FOUND");
  if (!table.isActive || !table.hallActive) throw new AppError("TABLE_UNAVAILABLE");
  if (!(await findDineInActive(db, { merchantId: merchant.id }))) throw new AppError("TABLE_UNAVAILABLE");
  const check = await checkBranchOpen(db, {
    merchantId: merchant.id,
    branchId: table.branchId,
    type: "DINE_IN",
    at: now,
    timeZone: merchant.timezone,
  });
  if (check.ok) return { table, branch: check.branch };
  if (!ordering && check.reason === "closed") {
    const branch = await findBranch(db, { merchantId: merchant.id, branchId: table.branchId });
    if (branch && isOpenAt(withoutPauses(branch.workHours), "DINE_IN", now, merchant.timezone))
      return { table, branch };
  }
  if (check.reason === "holiday" || check.reason === "closed") throw new AppError("TABLE_CLOSED");
  throw new AppError("TABLE_UNAVAILABLE");
}

/** GET /orders/v1/tables/{code}. */
export async function resolveTable(
  db: Db,
  merchant: Brand,
  code: string,
  now = new Date(),
): Promise<TableSession> {
  const found = await findTableByCode(db, { merchantId: merchant.id, code });
  const { table, branch } = await servingTable(db, merchant, found, now, false);
  return {
    code: table.code,
    branch: { id: branch.id, name: branch.name, address: branch.address },
    hall: { id: table.hallId, name: table.hallName },
    table: { id: table.id, name: table.name, seats: table.seats },
  };
}

/**
 * The order check's rule for an order placed at a table: the table is the brand's, active, of the
 * order's branch (and hall, when sent), and the branch serves dine-in at the order's moment.
 */
export async function checkOrderTable(
  db: Db,
  merchant: Brand,
  { tableId, hallId, branchId }: { tableId: string; hallId: string | null; branchId: string | null },
  at: Date,
): Promise<TableRow> {
  const table = await findTableById(db, { merchantId: merchant.id, id: tableId });
  if (
    !table ||
    !table.isActive ||
    !table.hallActive ||
    (branchId !== null && table.branchId !== branchId) ||
    (hallId !== null && table.hallId !== hallId)
  ) {
    throw new AppError("TABLE_INVALID");
  }
  return (await servingTable(db, merchant, table, at, true)).table;
}

async function announceCall(tx: Db, events: WaiterCallEvents, row: WaiterCallRow): Promise<void> {
  const change: WaiterCallChange = {
    merchantId: row.merchantId,
    tableId: row.tableId,
    branchId: row.branchId,
    callId: row.id,
    status: row.status,
  };
  await pgNotify(tx, WAITER_CALL_NOTIFY_CHANNEL, JSON.stringify(change));
  afterCommit(tx, () => {
    events.committed(change);
  });
}

/**
 * POST /orders/v1/waiter-calls: a new call, or the table's open call of the same reason. The table's
 * row lock orders concurrent presses, so the limit counts exactly; the open-call unique index would
 * refuse a second open call even without it.
 */
export async function callWaiter(
  db: Db,
  events: WaiterCallEvents,
  {
    merchant,
    code,
    reason,
    userId,
    now = new Date(),
  }: { merchant: Brand; code: string; reason: WaiterCallReason; userId: string | null; now?: Date },
): Promise<{ call: WaiterCallView; created: boolean }> {
  const found = await findTableByCode(db, { merchantId: merchant.id, code });
  const { table } = await servingTable(db, merchant, found, now, false);
  const { row, created } = await transaction(db, async (tx) => {
    await lockTable(tx, { tableId: table.id });
    const open = await findOpenCall(tx, { tableId: table.id, reason });
    if (open) return { row: open, created: false };
    const since = new Date(now.getTime() - WAITER_CALL_LIMIT.windowMinutes * 60_000);
    if ((await countCallsSince(tx, { tableId: table.id, since })) >= WAITER_CALL_LIMIT.calls)
      throw new AppError("WAITER_CALL_LIMIT");
    const inserted = await insertWaiterCall(tx, {
      merchantId: merchant.id,
      userId,
      branchId: table.branchId,
      hallId: table.hallId,
      tableId: table.id,
      reason,
      createdDate: now,
    });
    await announceCall(tx, events, inserted);
    return { row: inserted, created: true };
  });
  const [view] = await waiterCallViews(db, [row]);
  if (!view) throw new Error("waiter call view missing");
  return { call: view, created };
}

/**
 * Staff move a call: OPEN -> ACKNOWLEDGED (a waiter is coming), OPEN/ACKNOWLEDGED -> CLOSED. Repeating
 * a move answers the call as it is; acknowledging a closed call is refused.
 */
export async function moveWaiterCall(
  db: Db,
  events: WaiterCallEvents,
  {
    merchantId,
    id,
    to,
    staffId,
    now = new Date(),
  }: { merchantId: string; id: string; to: "ACKNOWLEDGED" | "CLOSED"; staffId: string; now?: Date },
): Promise<WaiterCallView> {
  const row = await transaction(db, async (tx) => {
    const call = await lockWaiterCall(tx, { merchantId, id });
    if (!call) throw new AppError("NOT_FOUND");
    if (call.status === to) return call;
    if (call.status === "CLOSED") throw new AppError("WAITER_CALL_CLOSED");
    const set =
      to === "ACKNOWLEDGED"
        ? { status: to, acknowledgedAt: now, acknowledgedBy: staffId }
        : {
            status: to,
            closedAt: now,
            closedBy: staffId,
            acknowledgedAt: call.acknowledgedAt ?? now,
            acknowledgedBy: call.acknowledgedBy ?? staffId,
          };
    const updated = await updateWaiterCall(tx, { id: call.id, set });
    await announceCall(tx, events, updated);
    return updated;
  });
  const [view] = await waiterCallViews(db, [row]);
  if (!view) throw new Error("waiter call view missing");
  return view;
}
