// Branches, delivery regions, tariffs and saved addresses of one merchant. The order check (ORDERS)
// calls findRegionForPoint, checkBranchOpen, findClosestBranch and quoteDelivery.
import { and, asc, desc, eq, gte } from "drizzle-orm";
import { distance, findRegion, type LatLon } from "#domain/geo.ts";
import {
  DEFAULT_TIME_ZONE,
  isClosedOn,
  isOpenAt,
  type DayHours,
  type WorkHoursEntry,
} from "#domain/hours.ts";
import { WEEK_NAMES, type WorkHourType } from "#domain/enums.ts";
import { fromMinor, toMinor } from "#domain/money.ts";
import { deliveryFee } from "#domain/order-totals.ts";
import type { Db } from "../db/types.ts";
import { cacheStamp, isCurrent } from "../lib/cache-bus.ts";
import { addresses, branchDays, branches, branchWorkHours, deliveryRegions } from "../db/schema/index.ts";
import { findOrderSettings, pickOrderSettings, type OrderSettingsRow } from "./merchants.ts";

interface Tenant {
  merchantId: string;
}

export type BranchRow = typeof branches.$inferSelect;
export type RegionRow = typeof deliveryRegions.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type BranchWithHours = BranchRow & { workHours: WorkHoursEntry[] };

// Branches and regions change only on a brand import; every closest-branch and tariff call needs
// them, and PGlite has one connection. A short cache per database keeps them off it; an import
// drops it on every process at once (lib/cache-bus.ts, part "geo").
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
 * The staff's day switches as closed days of the hours, so every reader of the hours (the order
 * check, the closest branch, the storefront's branch list and later times) honours them.
 */
function withDaySwitches(
  hours: WorkHoursEntry[],
  days: readonly { day: string; closed: boolean; deliveryOff: boolean }[],
): WorkHoursEntry[] {
  if (days.length === 0) return hours;
  return hours.map((entry) => {
    const closedOn = days
      .filter((d) => d.closed || (d.deliveryOff && entry.type === "DELIVERY"))
      .map((d) => d.day);
    return closedOn.length > 0 ? { ...entry, closedOn } : entry;
  });
}

