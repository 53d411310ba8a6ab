// Who is staff of a brand, as `npm run staff -- grant|revoke` changes it (issue 44, item 3). Both are
// all-or-nothing: every name is resolved before anything is written, and the user, their role, their
// branch bindings and their sessions change in one transaction, so a typo leaves the brand as it was.
import { pickText } from "#domain/multilingual.ts";
import { isStaffRole, type BrandRole } from "#domain/staff-scope.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { listBranchRows } from "../../repositories/geo.ts";
import { findAnyMerchantBySub } from "../../repositories/merchants.ts";
import { createSession, revokeUserSessions } from "../../repositories/sessions.ts";
import {
  bindStaffBranches,
  findUserRoleByPhone,
  insertStaffUser,
  setUserRole,
  unbindStaffBranches,
} from "../../repositories/staff.ts";

/** A refusal the command prints as is (exit code 1); nothing was written. */
export class StaffAccessError extends Error {}

export const PHONE_PATTERN = /^\+\d{9,15}$/;

/** Letters and digits only, lower case: "Beshyog'och" and "beshyogoch" are the same branch. */
export const folded = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

async function brandOf(db: Db, sub: string): Promise<string> {
  const merchant = await findAnyMerchantBySub(db, sub);
  if (!merchant) throw new StaffAccessError(`no brand "${sub}"`);
  return merchant.id;
}

function checkPhone(phone: string): void {
  if (!PHONE_PATTERN.test(phone))
    throw new StaffAccessError("the phone must be in E.164, e.g. +998901234567");
}

export interface GrantResult {
  userId: string;
  created: boolean;
  /** The English names of the branches bound now (empty: none named). */
  bound: string[];
  unbound: boolean;
  token: string;
  expiresAt: Date;
}

/**
 * Makes the brand's user with `phone` STAFF (creating the user), binds them to `branchArgs` (ids or
 * names of the brand's branches) or, with `allBranches`, unbinds them, and opens a 30-day session.
 * A branch that is not the brand's (or is deleted) refuses the whole grant before anything is written.
 */
export async function grantStaff(
  db: Db,
  {
    sub,
    phone,
    branchArgs,
    allBranches,
    brandRole,
  }: {
    sub: string;
    phone: string;
    branchArgs: string[];
    allBranches: boolean;
    /** The role at the brand (owner, manager, operator, kitchen); unset keeps the one they have. */
    brandRole?: BrandRole;
  },
): Promise<GrantResult> {
  checkPhone(phone);
  if (allBranches && branchArgs.length > 0)
    throw new StaffAccessError("--branch and --all-branches exclude each other");
  const merchantId = await brandOf(db, sub);
  const all = await listBranchRows(db, { merchantId });
  const live = all.filter((b) => !b.deleted);
  const found = branchArgs.map((arg) =>
    live.find(
      (b) =>
        b.id === arg || Object.values(b.name).some((n) => typeof n === "string" && folded(n) === folded(arg)),
    ),
  );
  const missing = branchArgs.filter((_, i) => !found[i]);
  if (missing.length > 0) {
    throw new StaffAccessError(
      `no branch ${missing.map((m) => `"${m}"`).join(", ")} of ${sub}; nothing was changed. Its branches: ${live.map((b) => `${pickText(b.name, "eng")} (${b.id})`).join(", ")}`,
    );
  }
  const chosen = found.flatMap((b) => (b ? [b] : []));
  return transaction(db, async (tx) => {
    const { userId, created } = await grantStaffIn(tx, {
      merchantId,
      phone,
      branchIds: chosen.map((b) => b.id),
      unbindFirst: allBranches,
      brandRole,
    });
    const { token, expiresAt } = await createSession(tx, { merchantId, userId, channel: "WEB" });
    return {
      userId,
      created,
      bound: chosen.map((b) => pickText(b.name, "eng")),
      unbound: allBranches,
      token,
      expiresAt,
    };
  });
}

