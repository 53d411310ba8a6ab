// Paying with Uzum Bank on the web: the demo's sushi takes Uzum; a delivery order placed with Uzum
// goes straight on to Uzum's pay page (the demo's local stand-in, which calls our Merchant API
// webhooks check -> create -> confirm as Uzum does) and comes back paid; a declined payment (check ->
// create -> reverse) leaves the order waiting. Sushi's main language is English.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { freshTelegramId } from "./fixtures/platform.ts";
import { apiUrl, brandOrigin, merchantOf } from "./support/storefront.ts";
import { smsCodeFor } from "./support/session.ts";

interface Product {
  id: string;
  name: { eng?: string };
  image: string | null;
  costPrice: number;
  discount: number;
  unit: string;
  isAvailable: boolean;
  modificationGroups: unknown[];
}

/** Inside sushi's "City centre" delivery zone. */
const ADDRESS = {
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

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "lang", value: "eng", domain: "sushi.localhost", path: "/" }]);
});

async function sushiDish(page: Page, testInfo: TestInfo): Promise<Product> {
  const merchant = await merchantOf(page.request, testInfo, "sushi");
  const overall = (await (
    await page.request.get(apiUrl(testInfo, "/products/v1/overalls?type=WEB"), {
      headers: { merchant: merchant.id },
    })
  ).json()) as { products: Product[] };
  const dish = overall.products.find(
    (p) => p.isAvailable && p.modificationGroups.length === 0 && p.discount === 0,
  );
  if (!dish) throw new Error("demo facts missing");
  return dish;
}

async function logIn(page: Page, testInfo: TestInfo): Promise<void> {
  const phone = `+99899${freshTelegramId().slice(-7)}`;
  const since = Date.now() - 1000;
  await page.goto(`${brandOrigin(testInfo, "sushi")}/login`);
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Get the code" }).click();
  await expect(page).toHaveURL(/\/login\/confirm\?/);
  await page.getByLabel("Code from the SMS").fill(await smsCodeFor(testInfo, phone, since));
  await expect(page.getByText("You are logged in", { exact: true }).last()).toBeVisible();
}

/** A basket over sushi's minimum and a delivery draft to the centre, as a customer left them. */
async function seedDelivery(page: Page, dish: Product) {
  const line = {
    key: dish.id,
    productId: dish.id,
    name: dish.name,
    image: dish.image ?? "",
    costPrice: dish.costPrice,
    discount: dish.discount,
    unit: dish.unit,
    count: Math.ceil(60_000 / dish.costPrice),
    modifications: [],
  };
  await page.evaluate(
    ({ basket, draft }) => {
      localStorage.setItem("savat:sushi:basket", JSON.stringify(basket));
      const key = "savat:sushi:session";
      const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...session, orderRequest: draft }));
    },
    { basket: [line], draft: { serviceType: "DELIVERY", address: ADDRESS } },
  );
}

const pageMainButton = (page: Page) => page.locator("[data-platform-main-button] button");

/** From the seeded basket: the checkout with Uzum, placed, on to Uzum's pay page. */
async function placeWithUzum(page: Page, testInfo: TestInfo) {
  await page.goto(`${brandOrigin(testInfo, "sushi")}/checkout`);
  await page.getByRole("radio", { name: "Uzum Bank" }).check();
  await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
  await pageMainButton(page).click();
  await expect(page).toHaveURL(/\/api\/dev\/uzum\/pay\?/);
  const orderId = new URL(page.url()).searchParams.get("orderId");
  expect(orderId).toMatch(/^[\w-]{36}$/);
  await expect(page.locator("body")).toContainText(orderId ?? "");
  return orderId ?? "";
}

test.describe("paying with Uzum Bank", () => {
  test("a delivery order paid on the web through Uzum's page comes back paid and accepted", async ({
    page,
  }, testInfo) => {
    const dish = await sushiDish(page, testInfo);
    await logIn(page, testInfo);
    await seedDelivery(page, dish);
    const orderId = await placeWithUzum(page, testInfo);
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderId}$`));
    await expect(page.getByTestId("order-paid")).toHaveText("Paid");
    await expect(page.getByTestId("order-status")).not.toHaveAttribute("data-status", "OPEN");
  });

  test("a declined payment leaves the order waiting and unpaid", async ({ page }, testInfo) => {
    const dish = await sushiDish(page, testInfo);
    await logIn(page, testInfo);
    await seedDelivery(page, dish);
    const orderId = await placeWithUzum(page, testInfo);
    await page.getByRole("button", { name: "Decline", exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderId}$`));
    await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "OPEN");
    await expect(page.getByTestId("order-paid")).toHaveText("Not paid");
  });
});
