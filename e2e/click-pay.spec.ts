// Paying with Click on the web: the demo's plov takes Click; a pickup order placed with Click goes
// straight on to Click's pay page (the demo's local stand-in, which calls our SHOP-API Prepare and
// Complete as Click does) and comes back paid; a declined payment leaves the order waiting, and the
// order page's Pay button pays it later. Plov speaks uz and ru: the journey runs in Russian.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { freshTelegramId } from "./fixtures/platform.ts";
import { apiUrl, brandOrigin, merchantOf } from "./support/storefront.ts";
import { smsCodeFor } from "./support/session.ts";

interface Product {
  id: string;
  name: { ru?: string };
  image: string | null;
  costPrice: number;
  discount: number;
  unit: string;
  isAvailable: boolean;
  modificationGroups: unknown[];
}
interface Branch {
  id: string;
  isMain: boolean;
  name: { ru?: string };
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "lang", value: "ru", domain: "plov.localhost", path: "/" }]);
});

async function plovFacts(page: Page, testInfo: TestInfo) {
  const merchant = await merchantOf(page.request, testInfo, "plov");
  const headers = { merchant: merchant.id };
  const overall = (await (
    await page.request.get(apiUrl(testInfo, "/products/v1/overalls?type=WEB"), { headers })
  ).json()) as { products: Product[] };
  const dish = overall.products.find(
    (p) => p.isAvailable && p.modificationGroups.length === 0 && p.discount === 0,
  );
  const branches = (await (
    await page.request.get(apiUrl(testInfo, "/users/v1/branches"), { headers })
  ).json()) as Branch[];
  const main = branches.find((b) => b.isMain);
  if (!dish || !main) throw new Error("demo facts missing");
  return { dish, main };
}

/** Signs in on plov's storefront with a fresh phone (the demo writes the SMS to the outbox). */
async function logIn(page: Page, testInfo: TestInfo): Promise<void> {
  const phone = `+99899${freshTelegramId().slice(-7)}`;
  const since = Date.now() - 1000;
  await page.goto(`${brandOrigin(testInfo, "plov")}/login`);
  await page.getByLabel("Номер телефона").fill(phone);
  await page.getByRole("button", { name: "Получить код" }).click();
  await expect(page).toHaveURL(/\/login\/confirm\?/);
  await page.getByLabel("Код из SMS").fill(await smsCodeFor(testInfo, phone, since));
  await expect(page.getByText("Вы вошли в систему", { exact: true }).last()).toBeVisible();
}

/** A basket of `count` dishes and a pickup draft at the main branch, as a customer left them. */
async function seedPickup(page: Page, facts: Awaited<ReturnType<typeof plovFacts>>, count: number) {
  const { dish, main } = facts;
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
  await page.evaluate(
    ({ basket, draft }) => {
      localStorage.setItem("savat:plov:basket", JSON.stringify(basket));
      const key = "savat:plov:session";
      const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...session, orderRequest: draft }));
    },
    { basket: [line], draft: { serviceType: "PICK_UP", branch: main, branchId: main.id } },
  );
}

const pageMainButton = (page: Page) => page.locator("[data-platform-main-button] button");

/** From the seeded basket: the checkout with Click, placed, on to Click's pay page. */
async function placeWithClick(page: Page, testInfo: TestInfo) {
  await page.goto(`${brandOrigin(testInfo, "plov")}/checkout`);
  await page.getByRole("radio", { name: "Click" }).check();
  await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
  await pageMainButton(page).click();
  await expect(page).toHaveURL(/\/api\/dev\/click\/pay\?/);
  const orderId = new URL(page.url()).searchParams.get("transaction_param");
  expect(orderId).toMatch(/^[\w-]{36}$/);
  await expect(page.locator("body")).toContainText(orderId ?? "");
  return orderId ?? "";
}

test.describe("paying with Click", () => {
  test("a pickup order paid on the web through Click's page comes back paid and accepted", async ({
    page,
  }, testInfo) => {
    const facts = await plovFacts(page, testInfo);
    await logIn(page, testInfo);
    await seedPickup(page, facts, 2);
    const orderId = await placeWithClick(page, testInfo);
    // The server's total in so'm with two decimals, in Click's own query.
    expect(new URL(page.url()).searchParams.get("amount")).toBe(`${String(facts.dish.costPrice * 2)}.00`);
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderId}$`));
    await expect(page.getByTestId("order-paid")).toHaveText("Оплачен");
    await expect(page.getByTestId("order-status")).not.toHaveAttribute("data-status", "OPEN");
    await expect(page.getByRole("button", { name: /^Оплатить / })).toHaveCount(0);
  });

  test("a declined payment leaves the order waiting; Pay on its page pays it later", async ({
    page,
  }, testInfo) => {
    const facts = await plovFacts(page, testInfo);
    await logIn(page, testInfo);
    await seedPickup(page, facts, 1);
    const orderId = await placeWithClick(page, testInfo);
    await page.getByRole("button", { name: "Decline", exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderId}$`));
    await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "OPEN");
    await expect(page.getByTestId("order-paid")).toHaveText("Не оплачен");
    await page.getByRole("button", { name: /^Оплатить / }).click();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderId}$`));
    await expect(page.getByTestId("order-paid")).toHaveText("Оплачен");
    await expect(page.getByTestId("order-status")).not.toHaveAttribute("data-status", "OPEN");
  });
});
