import { createStore } from "jotai";

// The one jotai store of the page: React reads it through <Provider> (src/app/app.tsx) and plain
// code (boot, the API client, the platform sign-in) through appStore(). Tests start each case on
// a fresh one, so no atom keeps a value from an earlier test.
let store = createStore();

export function appStore(): ReturnType<typeof createStore> {
  return store;
}

/** For tests. */
export function resetAppStore(): void {
  store = createStore();
}
