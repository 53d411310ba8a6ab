// The brand's staff from the back office (issue 36): the owner invites by phone, changes a role or
// a branch binding, removes. Each is one transaction with its log entry; the writes are the CLI's
// own (grantStaffIn, revokeStaffIn), so the console and `npm run staff` agree. The brand never loses
// its last owner.
import type { StaffMember } from "#domain/contract/back-office-brand.ts";
import { parsePhone, phoneCountriesFor } from "#domain/phone.ts";
import { brandRoleOf, type BrandRole } from "#domain/staff-scope.ts";
import type { Currency } from "#domain/enums.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import { listStaffMembers, type StaffMemberRow } from "../../repositories/back-office-staff.ts";
import { brandBranchIds } from "../../repositories/staff.ts";
import { findUserRoleByPhone } from "../../repositories/staff.ts";
import { grantStaffIn, revokeStaffIn } from "../staff/access.ts";
import { upsertCourierOfUser } from "../../repositories/courier-app.ts";

/**
 * A courier is one courier record of the brand at exactly one branch (issue 39): the offers of that
 * branch reach them. Any other role leaves a courier record as it is (past orders keep naming it).
 */
async function tieCourier(
  tx: Db,
  merchantId: string,
  userId: string,
  brandRole: BrandRole,
  branchIds: string[],
) {
  if (brandRole !== "COURIER") return;
  const [branchId] = branchIds;
  if (branchIds.length !== 1 || !branchId) throw new AppError("VALIDATION_FAILED");
  await upsertCourierOfUser(tx, { merchantId, userId, branchId });
}
import { isStaffRole } from "#domain/staff-scope.ts";

function view(row: StaffMemberRow, callerId: string): StaffMember {
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    brandRole: isStaffRole(row.role) ? brandRoleOf(row.role, row.brandRole) : "OPERATOR",
    branchIds: row.branchIds,
    self: row.id === callerId,
  };
}

/** What the log keeps of a member: their role and branches. */
const logged = (m: StaffMember) => ({ phone: m.phone, brandRole: m.brandRole, branchIds: m.branchIds });

export async function staffMembers(db: Db, merchantId: string, callerId: string): Promise<StaffMember[]> {
  return (await listStaffMembers(db, { merchantId })).map((row) => view(row, callerId));
}

/** The branches named must all be live branches of the brand; else nothing is written. */
async function checkBranches(db: Db, merchantId: string, branchIds: string[]): Promise<void> {
  if (branchIds.length === 0) return;
  const own = await brandBranchIds(db, { merchantId, ids: branchIds });
  if (own.length !== branchIds.length) throw new AppError("NOT_FOUND");
}

/** Whether another owner than `userId` remains (locked rows: two owners leaving at once cannot both). */
async function anotherOwner(tx: Db, merchantId: string, userId: string, callerId: string) {
  const all = (await listStaffMembers(tx, { merchantId, lock: true })).map((r) => view(r, callerId));
  return all.some((m) => m.id !== userId && m.brandRole === "OWNER" && m.branchIds.length === 0);
}

interface Caller {
  merchantId: string;
  userId: string;
}

export async function inviteStaff(
  db: Db,
  {
    merchantId,
    userId,
    currency,
    phone,
    brandRole,
    branchIds,
  }: Caller & { currency: Currency; phone: string; brandRole: BrandRole; branchIds: string[] },
): Promise<StaffMember> {
  const parsed = parsePhone(phone, { countries: phoneCountriesFor(currency) });
  if (!parsed.ok)
    throw new AppError(parsed.problem === "COUNTRY" ? "PHONE_COUNTRY_NOT_SERVED" : "PHONE_INVALID");
  const id = await transaction(db, async (tx) => {
    await checkBranches(tx, merchantId, branchIds);
    const existing = await findUserRoleByPhone(tx, { merchantId, phone: parsed.e164 });
    // A member is changed in their own row, so an invite never silently moves an owner.
    if (existing && isStaffRole(existing.role)) throw new AppError("STAFF_MEMBER_EXISTS");
    const granted = await grantStaffIn(tx, {
      merchantId,
      phone: parsed.e164,
      branchIds,
      unbindFirst: true,
      brandRole,
    });
    await tieCourier(tx, merchantId, granted.userId, brandRole, branchIds);
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "staff",
      entityId: granted.userId,
      action: "create",
      before: {},
      after: { phone: parsed.e164, brandRole, branchIds },
    });
    return granted.userId;
  });
  const [row] = await listStaffMembers(db, { merchantId, id });
  if (!row) throw new AppError("NOT_FOUND");
  return view(row, userId);
}

export async function changeStaff(
  db: Db,
  {
    merchantId,
    userId,
    id,
    brandRole,
    branchIds,
  }: Caller & { id: string; brandRole: BrandRole; branchIds: string[] },
): Promise<StaffMember> {
  await transaction(db, async (tx) => {
    const [row] = await listStaffMembers(tx, { merchantId, id, lock: true });
    if (!row?.phone) throw new AppError("NOT_FOUND");
    await checkBranches(tx, merchantId, branchIds);
    const before = view(row, userId);
    const staysOwner = brandRole === "OWNER" && branchIds.length === 0;
    if (before.brandRole === "OWNER" && !staysOwner && !(await anotherOwner(tx, merchantId, id, userId)))
      throw new AppError("LAST_OWNER");
    await grantStaffIn(tx, { merchantId, phone: row.phone, branchIds, unbindFirst: true, brandRole });
    await tieCourier(tx, merchantId, id, brandRole, branchIds);
    const after = { ...before, brandRole, branchIds };
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "staff",
      entityId: id,
      action: "update",
      before: logged(before),
      after: logged(after),
    });
  });
  const [row] = await listStaffMembers(db, { merchantId, id });
  if (!row) throw new AppError("NOT_FOUND");
  return view(row, userId);
}

/** Removes a member: back to a customer, their sessions at the brand revoked at once. */
export async function removeStaff(
  db: Db,
  { merchantId, userId, id }: Caller & { id: string },
): Promise<void> {
  await transaction(db, async (tx) => {
    const [row] = await listStaffMembers(tx, { merchantId, id, lock: true });
    if (!row) throw new AppError("NOT_FOUND");
    const before = view(row, userId);
    if (before.brandRole === "OWNER" && !(await anotherOwner(tx, merchantId, id, userId)))
      throw new AppError("LAST_OWNER");
    await revokeStaffIn(tx, { merchantId, userId: id });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "staff",
      entityId: id,
      action: "delete",
      before: logged(before),
      after: {},
    });
  });
}
