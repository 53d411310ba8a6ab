/** The staff board's orders. */
import type { KitchenState } from "#domain/kitchen.ts";
import type { DeliveryClaimState } from "#domain/yandex-delivery.ts";
import { listDeliveryClaimStates } from "../../repositories/delivery-claims.ts";
import type { Db } from "../../db/types.ts";
import { listBranches } from "../../repositories/geo.ts";
import { listKitchenStates } from "../../repositories/kitchen.ts";
import { listBoardOrders } from "../../repositories/staff-board.ts";

export { findOrderBranch } from "../../repositories/staff-board.ts";

/**
 * The order board: the orders of the branch asked for, or of all the branches the caller sees
 * (`visible`, null for every branch of the brand), with the branches the caller sees.
 */
export async function staffBoard(
  db: Db,
  q: { merchantId: string; visible: string[] | null; asked: string | undefined; now: Date },
) {
  const { merchantId, visible, asked } = q;
  const all = await listBranches(db, { merchantId });
  const branches = all.filter((b) => !visible || visible.includes(b.id));
  const listed = await listBoardOrders(db, { merchantId, branchIds: asked ? [asked] : visible, now: q.now });
  // Where each order stands with the brand's kitchen system (iiko): the card's badge and iiko's reason.
  const orderIds = listed.map((o) => o.id);
  const kitchen = await listKitchenStates(db, { merchantId, orderIds });
  // And with Yandex Delivery: the card says whether a performer is coming, and why not.
  const claims = await listDeliveryClaimStates(db, { merchantId, orderIds });
  const orders = listed.map((o) => {
    const k = kitchen.get(o.id);
    const c = claims.get(o.id);
    return {
      ...o,
      kitchen: k ? { state: k.state as KitchenState, error: k.lastError } : null,
      delivery: c
        ? {
            provider: "YANDEX" as const,
            state: c.state as DeliveryClaimState,
            claimStatus: c.claimStatus,
            error: c.lastError,
          }
        : null,
    };
  });
  return {
    orders,
    branches: branches.map((b) => ({ id: b.id, name: b.name })),
    allBranches: visible === null,
    now: q.now.toISOString(),
  };
}
