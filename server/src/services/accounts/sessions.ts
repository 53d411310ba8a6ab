/** Sessions of customers and staff: create, verify, revoke. */
import { isStaffRole } from "#domain/staff-scope.ts";
import type { Db } from "../../db/types.ts";
import { verifySession } from "../../repositories/sessions.ts";

export { createSession, revokeSession, revokeUserSessions } from "../../repositories/sessions.ts";

/** Whether the session of `token` is still valid (a live stream ends when it is not). */
export async function isSessionLive(db: Db, { merchantId, token }: { merchantId: string; token: string }) {
  return (await verifySession(db, { merchantId, token })) !== undefined;
}

/** Whether the session of `token` is still valid and its user still staff. */
export async function isStaffSessionLive(
  db: Db,
  { merchantId, token }: { merchantId: string; token: string },
) {
  const live = await verifySession(db, { merchantId, token });
  return live !== undefined && isStaffRole(live.user.role);
}
