import { useMutation } from "@tanstack/react-query";
import type { OtpIssued, PhoneChangeVerify, User } from "../../../domain/contract/users.ts";
import { api, unwrap, type ApiResult } from "../../../lib/api-client.ts";
import { currentLocale } from "../../../lib/i18n.ts";

/** PUT /users/v1/users/phone: a code to the new number (spec section 7, type WEB), in the page's language. */
export function requestPhoneChange(phone: string): Promise<ApiResult<OtpIssued>> {
  return api<OtpIssued>("/users/v1/users/phone/WITH_TOKEN", {
    method: "PUT",
    body: { phone, type: "WEB" },
    headers: { "accept-language": currentLocale() },
    silent: true,
  });
}

/** PUT /users/v1/users/phone/verify: the new number's code; answers the updated customer. */
export function verifyPhoneChange(body: PhoneChangeVerify): Promise<ApiResult<User>> {
  return api<User>("/users/v1/users/phone/verify/WITH_TOKEN", {
    method: "PUT",
    body: { ...body },
    silent: true,
  });
}

export function useRequestPhoneChange() {
  return useMutation({ mutationFn: async (phone: string) => unwrap(await requestPhoneChange(phone)) });
}

export function useVerifyPhoneChange() {
  return useMutation({
    mutationFn: async (body: PhoneChangeVerify) => unwrap(await verifyPhoneChange(body)),
  });
}
