// The staff console's calls: the board, moves, couriers (the staff API, /staff/v1) and the live
// stream of the brand's orders, read with fetch (EventSource cannot send the token or the merchant).
import type { Courier, Order } from "../domain/contract/orders.ts";
import type {
  StaffBoard,
  StaffCallEvent,
  StaffOrderEvent,
  StaffReservationEvent,
} from "../domain/contract/staff-board.ts";
import type { LoginResult } from "../domain/contract/users.ts";
import type { OrderStatus } from "../domain/enums.ts";
import { api, type ApiResult } from "../lib/api-client.ts";
import { openSseStream } from "../lib/sse.ts";

/** Code sign-in without the storefront's session (no token goes along: a fresh staff session). */
export function verifyStaffCode(phone: string, code: string): Promise<ApiResult<LoginResult>> {
  return api<LoginResult>("/users/v1/auth/otp/verify", {
    method: "POST",
    body: { phone, code },
    silent: true,
  });
}

export function getMe(signal?: AbortSignal): Promise<ApiResult<LoginResult["user"]>> {
  return api("/users/v1/users/me/WITH_TOKEN", { signal, silent: true });
}

export function logout(): Promise<ApiResult<unknown>> {
  return api("/users/v1/users/logout/WITH_TOKEN", { method: "POST", silent: true });
}

export function getBoard(branchId: string | null, signal?: AbortSignal): Promise<ApiResult<StaffBoard>> {
  return api<StaffBoard>("/staff/v1/board/WITH_TOKEN", {
    signal,
    query: branchId ? { branchId } : {},
    silent: true,
  });
}

export function moveOrder(id: string, status: OrderStatus, comment?: string): Promise<ApiResult<Order>> {
  return api<Order>(`/staff/v1/orders/${id}/status/WITH_TOKEN`, {
    method: "PUT",
    body: comment ? { status, comment } : { status },
  });
}

export function attachCourier(id: string, courierId: string): Promise<ApiResult<Order>> {
  return api<Order>(`/staff/v1/orders/${id}/courier/WITH_TOKEN`, { method: "PUT", body: { courierId } });
}

/** Offers the order to every courier of its branch on shift: the first to accept in the courier app takes it. */
export function offerToCouriers(id: string): Promise<ApiResult<Order>> {
  return api<Order>(`/staff/v1/orders/${id}/courier-offer/WITH_TOKEN`, { method: "POST" });
}

export function getCouriers(signal?: AbortSignal): Promise<ApiResult<Courier[]>> {
  return api<Courier[]>("/staff/v1/couriers/WITH_TOKEN", { signal, silent: true });
}

/** A courier by name and phone, of the order's branch (none: brand-wide). */
export function createCourier(body: {
  name: string;
  phone: string;
  branchId: string | null;
}): Promise<ApiResult<Courier>> {
  return api<Courier>("/staff/v1/couriers/WITH_TOKEN", { method: "POST", body, silent: true });
}

/**
 * Follows the brand's orders, waiter calls and table bookings live; answers the function that
 * stops. `onState` tells whether the stream is up (the board and the calls poll while it is down);
 * `onEvent` gets every order change, `onCall` every waiter call made or answered, `onReservation`
 * every booking requested or changed.
 */
export function openStaffStream(
  auth: { merchantId: string; token: string },
  onEvent: (event: StaffOrderEvent) => void,
  onState: (connected: boolean) => void,
  onCall: (event: StaffCallEvent) => void = () => undefined,
  onReservation: (event: StaffReservationEvent) => void = () => undefined,
): () => void {
  return openSseStream<{
    order: StaffOrderEvent;
    call: StaffCallEvent;
    reservation: StaffReservationEvent;
  }>({
    request: () => ({
      path: "/staff/v1/events",
      headers: { merchant: auth.merchantId, authorization: `Bearer ${auth.token}` },
    }),
    endOn: [401, 403],
    on: { order: onEvent, call: onCall, reservation: onReservation },
    onOpen: () => {
      onState(true);
    },
    onClose: () => {
      onState(false);
    },
  });
}
