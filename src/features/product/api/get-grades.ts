import { useQuery } from "@tanstack/react-query";
import type { ProductGrade } from "../../../domain/contract/menu.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/**
 * GET /products/v1/grade: the customers' average grade of each graded product (a grade given on
 * an order refreshes it). Undefined for a product nobody has graded yet, or while it loads.
 */
export function useProductGrade(productId: string): ProductGrade | undefined {
  const { merchant } = useRequiredTenant();
  const grades = useQuery({
    queryKey: queryKeys.productGrades(merchant.id),
    // The stars are extra: a failure shows none, without an error message.
    queryFn: async ({ signal }) =>
      unwrap(await api<ProductGrade[]>("/products/v1/grade", { signal, silent: true })),
    staleTime: 5 * 60_000,
  });
  return grades.data?.find((g) => g.productId === productId);
}
