import { useMutation } from "@tanstack/react-query";
import type { UpdateUser, User } from "../../../domain/contract/users.ts";
import { api, unwrap, type ApiResult } from "../../../lib/api-client.ts";

/** PUT /users/v1/users/{id}: the customer's own fields. */
export function updateUser(id: string, body: UpdateUser): Promise<ApiResult<User>> {
  return api<User>(`/users/v1/users/${encodeURIComponent(id)}/WITH_TOKEN`, {
    method: "PUT",
    body: { ...body },
    silent: true,
  });
}

export function useUpdateUser(id: string) {
  return useMutation({ mutationFn: async (body: UpdateUser) => unwrap(await updateUser(id, body)) });
}
