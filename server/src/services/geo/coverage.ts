// Geography's rules, one place for the branch and tariff calls and the order check: the delivery
// region of a point, whether a branch takes a service at a moment, the closest open branch, and the
// delivery price of a point.
import { distance, findRegion, type LatLon } from "#domain/geo.ts";
import { DEFAULT_TIME_ZONE, isClosedOn, isOpenAt } from "#domain/hours.ts";
import { fromMinor, toMinor } from "#domain/money.ts";
import { deliveryFee } from "#domain/order-totals.ts";
import type { Db } from "../../db/types.ts";
import {
  findBranch,
  listBranches,
  listRegions,
  type BranchRow,
  type BranchWithHours,
  type RegionRow,
} from "../../repositories/geo.ts";
import { findOrderSettings, pickOrderSettings, type OrderSettingsRow } from "../../repositories/merchants.ts";

interface Tenant {
  merchantId: string;
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
