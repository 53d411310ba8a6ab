// Signing in on the web and a basket ready for the checkout, for journeys that need a customer
// with an order and do not test those steps themselves (the same steps e2e/orders.spec.ts and
// e2e/accounts.spec.ts walk and check).
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { freshTelegramId } from "../fixtures/platform.ts";
import { apiUrl, merchantOf, portOf } from "./storefront.ts";

export interface ConsoleSms {
  phone: string;
  text: string;
  time: string;
}

/** The console SMS written at or after `since` (DATA_DIR/sms-outbox.jsonl), oldest first. */
export function smsSince(testInfo: TestInfo, since: number): ConsoleSms[] {
  const outbox = path.resolve(`.data-e2e-${portOf(testInfo)}`, "sms-outbox.jsonl");
  if (!fs.existsSync(outbox)) return [];
  const sent: ConsoleSms[] = [];
  for (const line of fs.readFileSync(outbox, "utf8").trim().split("\n")) {
    // The server may be halfway through appending a line: it is read whole on the next poll.
    try {
      const sms = JSON.parse(line) as ConsoleSms;
      if (Date.parse(sms.time) >= since) sent.push(sms);
    } catch {
      continue;
    }
  }
  return sent;
}

/** The code of the newest console SMS to `phone` written after `since`. */
export async function smsCodeFor(
  testInfo: TestInfo,
  phone: string,
  since: number,
  timeout?: number,
): Promise<string> {
  let code = "";
  await expect
    .poll(
      () => {
        const sms = smsSince(testInfo, since)
          .reverse()
          .find((s) => s.phone === phone);
        return (code = /\b(\d{6})\b/.exec(sms?.text ?? "")?.[1] ?? "");
      },
      { timeout },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** A fresh customer of `merchantId` signed in through the API (a code by SMS): their bearer token. */
export async function customerToken(
  request: APIRequestContext,
  testInfo: TestInfo,
  merchantId: string,
): Promise<string> {
  const headers = { merchant: merchantId, "x-forwarded-for": customerAddress() };
  const phone = `+99877${freshTelegramId().slice(-7)}`;
  const since = Date.now() - 1000;
  const asked = await request.post(apiUrl(testInfo, "/users/v1/auth/otp"), { headers, data: { phone } });
  expect(asked.status(), await asked.text()).toBe(200);
  const verified = await request.post(apiUrl(testInfo, "/users/v1/auth/otp/verify"), {
    headers,
    data: { phone, code: await smsCodeFor(testInfo, phone, since) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

/** The sign-in page's texts in the language a journey reads it in (English by default). */
export interface LoginTexts {
  phone: string;
  getCode: string;
  code: string;
  loggedIn: string;
}
const ENGLISH_LOGIN: LoginTexts = {
  phone: "Phone number",
  getCode: "Get the code",
  code: "Code from the SMS",
  loggedIn: "You are logged in",
};

/** An address of the benchmarking range 198.18.0.0/15, a different one for each call. */
export function customerAddress(): string {
  const n = Number(freshTelegramId()) % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** Logs a fresh customer in on /login of `origin` (lavash by default). */
export async function logInOnTheWeb(
  page: Page,
  testInfo: TestInfo,
  origin = "",
  texts: LoginTexts = ENGLISH_LOGIN,
): Promise<void> {
  const phone = `+99877${freshTelegramId().slice(-7)}`;
  const since = Date.now() - 1000;
  // A customer of their own address, as on the internet: every journey comes from 127.0.0.1, and
  // 20 code requests a minute from one address is the server's real limit (the e2e server trusts
  // the forwarded address from loopback, as behind the nginx of production).
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": customerAddress() });
  await page.goto(`${origin}/login`);
  await page.getByLabel(texts.phone).fill(phone);
  await page.getByRole("button", { name: texts.getCode }).click();
  await expect(page).toHaveURL(/\/login\/confirm\?/);
  await page.getByLabel(texts.code).fill(await smsCodeFor(testInfo, phone, since));
  await expect(page.getByText(texts.loggedIn, { exact: true }).last()).toBeVisible();
  await expect(page).not.toHaveURL(/\/login(\/|\?|$)/);
}

export interface Product {
  id: string;
  name: unknown;
  image: string | null;
  costPrice: number;
  discount: number;
  unit: string;
  isAvailable: boolean;
  modificationGroups: unknown[];
}

/** The brand's first available product with no modifiers and no discount that `fits`. */
export async function plainDish(
  request: APIRequestContext,
  testInfo: TestInfo,
  brand: string,
  fits: (p: Product) => boolean = () => true,
): Promise<Product> {
  const merchant = await merchantOf(request, testInfo, brand);
  const overall = (await (
    await request.get(apiUrl(testInfo, "/products/v1/overalls?type=WEB"), {
      headers: { merchant: merchant.id },
    })
  ).json()) as { products: Product[] };
  const dish = overall.products.find(
    (p) => p.isAvailable && p.modificationGroups.length === 0 && p.discount === 0 && fits(p),
  );
  if (!dish) throw new Error(`demo facts missing: no plain dish in ${brand}`);
  return dish;
}

/** The brand's branch whose English name starts with `prefix`, else its main branch. */
export async function branchOf(request: APIRequestContext, testInfo: TestInfo, brand: string, prefix = "") {
  const merchant = await merchantOf(request, testInfo, brand);
  const res = await request.get(apiUrl(testInfo, "/users/v1/branches"), {
    headers: { merchant: merchant.id },
  });
  expect(res.status(), await res.text()).toBe(200);
  const branches = (await res.json()) as { id: string; isMain: boolean; name: { eng?: string } }[];
  const branch =
    (prefix && branches.find((b) => b.name.eng?.startsWith(prefix))) ||
    branches.find((b) => b.isMain) ||
    branches[0];
  if (!branch) throw new Error(`demo facts missing: no branch in ${brand}`);
  return branch;
}

/** Inside the demo's "Tashkent centre" (lavash) and "City centre" (sushi) delivery regions. */
export const CENTRE_ADDRESS = {
  id: null,
  name: "Amir Temur avenue 1",
  streetName: "Amir Temur avenue",
  houseNumber: "1",
  description: "Amir Temur avenue 1",
  comment: "",
  latitude: 41.311081,
  longitude: 69.240562,
  cityId: null,
  floor: "",
  office: "",
  entrance: "",
  domophone: "",
};

/**
 * Puts `count` of `dish` in the brand's basket and `draft` (pickup at a branch, or delivery to an
 * address) in its order draft, as a customer left them earlier on this device.
 */
export async function seedBasket(
  page: Page,
  brand: string,
  dish: Product,
  count: number,
  draft: Record<string, unknown>,
): Promise<void> {
  const line = {
    key: dish.id,
    productId: dish.id,
    name: dish.name,
    image: dish.image ?? "",
    costPrice: dish.costPrice,
    discount: dish.discount,
    unit: dish.unit,
    count,
    modifications: [],
  };
  if (!page.url().startsWith("http")) await page.goto("/api/health");
  await page.evaluate(
    ({ brand, lines, draft }) => {
      localStorage.setItem(`savat:${brand}:basket`, JSON.stringify(lines));
      const key = `savat:${brand}:session`;
      const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...session, orderRequest: draft }));
    },
    { brand, lines: [line], draft },
  );
}

/** A lavash product over the minimum order, to pick up at Chilonzor. */
export async function seedPickupBasket(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const dish = await plainDish(request, testInfo, "lavash", (p) => p.costPrice >= 35_000);
  const branch = await branchOf(request, testInfo, "lavash", "Chilonzor");
  await seedBasket(page, "lavash", dish, 1, { serviceType: "PICK_UP", branch, branchId: branch.id });
}

/** The console's sign-in texts in English and Russian. */
export const CONSOLE_EN = {
  phone: "Phone number",
  getCode: "Get the code",
  code: "Code from the SMS",
  sendAgain: "Send the code again",
};
export const CONSOLE_RU = {
  phone: "Номер телефона",
  getCode: "Получить код",
  code: "Код из SMS",
  sendAgain: "Отправить код ещё раз",
};

/** Signs a staff member in to the brand's console at `origin` with their phone and the SMS code. */
export async function signInToConsole(
  page: Page,
  testInfo: TestInfo,
  origin: string,
  phone: string,
  texts = CONSOLE_EN,
): Promise<void> {
  const since = Date.now() - 1000;
  // Staff sign in from an address of their own, as the 20 code requests a minute per address count.
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": customerAddress() });
  await page.goto(`${origin}/staff`);
  await page.getByLabel(texts.phone).fill(phone);
  await page.getByRole("button", { name: texts.getCode }).click();
  if (testInfo.retry === 0) {
    await page.getByLabel(texts.code).fill(await smsCodeFor(testInfo, phone, since));
    return;
  }
  // A retried journey signs the same phone in again within the minute a new code must wait (the
  // first try used the code): it asks again until the server sends one, as a person would, and
  // has that minute on top of its own time.
  testInfo.setTimeout(testInfo.timeout + 90_000);
  let code = "";
  await expect(async () => {
    code = await smsCodeFor(testInfo, phone, since, 1_000).catch(() => "");
    if (code) return;
    const again = page.getByRole("button", { name: texts.sendAgain });
    if (await again.isVisible()) await again.click();
    throw new Error(`no new code for ${phone} yet`);
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  await page.getByLabel(texts.code).fill(code);
}
