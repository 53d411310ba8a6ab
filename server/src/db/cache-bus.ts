// One mechanism keeps every process's caches of a merchant fresh: the prepared menus (menu-cache.ts),
// the merchant row every tenant request looks up (plugins/tenant.ts), the branches, hours and
// delivery regions (repositories/geo.ts), and "content": nothing cached on the server (the stories are
// read per request), but an open storefront is told to read its stories again (the menu's live
// stream sends `content`, routes/products/index.ts).
//
// A writer calls `cachesChanged(tx, merchantId, parts)` inside its transaction (one opened by
// `transaction()`), which does both halves:
// - `pg_notify('savat_cache', '<parts>:<merchantId>')`: PostgreSQL delivers it only if, and after, the
//   transaction commits, to every process LISTENing on the database (`listenForCacheChanges`, one
//   connection per app). If that connection drops, every cache is dropped (a notice may have been
//   missed) and it reconnects. Nothing is paid per request, unlike polling a version row.
// - in this process, once committed: the same drop, at once (on PGlite this is the only path: no
//   other process can open its data directory).
//
// Caches built from a promise check a stamp instead of registering a listener: an entry is current
// when it was started after the last drop of its part and merchant (`cacheStamp`, `isCurrent`), so a
// load that races a change is not kept.
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "./client.ts";
import { afterCommit } from "./transaction.ts";
import type { Db } from "./types.ts";

export const CACHE_NOTIFY_CHANNEL = "savat_cache";

export const CACHE_PARTS = ["menu", "merchant", "geo", "content"] as const;
export type CachePart = (typeof CACHE_PARTS)[number];

let clock = 0;
/** The clock value of the last drop, per `part:merchantId`, and per part for "every merchant". */
const dropped = new Map<string, number>();
const droppedAll = new Map<CachePart, number>();
const listeners = new Map<CachePart, Set<(merchantId: string | null) => void>>();

/** Take before loading a cache entry; keep it with the entry. */
export function cacheStamp(): number {
  return clock;
}

/** Whether an entry of `part` for the merchant, loaded from `stamp`, has not been dropped since. */
export function isCurrent(part: CachePart, merchantId: string, stamp: number): boolean {
  return stamp >= (droppedAll.get(part) ?? 0) && stamp >= (dropped.get(`${part}:${merchantId}`) ?? 0);
}

/** Calls `listener` with the merchant (null: every merchant) whenever `part` is dropped. */
export function onCacheDropped(part: CachePart, listener: (merchantId: string | null) => void): () => void {
  let set = listeners.get(part);
  if (!set) listeners.set(part, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Drops this process's caches of `parts` for the merchant, or for every merchant (null). */
export function dropCaches(parts: readonly CachePart[], merchantId: string | null): void {
  clock += 1;
  for (const part of parts) {
    if (merchantId === null) droppedAll.set(part, clock);
    else dropped.set(`${part}:${merchantId}`, clock);
    for (const listener of listeners.get(part) ?? []) listener(merchantId);
  }
}

/**
 * What the merchant's caches of `parts` were built from changes in `tx`: every process on the same
 * PostgreSQL drops them after the commit, and so does this one (on PGlite, only this one exists).
 */
export async function cachesChanged(tx: Db, merchantId: string, parts: readonly CachePart[]): Promise<void> {
  await tx.execute(sql`select pg_notify(${CACHE_NOTIFY_CHANNEL}, ${`${parts.join(",")}:${merchantId}`})`);
  afterCommit(tx, () => {
    dropCaches(parts, merchantId);
  });
}

/** `menu,geo:<id>` -> the parts and the merchant, or null for a notice this version cannot read. */
export function parseCacheNotice(payload: string): { parts: CachePart[]; merchantId: string } | null {
  const colon = payload.indexOf(":");
  if (colon < 0) return null;
  const parts = payload
    .slice(0, colon)
    .split(",")
    .filter((p): p is CachePart => (CACHE_PARTS as readonly string[]).includes(p));
  const merchantId = payload.slice(colon + 1);
  return parts.length > 0 && merchantId !== "" ? { parts, merchantId } : null;
}

/** Listens for every process's cache changes (PostgreSQL); resolves to a stop function. */
export async function listenForCacheChanges(
  database: Database,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  if (!database.listen) return async () => undefined;
  try {
    return await database.listen(
      CACHE_NOTIFY_CHANNEL,
      (payload) => {
        const notice = parseCacheNotice(payload);
        if (notice) dropCaches(notice.parts, notice.merchantId);
        else {
          // Unknown: better a rebuilt cache than a stale one.
          log.warn({ payload }, "unreadable cache notice; every cache dropped");
          dropCaches(CACHE_PARTS, null);
        }
      },
      () => {
        log.warn("cache change listener lost its connection; every cache dropped");
        dropCaches(CACHE_PARTS, null);
      },
    );
  } catch (error) {
    // This process's own writes still drop its caches; other processes' changes show after the TTLs
    // (merchant 3 s, branches 5 s) or, for menus, a restart.
    log.error({ err: error }, "cannot listen for cache changes");
    return async () => undefined;
  }
}
