import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Promo } from "../../../domain/contract/orders.ts";
import { api, type ApiResult } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** POST /orders/v1/promos {code}: adds a code (refused with the reason when it cannot be used). */
export function addPromo(code: string): Promise<ApiResult<Promo>> {
  return api<Promo>("/orders/v1/promos/WITH_TOKEN", { method: "POST", body: { code }, silent: true });
}

export function useAddPromo(userId: string) {
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  return useMutation({
    mutationFn: addPromo,
    onSuccess: ([error]) => {
      if (!error) void client.invalidateQueries({ queryKey: queryKeys.promos(merchant.id, userId) });
    },
  });
}
