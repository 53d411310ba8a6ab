import { useAtomValue } from "jotai";
import { sessionAtom } from "../../../shared/session/session-atom.ts";

/** The logged-in customer's id, or null for a guest. */
export function useCustomerId(): string | null {
  const session = useAtomValue(sessionAtom);
  return session.token && session.user ? session.user.id : null;
}

/** Poll while the live stream is down (polling is the fallback of the live channel). */
export const POLL_MS = 5000;
