import { useCallback, useSyncExternalStore } from "react";
import { readLocal, writeLocal } from "../../lib/storage.ts";

// Which stories a customer has watched, per brand and per customer (a guest is "guest"), so a
// shared phone or a second brand does not grey out stories nobody watched there.
const listeners = new Set<() => void>();
const EMPTY: readonly string[] = Object.freeze([]);
const cache = new Map<string, readonly string[]>();

export function seenStoriesKey(sub: string, customerId: string | null): string {
  return `savat:stories-seen:${sub}:${customerId ?? "guest"}`;
}

function read(key: string): readonly string[] {
  const known = cache.get(key);
  if (known) return known;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = JSON.parse(readLocal(key) ?? "[]");
    if (Array.isArray(parsed)) ids = parsed.filter((v): v is string => typeof v === "string");
  } catch {
    // A damaged value counts as nothing seen.
  }
  cache.set(key, ids);
  return ids;
}

/** At most this many ids are kept: old stories drop off the front. */
const LIMIT = 200;

function markSeen(key: string, id: string): void {
  const ids = read(key);
  if (ids.includes(id)) return;
  const next = [...ids, id].slice(-LIMIT);
  cache.set(key, next);
  writeLocal(key, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ids of the stories seen here, and a way to add one. */
export function useSeenStories(sub: string, customerId: string | null) {
  const key = seenStoriesKey(sub, customerId);
  // Rendered on the server (the first screen in the app shell) nothing has been seen yet.
  const seen = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => EMPTY,
  );
  const mark = useCallback(
    (id: string) => {
      markSeen(key, id);
    },
    [key],
  );
  return [seen, mark] as const;
}
