/// <reference lib="dom" />
// Banners and vacancies as a customer meets them: lavash shows its banners above the menu and a
// banner leads to its product (on the web and inside the mocked Telegram), a vacancy opens with its
// contacts, and plov, whose switches are off, shows neither.
import { expect, test, type BrowserContext, type FrameLocator, type Page } from "@playwright/test";
import { openInTelegram } from "./fixtures/platform.ts";
import { brandOrigin } from "./support/storefront.ts";

const CLASSIC = "Chicken lavash, classic";

async function inEnglish(context: BrowserContext, origin: string): Promise<void> {
  await context.addCookies([{ name: "lang", value: "en", domain: new URL(origin).hostname, path: "/" }]);
}

async function followProductBanner(ui: Page | FrameLocator): Promise<void> {
  const carousel = ui.getByRole("region", { name: "Offers" });
  await expect(carousel).toBeVisible();
  await expect(carousel.getByRole("group", { name: "Choose a banner" }).getByRole("button")).toHaveCount(4);
  const first = carousel.getByRole("group", { name: "New: chicken lavash (1 of 4)" });
  // The picture has its size before it loads: no jump of the menu under it.
  const image = first.locator("img");
  await expect(image).toHaveAttribute("width", "1200");
  await expect(image).toHaveAttribute("height", "500");
  await first.getByRole("button").click();
  const sheet = ui.getByRole("dialog");
  await expect(sheet.getByRole("heading", { name: CLASSIC })).toBeVisible();
}

test.describe("banners", () => {
  test("a banner leads to its product, a promo banner copies its code", async ({
    page,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    // Reduced motion: the carousel stays where the test puts it.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${origin}/`);
    await followProductBanner(page);
    await expect(page).toHaveURL(/[?&]sheet=product&product=/);

    await page.goBack();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const carousel = page.getByRole("region", { name: "Offers" });
    await carousel.getByRole("button", { name: "Banner 3 of 4" }).click();
    await expect(carousel.getByRole("button", { name: "Banner 3 of 4" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await carousel
      .getByRole("group", { name: /\(3 of 4\)$/ })
      .getByRole("button")
      .click();
    await expect(page.getByText("Promo code copied", { exact: true }).last()).toBeVisible();
  });

  test("the carousel advances by itself", async ({ page, context }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto(`${origin}/`);
    const dots = page.getByRole("region", { name: "Offers" }).getByRole("group", { name: "Choose a banner" });
    await expect(dots.getByRole("button", { name: "Banner 1 of 4" })).toHaveAttribute("aria-current", "true");
    await page.mouse.move(0, 0);
    await expect(dots.getByRole("button", { name: "Banner 2 of 4" })).toHaveAttribute(
      "aria-current",
      "true",
      {
        timeout: 15_000,
      },
    );
  });

  test("inside Telegram a banner opens its product", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the mini app is phone-sized");
    await page.emulateMedia({ reducedMotion: "reduce" });
    const tg = await openInTelegram(page, { languageCode: "en" });
    await followProductBanner(tg.app);
  });
});

test.describe("vacancies", () => {
  test("from the footer to a vacancy and its contacts", async ({ page, context }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await page.goto(`${origin}/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Vacancies" }).click();
    await expect(page).toHaveURL(/\/vacancy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Vacancies" })).toBeVisible();
    const cards = page.getByTestId("vacancy-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText("Lavash cook");
    await expect(cards.first()).toContainText("a month");
    await expect(cards.first()).toContainText("Tashkent");
    await expect(cards.nth(2)).toContainText("Salary negotiable");

    await cards.first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Lavash cook" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Requirements" })).toBeVisible();
    await expect(page.getByText("Dilnoza Karimova")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", "tel:+998712000010");
    await expect(page.getByRole("link", { name: "Write in Telegram" })).toHaveAttribute(
      "href",
      "https://t.me/lavash_hr",
    );
  });
});

test.describe("switched off (plov)", () => {
  test("no banners, no vacancies link, and /vacancy is a 404", async ({ page, context }, testInfo) => {
    const origin = brandOrigin(testInfo, "plov");
    await inEnglish(context, origin);
    let bannerAsked = false;
    page.on("request", (r) => {
      if (r.url().includes("/support/v1/banner")) bannerAsked = true;
    });
    await page.goto(`${origin}/`);
    // plov speaks uz and ru only: the menu is there once a product card is.
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
    await expect(page.locator(".banners")).toHaveCount(0);
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: /Vacanc|Ваканс|Vakans/ }),
    ).toHaveCount(0);
    expect(bannerAsked).toBe(false);

    await page.goto(`${origin}/vacancy`);
    await expect(page.getByRole("heading", { level: 1, name: /^404 / })).toBeVisible();
  });
});
