import { createHash, timingSafeEqual } from "node:crypto";
import { onCacheDropped } from "../../db/cache-bus.ts";
import type { Db } from "../../db/types.ts";
import { listPaymeKeys } from "../../repositories/payments.ts";

// Every Payme callback names its brand only by the key in its Basic auth, so each one compared the
// key with every brand's: a query per callback, under Payme's retries and a shift's payments. The
// brands' keys are kept here instead, as digests, dropped whenever any process changes a merchant
// (the back office's brand settings and a brand import write the keys; server/src/db/cache-bus.ts)
// and after TTL_MS for a change by hand.
const TTL_MS = 3_000;

interface Keys {
  at: number;
  generation: number;
  keys: Promise<{ merchantId: string; digest: Buffer }[]>;
}

const cached = new WeakMap<Db, Keys>();
let generation = 0;
onCacheDropped("merchant", () => {
  generation += 1;
});

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function brandKeys(db: Db): Keys["keys"] {
  const now = Date.now();
  const hit = cached.get(db);
  if (hit && hit.generation === generation && now - hit.at < TTL_MS) return hit.keys;
  const keys = listPaymeKeys(db).then((rows) =>
    rows.map(({ merchantId, key }) => ({ merchantId, digest: digest(key) })),
  );
  const entry = { at: now, generation, keys };
  cached.set(db, entry);
  // A failed read is not kept.
  keys.catch(() => {
    if (cached.get(db) === entry) cached.delete(db);
  });
  return keys;
}

/** The brands whose Payme key is `key`: compared as digests in constant time, against every brand's. */
export async function merchantsWithPaymeKey(db: Db, key: string): Promise<string[]> {
  const sent = digest(key);
  return (await brandKeys(db)).filter((k) => timingSafeEqual(k.digest, sent)).map((k) => k.merchantId);
}
