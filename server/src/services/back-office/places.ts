// The back office's branches and delivery zones (issue 36). Each save is one transaction: the
// version check (409 EDIT_CONFLICT with who and when), the write, its audit_log row and the drop of
// the geography caches on every process, so the storefront's branch list, "closed now" and delivery
// price follow within its next read.
import {
  BRANCH_SERVICES,
  type BranchDay,
  type BranchHoliday,
  type BranchService,
  type PlaceBranch,
  type PlaceZone,
} from "#domain/contract/back-office-places.ts";
import { WEEK_NAMES, type PaymentType, type WorkHourType } from "#domain/enums.ts";
import { localDate } from "#domain/hours.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import { pickText } from "#domain/multilingual.ts";
import { zoneShapeProblem } from "#domain/zone-shape.ts";
import { cachesChanged } from "../../db/cache-bus.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import {
  deleteZone,
  findHomeCity,
  findPlaceBranch,
  findZone,
  insertBranch,
  insertZone,
  lastChangeOf,
  listBrandPaymentTypes,
  listHolidays,
  listPlaceBranches,
  listWorkHours,
  listZones,
  replaceHolidays,
  replaceWorkHours,
  updateBranch,
  updateZone,
  type BranchValues,
  type HolidayRow,
  type PlaceBranchRow,
  type WorkHourRow,
  type ZoneRow,
  type ZoneValues,
} from "../../repositories/back-office-places.ts";
import { editConflict } from "./edit-conflict.ts";

interface Actor {
  merchantId: string;
  userId: string;
  timeZone: string;
}

// The week the console edits is one for every service: the storefront reads hours per service type,
// so the same week is written for each (a branch that offers delivery and pickup keeps one timetable).
const HOURS_OF_FIRST: readonly WorkHourType[] = ["DELIVERY", "PICK_UP", "DINE_IN"];

function weekOf(rows: readonly WorkHourRow[]): BranchDay[] {
  const type = HOURS_OF_FIRST.find((t) => rows.some((r) => r.type === t));
  return WEEK_NAMES.map((weekName) => {
    const row = rows.find((r) => r.type === type && r.weekName === weekName);
    if (!row || row.isDayOff || !row.open || !row.close)
      return { weekName, closed: true, open: null, close: null };
    return { weekName, closed: false, open: row.open, close: row.close };
  });
}

/** Whether some weekday has other hours for one of the services than the week the console shows. */
function hoursDiffer(rows: readonly WorkHourRow[]): boolean {
  const shown = weekOf(rows);
  const types = HOURS_OF_FIRST.filter((t) => rows.some((r) => r.type === t));
  return types.some(
    (type) => JSON.stringify(weekOf(rows.filter((r) => r.type === type))) !== JSON.stringify(shown),
  );
}

/** The brand's methods the branch takes: all of them while it keeps none of its own (null). */
function paymentTypesOf(row: PlaceBranchRow, brand: readonly PaymentType[]): PaymentType[] {
  const own = row.paymentTypes;
  return own === null ? [...brand] : brand.filter((t) => own.includes(t));
}

function servicesOf(row: PlaceBranchRow): BranchService[] {
  return BRANCH_SERVICES.filter((s) =>
    s === "DELIVERY" ? row.deliveryEnabled : s === "PICK_UP" ? row.pickupEnabled : row.dineInEnabled,
  );
}

interface BranchExtras {
  hours: readonly WorkHourRow[];
  holidays: readonly HolidayRow[];
  brandPaymentTypes: readonly PaymentType[];
}

function branchView(row: PlaceBranchRow, { hours, holidays, brandPaymentTypes }: BranchExtras): PlaceBranch {
  const own = hours.filter((h) => h.branchId === row.id);
  return {
    id: row.id,
    name: row.name,
    address: row.address ?? {},
    phone: row.phone,
    latitude: row.latitude,
    longitude: row.longitude,
    isActive: row.isActive,
    services: servicesOf(row),
    hours: weekOf(own),
    hoursDiffer: hoursDiffer(own),
    paymentTypes: paymentTypesOf(row, brandPaymentTypes),
    holidays: holidays
      .filter((h) => h.branchId === row.id)
      .map((h): BranchHoliday => ({ date: h.date, note: h.note })),
    version: row.version,
    lastModifiedDate: row.lastModifiedDate.toISOString(),
  };
}

