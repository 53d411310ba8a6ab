// Branches, delivery regions, tariffs and saved addresses of one merchant, as stored. The rules on
// them (which branch is open, the closest one, the delivery price) are services/geo/coverage.ts.
import { and, asc, desc, eq, gt, gte } from "drizzle-orm";
import { withHolidays, type DayHours, type WorkHoursEntry } from "#domain/hours.ts";
import { WEEK_NAMES, type WorkHourType } from "#domain/enums.ts";
import type { Db } from "../db/types.ts";
import { cacheStamp, isCurrent } from "../db/cache-bus.ts";
import {
  addresses,
  branchDays,
  branches,
  branchHolidays,
  branchPauses,
  branchWorkHours,
  deliveryRegions,
} from "../db/schema/index.ts";

interface Tenant {
  merchantId: string;
}

export type BranchRow = typeof branches.$inferSelect;
export type RegionRow = typeof deliveryRegions.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type BranchWithHours = BranchRow & { workHours: WorkHoursEntry[] };

// Branches and regions change only on a brand import; every closest-branch and tariff call needs
// them, and PGlite has one connection. A short cache per database keeps them off it; an import
// drops it on every process at once (server/src/db/cache-bus.ts, part "geo").
const TTL_MS = 5_000;
interface Cached<T> {
  value: Promise<T>;
  at: number;
  stamp: number;
}
const branchCache = new WeakMap<Db, Map<string, Cached<BranchWithHours[]>>>();
const regionCache = new WeakMap<Db, Map<string, Cached<RegionRow[]>>>();

function cached<T>(
  store: WeakMap<Db, Map<string, Cached<T>>>,
  db: Db,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  let perDb = store.get(db);
  if (!perDb) store.set(db, (perDb = new Map<string, Cached<T>>()));
  const hit = perDb.get(key);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS && isCurrent("geo", key, hit.stamp)) return hit.value;
  const stamp = cacheStamp();
  const value = load();
  perDb.set(key, { value, at: now, stamp });
  // A failed load is not kept (unless a newer one replaced it meanwhile).
  value.catch(() => {
    if (perDb.get(key)?.value === value) perDb.delete(key);
  });
  return value;
}

/** Forgets cached branches and regions, of one merchant or all (after an import). */
export function forgetGeo(db: Db, merchantId?: string): void {
  if (merchantId === undefined) {
    branchCache.delete(db);
    regionCache.delete(db);
    return;
  }
  branchCache.get(db)?.delete(merchantId);
  regionCache.get(db)?.delete(merchantId);
}

function groupHours(rows: (typeof branchWorkHours.$inferSelect)[]): Map<string, WorkHoursEntry[]> {
  const byBranch = new Map<string, Map<WorkHourType, DayHours[]>>();
  for (const r of rows) {
    let types = byBranch.get(r.branchId);
    if (!types) byBranch.set(r.branchId, (types = new Map<WorkHourType, DayHours[]>()));
    let days = types.get(r.type);
    if (!days) types.set(r.type, (days = []));
    days.push({ weekName: r.weekName, open: r.open, close: r.close, isDayOff: r.isDayOff });
  }
  const out = new Map<string, WorkHoursEntry[]>();
  for (const [branchId, types] of byBranch) {
    out.set(
      branchId,
      [...types].map(([type, hours]) => ({
        type,
        hours: hours.sort((a, b) => WEEK_NAMES.indexOf(a.weekName) - WEEK_NAMES.indexOf(b.weekName)),
      })),
    );
  }
  return out;
}

/**
 * The staff's day switches as closed days of the hours, and their pauses as the moment each service
 * is paused until, so every reader of the hours (the order check, the closest branch, the
 * storefront's branch list and later times) honours them.
 */
function withDaySwitches(
  hours: WorkHoursEntry[],
  days: readonly { day: string; closed: boolean; deliveryOff: boolean }[],
  pauses: readonly { type: WorkHourType; until: Date }[] = [],
): WorkHoursEntry[] {
  if (days.length === 0 && pauses.length === 0) return hours;
  return hours.map((entry) => {
    const closedOn = days
      .filter((d) => d.closed || (d.deliveryOff && entry.type === "DELIVERY"))
      .map((d) => d.day);
    const pause = pauses.find((p) => p.type === entry.type);
    return {
      ...entry,
      ...(closedOn.length > 0 ? { closedOn } : {}),
      ...(pause ? { pausedUntil: pause.until.toISOString() } : {}),
    };
  });
}

