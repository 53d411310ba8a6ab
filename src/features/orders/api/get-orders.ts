import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { OrderPage } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** Orders list page size (spec section 9); pages are zero-based. */
export const ORDERS_PAGE_SIZE = 10;

/** GET /orders/v1/orders/user/{userId}: one page of the customer's orders. */
export function getOrders(userId: string, page: number, onlyArchive: boolean, signal?: AbortSignal) {
  return api<OrderPage>(`/orders/v1/orders/user/${encodeURIComponent(userId)}/WITH_TOKEN`, {
    query: { size: ORDERS_PAGE_SIZE, page, onlyArchive: onlyArchive ? true : undefined },
    signal,
  });
}

export function ordersQueryOptions(merchantId: string, userId: string, page: number, onlyArchive: boolean) {
  return queryOptions({
    queryKey: queryKeys.orderList(merchantId, userId, page, onlyArchive),
    queryFn: async ({ signal }) => unwrap(await getOrders(userId, page, onlyArchive, signal)),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(userId: string, page: number, onlyArchive: boolean) {
  const { merchant } = useRequiredTenant();
  return useQuery(ordersQueryOptions(merchant.id, userId, page, onlyArchive));
}
