/// <reference lib="dom" />
// The menu and the basket as a customer walks them, on the web and inside the mocked Telegram:
// browse, search, open a product (its required size already on the first option), choose, add, change the
// quantity, reach the basket (Telegram: through the MainButton), keep it across a reload and a login
// (Telegram and the web /login), keep favourites as a customer, and find the profile and the
// branches from every brand's chrome.
import {
  expect,
  test,
  type BrowserContext,
  type FrameLocator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { appFrame, freshTelegramId, openInTelegram, storedSession } from "./fixtures/platform.ts";
import { smsCodeFor } from "./support/session.ts";
import { brandOrigin } from "./support/storefront.ts";

const CLASSIC = "Chicken lavash, classic";

async function inEnglish(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  const host = new URL(baseURL ?? "http://lavash.localhost").hostname;
  await context.addCookies([{ name: "lang", value: "en", domain: host, path: "/" }]);
}

type Surface = Page | FrameLocator;

let phoneCounter = 0;
/** A mobile number no other journey of this run uses. */
function freshPhone(): string {
  phoneCounter += 1;
  return `+99893${freshTelegramId().slice(-5)}${String(phoneCounter % 100).padStart(2, "0")}`;
}

/**
 * Logs in on the web /login page (the caller is on it) with the code the demo server's console SMS
 * gateway appended to DATA_DIR/sms-outbox.jsonl (as e2e/accounts.spec.ts does).
 */
async function logInOnLoginPage(page: Page, testInfo: TestInfo, phone: string): Promise<void> {
  const since = Date.now() - 1000;
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Get the code" }).click();
  await expect(page).toHaveURL(/\/login\/confirm\?/);
  const code = await smsCodeFor(testInfo, phone, since);
  await page.getByLabel("Code from the SMS").fill(code);
  await expect(page.getByText("You are logged in", { exact: true }).last()).toBeVisible();
  await expect(page).not.toHaveURL(/\/login(\/|\?|$)/);
}

/** The basket lines as stored for the brand (`savat:lavash:basket`). */
async function storedBasket(
  page: Page,
): Promise<{ productId: string; count: number; modifications: unknown[] }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("savat:lavash:basket") ?? "[]") as never);
}

