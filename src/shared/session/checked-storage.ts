/**
 * Storage for the jotai atoms of what this browser keeps per brand (session, basket, a guest's
 * addresses): JSON in localStorage, read back through the zod schemas of ./stored-schemas.ts, and
 * shared with other tabs through the storage event.
 *
 * The schemas (and zod) load on their own, off the first download: boot waits for them only when
 * something is stored (`loadStoredSchemasIfNeeded`), so a first visit never fetches them. A value
 * this tab wrote is remembered as written and is not read back through the schemas.
 */
import { nextTask } from "../../lib/next-task.ts";
import { readLocal, storageKeys, writeLocal, removeLocal } from "../../lib/storage.ts";

type Schemas = typeof import("./stored-schemas.ts");

let schemas: Schemas | null = null;
let loading: Promise<Schemas> | null = null;

export function loadStoredSchemas(): Promise<Schemas> {
  // Zod with the contract's schemas, the stored values' own schemas and the first reads are each a
  // task of their own: run as one they held a 4× slower phone's main thread for ~110 ms on a
  // returning customer's open.
  loading ??= import("../../domain/contract/webbot.ts")
    .then(nextTask)
    .then(() => import("./stored-schemas.ts"))
    .then(async (module) => {
      schemas = module;
      await nextTask();
      return module;
    });
  return loading;
}

/** Tests install the schemas up front instead of loading them. */
export function installStoredSchemas(module: Schemas): void {
  schemas = module;
}

const KEPT = /^savat:([^:]+:(session|basket|addresses|table)|stories-seen:[^:]+:[^:]+)$/;

/** Boot: waits for the schemas when a stored value will be read, and answers at once otherwise. */
export async function loadStoredSchemasIfNeeded(): Promise<void> {
  if (storageKeys("local").some((key) => KEPT.test(key))) await loadStoredSchemas();
}

/** The storage contract of jotai's atomWithStorage (synchronous). */
export interface CheckedStorage<T> {
  getItem: (key: string, initialValue: T) => T;
  setItem: (key: string, value: T) => void;
  removeItem: (key: string) => void;
  subscribe: (key: string, callback: (value: T) => void, initialValue: T) => () => void;
}

/** Reads a stored value; calls `drop` for every part it leaves out. */
type Parse<T> = (schemas: Schemas, data: unknown, drop: (what: string, issues: unknown) => void) => T;

export function checkedStorage<T>(parse: Parse<T>): CheckedStorage<T> {
  // The last raw text seen per key and what it reads as: a value keeps its identity until it changes.
  const known = new Map<string, { raw: string; value: T }>();

  const getItem = (key: string, initialValue: T): T => {
    const raw = readLocal(key);
    if (raw === null) return initialValue;
    const hit = known.get(key);
    if (hit?.raw === raw) return hit.value;
    // Only another tab can have written an unknown value before the schemas are here (boot waits
    // for them when anything was stored); subscribers read it again once they arrive.
    if (!schemas) return initialValue;
    // An object: a flag set inside the callback would be narrowed to false below.
    const seen = { dropped: false };
    const drop = (what: string, issues: unknown) => {
      seen.dropped = true;
      console.warn(`Savat: a stored ${what} did not match this version and was dropped`, issues);
    };
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      drop(key, "not JSON");
    }
    const value = parse(schemas, data, drop);
    // What was dropped is gone from storage too, so it is logged once.
    const kept = seen.dropped ? JSON.stringify(value) : raw;
    if (kept === raw || writeLocal(key, kept)) known.set(key, { raw: kept, value });
    return value;
  };

  return {
    getItem,
    setItem: (key, value) => {
      const raw = JSON.stringify(value);
      if (writeLocal(key, raw)) known.set(key, { raw, value });
    },
    removeItem: (key) => {
      removeLocal(key);
      known.delete(key);
    },
    subscribe: (key, callback, initialValue) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== null && event.key !== key) return;
        if (schemas) callback(getItem(key, initialValue));
        else
          void loadStoredSchemas().then(() => {
            callback(getItem(key, initialValue));
          });
      };
      window.addEventListener("storage", onStorage);
      return () => {
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}
