// A transaction that can leave work for after its commit: caches of this process are dropped only
// once the rows they were built from are committed, and never for a transaction that rolled back.
import type { Db } from "./types.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The work queued by each open transaction of `transaction()`, by its handle. */
const queued = new WeakMap<object, (() => void)[]>();

/** Runs `work` in a transaction, then, once it has committed, what it queued with `afterCommit`. */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const after: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    queued.set(tx, after);
    try {
      return await work(tx);
    } finally {
      queued.delete(tx);
    }
  });
  for (const run of after) run();
  return result;
}

/**
 * Queues `run` for after the commit of the transaction `tx` (one opened by `transaction()`). Anything
 * else is a programming error: the work would run before the commit, or never.
 */
export function afterCommit(tx: Db, run: () => void): void {
  const after = queued.get(tx);
  if (!after) throw new Error("afterCommit needs a transaction opened by transaction()");
  after.push(run);
}
