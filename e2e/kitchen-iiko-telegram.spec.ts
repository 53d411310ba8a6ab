// A customer of a brand whose kitchen is iiko (issue 38): "oshxona" (plov's menu under a sub of its
// own, scripts/e2e-server.ts) is wired to the demo's fake iiko when the server starts
// (DEMO_KITCHEN_BRAND), and the fake cooks each order it takes, sending its statuses back through
// our iiko webhook a few seconds apart (DEMO_KITCHEN_STEP_MS). Nothing else moves the brand's orders
// (the order simulator leaves kitchen orders alone; no staff journey uses the brand), so a status on
// the page came from iiko. The mini app is a phone-sized web view: the phone project runs it.
import { expect, test } from "@playwright/test";
import { appFrame, openInTelegram, signTelegramLaunch, storedSession } from "./fixtures/platform.ts";
import { branchOf, plainDish, seedBasket } from "./support/session.ts";

const KITCHEN_BRAND = "oshxona";

test("a Telegram customer's order reaches iiko, and iiko's statuses come back to the order's page", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const dish = await plainDish(request, testInfo, KITCHEN_BRAND, (p) => p.costPrice >= 30_000);
  const branch = await branchOf(request, testInfo, KITCHEN_BRAND);
  // The basket the customer filled earlier, on the mini app's own origin.
  const { launch } = await signTelegramLaunch(page, { sub: KITCHEN_BRAND });
  await page.goto(`${new URL(launch.appUrl).origin}/api/health`);
  await seedBasket(page, KITCHEN_BRAND, dish, 2, { serviceType: "PICK_UP", branch, branchId: branch.id });
  const tg = await openInTelegram(page, { sub: KITCHEN_BRAND, languageCode: "en" });
  await expect
    .poll(async () => (await storedSession(appFrame(page), KITCHEN_BRAND))?.token ?? null, {
      timeout: 30_000,
    })
    .toMatch(/^[\w-]{43}$/);
  const mainButton = page.getByTestId("tg-main-button");
  await expect(mainButton).toContainText("Basket · 2 ·");
  await mainButton.click();
  await expect(mainButton).toContainText("Checkout");
  await mainButton.click();
  await expect(tg.app.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await tg.app.getByRole("radio", { name: "Cash" }).check();
  await expect(tg.app.getByTestId("checkout-total")).not.toHaveText("—");
  await mainButton.click();
  await expect(tg.app.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();

  // The fake iiko took it (no staff or simulator moves a kitchen brand's orders) and cooks it:
  // its statuses arrive through the webhook and the page follows them live, to the counter.
  const status = tg.app.getByTestId("order-status");
  await expect(status).toHaveAttribute("data-status", "CLOSED", { timeout: 45_000 });
  // Placed, then iiko's accepted, cooking, ready and closed: each one a step of the history.
  await expect
    .poll(async () => tg.app.getByTestId("order-timeline").locator("li").count())
    .toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: testInfo.outputPath("kitchen-order-telegram.png") });
});
