import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { OrderQuote, OrderRequest } from "../../../domain/contract/orders.ts";
import { api, type ApiResult } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";
import { useCustomerId } from "../../../shared/session/session-atom.ts";

/**
 * POST /orders/v1/orders/quote: the server's totals for the order as it stands, or why it is refused;
 * with `changing`, of that placed order changed so (/orders/v1/orders/{id}/change/quote).
 */
export function quoteOrder(
  body: OrderRequest,
  later: boolean,
  signal?: AbortSignal,
  changing: string | null = null,
): Promise<ApiResult<OrderQuote>> {
  const path = changing
    ? `/orders/v1/orders/${encodeURIComponent(changing)}/change/quote/WITH_TOKEN`
    : "/orders/v1/orders/quote/WITH_TOKEN";
  return api<OrderQuote>(path, {
    method: "POST",
    query: later ? { later: true } : undefined,
    body: body as Record<string, unknown>,
    signal,
    silent: true,
  });
}

/** The quote of the current checkout; the error pair is kept as data so the page can show it. */
export function useOrderQuote(body: OrderRequest | null, later: boolean, changing: string | null = null) {
  const { merchant } = useRequiredTenant();
  const userId = useCustomerId();
  return useQuery({
    queryKey: queryKeys.orderQuote(merchant.id, userId, body, later, changing),
    queryFn: ({ signal }) => quoteOrder(body as OrderRequest, later, signal, changing),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
