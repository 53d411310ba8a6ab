import { configureApiClient, type ApiClientHooks } from "../../lib/api-client.ts";
import { getCurrentBrand } from "../brand/current-brand.ts";
import { clearStorageForLogout, getToken, markAuthNotice } from "./session.ts";

/** The API client's hooks that read the current brand and its saved session. */
export const sessionApiHooks: Partial<ApiClientHooks> = {
  merchantId: () => getCurrentBrand()?.merchantId ?? null,
  token: () => {
    const brand = getCurrentBrand();
    return brand ? getToken(brand.sub) : null;
  },
  onUnauthorized: () => {
    const brand = getCurrentBrand();
    if (brand) clearStorageForLogout(brand.sub);
    // "Some things are out of date! Please log in again." greets the reloaded page.
    markAuthNotice("expired");
    window.location.assign("/");
  },
};

/** Lets every call carry the brand's merchant header and the customer's token; once, at start. */
export function connectApiClientToSession(): void {
  configureApiClient(sessionApiHooks);
}
