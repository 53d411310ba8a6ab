// Calling a waiter from a table: why, the states a call goes through, and how often a table may call.

/** CALL brings a waiter to the table, BILL asks for the bill. */
export const WAITER_CALL_REASONS = ["CALL", "BILL"] as const;
export type WaiterCallReason = (typeof WAITER_CALL_REASONS)[number];

/** OPEN until staff acknowledge it (a waiter is coming), CLOSED once served. */
export const WAITER_CALL_STATUSES = ["OPEN", "ACKNOWLEDGED", "CLOSED"] as const;
export type WaiterCallStatus = (typeof WAITER_CALL_STATUSES)[number];

/** A call still waiting to be served: a second press of the same button answers this one. */
export function isOpenWaiterCall(status: WaiterCallStatus): boolean {
  return status !== "CLOSED";
}

/**
 * How many new calls one table may make within the window. Pressing again while a call is open makes
 * no new call, so this only stops a table from calling again and again right after each is served.
 */
export const WAITER_CALL_LIMIT = { calls: 6, windowMinutes: 10 } as const;
