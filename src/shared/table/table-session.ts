/**
 * The table this browser sits at, per brand (`savat:<sub>:table`): what the table's QR code resolved
 * to (branch, hall, table). While it is set the storefront orders to that table: checkout fixes
 * dine-in at the table's branch and the QR channel's payments, and the table bar offers the waiter.
 *
 *   tableCodeFromLaunch(search, startParam) -> the code of `?table=<code>` or `startapp=table_<code>`
 *   useTableSession() / getTableSession(sub) -> the current table or null
 *   enterTable(sub, resolved) / leaveTable(sub)
 */
import { atom, useAtomValue, type WritableAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import type { TableSession } from "../../domain/contract/tables.ts";
import { appStore } from "../../lib/app-store.ts";
import { currentBrandAtom } from "../brand/current-brand.ts";
import { checkedStorage } from "../session/checked-storage.ts";
import type { StoredTable } from "../session/stored-schemas.ts";

export type { StoredTable } from "../session/stored-schemas.ts";

/** A guest leaves the restaurant without saying so: a table older than this is forgotten. */
export const TABLE_SESSION_HOURS = 12;

const TELEGRAM_PREFIX = "table_";
const CODE = /^[A-Za-z0-9_-]{1,58}$/;

/** The table code a launch carries: the web's `?table=<code>` or Telegram's `table_<code>`. */
export function tableCodeFromLaunch(search: string, startParam: string | undefined): string | null {
  const fromQuery = new URLSearchParams(search).get("table");
  const code =
    fromQuery ?? (startParam?.startsWith(TELEGRAM_PREFIX) ? startParam.slice(TELEGRAM_PREFIX.length) : null);
  return code !== null && CODE.test(code) ? code : null;
}

/** Whether a stored table is still current at `now`. */
export function isTableCurrent(table: StoredTable | null, now = Date.now()): table is StoredTable {
  if (!table) return false;
  const started = Date.parse(table.startedAt);
  return Number.isFinite(started) && now - started < TABLE_SESSION_HOURS * 3_600_000;
}

function key(sub: string): string {
  return `savat:${sub}:table`;
}

const storage = checkedStorage<StoredTable | null>((schemas, data, drop) => schemas.parseTable(data, drop));
const perBrand = new Map<string, WritableAtom<StoredTable | null, [StoredTable | null], void>>();

function tableAtom(sub: string): WritableAtom<StoredTable | null, [StoredTable | null], void> {
  let a = perBrand.get(sub);
  if (!a) {
    a = atomWithStorage<StoredTable | null>(key(sub), null, storage, { getOnInit: true });
    perBrand.set(sub, a);
  }
  return a;
}

const currentTableAtom = atom((get) => {
  const brand = get(currentBrandAtom);
  const table = brand ? get(tableAtom(brand.sub)) : null;
  return isTableCurrent(table) ? table : null;
});

/** The current brand's table, or null when the customer is not at one. */
export function useTableSession(): StoredTable | null {
  return useAtomValue(currentTableAtom);
}

export function getTableSession(sub: string): StoredTable | null {
  const table = appStore().get(tableAtom(sub));
  return isTableCurrent(table) ? table : null;
}

export function enterTable(sub: string, resolved: TableSession): void {
  appStore().set(tableAtom(sub), { ...resolved, startedAt: new Date().toISOString() });
}

export function leaveTable(sub: string): void {
  appStore().set(tableAtom(sub), null);
}
