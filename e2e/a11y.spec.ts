// Accessibility: axe-core on the customer's screens at the phone and the desktop size. A screen
// passes with no serious or critical violation (axe's own impact levels); the message lists what
// it found, with the elements, so a failure says what to fix.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { logInOnTheWeb, seedPickupBasket } from "./support/session.ts";

async function inEnglish(context: BrowserContext): Promise<void> {
  const hosts = ["lavash.localhost", "127.0.0.1"];
  await context.addCookies(hosts.map((domain) => ({ name: "lang", value: "en", domain, path: "/" })));
}

test.beforeEach(async ({ context }) => {
  await inEnglish(context);
});

/** Axe's serious and critical findings on what the page shows now (or inside `include`). */
async function expectNoSeriousViolations(page: Page, screen: string, include?: string): Promise<void> {
  // Sheets slide in: check what stays, not a frame of the animation.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(serious, `${screen}:\n${serious.join("\n")}`).toEqual([]);
}

test.describe("accessibility", () => {
  test("the menu, a product sheet and the basket", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".product-card").first()).toBeVisible();
    await expectNoSeriousViolations(page, "menu");

    await page.locator(".product-card a").first().click();
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await expectNoSeriousViolations(page, "product sheet");
    const add = sheet.getByRole("button", { name: /^Add to basket/ });
    if (await add.isEnabled()) await add.click();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();

    await page.goto("/basket");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, "basket");
  });

  test("the checkout, an order page and its cancel dialog", async ({ page, request }, testInfo) => {
    await logInOnTheWeb(page, testInfo);
    await seedPickupBasket(page, request, testInfo);
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
    // A later order: it stays cancellable while the demo simulator waits for its time.
    await page.getByRole("radio", { name: "At a set time" }).check();
    await expect(page.getByLabel("Time", { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, "checkout");

    await page.locator("[data-platform-main-button] button").click();
    await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "AT_TIME");
    await expectNoSeriousViolations(page, "order page");

    await page.getByRole("button", { name: "Cancel the order" }).click();
    await expect(page.getByRole("dialog", { name: "Are you sure?" })).toBeVisible();
    await expectNoSeriousViolations(page, "cancel dialog");
  });

  test("the profile and the personal information forms", async ({ page }, testInfo) => {
    await logInOnTheWeb(page, testInfo);
    await page.goto("/profile");
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    await expectNoSeriousViolations(page, "profile");

    await page.goto("/profile/user");
    await expect(page.getByLabel("First name")).toBeVisible();
    await expectNoSeriousViolations(page, "personal information");

    await page.getByRole("button", { name: "Change", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Change the phone number" })).toBeVisible();
    await expectNoSeriousViolations(page, "phone change");
  });
});
