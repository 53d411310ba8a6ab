// The calls of the fiscal receipts section (issue 40): the brand's fiscal data and status, saved;
// a listed product's codes, saved. Refusals are the section's to show (`silent`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BrandFiscalBody, FiscalStatus, ProductCodesBody } from "../../domain/contract/fiscal.ts";
import { api, unwrap } from "../../lib/api-client.ts";

export const fiscalKeys = {
  status: ["staff", "back-office", "fiscal"] as const,
};

export function useFiscalStatus() {
  return useQuery({
    queryKey: fiscalKeys.status,
    queryFn: async ({ signal }) => unwrap(await api<FiscalStatus>("/staff/v1/fiscal/WITH_TOKEN", { signal })),
  });
}

export function useFiscalSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BrandFiscalBody) =>
      unwrap(await api<FiscalStatus>("/staff/v1/fiscal/WITH_TOKEN", { method: "PUT", body, silent: true })),
    onSuccess: (status) => {
      client.setQueryData(fiscalKeys.status, status);
    },
  });
}

export function useProductCodesSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ProductCodesBody }) =>
      unwrap(
        await api<FiscalStatus>(`/staff/v1/fiscal/products/${encodeURIComponent(id)}/WITH_TOKEN`, {
          method: "PUT",
          body,
          silent: true,
        }),
      ),
    onSuccess: (status) => {
      client.setQueryData(fiscalKeys.status, status);
    },
  });
}
