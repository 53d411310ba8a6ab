// The live order channel: server-sent events read with fetch (EventSource cannot send the
// bearer token or the merchant header). One stream per tab, owned by the active-orders watcher;
// screens read `useOrderStreamConnected()` and poll while it is down.
import { atom, useAtomValue } from "jotai";
import type { OrderEvent } from "../../../domain/contract/orders.ts";
import type { ReservationEvent } from "../../../domain/contract/reservations.ts";
import { openSseStream } from "../../../lib/sse.ts";
import { getCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { getToken } from "../../../shared/session/session.ts";
import { appStore } from "../../../lib/app-store.ts";

const connectedAtom = atom(false);

function setConnected(value: boolean): void {
  appStore().set(connectedAtom, value);
}

export function useOrderStreamConnected(): boolean {
  return useAtomValue(connectedAtom);
}

/**
 * Opens the stream of the current brand's customer; answers the function that closes it. The same
 * stream carries the customer's table bookings (`reservation` events) to `onReservation`.
 */
export function openOrderStream(
  onEvent: (event: OrderEvent) => void,
  onReservation?: (event: ReservationEvent) => void,
): () => void {
  const stop = openSseStream<{ order: OrderEvent; reservation: ReservationEvent }>({
    request: () => {
      const brand = getCurrentBrand();
      const token = brand ? getToken(brand.sub) : null;
      if (!brand || !token) return null;
      return {
        path: "/orders/v1/orders/events",
        headers: { merchant: brand.merchantId, authorization: `Bearer ${token}` },
      };
    },
    endOn: [401, 403],
    on: { order: onEvent, ...(onReservation ? { reservation: onReservation } : {}) },
    onOpen: () => {
      setConnected(true);
    },
    onClose: () => {
      setConnected(false);
    },
  });
  return () => {
    stop();
    setConnected(false);
  };
}
