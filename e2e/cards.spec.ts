// Saved cards on the web (lavash has cardActive with the demo's fake Payme Subscribe API): log in,
// add Payme's test card, confirm it with 666666, place an order paid with the saved card (paid at
// once, without leaving the storefront), then remove the card.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { branchOf, logInOnTheWeb, plainDish, seedBasket } from "./support/session.ts";

async function facts(request: APIRequestContext, testInfo: TestInfo) {
  const drink = await plainDish(request, testInfo, "lavash", (p) => p.costPrice < 10_000);
  const chilonzor = await branchOf(request, testInfo, "lavash", "Chilonzor");
  return { drink, chilonzor };
}

const pageMainButton = (page: Page) => page.locator("[data-platform-main-button] button");

test.describe("saved cards", () => {
  test("add Payme's test card, confirm it, pay an order with it at once, remove it", async ({
    page,
    context,
    request,
  }, testInfo) => {
    // The journey reads English: the `lang` cookie on the brand's origin.
    await context.addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
    const f = await facts(request, testInfo);
    await logInOnTheWeb(page, testInfo);

    // The profile links to the cards; none yet.
    await page.goto("/profile");
    await page.getByRole("link", { name: "My cards" }).click();
    await expect(page).toHaveURL(/\/profile\/cards$/);
    await expect(page.getByTestId("cards-empty")).toBeVisible();
    await page.getByRole("button", { name: "Add a card" }).click();
    await expect(page).toHaveURL(/\/profile\/cards\/create$/);

    // Payme's rules: its mark, its offer, the note; no name on the inputs and no action on the form.
    await expect(page.getByRole("img", { name: "Payme" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Payme's offer" })).toBeVisible();
    await expect(page.getByText("The card data goes straight to Payme")).toBeVisible();
    expect(await page.locator("form.card-form input[name]").count()).toBe(0);
    expect(await page.locator("form.card-form[action]").count()).toBe(0);

    // A mistyped number is caught before anything is sent.
    await page.getByLabel("Card number").fill("8600 0691 9540 6312");
    await page.getByLabel("Valid through (MM/YY)").fill("0399");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("This card number is not valid. Check the digits")).toBeVisible();

    await page.getByLabel("Card number").fill("8600069195406311");
    await expect(page.getByLabel("Card number")).toHaveValue("8600 0691 9540 6311");
    await expect(page.getByLabel("Valid through (MM/YY)")).toHaveValue("03/99");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/profile\/cards\/confirm$/);
    await expect(page.getByText("Payme sent a code to the phone of the card")).toBeVisible();
    await page.getByLabel("Code from the SMS").fill("666666");
    await expect(page).toHaveURL(/\/profile\/cards$/);
    const saved = page.getByTestId("saved-card");
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText("8600 **** **** 6311");
    await expect(saved).toContainText("Uzcard");
    await expect(saved).toContainText("03/99");

    // An order paid with the saved card, at once.
    const branch = f.chilonzor;
    await seedBasket(page, "lavash", f.drink, 1, { serviceType: "PICK_UP", branch, branchId: branch.id });
    await page.goto("/checkout");
    // The saved card is the payment choice itself, named by its mask.
    await page.getByRole("radio", { name: /8600 \*{4} \*{4} 6311/ }).check();
    await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
    await pageMainButton(page).click();

    await expect(page).toHaveURL(/\/profile\/orders\/[\w-]+$/);
    await expect(page.getByTestId("order-paid")).toHaveText("Paid");
    await expect(page.getByTestId("order-status")).not.toHaveAttribute("data-status", "OPEN");
    await expect(page.getByTestId("pay-with-card")).toHaveCount(0);

    // Remove the card, after confirming.
    await page.goto("/profile/cards");
    await page.getByRole("button", { name: "Remove the card 8600 **** **** 6311" }).click();
    await page.getByRole("button", { name: "Yes, remove" }).click();
    await expect(page.getByTestId("cards-empty")).toBeVisible();
  });
});
