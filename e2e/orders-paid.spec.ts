// My orders says whether each order is paid (issue 35): an online order still waiting shows
// "Awaiting payment" with a Pay button that continues the payment as the order's page does, and a
// paid one "Paid" beside its sum. (A cash order is paid on receipt: the demo's order simulator hands
// it over within seconds, so the unpaid moment of one is not observable here.)
import { expect, test, type Page } from "@playwright/test";
import { logInOnTheWeb, seedPickupBasket } from "./support/session.ts";

test.setTimeout(180_000);

const pageMainButton = (page: Page) => page.locator("[data-platform-main-button] button");

async function placeWithPayme(page: Page): Promise<void> {
  await page.goto("/checkout");
  await page.getByRole("radio", { name: "Payme" }).check();
  await expect(page.getByTestId("checkout-total")).not.toHaveText("—", { timeout: 30_000 });
  await pageMainButton(page).click();
  // The provider's pay page (the demo's stand-in) opens in this tab; the customer leaves it unpaid.
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeVisible({ timeout: 30_000 });
}

test("my orders shows Awaiting payment with Pay on an unpaid online order, and Paid once it is paid", async ({
  page,
  context,
  request,
}, testInfo) => {
  await context.addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
  await logInOnTheWeb(page, testInfo);
  await seedPickupBasket(page, request, testInfo);
  await placeWithPayme(page);

  await page.goto("/profile/orders");
  const online = page.getByRole("listitem").filter({ has: page.getByTestId("order-row") });
  await expect(online).toHaveCount(1, { timeout: 30_000 });
  await expect(online.getByTestId("order-row-awaiting")).toContainText("Awaiting payment");
  await expect(online.getByTestId("order-row-paid")).toHaveCount(0);

  // Pay continues on the provider's page, as the order's page does; paid, the list says so.
  await online.getByRole("button", { name: /^Pay .* for order #\d+$/ }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("order-paid")).toHaveText("Paid", { timeout: 30_000 });
  await page.goto("/profile/orders");
  // Paid, it goes on (the simulator may move it to the archive): found in either tab.
  const paidRow = page.getByTestId("order-row-paid");
  await expect
    .poll(
      async () => {
        for (const tab of ["active", "archive"]) {
          await page.goto(`/profile/orders?tab=${tab}`);
          await page.getByRole("tabpanel").locator(".orders-list, .orders-empty").first().waitFor();
          if ((await paidRow.count()) > 0) return paidRow.first().textContent();
        }
        return null;
      },
      { timeout: 45_000 },
    )
    .toBe("Paid");
  await expect(page.getByTestId("order-row-awaiting")).toHaveCount(0);
});
