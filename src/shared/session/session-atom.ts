import { atom, useAtomValue } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { getCurrentBrand } from "../brand/current-brand.ts";
import {
  EMPTY_SESSION,
  getSession,
  sessionKey,
  setSession,
  subOfSessionKey,
  subscribeSession,
  type BrandSession,
} from "./session.ts";

// The per-brand session as jotai state. It reads and writes through the plain store in
// ./session.ts, so boot code, the platform login and React always see the same value.
const storage = {
  getItem: (key: string): BrandSession => {
    const sub = subOfSessionKey(key);
    return sub === null ? { ...EMPTY_SESSION } : getSession(sub);
  },
  setItem: (key: string, value: BrandSession): void => {
    const sub = subOfSessionKey(key);
    if (sub !== null) setSession(sub, value);
  },
  removeItem: (key: string): void => {
    const sub = subOfSessionKey(key);
    if (sub !== null) setSession(sub, { ...EMPTY_SESSION });
  },
  subscribe: (key: string, callback: (value: BrandSession) => void) => {
    const sub = subOfSessionKey(key);
    return sub === null ? undefined : subscribeSession(sub, callback);
  },
};

const perBrand = new Map<string, ReturnType<typeof atomWithStorage<BrandSession>>>();

/** The saved session of one brand (`savat:<sub>:session`). */
export function brandSessionAtom(sub: string) {
  let a = perBrand.get(sub);
  if (!a) {
    a = atomWithStorage<BrandSession>(sessionKey(sub), { ...EMPTY_SESSION }, storage, { getOnInit: true });
    perBrand.set(sub, a);
  }
  return a;
}

/** The saved session of the brand this page belongs to. */
export const sessionAtom = atom(
  (get) => {
    const brand = getCurrentBrand();
    return brand ? get(brandSessionAtom(brand.sub)) : EMPTY_SESSION;
  },
  (get, set, update: Partial<BrandSession>) => {
    const brand = getCurrentBrand();
    if (!brand) return;
    const target = brandSessionAtom(brand.sub);
    set(target, { ...get(target), ...update });
  },
);

/** The logged-in customer's id, or null for a guest. */
export function useCustomerId(): string | null {
  const session = useAtomValue(sessionAtom);
  return session.token && session.user ? session.user.id : null;
}
