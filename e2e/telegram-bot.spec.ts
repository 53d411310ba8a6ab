// The brand's bot in the mocked Telegram's chat (issue 41): a customer presses Start, shares their
// phone with the contact button, opens the menu from the bot's button and orders in the mini app;
// the bot tells them each status and, the order finished, asks for a grade, which they give with a
// button: the order's review, counted on its product.
import { expect, test } from "@playwright/test";
import { freshTelegramId, signTelegramLaunch } from "./fixtures/platform.ts";
import { seedPickupBasket } from "./support/session.ts";
import { apiUrl, merchantOf } from "./support/storefront.ts";

test("a customer meets the brand's bot: Start, the phone by the contact button, an order from the menu button, a grade in the chat", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = `+99890${freshTelegramId().slice(-7)}`;
  const { userId } = await signTelegramLaunch(page, { phoneVerification: "required", phone });
  const chat = `/api/dev/telegram/chat#brand=lavash&id=${userId}&name=Tester&lang=en&phone=${encodeURIComponent(phone)}`;
  await page.goto(chat);
  const messages = page.getByRole("list", { name: "Messages" });
  await page.getByRole("button", { name: "Start" }).click();
  await expect(messages).toContainText("Welcome to Lavash Express! Tap “Menu” to order.");
  await expect(messages).toContainText("Share your phone number so we can reach you about your order.");
  await page
    .getByRole("group", { name: "Keyboard" })
    .getByRole("button", { name: "Share my number" })
    .click();
  await expect(messages).toContainText(`Thank you! ${phone} is saved.`);
  await expect(page.getByRole("group", { name: "Keyboard" })).toBeHidden();

  // The menu button opens the mini app, signed in with that phone; a pickup basket is ready.
  const merchant = await merchantOf(request, testInfo, "lavash");
  const grades = async () =>
    (
      (await (
        await request.get(apiUrl(testInfo, "/products/v1/grade"), { headers: { merchant: merchant.id } })
      ).json()) as { count: number }[]
    ).reduce((sum, g) => sum + g.count, 0);
  const gradesBefore = await grades();
  await seedPickupBasket(page, request, testInfo);
  await messages.getByRole("button", { name: "Menu" }).last().click();
  const app = page.frameLocator('[data-testid="tg-app"]');
  const mainButton = page.getByTestId("tg-main-button");
  await expect(mainButton).toContainText("Basket");
  await mainButton.click();
  await expect(mainButton).toContainText("Checkout");
  await mainButton.click();
  await expect(app.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(app.getByTestId("checkout-total")).not.toHaveText("—");
  await mainButton.click();
  const heading = app.getByRole("heading", { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  const number = /\d+/.exec((await heading.textContent()) ?? "")?.[0] ?? "";
  // The demo simulator walks the pickup order to CLOSED (a step every 400 ms here).
  await expect(app.getByTestId("order-status")).toHaveAttribute("data-status", "CLOSED", { timeout: 30_000 });

  // Back in the chat: the statuses came as messages, then the question, answered with a button.
  await page.goto(chat);
  await expect(messages).toContainText(`Order #${number}\nThe restaurant has accepted your order`);
  await expect(messages).toContainText(`How was order #${number}? Rate it from 1 to 5.`);
  await messages.getByRole("button", { name: "5 ⭐" }).last().click();
  await expect(messages).toContainText("Thank you for your grade!");
  await expect.poll(grades).toBe(gradesBefore + 1);
});
