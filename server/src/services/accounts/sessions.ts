/** Sessions of customers and staff: create, verify, revoke. */
export {
  createSession,
  revokeSession,
  revokeUserSessions,
  verifySession,
} from "../../repositories/sessions.ts";