/** Every branch of the merchant that is not deleted, with its working hours; main first. */
export function listBranches(db: Db, { merchantId }: Tenant): Promise<BranchWithHours[]> {
  return cached(branchCache, db, merchantId, async () => {
    // Staff's day switches from yesterday on (a night past midnight still reads yesterday's).
    const since = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const [rows, hours, days] = await Promise.all([
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
    ]);
    const grouped = groupHours(hours);
    return rows.map((b) => ({
      ...b,
      workHours: withDaySwitches(
        grouped.get(b.id) ?? [],
        days.filter((d) => d.branchId === b.id),
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

/** The delivery region containing a point (spec: point in polygon), or undefined outside all. */
export async function findRegionForPoint(
  db: Db,
  { merchantId, cityId, ...point }: Tenant & LatLon & { cityId?: string | null },
): Promise<RegionRow | undefined> {
  return findRegion(await listRegions(db, { merchantId, cityId }), point);
}

export type ServiceKind = "DELIVERY" | "PICK_UP" | "DINE_IN";

function offers(branch: BranchRow, type: ServiceKind): boolean {
  if (type === "DELIVERY") return branch.deliveryEnabled;
  if (type === "PICK_UP") return branch.pickupEnabled;
  return branch.dineInEnabled;
}

export type BranchOpenCheck =
  | { ok: true; branch: BranchWithHours }
  | { ok: false; reason: "not-found" | "inactive" | "not-offered" | "holiday" | "closed" };

/**
 * Whether a branch takes `type` at `at` in the merchant's time zone: not found, switched off, not
 * offering the service, closed that whole day ("holiday") or outside its hours ("closed").
 */
export async function checkBranchOpen(
  db: Db,
  {
    merchantId,
    branchId,
    type,
    at = new Date(),
    timeZone = DEFAULT_TIME_ZONE,
  }: Tenant & { branchId: string; type: ServiceKind; at?: Date; timeZone?: string },
): Promise<BranchOpenCheck> {
  const branch = await findBranch(db, { merchantId, branchId });
  if (!branch) return { ok: false, reason: "not-found" };
  if (!branch.isActive) return { ok: false, reason: "inactive" };
  if (!offers(branch, type)) return { ok: false, reason: "not-offered" };
  if (isClosedOn(branch.workHours, type, at, timeZone)) return { ok: false, reason: "holiday" };
  if (!isOpenAt(branch.workHours, type, at, timeZone)) return { ok: false, reason: "closed" };
  return { ok: true, branch };
}

/**
 * The nearest active branch that offers `type` and is open at `at`, of the address's city (the city
 * of the delivery region containing the point), or of any city when no region contains it.
 */
export async function findClosestBranch(
  db: Db,
  {
    merchantId,
    type = "DELIVERY",
    at = new Date(),
    timeZone = DEFAULT_TIME_ZONE,
    ...point
  }: Tenant & LatLon & { type?: ServiceKind; at?: Date; timeZone?: string },
): Promise<(BranchWithHours & { distance: number }) | undefined> {
  const [all, region] = await Promise.all([
    listBranches(db, { merchantId }),
    findRegionForPoint(db, { merchantId, ...point }),
  ]);
  const cityId = region?.cityId ?? null;
  let best: (BranchWithHours & { distance: number }) | undefined;
  for (const b of all) {
    if (!b.isActive || !offers(b, type)) continue;
    if (cityId !== null && b.cityId !== null && b.cityId !== cityId) continue;
    if (!isOpenAt(b.workHours, type, at, timeZone)) continue;
    const d = distance(point, b);
    if (!best || d < best.distance) best = { ...b, distance: d };
  }
  return best;
}

export type DeliveryQuote =
  | {
      ok: true;
      price: number;
      basePrice: number;
      free: boolean;
      feeFreeThreshold: number | null;
      region: RegionRow;
    }
  | { ok: false; reason: "out-of-zone" };

/**
 * The delivery price of a point, one rule for the tariff call and the order check: the price of the
 * region containing it, raised to the minimal delivery price, and free once the product total
 * reaches the fee-free threshold. Outside every region: out of zone. The region's city decides the
 * settings; a city the client names is never read (it could pick another city's threshold).
 */
export async function quoteDelivery(
  db: Db,
  {
    merchantId,
    productPrice,
    orderSettingRows,
    ...point
  }: Tenant &
    LatLon & {
      productPrice: number;
      /** The brand's order-settings rows when the caller has read them already (the order check). */
      orderSettingRows?: readonly OrderSettingsRow[];
    },
): Promise<DeliveryQuote> {
  const region = await findRegionForPoint(db, { merchantId, ...point });
  if (!region) return { ok: false, reason: "out-of-zone" };
  // The city's own settings as the order check reads them, and the order totals' own fee rule, so
  // the price shown before checkout is the price the order is charged.
  const settings = orderSettingRows
    ? pickOrderSettings(orderSettingRows, region.cityId)
    : await findOrderSettings(db, { merchantId, cityId: region.cityId });
  const threshold = settings?.feeFreeThreshold ?? null;
  const minimalDeliveryPrice = settings?.minimalDeliveryPrice ?? 0;
  const net = toMinor(productPrice);
  const price = deliveryFee("DELIVERY", region.price, net, {
    feeFreeThreshold: threshold,
    minimalDeliveryPrice,
  });
  const basePrice = deliveryFee("DELIVERY", region.price, net, {
    feeFreeThreshold: null,
    minimalDeliveryPrice,
  });
  return {
    ok: true,
    price: fromMinor(price),
    basePrice: fromMinor(basePrice),
    free: threshold !== null && threshold > 0 && net >= toMinor(threshold),
    feeFreeThreshold: threshold,
    region,
  };
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
