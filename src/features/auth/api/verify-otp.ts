import { useMutation } from "@tanstack/react-query";
import type { LoginResult, OtpVerify } from "../../../domain/contract/users.ts";
import { api, unwrap, type ApiResult } from "../../../lib/api-client.ts";

/**
 * POST /users/v1/auth/otp/verify: the phone and its code for a session. The current session goes along:
 * an account without a phone (Telegram, contact declined) gets the proven phone instead of a new account.
 */
export function verifyOtp(body: OtpVerify): Promise<ApiResult<LoginResult>> {
  return api<LoginResult>("/users/v1/auth/otp/verify/WITH_TOKEN", {
    method: "POST",
    body: { ...body },
    silent: true,
  });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: async (body: OtpVerify) => unwrap(await verifyOtp(body)) });
}
