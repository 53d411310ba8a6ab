/// <reference lib="dom" />
// The menu and the basket as a customer walks them, on the web and inside the mocked Telegram:
// browse, search, open a product, be stopped by a required choice, choose, add, change the
// quantity, reach the basket (Telegram: through the MainButton), keep it across a reload and a login.
import { expect, test, type BrowserContext, type FrameLocator, type Page } from "@playwright/test";
import { appFrame, openInTelegram, storedSession } from "./fixtures/platform.ts";

const CLASSIC = "Chicken lavash, classic";

async function inEnglish(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  const host = new URL(baseURL ?? "http://lavash.localhost").hostname;
  await context.addCookies([{ name: "lang", value: "en", domain: host, path: "/" }]);
}

type Surface = Page | FrameLocator;

/** The basket lines as stored for the brand (`savat:lavash:basket`). */
async function storedBasket(
  page: Page,
): Promise<{ productId: string; count: number; modifications: unknown[] }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("savat:lavash:basket") ?? "[]") as never);
}

/** Opens the classic lavash, is stopped by the required size, picks Standard and an extra, adds 2. */
async function addClassicWithChoices(ui: Surface): Promise<void> {
  await ui.getByRole("link", { name: CLASSIC, exact: true }).first().click();
  const sheet = ui.getByRole("dialog");
  await expect(sheet.getByRole("heading", { name: CLASSIC })).toBeVisible();
  const add = sheet.getByRole("button", { name: /^Add to basket/ });
  await expect(add).toContainText("29 000");

  await add.click();
  await expect(sheet.getByRole("alert")).toHaveText("Size: choose at least 1");
  await expect(sheet.getByRole("group", { name: /Size/ })).toHaveAttribute("aria-invalid", "true");

  await sheet.getByRole("radio", { name: /Standard/ }).check();
  await expect(add).toContainText("34 000");
  const extras = sheet.getByRole("group", { name: /Extras/ });
  await extras.getByRole("checkbox").first().check();
  const withExtra = await add.textContent();
  expect(withExtra).not.toContain("34 000");

  await sheet.getByRole("group", { name: "Quantity" }).getByRole("button", { name: "More" }).click();
  await expect(sheet.getByRole("group", { name: "Quantity" })).toContainText("2 pcs");
  await add.click();
  await expect(sheet).toBeHidden();
}

