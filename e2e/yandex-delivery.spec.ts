// A brand whose deliveries Yandex Delivery carries (issue 39): "tezkor" (lavash's menu and branches
// under a sub of its own, scripts/e2e-server.ts) holds the demo's Yandex token, and the server's fake
// Yandex Delivery moves its performer by itself (DEMO_YANDEX_STEP_MS). The customer is charged
// Yandex's price for the route at the checkout, follows the performer's pin across their order's map
// with name and car, and an order staff cancel has its claim cancelled at Yandex (the console's card
// says so).
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type TestInfo } from "@playwright/test";
import { FakeYandexDelivery } from "../server/src/fakes/fake-yandex-delivery.ts";
import { storedSession } from "./fixtures/platform.ts";
import { CENTRE_ADDRESS, logInOnTheWeb, plainDish, seedBasket } from "./support/session.ts";
import { apiUrl, brandOrigin, merchantOf, portOf } from "./support/storefront.ts";

const BRAND = "tezkor";

interface BoardOrder {
  id: string;
  delivery?: { state: string; claimStatus: string | null } | null;
}

async function boardDelivery(
  request: APIRequestContext,
  testInfo: TestInfo,
  staff: Record<string, string>,
  orderId: string,
) {
  const res = await request.get(apiUrl(testInfo, "/staff/v1/board"), { headers: staff });
  const board = (await res.json()) as { orders: BoardOrder[] };
  return board.orders.find((o) => o.id === orderId)?.delivery ?? null;
}

test("a brand on Yandex Delivery: Yandex's price at the checkout, its performer moving on the customer's map, a cancelled order's claim cancelled", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = brandOrigin(testInfo, BRAND);
  const merchant = await merchantOf(request, testInfo, BRAND);
  const staffToken = fs
    .readFileSync(path.resolve(`.data-e2e-${portOf(testInfo)}`, `staff-token-${BRAND}`), "utf8")
    .trim();
  const staff = { merchant: merchant.id, authorization: `Bearer ${staffToken}` };

  await page.context().addCookies([{ name: "lang", value: "en", domain: `${BRAND}.localhost`, path: "/" }]);
  await logInOnTheWeb(page, testInfo, origin);
  const dish = await plainDish(request, testInfo, BRAND, (p) => p.costPrice >= 35_000);
  await seedBasket(page, BRAND, dish, 1, { serviceType: "DELIVERY", address: CENTRE_ADDRESS });

  // The checkout asks Yandex for the route's price and says whose price it is.
  await page.goto(`${origin}/checkout`);
  await expect(page.getByText("Delivered by Yandex Delivery at its price for your route")).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("radio", { name: "Cash" }).check();
  await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
  await page.locator("[data-platform-main-button] button").click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible({
    timeout: 30_000,
  });
  const orderId = /\/profile\/orders\/([\w-]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? "";
  const session = await storedSession(page, BRAND);
  if (!session) throw new Error("the customer is not signed in");
  const customer = { merchant: merchant.id, authorization: `Bearer ${session.token}` };
  const placed = (await (
    await request.get(apiUrl(testInfo, `/orders/v1/orders/${orderId}`), { headers: customer })
  ).json()) as { deliveryPrice: number; branch: { id: string; latitude: number; longitude: number } };
  // Yandex's price for this route, not the zone's tariff (10 000).
  expect(placed.deliveryPrice).toBe(
    FakeYandexDelivery.priceOf(
      [placed.branch.longitude, placed.branch.latitude],
      [CENTRE_ADDRESS.longitude, CENTRE_ADDRESS.latitude],
    ),
  );
  expect(placed.deliveryPrice).not.toBe(10_000);

  // Ready in the kitchen (the demo's simulator), the claim is made; its performer drives to the door.
  await page.goto(`${origin}/profile/orders/${orderId}/map`);
  const performer = page.getByTestId("order-map-performer");
  await expect(performer).toContainText(/^Yandex Delivery courier .+, .+/, { timeout: 60_000 });
  const pin = page.getByRole("button", { name: "Courier", exact: true });
  // The performer's name can come before its first position: the server reads it every 5 s.
  await expect(pin).toBeVisible({ timeout: 30_000 });
  const first = await pin.boundingBox();
  await expect
    .poll(
      async () => {
        const now = await pin.boundingBox();
        return now && first ? Math.hypot(now.x - first.x, now.y - first.y) : 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(2);
  await page.screenshot({ path: testInfo.outputPath("yandex-performer-on-map.png") });
  await expect(page.getByTestId("order-map-status")).toHaveText(/Delivered|Closed/, { timeout: 60_000 });
  // Yandex's "delivered_finish" closes the claim a step after the door: the console's card says so.
  await expect
    .poll(async () => (await boardDelivery(request, testInfo, staff, orderId))?.state, { timeout: 30_000 })
    .toBe("DONE");

  // A second order: staff cancel it once Yandex took its claim; the claim is cancelled at Yandex.
  const second = await request.post(apiUrl(testInfo, "/orders/v1/orders"), {
    headers: customer,
    data: {
      serviceType: "DELIVERY",
      paymentType: "CASH",
      cartItems: [{ productId: dish.id, count: 1, modifications: [] }],
      address: CENTRE_ADDRESS,
      branchId: placed.branch.id,
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  const secondId = ((await second.json()) as { id: string }).id;
  await expect
    .poll(async () => (await boardDelivery(request, testInfo, staff, secondId))?.state, { timeout: 60_000 })
    .toBe("FOLLOWING");
  const cancelled = await request.put(apiUrl(testInfo, `/staff/v1/orders/${secondId}/status`), {
    headers: staff,
    data: { status: "CANCELED", comment: "the customer called to cancel" },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect
    .poll(async () => await boardDelivery(request, testInfo, staff, secondId), { timeout: 30_000 })
    .toMatchObject({ state: "CANCELLED", claimStatus: expect.stringMatching(/^cancelled/) });
});
