// The overall menu, prepared once per merchant, channel and branch: the JSON bytes, their gzip and a
// strong ETag, so a menu request costs a map lookup and a write (or a 304) instead of seven queries.
//
// Invalidation: every writer of what a menu shows (brand import, staff stock changes, stock taken by
// an order or given back by a cancel) calls `menuChanged(tx, merchantId)` inside its transaction; the
// cache bus (cache-bus.ts) drops the merchant's prepared menus in this process after the commit and
// in every other process on the same PostgreSQL through NOTIFY.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Db } from "../db/types.ts";
import { cachesChanged, onCacheDropped } from "../db/cache-bus.ts";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface PreparedBody {
  body: Buffer;
  gzip: Buffer;
  /**
   * Brotli at its best quality (a fifth smaller than gzip: 154 against 202 bytes per product of the
   * demo's largest menu), made once per menu change in zlib's thread pool. It takes about a second
   * there for that menu, so the menu is ready with gzip and Brotli joins when done (null until then).
   */
  br: Buffer | null;
  /** Strong validator of the identity bytes; the gzip and Brotli variants add `-gz` and `-br`. */
  etag: string;
}

const BROTLI_BEST = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
};

export async function prepareJson(value: unknown): Promise<PreparedBody> {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const prepared: PreparedBody = {
    body,
    gzip: await gzipAsync(body, { level: 6 }),
    br: null,
    etag: `"${hash}"`,
  };
  brotliAsync(body, { params: { ...BROTLI_BEST, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).then(
    (br) => {
      prepared.br = br;
    },
    () => undefined, // gzip goes on serving it
  );
  return prepared;
}

interface MerchantMenus {
  entries: Map<string, Promise<PreparedBody>>;
  /** The entries that are built, for a synchronous look-up on the hot path. */
  ready: Map<string, PreparedBody>;
  branchIds: Promise<Set<string>> | null;
  readyBranchIds: Set<string> | null;
}

/** A look-up of a prepared menu: found built or building (hit), or built now (miss). */
export type MenuCacheLookup = "hit" | "miss";

export class MenuCache {
  readonly #merchants = new Map<string, MerchantMenus>();
  readonly #counted: (result: MenuCacheLookup) => void;

  /** `counted` hears every look-up (the metrics count them). */
  constructor(counted: (result: MenuCacheLookup) => void = () => undefined) {
    this.#counted = counted;
  }

  /** A menu answered straight from `peek` (the 304 path) counts as a hit. */
  countHit(): void {
    this.#counted("hit");
  }

  #of(merchantId: string): MerchantMenus {
    let m = this.#merchants.get(merchantId);
    if (!m) {
      m = { entries: new Map(), ready: new Map(), branchIds: null, readyBranchIds: null };
      this.#merchants.set(merchantId, m);
    }
    return m;
  }

  /** The prepared menu under `key`, built once even when many requests miss at the same time. */
  get(merchantId: string, key: string, build: () => Promise<PreparedBody>): Promise<PreparedBody> {
    const m = this.#of(merchantId);
    const hit = m.entries.get(key);
    this.#counted(hit ? "hit" : "miss");
    if (hit) return hit;
    const pending = build();
    m.entries.set(key, pending);
    pending.then(
      (body) => {
        if (this.#merchants.get(merchantId) === m && m.entries.get(key) === pending) m.ready.set(key, body);
      },
      () => undefined,
    );
    // A failed build is not kept; only this very promise is removed (an invalidation may have
    // replaced the merchant's entries meanwhile).
    pending.catch(() => {
      if (this.#merchants.get(merchantId)?.entries.get(key) === pending) m.entries.delete(key);
    });
    return pending;
  }

  /** The merchant's branch ids, cached with its menus. */
  branchIds(merchantId: string, load: () => Promise<Set<string>>): Promise<Set<string>> {
    const m = this.#of(merchantId);
    if (!m.branchIds) {
      const pending = load();
      m.branchIds = pending;
      pending.then(
        (ids) => {
          if (m.branchIds === pending) m.readyBranchIds = ids;
        },
        () => undefined,
      );
      pending.catch(() => {
        if (m.branchIds === pending) m.branchIds = null;
      });
    }
    return m.branchIds;
  }

  /** The built menu under `key`, if there is one: no promise, no allocation, not counted. */
  peek(merchantId: string, key: string): PreparedBody | undefined {
    return this.#merchants.get(merchantId)?.ready.get(key);
  }

  /** The merchant's branch ids if already loaded. */
  peekBranchIds(merchantId: string): Set<string> | null {
    return this.#merchants.get(merchantId)?.readyBranchIds ?? null;
  }

  /** Drops one merchant's menus; a build in flight finishes for its callers but is not kept. */
  invalidate(merchantId: string): void {
    this.#merchants.delete(merchantId);
  }

  clear(): void {
    this.#merchants.clear();
  }

  get size(): number {
    let n = 0;
    for (const m of this.#merchants.values()) n += m.entries.size;
    return n;
  }
}

/** Every cache of this process (one per app; tests build several apps in one process). */
const live = new Set<MenuCache>();

export function createMenuCache(counted?: (result: MenuCacheLookup) => void): MenuCache {
  const cache = new MenuCache(counted);
  live.add(cache);
  return cache;
}

export function releaseMenuCache(cache: MenuCache): void {
  cache.clear();
  live.delete(cache);
}

/** Forgets the merchant's prepared menus in this process; the next request rebuilds them. */
export function invalidateMenu(merchantId: string): void {
  for (const cache of live) cache.invalidate(merchantId);
}

onCacheDropped("menu", (merchantId) => {
  if (merchantId !== null) invalidateMenu(merchantId);
  else for (const cache of live) cache.clear();
});

/**
 * Calls `listener` whenever the merchant's menu is dropped in this process: a change made here, or
 * in another process on the same PostgreSQL (the cache bus). Answers the function that stops it.
 */
export function onMenuChanged(merchantId: string, listener: () => void): () => void {
  return onCacheDropped("menu", (dropped) => {
    if (dropped === null || dropped === merchantId) listener();
  });
}

/**
 * The merchant's menu changed in the transaction `tx` (opened by `transaction()`): every process
 * drops its prepared menus once it has committed (cache-bus.ts).
 */
export async function menuChanged(tx: Db, merchantId: string): Promise<void> {
  await cachesChanged(tx, merchantId, ["menu"]);
}
