import { useMutation } from "@tanstack/react-query";
import type { User } from "../../../domain/contract/users.ts";
import { api, unwrap, type ApiResult } from "../../../lib/api-client.ts";

/** PUT /users/v1/users/image: a new profile image (multipart, field `image`). */
export function uploadProfileImage(file: File): Promise<ApiResult<User>> {
  const form = new FormData();
  form.append("image", file);
  return api<User>("/users/v1/users/image/WITH_TOKEN", {
    method: "PUT",
    body: form,
    silent: true,
  });
}

/** DELETE /users/v1/users/image. */
export function deleteProfileImage(): Promise<ApiResult<User>> {
  return api<User>("/users/v1/users/image/WITH_TOKEN", { method: "DELETE", silent: true });
}

export function useUploadProfileImage() {
  return useMutation({ mutationFn: async (file: File) => unwrap(await uploadProfileImage(file)) });
}

export function useDeleteProfileImage() {
  return useMutation({ mutationFn: async () => unwrap(await deleteProfileImage()) });
}
