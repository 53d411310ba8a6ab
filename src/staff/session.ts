// The staff console's own sign-in, kept apart from the storefront's customer session of the same
// brand (savat:<sub>:staff): a cashier's tablet signing out of the console leaves the shop alone.
import type { User } from "../domain/contract/users.ts";
import { readLocal, removeLocal, writeLocal } from "../lib/storage.ts";

export interface StaffSession {
  token: string;
  user: Pick<User, "id" | "firstName" | "lastName" | "phone" | "role">;
}

const keyOf = (sub: string) => `savat:${sub}:staff`;

export function readStaffSession(sub: string): StaffSession | null {
  const raw = readLocal(keyOf(sub));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StaffSession>;
    return typeof value.token === "string" && value.user && typeof value.user.id === "string"
      ? (value as StaffSession)
      : null;
  } catch {
    return null;
  }
}

export function writeStaffSession(sub: string, session: StaffSession): void {
  writeLocal(keyOf(sub), JSON.stringify(session));
}

export function clearStaffSession(sub: string): void {
  removeLocal(keyOf(sub));
}

/** The branch the console shows, remembered on this device between visits (empty: all branches). */
export const staffBranchKey = (sub: string) => `savat:${sub}:staff-branch`;

/**
 * Everything the console keeps of the person signing out: the session and the branch they chose, so
 * the next employee on a shared tablet starts from their own (the sound switch is the device's).
 */
export function forgetStaffUser(sub: string): void {
  clearStaffSession(sub);
  removeLocal(staffBranchKey(sub));
}

/** The roles the console is for (the shared staff scope rule); the server checks every call anyway. */
export { isStaffRole } from "../domain/staff-scope.ts";
