import { useAtomValue, useSetAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { useCallback } from "react";
import { checkedStorage } from "../../shared/session/checked-storage.ts";

// Which stories a customer has watched, per brand and per customer (a guest is "guest"), so a
// shared phone or a second brand does not grey out stories nobody watched there. Kept like the
// rest of what this browser stores: a jotai atom over the checked storage, shared across tabs.
const EMPTY: readonly string[] = Object.freeze([]);

export function seenStoriesKey(sub: string, customerId: string | null): string {
  return `savat:stories-seen:${sub}:${customerId ?? "guest"}`;
}

/** At most this many ids are kept: old stories drop off the front. */
const LIMIT = 200;

const storage = checkedStorage<readonly string[]>((schemas, data, drop) =>
  schemas.parseSeenStories(data, drop),
);
const perKey = new Map<string, ReturnType<typeof atomWithStorage<readonly string[]>>>();

function seenAtom(key: string) {
  let a = perKey.get(key);
  if (!a) {
    a = atomWithStorage<readonly string[]>(key, EMPTY, storage, { getOnInit: true });
    perKey.set(key, a);
  }
  return a;
}

/** The ids of the stories seen here, and a way to add one. */
export function useSeenStories(sub: string, customerId: string | null) {
  const a = seenAtom(seenStoriesKey(sub, customerId));
  // Rendered on the server (the first screen in the app shell) nothing stored is read: none seen.
  const seen = useAtomValue(a);
  const set = useSetAtom(a);
  const mark = useCallback(
    (id: string) => {
      set((ids) => (ids.includes(id) ? ids : [...ids, id].slice(-LIMIT)));
    },
    [set],
  );
  return [seen, mark] as const;
}