/** Opens the classic lavash (its required size on the first, Mini), picks Standard and an extra, adds 2. */
async function addClassicWithChoices(ui: Surface): Promise<void> {
  await ui.getByRole("link", { name: CLASSIC, exact: true }).first().click();
  const sheet = ui.getByRole("dialog");
  await expect(sheet.getByRole("heading", { name: CLASSIC })).toBeVisible();
  const add = sheet.getByRole("button", { name: /^Add to basket/ });
  await expect(add).toContainText("29 000");
  await expect(sheet.getByRole("radio", { name: /Mini/ })).toBeChecked();

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

/**
 * Taps "Drinks" in the category bar, waits for the list to settle there, and adds its first dish;
 * answers the dish's name.
 */
async function addFirstDrink(page: Page): Promise<string> {
  await page
    .getByRole("navigation", { name: "Menu categories" })
    .getByRole("button", { name: "Drinks" })
    .click();
  // The list scrolls smoothly to the category: a tap during the scroll can land beside the button.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        const check = () => {
          if (window.scrollY === last) resolve();
          else {
            last = window.scrollY;
            setTimeout(check, 150);
          }
        };
        check();
      }),
  );
  const quickAdd = page.getByRole("button", { name: /^Add .* to basket$/ }).first();
  const product = /^Add (.*) to basket$/.exec((await quickAdd.getAttribute("aria-label")) ?? "")?.[1] ?? "";
  expect(product).not.toBe("");
  // By its name: while the list settles on the category, the first button can be another dish's.
  await page
    .getByRole("button", { name: `Add ${product} to basket`, exact: true })
    .first()
    .click();
  return product;
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
    // The notice is drawn under the header, clear of the tab bar and the totals at the bottom.
    const notice = page.locator(".notice").filter({ hasText: "Product added to cart" });
    const headerBottom = await page
      .locator(".app-header")
      .boundingBox()
      .then((b) => (b ? b.y + b.height : 0));
    await expect
      .poll(async () => Math.round(((await notice.boundingBox())?.y ?? -1) - headerBottom))
      .toBeGreaterThanOrEqual(0);
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
    // The notice about the quantity does not cover the total it changed.
    const updated = await page.locator(".notice").filter({ hasText: "Quantity updated" }).boundingBox();
    const sum = await total.boundingBox();
    expect(updated && sum && (updated.y + updated.height <= sum.y || sum.y + sum.height <= updated.y)).toBe(
      true,
    );
    await expect(page.getByTestId("basket-badge")).toHaveText("3");

    await page.reload();
    await expect(page.getByRole("group", { name: `${CLASSIC}: quantity` })).toContainText("3 pcs");
    await expect(page.getByTestId("basket-badge")).toHaveText("3");
    // The way on is checkout (the page's main button outside Telegram).
    await expect(page.locator("[data-platform-main-button] button")).toContainText("Checkout");
  });

  test("a basket and a session saved by an older version: the good line stays, the broken parts go, the menu opens", async ({
    page,
  }) => {
    await page.goto("/");
    await addClassicWithChoices(page);
    await expect(page.getByTestId("basket-badge")).toHaveText("2");
    const [line] = await storedBasket(page);
    await page.evaluate((good) => {
      const broken = { key: 5, productId: null, unit: "LITRE", count: -1 };
      localStorage.setItem("savat:lavash:basket", JSON.stringify([good, broken]));
      const session = JSON.parse(localStorage.getItem("savat:lavash:session") ?? "{}") as object;
      // A sign-in of an older shape: a token with a customer that has no phone, role or dates.
      localStorage.setItem(
        "savat:lavash:session",
        JSON.stringify({ ...session, token: "old-token", user: { id: "7", name: "Old" } }),
      );
    }, line);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });

    await page.reload();
    await expect(
      page.getByRole("main").getByRole("heading", { level: 3, name: "Lavash", exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId("basket-badge")).toHaveText("2");
    await page.goto("/profile/favorites");
    await expect(page.getByTestId("login-prompt")).toBeVisible();
    // Each broken part is logged once: what was dropped is gone from storage too.
    const dropped = warnings.filter((w) => w.includes("did not match this version"));
    expect(dropped).toHaveLength(2);
    expect(dropped).toEqual(
      expect.arrayContaining([expect.stringContaining("basket line"), expect.stringContaining("sign-in")]),
    );
    expect(await storedBasket(page)).toHaveLength(1);
  });

  test("a product page of its own with its add bar on screen, and a product that does not exist", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const href = await page.getByRole("link", { name: CLASSIC, exact: true }).first().getAttribute("href");
    const id = new URLSearchParams(href?.split("?")[1]).get("product");
    expect(id).toBeTruthy();
    await page.goto(`/product/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: CLASSIC })).toBeVisible();
    await expect(page.getByText(/kcal/)).toBeVisible();
    // The options run below the fold on a phone; the add bar stays on screen, above the tab bar.
    const bar = page.locator(".product-details__actions");
    await expect(bar).toBeInViewport({ ratio: 1 });
    const tabs = page.locator(".bottom-nav");
    if (await tabs.isVisible()) {
      const [barBox, tabsBox] = [await bar.boundingBox(), await tabs.boundingBox()];
      expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeLessThanOrEqual(tabsBox?.y ?? 0);
    }
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

test.describe("favourites, the basket across a web login, and the way around", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await inEnglish(context, baseURL);
  });

  test("a guest is asked to log in for favourites; a customer adds one, finds it in the profile, removes it", async ({
    page,
  }, testInfo) => {
    await page.goto("/profile/favorites");
    await expect(page.getByTestId("login-prompt")).toContainText("Log in to keep the dishes you like");

    await page.goto("/");
    const href = await page.getByRole("link", { name: CLASSIC, exact: true }).first().getAttribute("href");
    const id = new URLSearchParams(href?.split("?")[1]).get("product") ?? "";
    expect(id).not.toBe("");
    await page.goto(`/product/${id}`);
    await page.getByRole("link", { name: `Log in to keep ${CLASSIC} in your favourites` }).click();
    await logInOnLoginPage(page, testInfo, freshPhone());

    // Back on the product, where the heart now keeps the dish (on the server: it survives a reload).
    await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
    await page.getByRole("button", { name: `Add ${CLASSIC} to favourites` }).click();
    const remove = page.getByRole("button", { name: `Remove ${CLASSIC} from favourites` });
    await expect(remove).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(remove).toHaveAttribute("aria-pressed", "true");

    // The profile home links the customer's pages the brand switched on, the favourites among them.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const main = page.getByRole("main");
    for (const [name, to] of [
      ["My orders", "/profile/orders"],
      ["My addresses", "/profile/address"],
      ["Promo codes", "/profile/promos"],
      ["Branches", "/branches"],
      ["Favourites", "/profile/favorites"],
    ] as const) {
      await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", to);
    }
    await main.getByRole("link", { name: "Favourites", exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/favorites$/);
    const list = page.getByRole("list", { name: "Favourites" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(CLASSIC);

    await list.getByRole("button", { name: `Remove ${CLASSIC} from favourites` }).click();
    await expect(page.getByText(/^No favourites yet/)).toBeVisible();
    await page.reload();
    await expect(page.getByText(/^No favourites yet/)).toBeVisible();
  });

  test("a guest's basket is still there after logging in on the web /login", async ({ page }, testInfo) => {
    await page.goto("/");
    const product = await addFirstDrink(page);
    await expect(page.getByTestId("basket-badge")).toHaveText("1");
    const guestBasket = await storedBasket(page);
    expect(guestBasket).toHaveLength(1);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
    await page.getByTestId("login-prompt").getByRole("link", { name: "Log in" }).click();
    await logInOnLoginPage(page, testInfo, freshPhone());
    await expect(page).toHaveURL(/\/profile$/);
    expect((await storedSession(page))?.token).toMatch(/^[\w-]{43}$/);

    await expect(page.getByTestId("basket-badge")).toHaveText("1");
    expect(await storedBasket(page)).toEqual(guestBasket);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /Basket/ })
      .click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole("group", { name: `${product}: quantity` })).toContainText("1");
  });

  test(
    "every brand leads to the profile, and to the branches where they are switched on",
    { tag: "@desktop" },
    async ({ page, context }, testInfo) => {
      // lavash: the profile home (a guest's too) and the footer link the branches.
      await page.goto("/profile");
      await expect(page.getByTestId("login-prompt")).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Branches" }).click();
      await expect(page).toHaveURL(/\/branches$/);
      await expect(page.getByRole("heading", { level: 1, name: "Branches" })).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Branches" })).toHaveAttribute(
        "href",
        "/branches",
      );

      // sushi: a floating basket and no bottom navigation, so the header leads to the profile and
      // login; it has no branches page, so nothing links one.
      const sushi = brandOrigin(testInfo, "sushi");
      await context.addCookies([{ name: "lang", value: "en", domain: "sushi.localhost", path: "/" }]);
      await page.goto(`${sushi}/`);
      await expect(page.getByRole("navigation", { name: "Menu categories" })).toBeVisible();
      // On a phone no tab bar; the desktop layout has its main navigation in the header for every brand.
      if (testInfo.project.name === "desktop")
        await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeVisible();
      else await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      await page.getByRole("banner").getByRole("link", { name: "Profile" }).click();
      await expect(page).toHaveURL(`${sushi}/profile`);
      await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await page.getByTestId("login-prompt").getByRole("link", { name: "Log in" }).click();
      await expect(page).toHaveURL(`${sushi}/login?redirect=%2Fprofile`);
      await page.goto(`${sushi}/profile`);
      await expect(page.getByRole("link", { name: "Branches" })).toHaveCount(0);
    },
  );
});

test.describe("menu and basket inside Telegram", () => {
  // The mini app is a phone-sized web view (as openInTelegram): these journeys run in phone-sized
  // pages only, without first walking the web part at a desktop size.
  test.skip(
    ({ viewport }) => (viewport?.width ?? 0) > 600,
    "the Telegram mini app is a phone-sized web view",
  );
  test("the MainButton shows the basket and leads on; the basket survives the login", async ({
    page,
    context,
    baseURL,
  }) => {
    await inEnglish(context, baseURL);
    // A guest's basket on the web...
    await page.goto("/");
    await addFirstDrink(page);
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