/**
 * The grant's writes inside the caller's transaction (the CLI's grant, the console's invite): the
 * brand's user with the phone becomes STAFF (created when new), with the role given, bound to the
 * branches (after dropping their bindings when `unbindFirst`). The branches must be the brand's.
 */
export async function grantStaffIn(
  tx: Db,
  {
    merchantId,
    phone,
    branchIds,
    unbindFirst,
    brandRole,
  }: { merchantId: string; phone: string; branchIds: string[]; unbindFirst: boolean; brandRole?: BrandRole },
): Promise<{ userId: string; created: boolean }> {
  const existing = await findUserRoleByPhone(tx, { merchantId, phone });
  let userId = existing?.id;
  if (userId) {
    await setUserRole(tx, { userId, role: "STAFF", brandRole });
  } else {
    userId = await insertStaffUser(tx, { merchantId, phone, brandRole: brandRole ?? null });
  }
  if (unbindFirst) await unbindStaffBranches(tx, { merchantId, userId });
  await bindStaffBranches(tx, { merchantId, userId, branchIds });
  return { userId, created: !existing };
}

/**
 * The revoke's writes inside the caller's transaction: the user goes back to CUSTOMER, their
 * bindings go and every live session of theirs at the brand is revoked at once.
 */
export async function revokeStaffIn(
  tx: Db,
  { merchantId, userId }: { merchantId: string; userId: string },
): Promise<{ branches: number; sessions: number }> {
  await setUserRole(tx, { userId, role: "CUSTOMER", brandRole: null });
  const bindings = await unbindStaffBranches(tx, { merchantId, userId });
  const revoked = await revokeUserSessions(tx, { merchantId, userId });
  return { branches: bindings, sessions: revoked };
}

export interface RevokeResult {
  userId: string;
  /** Branch bindings removed. */
  branches: number;
  /** Live sessions revoked (the console and any other sign-in of the brand). */
  sessions: number;
}

/**
 * Takes the brand's staff member with `phone` back to CUSTOMER: their branch bindings go and every
 * live session of theirs at the brand is revoked (the console signs them out at its next call; as a
 * customer they sign in again). An unknown phone, or one that is not staff, is refused.
 */
export async function revokeStaff(
  db: Db,
  { sub, phone }: { sub: string; phone: string },
): Promise<RevokeResult> {
  checkPhone(phone);
  const merchantId = await brandOf(db, sub);
  return transaction(db, async (tx) => {
    const user = await findUserRoleByPhone(tx, { merchantId, phone });
    if (!user) throw new StaffAccessError(`${sub} has no user with the phone ${phone}; nothing was changed`);
    if (!isStaffRole(user.role))
      throw new StaffAccessError(`${phone} is not staff of ${sub} (role ${user.role}); nothing was changed`);
    const { branches, sessions } = await revokeStaffIn(tx, { merchantId, userId: user.id });
    return { userId: user.id, branches, sessions };
  });
}

/** The demo brands' owners: one demo phone each, so a newcomer signs in to the back office at once. */
export const DEMO_OWNER_PHONES: Readonly<Record<string, string>> = {
  lavash: "+998900000001",
  plov: "+998900000002",
  sushi: "+998900000003",
};

/**
 * Makes each demo brand's owner (a STAFF user with the OWNER role, bound to no branch) when the brand
 * exists; an existing user with the phone becomes the owner. Answers the brands and phones made.
 */
export async function ensureDemoOwners(db: Db): Promise<{ sub: string; phone: string }[]> {
  const made: { sub: string; phone: string }[] = [];
  for (const [sub, phone] of Object.entries(DEMO_OWNER_PHONES)) {
    const merchant = await findAnyMerchantBySub(db, sub);
    if (!merchant) continue;
    await transaction(db, async (tx) => {
      const existing = await findUserRoleByPhone(tx, { merchantId: merchant.id, phone });
      if (existing) await setUserRole(tx, { userId: existing.id, role: "STAFF", brandRole: "OWNER" });
      else await insertStaffUser(tx, { merchantId: merchant.id, phone, brandRole: "OWNER" });
    });
    made.push({ sub, phone });
  }
  return made;
}
