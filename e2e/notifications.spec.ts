/// <reference lib="dom" />
// Notifications as a customer meets them: an order's status changes (the demo simulator walks the
// order) light up the bell in the header, the notifications screen lists them with the brand's
// news, one and then all are marked read; a customer of the brand's Telegram bot also gets each
// change as a bot message (read from the fake Bot API's log) in their language with a button to
// the order; plov, whose notificationsActive is off, shows no bell and has no screen.
import { expect, test, type APIRequestContext, type BrowserContext, type TestInfo } from "@playwright/test";
import { appFrame, openInTelegram, storedSession } from "./fixtures/platform.ts";
import { logInOnTheWeb, seedPickupBasket } from "./support/session.ts";
import { apiUrl, brandOrigin, merchantOf } from "./support/storefront.ts";

async function inEnglish(context: BrowserContext, origin: string): Promise<void> {
  await context.addCookies([{ name: "lang", value: "en", domain: new URL(origin).hostname, path: "/" }]);
}

/** A cash pickup order of the customer holding `token`, placed on the API as the checkout would. */
async function placePickup(
  request: APIRequestContext,
  testInfo: TestInfo,
  token: string,
): Promise<{ id: string; number: number }> {
  const merchant = await merchantOf(request, testInfo, "lavash");
  const headers = { merchant: merchant.id };
  const overall = (await (
    await request.get(apiUrl(testInfo, "/products/v1/overalls?type=WEB"), { headers })
  ).json()) as {
    products: { id: string; isAvailable: boolean; modificationGroups: unknown[]; costPrice: number }[];
  };
  const product = overall.products.find(
    (p) => p.isAvailable && p.modificationGroups.length === 0 && p.costPrice >= 35_000,
  );
  const branches = (await (
    await request.get(apiUrl(testInfo, "/users/v1/branches"), { headers })
  ).json()) as {
    id: string;
    name: { eng?: string };
  }[];
  const branch = branches.find((b) => b.name.eng?.startsWith("Chilonzor")) ?? branches[0];
  const placed = await request.post(apiUrl(testInfo, "/orders/v1/orders"), {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: {
      serviceType: "PICK_UP",
      paymentType: "CASH",
      branchId: branch?.id,
      cartItems: [{ productId: product?.id, count: 1, modifications: [] }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { id: string; number: number };
}

const unreadOf = (label: string | null) => Number(/(\d+)/.exec(label ?? "")?.[1] ?? 0);

test.describe("notifications (lavash)", () => {
  test("on the web: the bell counts an order's updates; the screen marks one read, then all", async ({
    page,
    context,
    request,
  }, testInfo) => {
    await inEnglish(context, brandOrigin(testInfo, "lavash"));
    await logInOnTheWeb(page, testInfo);
    await seedPickupBasket(page, request, testInfo);
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
    await page.locator("[data-platform-main-button] button").click();
    const heading = page.getByRole("heading", { level: 1, name: /^Order #\d+$/ });
    await expect(heading).toBeVisible();
    const title = (await heading.textContent()) ?? "";
    // The simulator walks the pickup order to CLOSED; each step is a notification.
    await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "CLOSED", {
      timeout: 30_000,
    });

    const bell = page.getByRole("banner").getByRole("link", { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    const closed = page
      .getByTestId("notification")
      .filter({ hasText: title })
      .filter({ hasText: "Your order is complete. Thank you!" });
    await expect(closed).toBeVisible();
    await expect(closed).toHaveAttribute("data-read", "false");
    // The brand's news is there too.
    await expect(page.getByTestId("notification").filter({ hasText: "Combo week" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("notifications.png"), fullPage: true });

    const before = unreadOf(await bell.getAttribute("aria-label"));
    expect(before).toBeGreaterThanOrEqual(3);
    await closed.getByRole("button", { name: `Mark “${title}” as read` }).click();
    await expect(closed).toHaveAttribute("data-read", "true");
    await expect(bell).toHaveAttribute("aria-label", `Notifications, ${String(before - 1)} unread`);

    await page.getByRole("button", { name: "Mark all as read" }).click();
    const quietBell = page.getByRole("banner").getByRole("link", { name: "Notifications", exact: true });
    await expect(quietBell).toBeVisible();
    await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(0);

    // The order's notification leads to the order.
    await closed.getByRole("link", { name: "Open the order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });

  test("inside Telegram: each status change is also a bot message in the customer's language", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the mini app is phone-sized");
    const tg = await openInTelegram(page, { languageCode: "ru" });
    // Logged in by the mini app: the session holds the token.
    await expect(tg.app.getByRole("banner")).toBeVisible();
    await expect
      .poll(async () => (await storedSession(appFrame(page)))?.token ?? null, { timeout: 30_000 })
      .not.toBeNull();
    const token = (await storedSession(appFrame(page)))?.token ?? "";
    const order = await placePickup(request, testInfo, token);

    // The fake Bot API's log: the bot wrote to the customer's chat (its id is the Telegram user's).
    const messages = async () =>
      (await (
        await request.get(apiUrl(testInfo, `/dev/telegram-bot/messages?chatId=${tg.userId}`))
      ).json()) as {
        text: string;
        botId: string;
        replyMarkup: { inline_keyboard: { text: string; url?: string }[][] };
      }[];
    await expect
      .poll(async () => (await messages()).map((m) => m.text), { timeout: 30_000 })
      .toContain(`Заказ №${String(order.number)}\nРесторан принял ваш заказ`);
    const accepted = (await messages()).find((m) => m.text.includes("Ресторан принял"));
    expect(accepted?.botId).toBe("7000000001");
    expect(accepted?.replyMarkup.inline_keyboard[0]?.[0]).toEqual({
      text: "Открыть заказ",
      url: `https://t.me/savat_lavash_demo_bot?startapp=order_${order.id}`,
    });

    // The same change in the mini app: the bell, the screen, a mark read.
    const bell = tg.app.getByRole("banner").getByRole("link", { name: /^Уведомления, непрочитанных: \d+$/ });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    await bell.click();
    const item = tg.app
      .getByTestId("notification")
      .filter({ hasText: `Заказ №${String(order.number)}` })
      .filter({ hasText: "Ресторан принял ваш заказ" });
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: /^Отметить «.+» как прочитанное$/ }).click();
    await expect(item).toHaveAttribute("data-read", "true");
  });

  test("a bot message's button opens the order in the mini app", async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the mini app is phone-sized");
    const first = await openInTelegram(page, { languageCode: "en" });
    await expect
      .poll(async () => (await storedSession(appFrame(page)))?.token ?? null, { timeout: 30_000 })
      .not.toBeNull();
    const order = await placePickup(request, testInfo, (await storedSession(appFrame(page)))?.token ?? "");
    // Telegram opens t.me/<bot>?startapp=order_<id> as the mini app with that start parameter.
    const later = await context.newPage();
    const tg = await openInTelegram(later, {
      userId: first.userId,
      languageCode: "en",
      startParam: `order_${order.id}`,
    });
    await expect(
      tg.app.getByRole("heading", { level: 1, name: `Order #${String(order.number)}` }),
    ).toBeVisible();
  });
});

test.describe("notificationsActive off (plov)", () => {
  test("no bell for a logged-in customer, and /notifications is a 404", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the mini app is phone-sized");
    const tg = await openInTelegram(page, { sub: "plov", languageCode: "ru" });
    await expect(tg.app.getByRole("main").getByRole("article").first()).toBeVisible();
    await expect
      .poll(async () => (await storedSession(appFrame(page), "plov"))?.token ?? null)
      .not.toBeNull();
    await expect(tg.app.getByTestId("notification-bell")).toHaveCount(0);

    await page.goto(`${brandOrigin(testInfo, "plov")}/notifications`);
    await expect(page.getByRole("heading", { level: 1, name: /^404 / })).toBeVisible();
  });
});
