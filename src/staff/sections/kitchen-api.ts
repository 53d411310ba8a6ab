// The calls of the kitchen section (issue 38): the brand's iiko connection, read and saved, and its
// menu previewed and imported from iiko. Each is checked by iiko; a refusal is the section's to show
// (`silent`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  IikoMenuImport,
  IikoMenuPreview,
  IikoSettings,
  IikoSettingsBody,
} from "../../domain/contract/kitchen.ts";
import { api, unwrap } from "../../lib/api-client.ts";

export const kitchenKeys = {
  iiko: ["staff", "back-office", "kitchen", "iiko"] as const,
};

export function useIikoSettings() {
  return useQuery({
    queryKey: kitchenKeys.iiko,
    queryFn: async ({ signal }) =>
      unwrap(await api<IikoSettings>("/staff/v1/kitchen/iiko/WITH_TOKEN", { signal })),
  });
}

/** Checks and saves the connection; what iiko found replaces the cached settings. */
export function useIikoSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: IikoSettingsBody) =>
      unwrap(
        await api<IikoSettings>("/staff/v1/kitchen/iiko/WITH_TOKEN", { method: "PUT", body, silent: true }),
      ),
    onSuccess: (settings) => {
      client.setQueryData(kitchenKeys.iiko, settings);
    },
  });
}

/** What importing iiko's menu would change now (nothing is changed). */
export function useIikoMenuPreview() {
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await api<IikoMenuPreview>("/staff/v1/kitchen/iiko/menu/preview/WITH_TOKEN", {
          method: "POST",
          silent: true,
        }),
      ),
  });
}

/** Imports the previewed revision; the menu's caches and the last import's date are read again. */
export function useIikoMenuImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (revision: string) =>
      unwrap(
        await api<IikoMenuImport>("/staff/v1/kitchen/iiko/menu/import/WITH_TOKEN", {
          method: "POST",
          body: { revision },
          silent: true,
        }),
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["staff"] });
    },
  });
}
