import { useMutation } from "@tanstack/react-query";
import type { OtpIssued } from "../../domain/contract/users.ts";
import { api, unwrap, type ApiResult } from "../../lib/api-client.ts";
import { currentLocale } from "../../lib/i18n.ts";

/**
 * POST /users/v1/auth/otp: an SMS code to the phone. The screen shows a refusal itself. The SMS is
 * worded in the page's language (the server reads it from Accept-Language), not the browser's.
 */
export function requestOtp(phone: string): Promise<ApiResult<OtpIssued>> {
  return api<OtpIssued>("/users/v1/auth/otp", {
    method: "POST",
    body: { phone },
    headers: { "accept-language": currentLocale() },
    silent: true,
  });
}

export function useRequestOtp() {
  return useMutation({ mutationFn: async (phone: string) => unwrap(await requestOtp(phone)) });
}
