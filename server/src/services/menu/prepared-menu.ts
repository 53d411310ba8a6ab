// The overall menu through the per-process cache: the menu route answers it, the app shell of a
// brand's address carries its first screen (merchants/boot-data.ts).
import type { MenuChannel } from "#domain/contract/menu.ts";
import { buildOverall } from "#domain/menu.ts";
import type { Db } from "../../db/types.ts";
import { loadMenuSource } from "../../repositories/menu.ts";
import { prepareJson, type MenuCache, type PreparedBody } from "../../repositories/menu-cache.ts";

/**
 * The prepared overall menu of a channel and branch key ("*" for no branch, a known branch id, or
 * "unknown"), built on the first ask. `branchId` is the branch the menu is filtered for.
 */
export function preparedOverall(
  db: Db,
  cache: MenuCache,
  merchantId: string,
  channel: MenuChannel,
  branchKey: string,
  branchId?: string,
): Promise<PreparedBody> {
  return cache.get(merchantId, `${channel}|${branchKey}`, async () =>
    prepareJson(buildOverall(await loadMenuSource(db, { merchantId }), { channel, branchId })),
  );
}
