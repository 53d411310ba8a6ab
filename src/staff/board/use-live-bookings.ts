// Table booking requests as the console's shell follows them whatever screen is open: the inbox of
// the branch shown (or of every branch under "All branches"), kept fresh by the staff stream; a new
// request chimes, is spoken and counts in the tab's title and on the Bookings tab.
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { StaffReservation } from "../../domain/contract/reservations.ts";
import { useBookingRequests } from "../sections/api.ts";
import { beep } from "./beep.ts";

export interface LiveBookings {
  /** Requests waiting for an answer (from today on). */
  waiting: number;
  /** The last new request, for the live region ("New booking request: 4 guests"). */
  announcement: string;
}

export function useLiveBookings(opts: {
  branchId: string | null;
  sound: boolean;
  connected: boolean;
  /** The brand serves at tables: otherwise there are no bookings to follow. */
  enabled: boolean;
}): LiveBookings {
  const { t } = useLingui();
  const { branchId, sound, connected, enabled } = opts;
  const requests = useBookingRequests(branchId, connected, enabled);
  const [announcement, setAnnouncement] = useState("");
  /** The requests each branch choice has shown; its first answer holds those already waiting. */
  const known = useRef(new Map<string, Set<string>>());

  const arrived = useEffectEvent((list: StaffReservation[]) => {
    const key = branchId ?? "";
    const seen = known.current.get(key);
    if (!seen) {
      known.current.set(key, new Set(list.map((r) => r.id)));
      return;
    }
    const fresh = list.filter((r) => !seen.has(r.id));
    for (const r of list) seen.add(r.id);
    const last = fresh.at(-1);
    if (!last) return;
    const guests = last.guests;
    setAnnouncement(
      t`New booking request: ${plural(guests, { one: "# guest", other: "# guests" })}, ${last.name}`,
    );
    if (sound) beep();
  });
  useEffect(() => {
    if (requests.data) arrived(requests.data);
  }, [requests.data]);

  return { waiting: enabled ? (requests.data?.length ?? 0) : 0, announcement };
}