async function extrasOf(db: Db, merchantId: string, today: string): Promise<BranchExtras> {
  const [hours, holidays, brandPaymentTypes] = await Promise.all([
    listWorkHours(db, { merchantId }),
    listHolidays(db, { merchantId, from: today }),
    listBrandPaymentTypes(db, { merchantId }),
  ]);
  return { hours, holidays, brandPaymentTypes };
}

/**
 * The brand's branches as the console edits them: all of them, or only `branchIds` (a manager bound
 * to branches sees their own). Holidays from today on in the brand's time zone.
 */
export async function placeBranches(
  db: Db,
  {
    merchantId,
    timeZone,
    branchIds,
  }: { merchantId: string; timeZone: string; branchIds: readonly string[] | null },
): Promise<PlaceBranch[]> {
  const [rows, extras] = await Promise.all([
    listPlaceBranches(db, { merchantId }),
    extrasOf(db, merchantId, localDate(new Date(), timeZone)),
  ]);
  return rows
    .filter((row) => branchIds === null || branchIds.includes(row.id))
    .map((row) => branchView(row, extras));
}

/** The types of the brand's payment methods, which a branch picks from. */
export async function brandPaymentTypes(db: Db, merchantId: string): Promise<PaymentType[]> {
  return listBrandPaymentTypes(db, { merchantId });
}

async function conflict(
  db: Db,
  {
    merchantId,
    entity,
    id,
    at,
    timeZone,
  }: { merchantId: string; entity: "branch" | "zone"; id: string; at: Date; timeZone: string },
): Promise<never> {
  throw editConflict(await lastChangeOf(db, { merchantId, entity, id }), at, timeZone);
}

export interface BranchInput {
  version?: number | undefined;
  name: Multilingual;
  address: Multilingual;
  phone: string | null;
  latitude: number;
  longitude: number;
  isActive: boolean;
  services: BranchService[];
  hours: BranchDay[];
  /** Absent: kept as they are. */
  paymentTypes?: PaymentType[] | undefined;
  /** Absent: kept as they are. */
  holidays?: BranchHoliday[] | undefined;
}

/**
 * What the branch takes, as stored: the brand's methods among those picked (a type the brand has no
 * method of is refused); every one of them is null, so a method the brand adds later is taken too.
 */
function storedPaymentTypes(
  picked: readonly PaymentType[],
  brand: readonly PaymentType[],
): PaymentType[] | null {
  if (picked.some((t) => !brand.includes(t))) throw new AppError("VALIDATION_FAILED");
  const own = brand.filter((t) => picked.includes(t));
  return own.length === brand.length ? null : own;
}

function branchValues(input: BranchInput, paymentTypes: PaymentType[] | null): BranchValues {
  return {
    name: input.name,
    address: input.address,
    phone: input.phone,
    latitude: input.latitude,
    longitude: input.longitude,
    isActive: input.isActive,
    deliveryEnabled: input.services.includes("DELIVERY"),
    pickupEnabled: input.services.includes("PICK_UP"),
    dineInEnabled: input.services.includes("DINE_IN"),
    paymentTypes,
  };
}

function dayRow(type: WorkHourType, d: BranchDay) {
  return {
    type,
    weekName: d.weekName,
    open: d.closed ? null : d.open,
    close: d.closed ? null : d.close,
    isDayOff: d.closed,
  };
}

/**
 * The hour rows a save writes. The console edits one week: a weekday changed in it is written for
 * every service; a service with no hours at all gets the whole week; the rest (a service's own hours
 * on a day the console did not change, as a brand file may keep them) stay as they are.
 */
function hourRows(hours: readonly BranchDay[], before: readonly WorkHourRow[] | null) {
  const shown = before === null ? null : weekOf(before);
  const changed = hours.filter((d) => {
    const was = shown?.find((s) => s.weekName === d.weekName);
    return !was || JSON.stringify(dayRow("DELIVERY", was)) !== JSON.stringify(dayRow("DELIVERY", d));
  });
  if (changed.length === 0) return [];
  return HOURS_OF_FIRST.flatMap((type) => {
    const has = before?.some((r) => r.type === type) ?? false;
    return (has ? changed : hours).map((d) => dayRow(type, d));
  });
}

