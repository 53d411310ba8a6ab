import { atom } from "jotai";
import { setCookie } from "../../lib/cookies.ts";
import { STORED_VENDOR_KEY } from "../../domain/brand-host.ts";
import { writeLocal } from "../../lib/storage.ts";
import { appStore } from "../../lib/app-store.ts";

/** The brand this page belongs to, known once boot has resolved the merchant. */
export interface CurrentBrand {
  sub: string;
  merchantId: string;
}

/** The current brand as jotai state; plain code reads it through appStore(). */
export const currentBrandAtom = atom<CurrentBrand | null>(null);

export function getCurrentBrand(): CurrentBrand | null {
  return appStore().get(currentBrandAtom);
}

/** Remembers the resolved brand: the merchant cookie and the stored vendor (spec section 4). */
export function setCurrentBrand(brand: CurrentBrand): void {
  appStore().set(currentBrandAtom, brand);
  setCookie("merchant", brand.merchantId, 365);
  writeLocal(STORED_VENDOR_KEY, brand.sub);
}
