/**
 * The stop-list as the console uses it: a branch's list with where each item is stopped among the
 * branches the caller sees, and the switch for one branch or for every branch the caller sees.
 */
import { canSeeBranch, type StaffReach } from "#domain/staff-scope.ts";
import type { Db } from "../../db/types.ts";
import { listBranches } from "../../repositories/geo.ts";
import { listStopList, setStops, type StopList } from "../../repositories/stop-list.ts";

type Item = { kind: "product" | "modifier"; id: string };

/** The brand's branches the staff member may see, in the brand's order. */
async function seenBranchIds(db: Db, merchantId: string, scope: StaffReach): Promise<string[]> {
  return (await listBranches(db, { merchantId })).filter((b) => canSeeBranch(scope, b.id)).map((b) => b.id);
}

/**
 * The branch's list (null: what any of the caller's branches sells); "stopped at 2 of 3" counts the
 * branches the caller sees.
 */
export async function branchStopList(
  db: Db,
  { merchantId, branchId, scope }: { merchantId: string; branchId: string | null; scope: StaffReach },
): Promise<StopList> {
  return listStopList(db, { merchantId, branchId, branchIds: await seenBranchIds(db, merchantId, scope) });
}

/** Stops or releases an item at one branch (already checked); false when the brand has no such item. */
export async function stopAtBranch(
  db: Db,
  q: { merchantId: string; branchId: string; item: Item; stopped: boolean; userId: string },
): Promise<boolean> {
  return setStops(db, { ...q, branchIds: [q.branchId] });
}

/**
 * Stops or releases an item at every branch the caller sees (a branch-bound employee: their
 * branches only), in one transaction; answers those branches, or null when the brand has no such item.
 */
export async function stopAtEveryBranch(
  db: Db,
  q: { merchantId: string; scope: StaffReach; item: Item; stopped: boolean; userId: string },
): Promise<string[] | null> {
  const branchIds = await seenBranchIds(db, q.merchantId, q.scope);
  const ok = await setStops(db, {
    merchantId: q.merchantId,
    branchIds,
    item: q.item,
    stopped: q.stopped,
    userId: q.userId,
  });
  return ok ? branchIds : null;
}
