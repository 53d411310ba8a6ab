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

  test("search, a category, a product page and my orders", async ({ page }, testInfo) => {
    await page.goto("/search?q=lavash");
    await expect(page.getByRole("list", { name: "Found products" })).toBeVisible();
    await expectNoSeriousViolations(page, "search");
    const href = await page.locator(".search-result").first().getAttribute("href");
    const id = new URL(href ?? "", "http://x").searchParams.get("product") ?? "";

    await page.goto("/category");
    await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
    await expectNoSeriousViolations(page, "categories");
    await page.getByRole("link", { name: /^Lavash \d+$/ }).click();
    await expect(page.locator(".product-card").first()).toBeVisible();
    await expectNoSeriousViolations(page, "a category");

    await page.goto(`/product/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, "product page");

    await logInOnTheWeb(page, testInfo);
    await page.goto("/profile/orders");
    await expect(page.getByRole("tablist", { name: "My orders" })).toBeVisible();
    await expectNoSeriousViolations(page, "my orders");
  });
});

test.describe("keyboard", () => {
  test("a product's choices are radio groups and checkboxes worked from the keyboard", async ({ page }) => {
    await page.goto("/search?q=classic");
    const link = page.getByRole("link", { name: /^Chicken lavash, classic/ }).first();
    const id = new URL((await link.getAttribute("href")) ?? "", "http://x").searchParams.get("product");
    await page.goto(`/product/${id ?? ""}`);
    const add = page.getByRole("button", { name: /^Add to basket/ });
    await expect(add).toContainText("29 000");

    // Size is a group of radios named by its legend; a required single choice starts on its first.
    const size = page.getByRole("group", { name: /^Size/ });
    const radios = size.getByRole("radio");
    await expect(radios).toHaveCount(3);
    await expect(radios.first()).toBeChecked();
    for (const radio of (await radios.all()).slice(1)) await expect(radio).not.toBeChecked();
    // Space keeps the focused one chosen; the arrow keys move the choice along the group.
    await radios.first().focus();
    await page.keyboard.press("Space");
    await expect(size.getByRole("radio", { name: /^Mini/ })).toBeChecked();
    await page.keyboard.press("ArrowDown");
    const standard = size.getByRole("radio", { name: /^Standard/ });
    await expect(standard).toBeChecked();
    await expect(standard).toBeFocused();
    await expect(size.getByRole("radio", { name: /^Mini/ })).not.toBeChecked();
    await expect(add).toContainText("34 000");
    await page.keyboard.press("ArrowUp");
    await expect(size.getByRole("radio", { name: /^Mini/ })).toBeChecked();
    await expect(add).toContainText("29 000");

    // Extras: checkboxes; Tab leaves the radio group for the first of them, Space ticks it.
    await page.keyboard.press("Tab");
    const extras = page.getByRole("group", { name: /^Extras/ });
    const cheese = extras.getByRole("checkbox").first();
    await expect(cheese).toBeFocused();
    await page.keyboard.press("Space");
    await expect(cheese).toBeChecked();
    await expect(add).not.toContainText("29 000");
    await page.keyboard.press("Space");
    await expect(cheese).not.toBeChecked();
    await expect(add).toContainText("29 000");
  });

  test("the orders tabs are a tablist: one tab stop, the arrow keys, Home and End", async ({
    page,
  }, testInfo) => {
    await logInOnTheWeb(page, testInfo);
    await page.goto("/profile/orders");
    const tabs = page.getByRole("tablist", { name: "My orders" });
    const active = tabs.getByRole("tab", { name: "Active" });
    const archive = tabs.getByRole("tab", { name: "Archive" });
    await expect(active).toHaveAttribute("aria-selected", "true");
    await expect(archive).toHaveAttribute("aria-selected", "false");
    // Only the chosen tab is in the Tab order; the panel is labelled by it.
    await expect(active).toHaveAttribute("tabindex", "0");
    await expect(archive).toHaveAttribute("tabindex", "-1");
    await expect(page.getByRole("tabpanel", { name: "Active" })).toBeVisible();

    await active.focus();
    await page.keyboard.press("ArrowRight");
    await expect(archive).toHaveAttribute("aria-selected", "true");
    await expect(archive).toBeFocused();
    await expect(page).toHaveURL(/tab=archive/);
    await expect(page.getByRole("tabpanel", { name: "Archive" })).toBeVisible();
    // The arrows wrap; Home and End go to the first and the last tab.
    await page.keyboard.press("ArrowRight");
    await expect(active).toHaveAttribute("aria-selected", "true");
    await expect(active).toBeFocused();
    await page.keyboard.press("End");
    await expect(archive).toBeFocused();
    await expect(archive).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(active).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(archive).toBeFocused();
    await expect(page).toHaveURL(/tab=archive/);
    // Tab leaves the tablist instead of visiting the other tab.
    await page.keyboard.press("Tab");
    await expect(active).not.toBeFocused();
    await expect(archive).not.toBeFocused();
  });
});
