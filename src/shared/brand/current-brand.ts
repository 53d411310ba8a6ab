import { setCookie } from "../../lib/cookies.ts";
import { STORED_VENDOR_KEY } from "../../lib/brand-host.ts";
import { writeLocal } from "../../lib/storage.ts";

/** The brand this page belongs to, known once boot has resolved the merchant. */
export interface CurrentBrand {
  sub: string;
  merchantId: string;
}

let current: CurrentBrand | null = null;

export function getCurrentBrand(): CurrentBrand | null {
  return current;
}

/** Remembers the resolved brand: the merchant cookie and the stored vendor (spec section 4). */
export function setCurrentBrand(brand: CurrentBrand): void {
  current = brand;
  setCookie("merchant", brand.merchantId, 365);
  writeLocal(STORED_VENDOR_KEY, brand.sub);
}

/** For tests. */
export function resetCurrentBrand(): void {
  current = null;
}
