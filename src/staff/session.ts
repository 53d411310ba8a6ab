// The staff console's own sign-in, kept apart from the storefront's customer session of the same
// brand (savat:<sub>:staff): a cashier's tablet signing out of the console leaves the shop alone.
import { z } from "zod";
import { userSchema } from "../domain/contract/users.ts";
import { readLocal, removeLocal, writeLocal } from "../lib/storage.ts";

/**
 * The signed-in staff member as stored: read back through this schema, so a value of an older
 * format or a hand-edited one reads as signed out instead of reaching the console half-formed.
 */
const staffSessionSchema = z.object({
  token: z.string(),
  user: userSchema.pick({ id: true, firstName: true, lastName: true, phone: true, role: true }),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

const keyOf = (sub: string) => `savat:${sub}:staff`;

export function readStaffSession(sub: string): StaffSession | null {
  const raw = readLocal(keyOf(sub));
  if (!raw) return null;
  try {
    const parsed = staffSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
