// Booting inside Telegram: the mocked Telegram of the demo harness hosts the storefront in a frame
// and speaks the Mini Apps protocol with it, with initData the server signed.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signInitData } from "../server/src/integrations/telegram-init-data.ts";
import {
  appFrame,
  freshTelegramId,
  openInTelegram,
  signTelegramLaunch,
  storedSession,
} from "./fixtures/platform.ts";
import { branchOf, seedPickupBasket, smsSince } from "./support/session.ts";

/** In-app navigation inside the mini app's frame, as a tap on a link would do. */
async function goInApp(page: Page, path: string): Promise<void> {
  await appFrame(page).evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

async function expectTelegramChrome(page: Page): Promise<void> {
  const body = page.locator("body");
  await expect(body).toHaveAttribute("data-ready", "true");
  await expect(body).toHaveAttribute("data-expanded", "true");
  await expect(body).toHaveAttribute("data-vertical-swipes", "off");
  await expect(body).toHaveAttribute("data-closing-confirmation", "on");
}

test.describe("inside Telegram", () => {
  test("boots in the light theme, signs in and speaks the Telegram language", async ({ page }) => {
    const tg = await openInTelegram(page, {
      theme: "light",
      languageCode: "uz",
      phoneVerification: "verified",
    });
    await expectTelegramChrome(page);
    const html = tg.app.locator("html");
    await expect(html).toHaveAttribute("data-host", "telegram");
    await expect(html).toHaveAttribute("data-tg-color-scheme", "light");
    await expect(html).toHaveAttribute("lang", "uz");
    await expect(tg.app.locator("#root")).not.toBeEmpty();
    await expect
      .poll(async () => (await storedSession(appFrame(page)))?.token ?? null)
      .toMatch(/^[\w-]{43}$/);
    const session = await storedSession(appFrame(page));
    expect(session?.user).toMatchObject({ telegramId: tg.userId, phone: expect.stringMatching(/^\+998/) });
    expect(await tg.hostFlag("contactRequested")).toBeUndefined();
    const bg = await appFrame(page).evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--tg-theme-bg-color").trim(),
    );
    expect(bg).toBe("#ffffff");
    const bottomInset = await appFrame(page).evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--tg-safe-area-inset-bottom").trim(),
    );
    expect(bottomInset).toBe("34px");
  });

  test("opens in Arabic, right to left, for a Telegram user whose language is Arabic", async ({ page }) => {
    const tg = await openInTelegram(page, { sub: "sushi", languageCode: "ar" });
    const html = tg.app.locator("html");
    await expect(html).toHaveAttribute("lang", "ar");
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(tg.app.locator("#root")).not.toBeEmpty();
  });

  test("boots in the dark theme", async ({ page }) => {
    const tg = await openInTelegram(page, { theme: "dark", languageCode: "ru", platform: "android" });
    await expectTelegramChrome(page);
    const html = tg.app.locator("html");
    await expect(html).toHaveAttribute("data-tg-color-scheme", "dark");
    await expect(html).toHaveAttribute("data-appearance", "dark");
    await expect(html).toHaveAttribute("lang", "ru");
    const bg = await appFrame(page).evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--tg-theme-bg-color").trim(),
    );
    expect(bg).toBe("#17212b");
  });

  test("opens the menu at once without a phone, and asks for it at the checkout", async ({
    page,
    request,
  }, testInfo) => {
    const phone = `+99891${freshTelegramId().slice(-7)}`;
    await seedPickupBasket(page, request, testInfo);
    const tg = await openInTelegram(page, { phoneVerification: "required", phone });
    // Signed in already, without a phone, and the menu is there: nothing waits for the popup.
    await expect(tg.app.getByRole("navigation", { name: "Menu categories" })).toBeVisible();
    await expect
      .poll(async () => {
        const user = (await storedSession(appFrame(page)))?.user;
        return user ? user.phone : "no user yet";
      })
      .toBeNull();
    const popup = page.getByRole("dialog", { name: "Share your phone number?" });
    await expect(popup).toBeHidden();
    expect(await tg.hostFlag("contactRequested")).toBeUndefined();

    await goInApp(page, "/checkout");
    await expect(popup).toBeVisible();
    await page.getByTestId("tg-contact-share").click();
    await expect(popup).toBeHidden();
    await expect.poll(async () => (await storedSession(appFrame(page)))?.user?.phone).toBe(phone);
    await expect(tg.app.getByTestId("checkout-total")).toBeVisible();
    await expectTelegramChrome(page);
  });

  test("keeps the session without a phone when the customer declines at the checkout", async ({
    page,
    request,
  }, testInfo) => {
    await seedPickupBasket(page, request, testInfo);
    const tg = await openInTelegram(page, { phoneVerification: "required" });
    await expect
      .poll(async () => (await storedSession(appFrame(page)))?.token ?? null, { timeout: 30_000 })
      .toMatch(/^[\w-]{43}$/);
    await goInApp(page, "/checkout");
    await page.getByTestId("tg-contact-cancel").click();
    // Asked again only on the customer's tap; the code login is the other way.
    await expect(tg.app.getByRole("button", { name: "Share my phone number" })).toBeEnabled();
    await expect(tg.app.getByRole("link", { name: "Enter another number" })).toBeVisible();
    const session = await storedSession(appFrame(page));
    expect(session?.token).toMatch(/^[\w-]{43}$/);
    expect(session?.user?.phone).toBeNull();
  });

  test("binds Telegram's back button to in-app navigation", async ({ page }) => {
    const tg = await openInTelegram(page);
    await expectTelegramChrome(page);
    const left = page.getByTestId("tg-left");
    await expect(left).toHaveText("✕ Close");
    await tg.app.getByRole("link", { name: "About us" }).first().click();
    await expect.poll(() => new URL(appFrame(page).url()).pathname).toBe("/about");
    await expect(left).toHaveText("‹ Back");
    await left.click();
    await expect.poll(() => new URL(appFrame(page).url()).pathname).toBe("/");
    await expect(left).toHaveText("✕ Close");
  });

  // Without initData Telegram names no language: the message follows the phone's, English here.
  test.describe("on an English phone", () => {
    test.use({ locale: "en-US" });

    for (const initData of ["short", "none"] as const) {
      test(`stops with "Telegram ID not found" when initData is ${initData === "short" ? "too short" : "missing"}`, async ({
        page,
      }) => {
        const logged: string[] = [];
        page.on("console", (message) => logged.push(message.text()));
        const tg = await openInTelegram(page, { initData, languageCode: "en" });
        await expect(tg.app.getByTestId("init-data-missing")).toContainText("Telegram ID not found");
        await expect(tg.app.getByTestId("init-data-missing")).toContainText("restart the bot");
        await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
        expect(logged).toContain("Telegram initData not found");
        expect((await storedSession(appFrame(page)))?.token ?? null).toBeNull();
        expect(
          await appFrame(page).evaluate(() => sessionStorage.getItem("savat:platform:init-data")),
        ).toBeNull();
      });
    }
  });

  test("tells the customer when initData has expired and lets them browse as a guest", async ({ page }) => {
    const tg = await openInTelegram(page, { ageSeconds: 25 * 3600, languageCode: "en" });
    await expect(tg.app.getByText(/expired/i).first()).toBeVisible();
    await expect(tg.app.locator("#root")).not.toBeEmpty();
    expect((await storedSession(appFrame(page)))?.token ?? null).toBeNull();
  });

  test("the harness opens the storefront in the mocked Telegram", async ({ page }) => {
    await page.goto("/api/dev/harness");
    await expect(page.locator("#tg-brand option")).not.toHaveCount(0);
    await page.locator("#tg-brand").selectOption("lavash");
    await page.locator("#tg-id").fill(freshTelegramId());
    await page.locator("#tg-language").selectOption("en");
    await page.getByText("Dark", { exact: true }).first().click();
    await page.locator("#tg-phone-required").uncheck();
    await page.getByRole("button", { name: "Open in Telegram" }).click();
    await expect(page).toHaveURL(/\/api\/dev\/telegram#/);
    await expectTelegramChrome(page);
    const html = page.frameLocator('[data-testid="tg-app"]').locator("html");
    await expect(html).toHaveAttribute("data-tg-color-scheme", "dark");
    await expect
      .poll(async () => (await storedSession(appFrame(page)))?.token ?? null)
      .toMatch(/^[\w-]{43}$/);
  });
});

