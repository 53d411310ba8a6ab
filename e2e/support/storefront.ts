/// <reference lib="dom" />
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";

// Facts about the demo brands read from the running API, so the journeys check what the brand
// files say instead of repeating them. The API is called on 127.0.0.1: Node does not resolve
// *.localhost the way Chromium does.

export function portOf(testInfo: TestInfo): string {
  const base = testInfo.project.use.baseURL;
  if (!base) throw new Error("baseURL is not set");
  return new URL(base).port;
}

/** The storefront of a brand on its *.localhost subdomain. */
export function brandOrigin(testInfo: TestInfo, sub: string): string {
  return `http://${sub}.localhost:${portOf(testInfo)}`;
}

interface Multilingual {
  uz?: string;
  ru?: string;
  eng?: string;
  ar?: string;
  zh?: string;
}

export interface MerchantFacts {
  id: string;
  name: Multilingual;
  isActive: boolean;
}

/** An API address on the test server. */
export function apiUrl(testInfo: TestInfo, path: string): string {
  return `http://127.0.0.1:${portOf(testInfo)}/api${path}`;
}

export async function merchantOf(
  request: APIRequestContext,
  testInfo: TestInfo,
  sub: string,
): Promise<MerchantFacts> {
  const res = await request.get(apiUrl(testInfo, `/users/v1/merchants/sub/${sub}`));
  if (!res.ok()) throw new Error(`merchant ${sub}: ${res.status()}`);
  return (await res.json()) as MerchantFacts;
}

export async function tenantGet<T>(
  request: APIRequestContext,
  testInfo: TestInfo,
  merchantId: string,
  path: string,
): Promise<T> {
  const res = await request.get(apiUrl(testInfo, path), { headers: { merchant: merchantId } });
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()) as T;
}

export async function webSettingsOf(
  request: APIRequestContext,
  testInfo: TestInfo,
  merchantId: string,
): Promise<Record<string, unknown>> {
  const res = await request.get(apiUrl(testInfo, "/support/v1/merchant/settings/web"), {
    headers: { merchant: merchantId },
  });
  if (!res.ok()) throw new Error(`web settings: ${res.status()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The name in a UI language, with the storefront's fallback (current -> ru -> uz -> eng). */
export function nameIn(name: Multilingual, locale: string): string {
  const key = (locale === "en" ? "eng" : locale) as keyof Multilingual;
  return name[key] ?? name.ru ?? name.uz ?? name.eng ?? "";
}

/** <html lang> once the storefront has rendered its first screen (boot sets it before rendering). */
export async function htmlLang(page: Page): Promise<string> {
  await page.locator("#main").waitFor();
  return page.evaluate(() => document.documentElement.lang);
}
