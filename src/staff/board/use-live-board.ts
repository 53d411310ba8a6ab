// The board's data kept live: the board query, the staff stream that refreshes it, and the new
// orders not seen yet (a beep, a count in the tab's title and a spoken announcement for each).
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import type { StaffBoard } from "../../domain/contract/staff-board.ts";
import { joinNames } from "../../lib/i18n.ts";
import { getBoard, openStaffStream } from "../api.ts";
import { staffKeys } from "../query-keys.ts";
import { columnOf } from "./board-model.ts";
import { beep } from "./beep.ts";
import { syncConsoleClock } from "./format.ts";

/** How often the board is read again without the stream (and, slower, with it: times move on). */
const POLL_DOWN_MS = 10_000;
const POLL_UP_MS = 60_000;

export interface LiveBoard {
  board: StaffBoard | undefined;
  error: unknown;
  isPending: boolean;
  connected: boolean;
  /** New orders that arrived while the console was open and nobody has looked at yet. */
  unseen: ReadonlySet<string>;
  markSeen: (orderId?: string) => void;
  /** The last arrival, for the live region ("New order #12"). */
  announcement: string;
  refresh: () => void;
}

export function useLiveBoard(opts: {
  merchantId: string;
  token: string;
  branchId: string | null;
  sound: boolean;
}): LiveBoard {
  const { t } = useLingui();
  const { merchantId, token, branchId, sound } = opts;
  const queryClient = useQueryClient();
  const key = staffKeys.board(merchantId, branchId);
  const [connected, setConnected] = useState(false);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const [error, data] = await getBoard(branchId, signal);
      // A remembered branch that is gone (404) or not the caller's (403, another employee's choice on
      // a shared tablet): every branch the caller may see; the shell then picks one of them.
      if (branchId && (error?.status === 404 || error?.code === "STAFF_BRANCH_FORBIDDEN")) {
        const [again, all] = await getBoard(null, signal);
        if (again) throw again;
        return all;
      }
      if (error) throw error;
      return data;
    },
    staleTime: 0,
    refetchInterval: connected ? POLL_UP_MS : POLL_DOWN_MS,
  });
  const [arrivals, setArrivals] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  /**
   * Every order id each branch's board has shown; a branch's first answer is what was there
   * already, not new orders.
   */
  const known = useRef(new Map<string, Set<string>>());

  const arrived = useEffectEvent((board: StaffBoard) => {
    const seen = known.current.get(branchId ?? "");
    if (!seen) {
      known.current.set(branchId ?? "", new Set(board.orders.map((o) => o.id)));
      return;
    }
    const fresh = board.orders.filter(
      (o) => !seen.has(o.id) && columnOf(o.status) === "new" && o.status !== "OPEN",
    );
    for (const o of board.orders) seen.add(o.id);
    if (fresh.length === 0) return;
    setArrivals((prev) => new Set([...prev, ...fresh.map((o) => o.id)]));
    const numbers = joinNames(fresh.map((o) => `#${String(o.number)}`));
    setAnnouncement(fresh.length === 1 ? t`New order ${numbers}` : t`New orders ${numbers}`);
    if (sound) beep();
  });
  useEffect(() => {
    if (query.data) arrived(query.data);
  }, [query.data]);
  // The server's clock, as of when its answer came: the console's times count from it.
  useEffect(() => {
    if (query.data?.now) syncConsoleClock(query.data.now, query.dataUpdatedAt);
  }, [query.data, query.dataUpdatedAt]);

  // Arrivals on this board still waiting in "new": one that has started moving is handled.
  const unseen = useMemo(
    () =>
      new Set(
        (query.data?.orders ?? [])
          .filter((o) => columnOf(o.status) === "new" && arrivals.has(o.id))
          .map((o) => o.id),
      ),
    [query.data, arrivals],
  );

  const refetchSoon = useRef<number | null>(null);
  const onEvent = useEffectEvent(
    (event: { orderId: string; status: string; courierStatus: string | null; branchId: string | null }) => {
      if (branchId && event.branchId !== branchId) return;
      const current = queryClient.getQueryData<StaffBoard>(key);
      const shown = current?.orders.find((o) => o.id === event.orderId);
      // Courier positions repeat the same status: nothing on the board changes.
      if (shown && shown.status === event.status && shown.courierStatus === event.courierStatus) return;
      if (refetchSoon.current !== null) return;
      // A burst of changes (a courier attached: two events) makes one read.
      refetchSoon.current = window.setTimeout(() => {
        refetchSoon.current = null;
        void queryClient.invalidateQueries({ queryKey: key });
      }, 120);
    },
  );

  useEffect(() => {
    const stop = openStaffStream(
      { merchantId, token },
      (event) => {
        onEvent(event);
      },
      (up) => {
        setConnected(up);
        // Back after a break: catch up with what happened meanwhile.
        if (up) {
          void queryClient.invalidateQueries({ queryKey: staffKeys.board(merchantId, branchId) });
          void queryClient.invalidateQueries({ queryKey: staffKeys.allCalls });
          void queryClient.invalidateQueries({ queryKey: staffKeys.allBookings });
        }
      },
      // A waiter call made or answered: every list of calls reads again (the shell's and the section's).
      () => {
        void queryClient.invalidateQueries({ queryKey: staffKeys.allCalls });
      },
      // A booking requested or answered: the inbox and the days' lists read again.
      () => {
        void queryClient.invalidateQueries({ queryKey: staffKeys.allBookings });
      },
    );
    return () => {
      stop();
      setConnected(false);
    };
  }, [merchantId, token, branchId, queryClient]);

  const markSeen = useCallback((orderId?: string) => {
    setArrivals((prev) => {
      if (prev.size === 0) return prev;
      if (orderId === undefined) return new Set();
      if (!prev.has(orderId)) return prev;
      const next = new Set(prev);
      next.delete(orderId);
      return next;
    });
  }, []);

  return {
    board: query.data,
    error: query.error,
    isPending: query.isPending,
    connected,
    unseen,
    markSeen,
    announcement,
    refresh: () => void query.refetch(),
  };
}
