// The live order channel: server-sent events read with fetch (EventSource cannot send the
// bearer token or the merchant header). One stream per tab, owned by the active-orders watcher;
// screens read `useOrderStreamConnected()` and poll while it is down.
import { atom, useAtomValue } from "jotai";
import type { OrderEvent } from "../../../domain/contract/orders.ts";
import type { ReservationEvent } from "../../../domain/contract/reservations.ts";
import { apiBaseUrl } from "../../../lib/api-client.ts";
import { parseSseBlocks } from "../../../lib/sse.ts";
import { getCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { getToken } from "../../../shared/session/session.ts";
import { appStore } from "../../../lib/app-store.ts";

const RECONNECT_MS = 3000;

const connectedAtom = atom(false);

function setConnected(value: boolean): void {
  appStore().set(connectedAtom, value);
}

export function useOrderStreamConnected(): boolean {
  return useAtomValue(connectedAtom);
}

export { parseSseBlocks };

/**
 * Opens the stream of the current brand's customer; answers the function that closes it. The same
 * stream carries the customer's table bookings (`reservation` events) to `onReservation`.
 */
export function openOrderStream(
  onEvent: (event: OrderEvent) => void,
  onReservation?: (event: ReservationEvent) => void,
): () => void {
  const controller = new AbortController();
  const state = { stopped: false };
  // A function, so the checks after an await are not narrowed away.
  const stopped = () => state.stopped;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const run = async (): Promise<void> => {
    while (!stopped()) {
      const brand = getCurrentBrand();
      const token = brand ? getToken(brand.sub) : null;
      if (!brand || !token) return;
      try {
        const res = await fetch(`${apiBaseUrl()}/orders/v1/orders/events`, {
          headers: {
            merchant: brand.merchantId,
            authorization: `Bearer ${token}`,
            accept: "text/event-stream",
          },
          signal: controller.signal,
          cache: "no-store",
        });
        if (res.status === 401 || res.status === 403) return;
        if (!res.ok || !res.body) throw new Error(`stream ${String(res.status)}`);
        setConnected(true);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer = parseSseBlocks(buffer + decoder.decode(value, { stream: true }), (name, data) => {
            if (name !== "order" && name !== "reservation") return;
            try {
              if (name === "reservation") onReservation?.(JSON.parse(data) as ReservationEvent);
              else onEvent(JSON.parse(data) as OrderEvent);
            } catch {
              // A malformed event is skipped; the next one or the poll catches up.
            }
          });
        }
      } catch {
        // Network failure or abort: reconnect below unless stopped.
      }
      setConnected(false);
      if (stopped()) return;
      await sleep(RECONNECT_MS);
    }
  };
  void run();
  return () => {
    state.stopped = true;
    controller.abort();
    setConnected(false);
  };
}