test.describe("menu and basket on the web", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await inEnglish(context, baseURL);
  });

  test("browse, search, choose, add, change the quantity, and keep the basket across a reload", async ({
    page,
  }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 3, name: "Lavash", exact: true })).toBeVisible();
    // Sticky category navigation: a tab scrolls the menu to its category and becomes current.
    const nav = page.getByRole("navigation", { name: "Menu categories" });
    await nav.getByRole("button", { name: "Drinks" }).click();
    await expect(main.getByRole("heading", { level: 3, name: "Drinks" })).toBeInViewport();
    await expect(nav.getByRole("button", { name: "Drinks" })).toHaveAttribute("aria-current", "true");
    // Long lists are virtualised: far fewer cards in the DOM than the 300+ products.
    expect(await page.locator(".product-card").count()).toBeLessThan(80);

    // Search: instant, across names, with a "nothing found" state.
    await page.goto("/search");
    const box = page.getByRole("searchbox", { name: "Search the menu" });
    await box.fill("zzzz no such dish");
    await expect(page.getByText("Nothing found")).toBeVisible();
    await box.fill("classic lavash");
    const results = page.getByRole("list", { name: "Found products" });
    await expect(results.getByRole("link", { name: new RegExp(CLASSIC) })).toBeVisible();

    await page.goto("/");
    await addClassicWithChoices(page);
    await expect(page.getByRole("status").filter({ hasText: "Product added to cart" })).toHaveCount(1);
    await expect(page.getByTestId("basket-badge")).toHaveText("2");
    const [line] = await storedBasket(page);
    expect(line).toMatchObject({ count: 2 });
    expect(line?.modifications).toHaveLength(2);

    // The basket: change the quantity, see the totals follow.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /Basket/ })
      .click();
    await expect(page).toHaveURL(/\/basket$/);
    const total = page.getByTestId("basket-total");
    const before = await total.textContent();
    await page
      .getByRole("group", { name: `${CLASSIC}: quantity` })
      .getByRole("button", { name: "More" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Quantity updated" })).toHaveCount(1);
    await expect(total).not.toHaveText(before ?? "");
    await expect(page.getByTestId("basket-badge")).toHaveText("3");

    await page.reload();
    await expect(page.getByRole("group", { name: `${CLASSIC}: quantity` })).toContainText("3 pcs");
    await expect(page.getByTestId("basket-badge")).toHaveText("3");
    // The way on is checkout (the page's main button outside Telegram).
    await expect(page.locator("[data-platform-main-button] button")).toContainText("Checkout");
  });

  test("a product page of its own, and a product that does not exist", async ({ page, request }) => {
    await page.goto("/");
    const href = await page.getByRole("link", { name: CLASSIC, exact: true }).first().getAttribute("href");
    const id = new URLSearchParams(href?.split("?")[1]).get("product");
    expect(id).toBeTruthy();
    await page.goto(`/product/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: CLASSIC })).toBeVisible();
    await expect(page.getByText(/kcal/)).toBeVisible();
    await page.goto("/product/0190c0de-0000-7000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
    // Guests are invited to log in for favourites.
    await page.goto(`/product/${id}`);
    await expect(
      page.getByRole("link", { name: `Log in to keep ${CLASSIC} in your favourites` }),
    ).toHaveAttribute("href", `/login?redirect=${encodeURIComponent(`/product/${id}`)}`);
    expect(request).toBeTruthy();
  });

  test("a product image is a 480x480 webp variant from the server", async ({ page }) => {
    await page.goto("/");
    const img = page.locator(".product-card img").first();
    await expect(img).toBeVisible();
    const src = await img.getAttribute("src");
    expect(src).toMatch(/\/api\/products\/v1\/image\?src=%2Fdemo%2F.+&w=480&h=480&q=100&format=webp$/);
    const size = await img.evaluate((el: HTMLImageElement) =>
      el.complete ? [el.naturalWidth, el.naturalHeight] : null,
    );
    if (size) expect(size).toEqual([480, 480]);
  });
});

test.describe("menu and basket inside Telegram", () => {
  test("the MainButton shows the basket and leads on; the basket survives the login", async ({
    page,
    context,
    baseURL,
  }) => {
    await inEnglish(context, baseURL);
    // A guest's basket on the web...
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Menu categories" })
      .getByRole("button", { name: "Drinks" })
      .click();
    await page
      .getByRole("button", { name: /^Add .* to basket$/ })
      .first()
      .click();
    await expect(page.getByTestId("basket-badge")).toHaveText("1");
    const guestBasket = await storedBasket(page);
    expect(guestBasket).toHaveLength(1);
    expect((await storedSession(page))?.token ?? null).toBeNull();

    // ...is there after the mini app logs in with Telegram.
    const tg = await openInTelegram(page, { languageCode: "en" });
    await expect
      .poll(async () => (await storedSession(appFrame(page)))?.token ?? null)
      .toMatch(/^[\w-]{43}$/);
    const mainButton = page.getByTestId("tg-main-button");
    await expect(mainButton).toBeVisible();
    await expect(mainButton).toContainText("Basket · 1 ·");
    await expect(page.locator("body")).toHaveAttribute("data-closing-confirmation", "on");

    // Choose and add inside the mini app; the MainButton follows the basket.
    await addClassicWithChoices(tg.app);
    await expect(mainButton).toContainText("Basket · 3 ·");

    await mainButton.click();
    await expect(tg.app.getByRole("heading", { level: 1, name: "Basket" })).toBeVisible();
    await expect(mainButton).toContainText("Checkout");
    const lines = await appFrame(page).evaluate(() => localStorage.getItem("savat:lavash:basket"));
    expect(JSON.parse(lines ?? "[]")).toHaveLength(2);

    // Telegram's BackButton returns to the menu.
    await page.getByTestId("tg-left").click();
    await expect(tg.app.getByRole("navigation", { name: "Menu categories" })).toBeVisible();
    await expect(mainButton).toContainText("Basket · 3 ·");
  });
});
