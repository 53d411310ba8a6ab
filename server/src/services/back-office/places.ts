// The back office's branches and delivery zones (issue 36). Each save is one transaction: the
// version check (409 EDIT_CONFLICT with who and when), the write, its audit_log row and the drop of
// the geography caches on every process, so the storefront's branch list, "closed now" and delivery
// price follow within its next read.
import {
  BRANCH_SERVICES,
  type BranchDay,
  type BranchService,
  type PlaceBranch,
  type PlaceZone,
} from "#domain/contract/back-office-places.ts";
import { WEEK_NAMES, type WorkHourType } from "#domain/enums.ts";
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
  listPlaceBranches,
  listWorkHours,
  listZones,
  replaceWorkHours,
  updateBranch,
  updateZone,
  type BranchValues,
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

function servicesOf(row: PlaceBranchRow): BranchService[] {
  return BRANCH_SERVICES.filter((s) =>
    s === "DELIVERY" ? row.deliveryEnabled : s === "PICK_UP" ? row.pickupEnabled : row.dineInEnabled,
  );
}

function branchView(row: PlaceBranchRow, hours: readonly WorkHourRow[]): PlaceBranch {
  return {
    id: row.id,
    name: row.name,
    address: row.address ?? {},
    phone: row.phone,
    latitude: row.latitude,
    longitude: row.longitude,
    isActive: row.isActive,
    services: servicesOf(row),
    hours: weekOf(hours.filter((h) => h.branchId === row.id)),
    version: row.version,
    lastModifiedDate: row.lastModifiedDate.toISOString(),
  };
}

export async function placeBranches(db: Db, merchantId: string): Promise<PlaceBranch[]> {
  const [rows, hours] = await Promise.all([
    listPlaceBranches(db, { merchantId }),
    listWorkHours(db, { merchantId }),
  ]);
  return rows.map((row) => branchView(row, hours));
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
}

function branchValues(input: BranchInput): BranchValues {
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
  };
}

function hourRows(hours: readonly BranchDay[]) {
  return HOURS_OF_FIRST.flatMap((type) =>
    hours.map((d) => ({
      type,
      weekName: d.weekName,
      open: d.closed ? null : d.open,
      close: d.closed ? null : d.close,
      isDayOff: d.closed,
    })),
  );
}

/** What the log keeps of a branch: its fields as the console edits them. */
function branchRecord(
  view: Omit<PlaceBranch, "id" | "version" | "lastModifiedDate">,
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
  };
}

function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** Creates (no id) or saves a branch with its week of hours. */
export async function saveBranch(
  db: Db,
  { merchantId, userId, timeZone, id, input }: Actor & { id: string | null; input: BranchInput },
): Promise<PlaceBranch> {
  const savedId = await transaction(db, async (tx) => {
    const values = branchValues(input);
    const after = branchRecord({ ...input, services: servicesOfInput(input.services) });
    if (id === null) {
      const cityId = await findHomeCity(tx, { merchantId });
      const newId = await insertBranch(tx, { merchantId, cityId, values });
      await replaceWorkHours(tx, { merchantId, branchId: newId, rows: hourRows(input.hours) });
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
    if (input.version === undefined || current.version !== input.version)
      await conflict(tx, { merchantId, entity: "branch", id, at: current.lastModifiedDate, timeZone });
    const hours = (await listWorkHours(tx, { merchantId })).filter((h) => h.branchId === id);
    const diff = changed(branchRecord(branchView(current, hours)), after);
    if (Object.keys(diff.after).length === 0) return id;
    await updateBranch(tx, { merchantId, id, values });
    await replaceWorkHours(tx, { merchantId, branchId: id, rows: hourRows(input.hours) });
    await insertAudit(tx, { merchantId, userId, entity: "branch", entityId: id, action: "update", ...diff });
    await cachesChanged(tx, merchantId, ["geo"]);
    return id;
  });
  const row = await findPlaceBranch(db, { merchantId, id: savedId });
  if (!row) throw new AppError("NOT_FOUND");
  return branchView(row, await listWorkHours(db, { merchantId }));
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
