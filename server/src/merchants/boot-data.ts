import {
  merchantSchema,
  webSettingsSchema,
  type Merchant,
  type WebSettings,
} from "#domain/contract/merchant.ts";
import { resolveBrandSub } from "#domain/brand-host.ts";
import { CONTENT_LANGUAGES, type ContentLanguage } from "#domain/enums.ts";
import { pickText } from "#domain/multilingual.ts";
import type { Db } from "../db/types.ts";
import { findMerchantBySub, getWebSettings, listChannelPaymentTypes } from "../repositories/merchants.ts";
import { toMerchant, toWebSettings } from "./present.ts";

/**
 * What the storefront's boot asks first (GET /users/v1/merchants/sub/{sub}, then the web settings),
 * answered ahead of time in the app shell of a brand's address, so the first screen does not wait
 * for two calls in a row. Exactly what those calls answer; the settings only for an active brand
 * (tenant routes refuse an inactive one).
 */
export interface BootData {
  sub: string;
  merchant: Merchant;
  settings: WebSettings | null;
}

/** The boot data of the brand an address names, or null when it names none we know. */
export async function bootDataFor(
  db: Db,
  location: { hostname: string; search: string },
): Promise<BootData | null> {
  const brand = resolveBrandSub(location, null);
  if (!brand) return null;
  const row = await findMerchantBySub(db, brand.sub);
  if (!row) return null;
  const merchant = merchantSchema.parse(toMerchant(row));
  const settings =
    merchant.isActive && !merchant.deleted
      ? webSettingsSchema.parse(
          toWebSettings(
            await getWebSettings(db, { merchantId: merchant.id }),
            await listChannelPaymentTypes(db, { merchantId: merchant.id }),
          ),
        )
      : null;
  return { sub: brand.sub, merchant, settings };
}

/** The boot data as a script element for the shell's head: JSON that cannot close the element. */
export function bootDataScript(data: BootData): string {
  const json = JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script id="savat-boot" type="application/json">${json}</script>`;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * The app shell of a brand: its boot data in the head, and its name on the loading screen (in the
 * brand's main language), so the first paint already says whose storefront this is.
 */
export function shellWithBootData(html: string, data: BootData): string {
  const main = data.settings?.mainLanguage === "en" ? "eng" : data.settings?.mainLanguage;
  const lang: ContentLanguage = CONTENT_LANGUAGES.find((l) => l === main) ?? "ru";
  const name = pickText(data.merchant.name, lang).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
  const script = bootDataScript(data);
  return (html.includes("</head>") ? html.replace("</head>", `${script}</head>`) : script + html).replace(
    '<p class="boot-splash__name"></p>',
    `<p class="boot-splash__name">${name}</p>`,
  );
}