test.describe("paying from the mini app", () => {
  test("Payme from Telegram returns to a page that leads back into the mini app, on the paid order with its fiscal receipt", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const branch = await branchOf(request, testInfo, "lavash", "Chilonzor");
    // Pickup at Chilonzor was chosen on an earlier visit; the basket is empty.
    await page.goto("/api/health");
    await page.evaluate(
      (draft) => {
        localStorage.setItem("savat:lavash:session", JSON.stringify({ orderRequest: draft }));
      },
      { serviceType: "PICK_UP", branch, branchId: branch.id },
    );
    // The phone hands a t.me link to Telegram: here, to the mocked Telegram's stand-in.
    await page.context().route(/^https:\/\/t\.me\//, (route) =>
      route.fulfill({
        status: 302,
        headers: {
          location: `${new URL(page.url()).origin}/api/dev/telegram/open?link=${encodeURIComponent(route.request().url())}`,
        },
      }),
    );
    const tg = await openInTelegram(page, { languageCode: "en" });
    await expect
      .poll(async () => (await storedSession(appFrame(page)))?.token ?? null, { timeout: 30_000 })
      .toMatch(/^[\w-]{43}$/);
    const mainButton = page.getByTestId("tg-main-button");
    let taps = 0;
    const tap = async (target: { click(): Promise<void> }) => {
      taps += 1;
      await target.click();
    };

    // The menu's first product: its size opens on the first option, so one more tap adds it.
    const open = tg.app.getByRole("button", { name: /^Choose options for / }).first();
    const name = /^Choose options for (.+)$/.exec((await open.getAttribute("aria-label")) ?? "")?.[1] ?? "";
    expect(name).not.toBe("");
    await tap(open);
    await tap(tg.app.getByRole("dialog").getByRole("button", { name: /^Add to basket/ }));
    await expect(mainButton).toContainText("Basket · 1 ·");
    await tap(mainButton);
    await expect(mainButton).toContainText("Checkout");
    await tap(mainButton);
    await expect(tg.app.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await tap(tg.app.getByRole("radio", { name: "Pay on Payme's page" }));
    await expect(tg.app.getByTestId("checkout-total")).not.toHaveText("—");
    // Telegram opens Payme in the phone's browser (the harness: a new window).
    const [browser] = await Promise.all([page.waitForEvent("popup"), tap(mainButton)]);
    await expect(tg.app.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
    const orderId = /\/profile\/orders\/([\w-]+)$/.exec(new URL(appFrame(page).url()).pathname)?.[1] ?? "";
    await tap(browser.getByRole("button", { name: "Pay", exact: true }));

    // Payme returns to the storefront in the browser: no login, only the payment and the way back.
    await expect(browser).toHaveURL(new RegExp(`/paid/${orderId}\\?via=telegram&lang=en$`));
    await expect(browser.getByTestId("paid-return-status")).toHaveText("Payment received");
    await expect(browser.getByText("Your order is in Telegram: return there to follow it.")).toBeVisible();
    await expect(browser.getByText(/Log in/)).toHaveCount(0);
    await expect(browser.getByText(name)).toHaveCount(0);
    const back = browser.getByRole("link", { name: "Return to Telegram" });
    await expect(back).toHaveAttribute(
      "href",
      `https://t.me/savat_lavash_demo_bot?startapp=order_${orderId}`,
    );
    await tap(back);

    // Telegram opens the mini app with start_param order_<id>: the paid order, signed in.
    await expect(browser).toHaveURL(/\/api\/dev\/telegram#/);
    const app = browser.frameLocator('[data-testid="tg-app"]');
    await expect(app.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible({
      timeout: 30_000,
    });
    await expect(app.getByTestId("order-paid")).toHaveText("Paid");
    await expect(app.getByTestId("order-status")).not.toHaveAttribute("data-status", "OPEN");
    await expect(app.getByText(/Log in/)).toHaveCount(0);
    const frame = browser.frames().find((f) => f !== browser.mainFrame());
    expect(new URL(frame?.url() ?? "").pathname).toBe(`/profile/orders/${orderId}`);
    // Menu to paid order: the product, add, basket, checkout, Payme, place, Pay, back to Telegram.
    expect(taps).toBe(8);
    testInfo.annotations.push({ type: "taps", description: String(taps) });

    // The fiscal receipt Payme registered (issue 40): its link and QR code. The link opens through
    // Telegram (the harness: a window of its own; the tax site is outside, answered here).
    await page
      .context()
      .route(/^https:\/\/ofd\.soliq\.uz\//, (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>Fiscal receipt</title>" }),
      );
    const link = app.getByTestId("order-receipt-link");
    await expect(link).toBeVisible({ timeout: 30_000 });
    const url = (await link.getAttribute("href")) ?? "";
    expect(url).toMatch(/^https:\/\/ofd\.soliq\.uz\//);
    await expect(app.getByRole("img", { name: "QR code of the fiscal receipt" })).toBeVisible();
    const [receipt] = await Promise.all([browser.waitForEvent("popup"), link.click()]);
    await expect(receipt).toHaveURL(url);
    await expect(browser.locator("#tg-log")).toContainText(`web_app_open_link {"url":${JSON.stringify(url)}`);
    await receipt.close();
    // Sent to the phone: the console SMS gateway logs the link.
    const since = Date.now() - 1000;
    await app.getByRole("button", { name: "Send the receipt to my phone" }).click();
    await expect(app.getByRole("status").filter({ hasText: /^The receipt was sent to / })).toHaveCount(1);
    await expect.poll(() => smsSince(testInfo, since).some((sms) => sms.text.includes(url))).toBe(true);
  });
});

test.describe("the harness and real customers", () => {
  test("refuses to open a Telegram account the harness did not make", async ({ page }) => {
    // A real customer opened the brand's bot in Telegram: Telegram signed their initData with the
    // brand's token, and the storefront's own sign-in made their account.
    const brandFile = path.join(import.meta.dirname, "../server/demo/brands/lavash.json");
    const brand = JSON.parse(fs.readFileSync(brandFile, "utf8")) as {
      merchant: { integrations: { telegramBotToken: string } };
    };
    const telegramBotToken = brand.merchant.integrations.telegramBotToken;
    const realId = freshTelegramId();
    const initData = signInitData({ id: BigInt(realId), firstName: "Real" }, telegramBotToken);
    await page.goto("/api/health");
    const signedIn = await page.evaluate(async (data) => {
      const brand = (await (await fetch("/api/users/v1/merchants/sub/lavash")).json()) as { id: string };
      const response = await fetch("/api/webbot/v1/users/token", {
        method: "POST",
        headers: { merchant: brand.id, "content-type": "application/json" },
        body: JSON.stringify({ initData: data }),
      });
      return response.status;
    }, initData);
    expect(signedIn).toBe(200);

    await page.goto("/api/dev/harness");
    await expect(page.locator("#tg-brand option")).not.toHaveCount(0);
    await page.locator("#tg-brand").selectOption("lavash");
    await page.locator("#tg-id").fill(realId);
    await page.getByRole("button", { name: "Open in Telegram" }).click();
    await expect(page.locator("#status")).toHaveText(
      /Could not open: This account was not made by the testers' harness/,
    );
    await expect(page.locator("#status")).toHaveAttribute("data-error", "true");
    await expect(page).toHaveURL(/\/api\/dev\/harness/);
  });
});

test.describe("inside Telegram's mobile webview bridge", () => {
  test("boots through window.TelegramWebviewProxy like the phone apps", async ({ page }) => {
    // The phone apps inject TelegramWebviewProxy and answer through Telegram.WebView.receiveEvent.
    await page.addInitScript(() => {
      const w = window as unknown as {
        __tgEvents: string[];
        TelegramWebviewProxy: { postEvent(type: string, data: string): void };
        Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
      };
      w.__tgEvents = [];
      const reply = (type: string, data: unknown) => {
        setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 0);
      };
      w.TelegramWebviewProxy = {
        postEvent(type) {
          w.__tgEvents.push(type);
          if (type === "web_app_request_safe_area")
            reply("safe_area_changed", { top: 24, bottom: 0, left: 0, right: 0 });
          if (type === "web_app_request_content_safe_area") {
            reply("content_safe_area_changed", { top: 0, bottom: 0, left: 0, right: 0 });
          }
          if (type === "web_app_request_viewport") {
            reply("viewport_changed", {
              height: window.innerHeight,
              width: window.innerWidth,
              is_expanded: true,
              is_state_stable: true,
            });
          }
        },
      };
    });
    const { launch } = await signTelegramLaunch(page, { platform: "android" });
    // No frame: the app URL itself, as the phone app opens it.
    await page.goto(launch.appUrl);
    await expect(page.locator("html")).toHaveAttribute("data-host", "telegram");
    await expect.poll(async () => (await storedSession(page))?.token ?? null).toMatch(/^[\w-]{43}$/);
    const events = await page.evaluate(() => (window as unknown as { __tgEvents: string[] }).__tgEvents);
    expect(events).toEqual(
      expect.arrayContaining([
        "web_app_ready",
        "web_app_expand",
        "web_app_setup_swipe_behavior",
        "web_app_setup_closing_behavior",
      ]),
    );
    const topInset = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--tg-safe-area-inset-top").trim(),
    );
    expect(topInset).toBe("24px");
  });
});
