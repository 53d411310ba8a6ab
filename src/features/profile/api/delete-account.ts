import { useMutation } from "@tanstack/react-query";
import { api, unwrap, type ApiResult } from "../../../lib/api-client.ts";

/** DELETE /users/v1/users: the account goes; every session is revoked. */
export function deleteAccount(): Promise<ApiResult<{ ok: true }>> {
  return api<{ ok: true }>("/users/v1/users/WITH_TOKEN", { method: "DELETE", silent: true });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: async () => unwrap(await deleteAccount()) });
}
