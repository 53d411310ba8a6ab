import "@telegram-apps/telegram-ui/dist/styles.css";
import "../app/styles.css";
import "./staff.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import type { Merchant } from "../domain/contract/merchant.ts";
import { resolveBrandSub, STORED_VENDOR_KEY } from "../domain/brand-host.ts";
import { configureApiClient } from "../lib/api-client.ts";
import { activateLocale, chooseLocale, localeFromCookie, LOCALES } from "../lib/i18n.ts";
import "./catalogs.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { readLocal } from "../lib/storage.ts";
import { getMerchantBySub } from "../shared/brand/get-merchant-by-sub.ts";
import { getWebSettings } from "../shared/brand/get-web-settings.ts";
import { setCurrentBrand } from "../shared/brand/current-brand.ts";
import { forgetStaffUser, readStaffSession } from "./session.ts";
import { StaffApp, type StaffBoot } from "./staff-app.tsx";

// The staff console's boot: the brand from the address (as the storefront finds it), its look and
// language, then the console. Its own entry of the build, so the storefront never loads it.

/** The brand the server wrote into the page (server/src/merchants/boot-data.ts), when it matches. */
function shellMerchant(sub: string): Merchant | null {
  const element = document.getElementById("savat-boot");
  if (!element?.textContent) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent) as { sub: string; merchant: Merchant };
    return data.sub === sub ? data.merchant : null;
  } catch {
    return null;
  }
}

async function boot(): Promise<StaffBoot> {
  const cookie = localeFromCookie();
  const brand = resolveBrandSub(window.location, readLocal(STORED_VENDOR_KEY));
  if (!brand) {
    await activateLocale(chooseLocale({ cookie, available: LOCALES }));
    return { status: "unavailable" };
  }
  let merchant = shellMerchant(brand.sub);
  if (!merchant) {
    const [error, data] = await getMerchantBySub(brand.sub);
    if (error) {
      await activateLocale(chooseLocale({ cookie, available: LOCALES }));
      return error.status === 0 || error.status >= 500 ? { status: "failed" } : { status: "unavailable" };
    }
    merchant = data;
  }
  setCurrentBrand({ sub: brand.sub, merchantId: merchant.id });
  const sub = brand.sub;
  configureApiClient({
    merchantId: () => merchant.id,
    token: () => readStaffSession(sub)?.token ?? null,
    onUnauthorized: () => {
      // The session ended (logged out elsewhere, expired, the role taken away): sign in again.
      forgetStaffUser(sub);
      window.location.assign("/staff");
    },
    onMerchantInactive: () => undefined,
  });
  const [, settings] = await getWebSettings();
  // Staff choose among all the console's languages, whatever the brand offers its customers.
  await activateLocale(chooseLocale({ cookie, mainLanguage: settings?.mainLanguage, available: LOCALES }));
  return { status: "ready", sub, merchant, settings };
}

async function main(): Promise<void> {
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from staff.html");
  const result = await boot();
  createRoot(root).render(
    <StrictMode>
      <StaffApp boot={result} queryClient={createQueryClient()} />
    </StrictMode>,
  );
}

void main();
