// The back office's places (issue 36): the brand's branches with their week of hours, and its
// delivery zones, read and written for the console. Every query is held to the brand (merchant_id).
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { PaymentType, WeekName, WorkHourType } from "#domain/enums.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import {
  auditLog,
  branches,
  branchHolidays,
  branchWorkHours,
  cities,
  deliveryRegions,
  paymentMethods,
  paymentMethodSettings,
  users,
} from "../db/schema/index.ts";
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
  paymentTypes: branches.paymentTypes,
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
  /** null: every payment method of the brand. */
  paymentTypes: PaymentType[] | null;
}

/** The types of the brand's active payment methods (on any channel), by priority, each once. */
export async function listBrandPaymentTypes(db: Db, { merchantId }: Tenant): Promise<PaymentType[]> {
  const rows = await db
    .select({ type: paymentMethods.type })
    .from(paymentMethods)
    .innerJoin(paymentMethodSettings, eq(paymentMethodSettings.paymentMethodId, paymentMethods.id))
    .where(and(eq(paymentMethods.merchantId, merchantId), eq(paymentMethodSettings.isActive, true)))
    .orderBy(asc(paymentMethods.priority), asc(paymentMethods.id));
  return [...new Set(rows.map((r) => r.type))];
}

/** The brand's holidays from `from` on ("YYYY-MM-DD", local), by date. */
export async function listHolidays(db: Db, { merchantId, from }: Tenant & { from: string }) {
  return db
    .select({ branchId: branchHolidays.branchId, date: branchHolidays.day, note: branchHolidays.note })
    .from(branchHolidays)
    .where(and(eq(branchHolidays.merchantId, merchantId), gte(branchHolidays.day, from)))
    .orderBy(asc(branchHolidays.day));
}
export type HolidayRow = Awaited<ReturnType<typeof listHolidays>>[number];

/** Replaces a branch's holidays from `from` on with these (the past ones stay as they were). */
export async function replaceHolidays(
  db: Db,
  {
    merchantId,
    branchId,
    from,
    rows,
  }: Tenant & { branchId: string; from: string; rows: readonly { date: string; note: string | null }[] },
): Promise<void> {
  await db
    .delete(branchHolidays)
    .where(
      and(
        eq(branchHolidays.merchantId, merchantId),
        eq(branchHolidays.branchId, branchId),
        gte(branchHolidays.day, from),
      ),
    );
  if (rows.length > 0)
    await db
      .insert(branchHolidays)
      .values(rows.map((r) => ({ merchantId, branchId, day: r.date, note: r.note })));
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

/**
 * Replaces a branch's hours of these (service, weekday) pairs with these rows; the other pairs (a
 * service's own hours on a day the console did not change) stay as they are.
 */
export async function replaceWorkHours(
  db: Db,
  { merchantId, branchId, rows }: Tenant & { branchId: string; rows: WorkHourValues[] },
): Promise<void> {
  const types = [...new Set(rows.map((r) => r.type))];
  for (const type of types) {
    const days: WeekName[] = rows.filter((r) => r.type === type).map((r) => r.weekName);
    await db
      .delete(branchWorkHours)
      .where(
        and(
          eq(branchWorkHours.merchantId, merchantId),
          eq(branchWorkHours.branchId, branchId),
          eq(branchWorkHours.type, type),
          inArray(branchWorkHours.weekName, days),
        ),
      );
  }
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
