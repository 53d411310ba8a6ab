// Waiter calls as the console's shell follows them whatever screen is open: the open calls of the
// branch shown (or of every branch under "All branches"), kept fresh by the staff stream; a new
// call chimes, is spoken and counts in the tab's title and on the section's tab.
import { useLingui } from "@lingui/react/macro";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { WaiterCall } from "../../domain/contract/tables.ts";
import { useWaiterCalls } from "../sections/api.ts";
import { beep } from "./beep.ts";

export interface LiveCalls {
  /** Calls nobody has answered yet (OPEN: not "on my way"). */
  waiting: number;
  /** The last new call, for the live region ("Table 5 calls a waiter"). */
  announcement: string;
}

export function useLiveCalls(opts: {
  branchId: string | null;
  sound: boolean;
  connected: boolean;
  /** The brand serves at tables: otherwise there are no calls to follow. */
  enabled: boolean;
}): LiveCalls {
  const { t } = useLingui();
  const { branchId, sound, connected, enabled } = opts;
  const calls = useWaiterCalls(branchId, connected, enabled);
  const [announcement, setAnnouncement] = useState("");
  /** The calls each branch choice has shown; its first answer holds the calls already waiting. */
  const known = useRef(new Map<string, Set<string>>());

  const arrived = useEffectEvent((list: WaiterCall[]) => {
    const key = branchId ?? "";
    const seen = known.current.get(key);
    if (!seen) {
      known.current.set(key, new Set(list.map((c) => c.id)));
      return;
    }
    const fresh = list.filter((c) => !seen.has(c.id) && c.status === "OPEN");
    for (const c of list) seen.add(c.id);
    const last = fresh.at(-1);
    if (!last) return;
    const table = last.tableName;
    setAnnouncement(
      last.reason === "BILL" ? t`Table ${table} asks for the bill` : t`Table ${table} calls a waiter`,
    );
    if (sound) beep();
  });
  useEffect(() => {
    if (calls.data) arrived(calls.data);
  }, [calls.data]);

  return {
    waiting: enabled ? (calls.data ?? []).filter((c) => c.status === "OPEN").length : 0,
    announcement,
  };
}
