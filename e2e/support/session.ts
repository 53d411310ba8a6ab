// Signing in on the web and a basket ready for the checkout, for journeys that need a customer
// with an order and do not test those steps themselves (the same steps e2e/orders.spec.ts and
// e2e/accounts.spec.ts walk and check).
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { freshTelegramId } from "../fixtures/platform.ts";
import { apiUrl, merchantOf, portOf } from "./storefront.ts";

/** The code of the newest console SMS to `phone` written after `since` (DATA_DIR/sms-outbox.jsonl). */
export async function smsCodeFor(testInfo: TestInfo, phone: string, since: number): Promise<string> {
  const outbox = path.resolve(`.data-e2e-${portOf(testInfo)}`, "sms-outbox.jsonl");
  let code = "";
  await expect
    .poll(() => {
      if (!fs.existsSync(outbox)) return "";
      for (const line of fs.readFileSync(outbox, "utf8").trim().split("\n").reverse()) {
        const sms = JSON.parse(line) as { phone: string; text: string; time: string };
        if (sms.phone === phone && Date.parse(sms.time) >= since)
          return (code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? "");
      }
      return "";
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Logs a fresh customer in on /login (the page reads English) of `origin`, lavash by default. */
export async function logInOnTheWeb(page: Page, testInfo: TestInfo, origin = ""): Promise<void> {
  const phone = `+99877${freshTelegramId().slice(-7)}`;
  const since = Date.now() - 1000;
  await page.goto(`${origin}/login`);
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Get the code" }).click();
  await expect(page).toHaveURL(/\/login\/confirm\?/);
  await page.getByLabel("Code from the SMS").fill(await smsCodeFor(testInfo, phone, since));
  await expect(page.getByText("You are logged in", { exact: true }).last()).toBeVisible();
  await expect(page).not.toHaveURL(/\/login(\/|\?|$)/);
}

interface Product {
  id: string;
  name: unknown;
  image: string | null;
  costPrice: number;
  discount: number;
  unit: string;
  isAvailable: boolean;
  modificationGroups: unknown[];
}

/**
 * Puts a lavash product in the basket and a pickup at the first branch in the order draft, as a
 * customer left them earlier on this device.
 */
export async function seedPickupBasket(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const merchant = await merchantOf(request, testInfo, "lavash");
  const headers = { merchant: merchant.id };
  const overall = (await (
    await request.get(apiUrl(testInfo, "/products/v1/overalls?type=WEB"), { headers })
  ).json()) as { products: Product[] };
  const product = overall.products.find(
    (p) => p.isAvailable && p.modificationGroups.length === 0 && p.costPrice >= 35_000,
  );
  const branches = (await (
    await request.get(apiUrl(testInfo, "/users/v1/branches"), { headers })
  ).json()) as {
    id: string;
    name: { eng?: string };
  }[];
  const branch = branches.find((b) => b.name.eng?.startsWith("Chilonzor")) ?? branches[0];
  if (!product || !branch) throw new Error("demo facts missing");
  const line = {
    key: product.id,
    productId: product.id,
    name: product.name,
    image: product.image ?? "",
    costPrice: product.costPrice,
    discount: product.discount,
    unit: product.unit,
    count: 1,
    modifications: [],
  };
  if (!page.url().startsWith("http")) await page.goto("/api/health");
  await page.evaluate(
    ({ lines, draft }) => {
      localStorage.setItem("savat:lavash:basket", JSON.stringify(lines));
      const key = "savat:lavash:session";
      const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...session, orderRequest: draft }));
    },
    { lines: [line], draft: { serviceType: "PICK_UP", branch, branchId: branch.id } },
  );
}
