import { atom, useAtomValue } from "jotai";
import { currentBrandAtom } from "../brand/current-brand.ts";
import { brandSessionAtom, EMPTY_SESSION, type BrandSession } from "./session.ts";

export { brandSessionAtom } from "./session.ts";

/** The saved session of the brand this page belongs to. */
export const sessionAtom = atom(
  (get) => {
    const brand = get(currentBrandAtom);
    return brand ? get(brandSessionAtom(brand.sub)) : EMPTY_SESSION;
  },
  (get, set, update: Partial<BrandSession>) => {
    const brand = get(currentBrandAtom);
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
