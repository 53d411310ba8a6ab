// The back office's places (issue 36): the brand's branches with their week of hours, and its
// delivery zones, read and written for the console. Every query is held to the brand (merchant_id).
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { WorkHourType } from "#domain/enums.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import { auditLog, branches, branchWorkHours, cities, deliveryRegions, users } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

const branchColumns = {
  id: branches.id,
  name: branches.name,
  address: branches.address,
  phone: branches.phone,
  latitude: branches.latitude,
  longitude: branches.longitude,
  isActive: branches.isActive,
  deliveryEnabled: branches.deliveryEnabled,
  pickupEnabled: branches.pickupEnabled,
  dineInEnabled: branches.dineInEnabled,
  version: branches.version,
  lastModifiedDate: branches.lastModifiedDate,
};

/** The brand's branches that are not deleted, main first. */
export async function listPlaceBranches(db: Db, { merchantId }: Tenant) {
  return db
    .select(branchColumns)
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), eq(branches.deleted, false)))
    .orderBy(desc(branches.isMain), asc(branches.createdDate), asc(branches.id));
}
export type PlaceBranchRow = Awaited<ReturnType<typeof listPlaceBranches>>[number];

export async function findPlaceBranch(
  db: Db,
  { merchantId, id, lock = false }: Tenant & { id: string; lock?: boolean },
): Promise<PlaceBranchRow | undefined> {
  const query = db
    .select(branchColumns)
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), eq(branches.id, id), eq(branches.deleted, false)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function listWorkHours(db: Db, { merchantId }: Tenant) {
  return db
    .select({
      branchId: branchWorkHours.branchId,
      type: branchWorkHours.type,
      weekName: branchWorkHours.weekName,
      open: branchWorkHours.open,
      close: branchWorkHours.close,
      isDayOff: branchWorkHours.isDayOff,
    })
    .from(branchWorkHours)
    .where(eq(branchWorkHours.merchantId, merchantId));
}
export type WorkHourRow = Awaited<ReturnType<typeof listWorkHours>>[number];

export interface BranchValues {
  name: Multilingual;
  address: Multilingual;
  phone: string | null;
  latitude: number;
  longitude: number;
  isActive: boolean;
  deliveryEnabled: boolean;
  pickupEnabled: boolean;
  dineInEnabled: boolean;
}

/** The brand's main city (else its first): where a branch or zone made in the console belongs. */
export async function findHomeCity(db: Db, { merchantId }: Tenant): Promise<string | null> {
  const [row] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(eq(cities.merchantId, merchantId))
    .orderBy(desc(cities.isMain), asc(cities.createdDate), asc(cities.id))
    .limit(1);
  return row?.id ?? null;
}

export async function insertBranch(
  db: Db,
  { merchantId, cityId, values }: Tenant & { cityId: string | null; values: BranchValues },
): Promise<string> {
  const [row] = await db
    .insert(branches)
    .values({ merchantId, cityId, ...values })
    .returning({ id: branches.id });
  if (!row) throw new Error("branch insert returned nothing");
  return row.id;
}

export async function updateBranch(
  db: Db,
  { merchantId, id, values }: Tenant & { id: string; values: BranchValues },
): Promise<void> {
  await db
    .update(branches)
    .set({ ...values, version: sql`${branches.version} + 1`, lastModifiedDate: new Date() })
    .where(and(eq(branches.merchantId, merchantId), eq(branches.id, id)));
}

export interface WorkHourValues {
  type: WorkHourType;
  weekName: WorkHourRow["weekName"];
  open: string | null;
  close: string | null;
  isDayOff: boolean;
}

/** Replaces a branch's hours with these rows. */
export async function replaceWorkHours(
  db: Db,
  { merchantId, branchId, rows }: Tenant & { branchId: string; rows: WorkHourValues[] },
): Promise<void> {
  await db
    .delete(branchWorkHours)
    .where(and(eq(branchWorkHours.merchantId, merchantId), eq(branchWorkHours.branchId, branchId)));
  if (rows.length > 0)
    await db.insert(branchWorkHours).values(rows.map((r) => ({ merchantId, branchId, ...r })));
}

const zoneColumns = {
  id: deliveryRegions.id,
  name: deliveryRegions.name,
  polygon: deliveryRegions.polygon,
  price: deliveryRegions.price,
  minOrderAmount: deliveryRegions.minOrderAmount,
  color: deliveryRegions.color,
  version: deliveryRegions.version,
  lastModifiedDate: deliveryRegions.lastModifiedDate,
};

export async function listZones(db: Db, { merchantId }: Tenant) {
  return db
    .select(zoneColumns)
    .from(deliveryRegions)
    .where(eq(deliveryRegions.merchantId, merchantId))
    .orderBy(asc(deliveryRegions.priority), asc(deliveryRegions.createdDate), asc(deliveryRegions.id));
}
export type ZoneRow = Awaited<ReturnType<typeof listZones>>[number];

export async function findZone(
  db: Db,
  { merchantId, id, lock = false }: Tenant & { id: string; lock?: boolean },
): Promise<ZoneRow | undefined> {
  const query = db
    .select(zoneColumns)
    .from(deliveryRegions)
    .where(and(eq(deliveryRegions.merchantId, merchantId), eq(deliveryRegions.id, id)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export interface ZoneValues {
  name: Multilingual;
  polygon: [number, number][];
  price: number;
  minOrderAmount: number;
}

export async function insertZone(
  db: Db,
  { merchantId, cityId, values }: Tenant & { cityId: string | null; values: ZoneValues },
): Promise<string> {
  const [row] = await db
    .insert(deliveryRegions)
    .values({ merchantId, cityId, ...values })
    .returning({ id: deliveryRegions.id });
  if (!row) throw new Error("zone insert returned nothing");
  return row.id;
}

export async function updateZone(
  db: Db,
  { merchantId, id, values }: Tenant & { id: string; values: ZoneValues },
): Promise<void> {
  await db
    .update(deliveryRegions)
    .set({ ...values, version: sql`${deliveryRegions.version} + 1`, lastModifiedDate: new Date() })
    .where(and(eq(deliveryRegions.merchantId, merchantId), eq(deliveryRegions.id, id)));
}

export async function deleteZone(db: Db, { merchantId, id }: Tenant & { id: string }): Promise<void> {
  await db
    .delete(deliveryRegions)
    .where(and(eq(deliveryRegions.merchantId, merchantId), eq(deliveryRegions.id, id)));
}

const staffName = sql<
  string | null
>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.phone})`;

/** Who last saved this branch or zone from the back office (for the edit conflict's message). */
export async function lastChangeOf(
  db: Db,
  { merchantId, entity, id }: Tenant & { entity: "branch" | "zone"; id: string },
): Promise<string | null> {
  const [row] = await db
    .select({ by: staffName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.createdDate))
    .limit(1);
  return row?.by ?? null;
}