/** Every branch of the merchant that is not deleted, with its working hours; main first. */
export function listBranches(db: Db, { merchantId }: Tenant): Promise<BranchWithHours[]> {
  return cached(branchCache, db, merchantId, async () => {
    // Staff's day switches from yesterday on (a night past midnight still reads yesterday's).
    const since = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const [rows, hours, days, pauses, holidays] = await Promise.all([
      db
        .select()
        .from(branches)
        .where(and(eq(branches.merchantId, merchantId), eq(branches.deleted, false)))
        .orderBy(desc(branches.isMain), asc(branches.createdDate), asc(branches.id)),
      db.select().from(branchWorkHours).where(eq(branchWorkHours.merchantId, merchantId)),
      db
        .select()
        .from(branchDays)
        .where(and(eq(branchDays.merchantId, merchantId), gte(branchDays.day, since))),
      // Pauses not over yet (one compared with now by every reader; an older one changes nothing).
      db
        .select({ branchId: branchPauses.branchId, type: branchPauses.type, until: branchPauses.until })
        .from(branchPauses)
        .where(and(eq(branchPauses.merchantId, merchantId), gt(branchPauses.until, new Date()))),
      // Holidays set in the back office, from yesterday on like the day switches.
      db
        .select({ branchId: branchHolidays.branchId, day: branchHolidays.day })
        .from(branchHolidays)
        .where(and(eq(branchHolidays.merchantId, merchantId), gte(branchHolidays.day, since))),
    ]);
    const grouped = groupHours(hours);
    return rows.map((b) => ({
      ...b,
      workHours: withHolidays(
        withDaySwitches(
          grouped.get(b.id) ?? [],
          days.filter((d) => d.branchId === b.id),
          pauses.filter((p) => p.branchId === b.id),
        ),
        holidays.filter((h) => h.branchId === b.id).map((h) => h.day),
      ),
    }));
  });
}

export async function findBranch(
  db: Db,
  { merchantId, branchId }: Tenant & { branchId: string },
): Promise<BranchWithHours | undefined> {
  return (await listBranches(db, { merchantId })).find((b) => b.id === branchId);
}

/** Where a branch of the brand stands, read afresh (switched-off branches too). */
export async function findBranchLocation(
  db: Db,
  { merchantId, branchId }: Tenant & { branchId: string },
): Promise<{ latitude: number; longitude: number } | undefined> {
  const [branch] = await db
    .select({ latitude: branches.latitude, longitude: branches.longitude })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.merchantId, merchantId)));
  return branch;
}

/** The merchant's delivery regions (optionally of one city), lowest priority first. */
export async function listRegions(
  db: Db,
  { merchantId, cityId }: Tenant & { cityId?: string | null },
): Promise<RegionRow[]> {
  // An async loader: a Drizzle query builder is a thenable that runs again on every await, so the
  // cache must hold the promise of its result, not the builder.
  const all = await cached(regionCache, db, merchantId, async () =>
    db
      .select()
      .from(deliveryRegions)
      .where(eq(deliveryRegions.merchantId, merchantId))
      .orderBy(asc(deliveryRegions.priority), asc(deliveryRegions.createdDate), asc(deliveryRegions.id)),
  );
  return cityId ? all.filter((r) => r.cityId === cityId) : all;
}

// Saved addresses: only ever the caller's own.

export async function listAddresses(
  db: Db,
  { merchantId, userId }: Tenant & { userId: string },
): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(and(eq(addresses.merchantId, merchantId), eq(addresses.userId, userId)))
    .orderBy(desc(addresses.createdDate), desc(addresses.id));
}

export type AddressValues = Omit<
  typeof addresses.$inferInsert,
  "id" | "merchantId" | "userId" | "createdDate" | "lastModifiedDate"
>;

export async function createAddress(
  db: Db,
  { merchantId, userId, values }: Tenant & { userId: string; values: AddressValues },
): Promise<AddressRow> {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, merchantId, userId })
    .returning();
  if (!row) throw new Error("address insert returned nothing");
  return row;
}

/** Updates one of the user's addresses; undefined when it is not theirs (or does not exist). */
export async function updateAddress(
  db: Db,
  { merchantId, userId, id, values }: Tenant & { userId: string; id: string; values: AddressValues },
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.id, id), eq(addresses.merchantId, merchantId), eq(addresses.userId, userId)))
    .returning();
  return row;
}

/** Deletes one of the user's addresses; false when it is not theirs (or does not exist). */
export async function deleteAddress(
  db: Db,
  { merchantId, userId, id }: Tenant & { userId: string; id: string },
): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.merchantId, merchantId), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

/** Every branch row of the brand, deleted ones included, unordered and uncached (the staff commands). */
export function listBranchRows(db: Db, { merchantId }: Tenant): Promise<BranchRow[]> {
  return db.select().from(branches).where(eq(branches.merchantId, merchantId));
}
