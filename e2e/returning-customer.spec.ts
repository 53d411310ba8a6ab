/// <reference lib="dom" />
// How many taps a returning customer needs on the web, from the menu to a paid delivery order
// (issue 35: Wolt-class apps take 12 or fewer). Returning: signed in, and this device remembers the
// last order's delivery address, as the storefront keeps the order draft.
import { expect, test, type Page } from "@playwright/test";
import { CENTRE_ADDRESS, logInOnTheWeb } from "./support/session.ts";

test.skip(({ isMobile }) => !isMobile, "a phone journey");
test.setTimeout(180_000);

const pageMainButton = (page: Page) => page.locator("[data-platform-main-button] button");

test("a returning customer orders delivery to their address and pays on Payme's page in 12 taps or fewer", async ({
  page,
  context,
}, testInfo) => {
  await context.addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
  await logInOnTheWeb(page, testInfo);
  await page.evaluate(
    (address) => {
      const key = "savat:lavash:session";
      const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
      localStorage.setItem(
        key,
        JSON.stringify({ ...session, orderRequest: { serviceType: "DELIVERY", address } }),
      );
    },
    { ...CENTRE_ADDRESS },
  );
  await page.goto("/");

  let taps = 0;
  const tap = async (target: { click(): Promise<void> }) => {
    taps += 1;
    await target.click();
  };

  // Two of the menu's first product (its size starts on the first option): over any minimum order.
  const open = page.getByRole("button", { name: /^Choose options for / }).first();
  await tap(open);
  const sheet = page.getByRole("dialog");
  await tap(sheet.getByRole("button", { name: "More", exact: true }));
  await tap(sheet.getByRole("button", { name: /^Add to basket/ }));
  // The floating basket bar over the menu.
  await tap(page.getByRole("link", { name: /^Basket: 2 items/ }));
  await tap(pageMainButton(page));
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  // The remembered address is the delivery's place: nothing to choose.
  await expect(page.getByTestId("checkout-place")).toContainText(CENTRE_ADDRESS.name);
  await tap(page.getByRole("radio", { name: "Pay on Payme's page" }));
  await expect(page.getByTestId("checkout-total")).not.toHaveText("—", { timeout: 30_000 });
  await tap(pageMainButton(page));
  await tap(page.getByRole("button", { name: "Pay", exact: true }));

  await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("order-paid")).toHaveText("Paid", { timeout: 30_000 });
  await expect(page.getByText(/Log in/)).toHaveCount(0);
  expect(taps).toBeLessThanOrEqual(12);
  testInfo.annotations.push({ type: "taps", description: String(taps) });
});
