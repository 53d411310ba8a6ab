// The courier app's calls (/api/courier/v1) with the courier's own session, kept apart from the
// storefront's customer session of the same brand (savat:<sub>:courier): a courier's phone may also
// order food as a customer.
import type {
  CourierMe,
  CourierOrder,
  CourierOrderDetail,
  CourierPositionInput,
} from "../../domain/contract/courier-app.ts";
import type { CourierMove } from "../../domain/courier-app.ts";
import type { OtpIssued } from "../../domain/contract/users.ts";
import { api, type ApiResult } from "../../lib/api-client.ts";
import { currentLocale } from "../../lib/i18n.ts";
import { readLocal, removeLocal, writeLocal } from "../../lib/storage.ts";

const keyOf = (sub: string) => `savat:${sub}:courier`;

export function readCourierToken(sub: string): string | null {
  return readLocal(keyOf(sub));
}
export function writeCourierToken(sub: string, token: string): void {
  writeLocal(keyOf(sub), token);
}
export function forgetCourier(sub: string): void {
  removeLocal(keyOf(sub));
}

/** Every courier call: the courier's bearer token, no global message (the screen says what failed). */
function courierApi<T>(
  token: string,
  path: string,
  init: Parameters<typeof api>[1] = {},
): Promise<ApiResult<T>> {
  return api<T>(path, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${token}` },
    silent: true,
  });
}

export function askCode(phone: string): Promise<ApiResult<OtpIssued>> {
  return api<OtpIssued>("/users/v1/auth/otp", {
    method: "POST",
    body: { phone },
    headers: { "accept-language": currentLocale() },
    silent: true,
  });
}

export function verifyCode(phone: string, code: string): Promise<ApiResult<{ token: string }>> {
  return api<{ token: string }>("/users/v1/auth/otp/verify", {
    method: "POST",
    body: { phone, code },
    silent: true,
  });
}

export const getMe = (token: string, signal?: AbortSignal) =>
  courierApi<CourierMe>(token, "/courier/v1/me", { signal });

export const setShift = (token: string, onShift: boolean) =>
  courierApi<CourierMe>(token, "/courier/v1/shift", { method: "PUT", body: { onShift } });

export const getOrders = (token: string, signal?: AbortSignal) =>
  courierApi<CourierOrder[]>(token, "/courier/v1/orders", { signal });

export const getOrder = (token: string, id: string, signal?: AbortSignal) =>
  courierApi<CourierOrderDetail>(token, `/courier/v1/orders/${id}`, { signal });

export const makeMove = (token: string, id: string, move: CourierMove) =>
  courierApi<CourierOrderDetail>(token, `/courier/v1/orders/${id}/moves`, { method: "POST", body: { move } });

export const sendPositions = (token: string, batch: CourierPositionInput[]) =>
  courierApi<{ accepted: boolean; dropped: number }>(token, "/courier/v1/positions", {
    method: "POST",
    body: batch,
  });