/** What the log keeps of a branch: its fields as the console edits them. */
function branchRecord(
  view: Omit<PlaceBranch, "id" | "version" | "lastModifiedDate" | "hoursDiffer">,
): Record<string, unknown> {
  return {
    name: view.name,
    address: view.address,
    phone: view.phone,
    latitude: view.latitude,
    longitude: view.longitude,
    isActive: view.isActive,
    services: view.services,
    hours: view.hours,
    paymentTypes: view.paymentTypes,
    holidays: view.holidays,
  };
}

function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * Creates (no id) or saves a branch with its week of hours, payment types and holidays.
 * `branchOnly`: the caller manages this branch only (a manager bound to it): its name, address,
 * point and visibility are kept as they are, whatever the form sent.
 */
export async function saveBranch(
  db: Db,
  {
    merchantId,
    userId,
    timeZone,
    id,
    input: sent,
    branchOnly = false,
  }: Actor & { id: string | null; input: BranchInput; branchOnly?: boolean },
): Promise<PlaceBranch> {
  const today = localDate(new Date(), timeZone);
  const savedId = await transaction(db, async (tx) => {
    const extras = await extrasOf(tx, merchantId, today);
    const brand = extras.brandPaymentTypes;
    if (id === null) {
      const paymentTypes = sent.paymentTypes ? storedPaymentTypes(sent.paymentTypes, brand) : null;
      const holidays = (sent.holidays ?? []).filter((h) => h.date >= today).sort(byDate);
      const newId = await insertBranch(tx, {
        merchantId,
        cityId: await findHomeCity(tx, { merchantId }),
        values: branchValues(sent, paymentTypes),
      });
      await replaceWorkHours(tx, { merchantId, branchId: newId, rows: hourRows(sent.hours, null) });
      await replaceHolidays(tx, { merchantId, branchId: newId, from: today, rows: holidays });
      const after = branchRecord({
        ...sent,
        services: servicesOfInput(sent.services),
        paymentTypes: paymentTypes ?? [...brand],
        holidays,
      });
      await insertAudit(tx, {
        merchantId,
        userId,
        entity: "branch",
        entityId: newId,
        action: "create",
        before: {},
        after,
      });
      await cachesChanged(tx, merchantId, ["geo"]);
      return newId;
    }
    const current = await findPlaceBranch(tx, { merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    if (sent.version === undefined || current.version !== sent.version)
      await conflict(tx, { merchantId, entity: "branch", id, at: current.lastModifiedDate, timeZone });
    const view = branchView(current, extras);
    const input: BranchInput = branchOnly
      ? {
          ...sent,
          name: current.name,
          address: current.address ?? {},
          latitude: current.latitude,
          longitude: current.longitude,
          isActive: current.isActive,
        }
      : sent;
    const paymentTypes = input.paymentTypes
      ? storedPaymentTypes(input.paymentTypes, brand)
      : current.paymentTypes;
    const holidays = input.holidays
      ? input.holidays.filter((h) => h.date >= today).sort(byDate)
      : view.holidays;
    const after = branchRecord({
      ...input,
      services: servicesOfInput(input.services),
      paymentTypes: paymentTypes ?? [...brand],
      holidays,
    });
    const diff = changed(branchRecord(view), after);
    if (Object.keys(diff.after).length === 0) return id;
    const before = extras.hours.filter((h) => h.branchId === id);
    await updateBranch(tx, { merchantId, id, values: branchValues(input, paymentTypes) });
    await replaceWorkHours(tx, { merchantId, branchId: id, rows: hourRows(input.hours, before) });
    if (input.holidays) await replaceHolidays(tx, { merchantId, branchId: id, from: today, rows: holidays });
    await insertAudit(tx, { merchantId, userId, entity: "branch", entityId: id, action: "update", ...diff });
    await cachesChanged(tx, merchantId, ["geo"]);
    return id;
  });
  const row = await findPlaceBranch(db, { merchantId, id: savedId });
  if (!row) throw new AppError("NOT_FOUND");
  return branchView(row, await extrasOf(db, merchantId, today));
}

function byDate(a: BranchHoliday, b: BranchHoliday): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

/** The services in the console's order, each once (the log compares them as lists). */
function servicesOfInput(services: readonly BranchService[]): BranchService[] {
  return BRANCH_SERVICES.filter((s) => services.includes(s));
}

function zoneView(row: ZoneRow): PlaceZone {
  return { ...row, lastModifiedDate: row.lastModifiedDate.toISOString() };
}

export async function placeZones(db: Db, merchantId: string): Promise<PlaceZone[]> {
  return (await listZones(db, { merchantId })).map(zoneView);
}

export interface ZoneInput extends ZoneValues {
  version?: number | undefined;
}

/** Refuses a self-crossing zone, or one covering another zone of the brand (named). */
function checkShape(polygon: ZoneValues["polygon"], others: readonly ZoneRow[]): void {
  const problem = zoneShapeProblem(polygon, others);
  if (!problem) return;
  if (problem.code === "SELF_CROSSING") throw new AppError("ZONE_SELF_CROSSING");
  if (problem.code === "TOO_FEW_POINTS") throw new AppError("VALIDATION_FAILED");
  const other = others.find((o) => o.id === problem.zoneId);
  const name = (lang: "uz" | "ru" | "eng") => (other ? pickText(other.name, lang) : "");
  throw new AppError("ZONE_OVERLAP", {
    uz: `Zona «${name("uz")}» zonasini qoplaydi: chegaralarni bir-birining ustiga chiqmaydigan qiling`,
    ru: `Зона накладывается на зону «${name("ru")}»: сдвиньте границы, чтобы они не пересекались`,
    eng: `The zone overlaps the zone "${name("eng")}": move the borders so that they do not cover each other`,
  });
}

function zoneRecord(z: ZoneValues): Record<string, unknown> {
  return { name: z.name, polygon: z.polygon, price: z.price, minOrderAmount: z.minOrderAmount };
}

export async function saveZone(
  db: Db,
  { merchantId, userId, timeZone, id, input }: Actor & { id: string | null; input: ZoneInput },
): Promise<PlaceZone> {
  const { version, ...values } = input;
  const savedId = await transaction(db, async (tx) => {
    const zones = await listZones(tx, { merchantId });
    checkShape(
      values.polygon,
      zones.filter((z) => z.id !== id),
    );
    if (id === null) {
      const cityId = await findHomeCity(tx, { merchantId });
      const newId = await insertZone(tx, { merchantId, cityId, values });
      await insertAudit(tx, {
        merchantId,
        userId,
        entity: "zone",
        entityId: newId,
        action: "create",
        before: {},
        after: zoneRecord(values),
      });
      await cachesChanged(tx, merchantId, ["geo"]);
      return newId;
    }
    const current = await findZone(tx, { merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    if (version === undefined || current.version !== version)
      await conflict(tx, { merchantId, entity: "zone", id, at: current.lastModifiedDate, timeZone });
    const diff = changed(zoneRecord(current), zoneRecord(values));
    if (Object.keys(diff.after).length === 0) return id;
    await updateZone(tx, { merchantId, id, values });
    await insertAudit(tx, { merchantId, userId, entity: "zone", entityId: id, action: "update", ...diff });
    await cachesChanged(tx, merchantId, ["geo"]);
    return id;
  });
  const row = await findZone(db, { merchantId, id: savedId });
  if (!row) throw new AppError("NOT_FOUND");
  return zoneView(row);
}

export async function removeZone(
  db: Db,
  { merchantId, userId, timeZone, id, version }: Actor & { id: string; version: number },
): Promise<void> {
  await transaction(db, async (tx) => {
    const current = await findZone(tx, { merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    if (current.version !== version)
      await conflict(tx, { merchantId, entity: "zone", id, at: current.lastModifiedDate, timeZone });
    await deleteZone(tx, { merchantId, id });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "zone",
      entityId: id,
      action: "delete",
      before: zoneRecord(current),
      after: {},
    });
    await cachesChanged(tx, merchantId, ["geo"]);
  });
}
