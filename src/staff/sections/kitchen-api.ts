// The calls of the kitchen section (issue 38): the brand's iiko connection, read and saved. A save is
// checked by iiko; its refusal is the section's to show (`silent`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IikoSettings, IikoSettingsBody } from "../../domain/contract/kitchen.ts";
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
