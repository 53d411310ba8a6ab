// The storefront without network (issue 42): its service worker keeps the page, the code, the last
// menu and the customer's orders, so a reopen offline shows them with a notice instead of the
// browser's error page. The other journeys block service workers (playwright.config.ts).
import { expect, test } from "@playwright/test";
import { logInOnTheWeb, seedPickupBasket } from "./support/session.ts";

test.use({ serviceWorkers: "allow", locale: "en-US" });

test("a customer reopens the storefront offline: the menu and their last order show, with a notice", async ({
  page,
  context,
  request,
}, testInfo) => {
  await logInOnTheWeb(page, testInfo);
  // The worker took the page (it registers after the first load and claims it once it has
  // precached the storefront's code, about 1.9 MB: over 10 s on a loaded CI machine).
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 })
    .toBe(true);

  // An order (pickup, at a set time: the demo kitchen leaves it as it is), and the menu seen once.
  await seedPickupBasket(page, request, testInfo);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
  await page.getByRole("radio", { name: "At a set time" }).check();
  await page.locator("[data-platform-main-button] button").click();
  const heading = page.getByRole("heading", { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  const orderPage = new URL(page.url()).pathname;
  const orderName = await heading.innerText();
  await page.goto("/");
  await expect(page.locator(".product-card").first()).toBeVisible();

  await context.setOffline(true);
  await page.goto("/");
  await expect(page.getByRole("status").filter({ hasText: "Offline" })).toBeVisible();
  await expect(page.locator(".product-card").first()).toBeVisible();

  // The order's own address, never opened as a page before: the kept page draws it from the kept answer.
  await page.goto(orderPage);
  await expect(page.getByRole("heading", { level: 1, name: orderName })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Offline" })).toBeVisible();

  // Back online, the notice goes.
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: "Offline" })).toHaveCount(0);
});
