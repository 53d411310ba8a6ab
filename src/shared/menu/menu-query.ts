// The brand's menu as every menu-related screen reads it (menu, category, search, product, basket
// recommendations, favourites): one query, shared here because features do not import
// each other. The browser revalidates with the server's ETag, so a repeat load is a 304.
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { MenuChannel, Overall } from "../../domain/contract/menu.ts";
import { menuTree } from "../../domain/menu.ts";
import { getPlatform } from "../../platform/index.ts";
import { api, unwrap, type ApiResult } from "../../lib/api-client.ts";
import { sessionAtom } from "../session/session-atom.ts";
import type { BrandSession } from "../session/stored-schemas.ts";
import { useRequiredTenant } from "../brand/tenant.ts";
import { queryKeys } from "../query-keys.ts";

/** TG inside the Telegram mini app (or with its init data), WEB elsewhere (spec section 7). */
export function menuChannel(): MenuChannel {
  const host = getPlatform();
  return host.kind === "telegram" || (host.initData?.length ?? 0) > 10 ? "TG" : "WEB";
}

/** GET /products/v1/overalls?type=TG|WEB[&branchId=]: groups, categories and products. */
export function getOverall(
  channel: MenuChannel,
  branchId: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<Overall>> {
  return api<Overall>("/products/v1/overalls", {
    query: { type: channel, ...(branchId ? { branchId } : {}) },
    signal,
  });
}

export function menuQueryOptions(merchantId: string, channel: MenuChannel, branchId: string | null) {
  return queryOptions({
    queryKey: queryKeys.menu(merchantId, channel, branchId),
    queryFn: async ({ signal }) => unwrap(await getOverall(channel, branchId, signal)),
    select: menuTree,
    staleTime: 60_000,
  });
}

/**
 * The branch whose menu is shown: the one chosen for pickup or dine-in, else the branch nearest to the
 * delivery address (GEO keeps it in the stored session), if any. The order is placed at the same one.
 */
export function menuBranchIdOf(session: Pick<BrandSession, "orderRequest" | "nearestBranch">): string | null {
  const draft = session.orderRequest;
  const chosen = draft && draft.serviceType !== "DELIVERY" ? draft.branch?.id : undefined;
  return chosen ?? session.nearestBranch?.id ?? null;
}

export function useMenuBranchId(): string | null {
  return menuBranchIdOf(useAtomValue(sessionAtom));
}

export function useMenu() {
  const { merchant } = useRequiredTenant();
  const branchId = useMenuBranchId();
  // When the branch changes (the nearest one is found for a saved address, another is picked), the
  // menu on screen stays until the branch's own arrives instead of giving way to a spinner; prices
  // are the server's again at checkout.
  return useQuery({
    ...menuQueryOptions(merchant.id, menuChannel(), branchId),
    placeholderData: keepPreviousData,
  });
}

let restOfMenu: (() => void) | null = null;

/**
 * Seeds the menu of `channel` without a branch (the web's, Telegram's where it is the same) with
 * what the app shell carried (its first screen, or all of
 * it when `complete`), so the first products paint without a call. The rest is asked for by
 * loadRestOfMenu, once that first screen has painted.
 */
export function seedMenuFromShell(
  queryClient: QueryClient,
  merchantId: string,
  channel: MenuChannel,
  overall: Overall,
  complete: boolean,
): void {
  const options = menuQueryOptions(merchantId, channel, null);
  queryClient.setQueryData(options.queryKey, overall);
  restOfMenu = complete
    ? null
    : () => {
        void queryClient.query({ ...options, staleTime: 0 }).catch(() => {
          // Stale, so the menu asks again when it is next shown.
          void queryClient.invalidateQueries({ queryKey: options.queryKey });
        });
      };
}

/** Asks for the whole menu when only its first screen was seeded (once; a no-op otherwise). */
export function loadRestOfMenu(): void {
  const load = restOfMenu;
  restOfMenu = null;
  load?.();
}
