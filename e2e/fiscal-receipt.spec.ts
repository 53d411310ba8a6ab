// The fiscal receipt of an online payment (issue 40): a customer pays with Payme (the demo's stand-in
// checkout, which registers the receipt and reports its link as Payme does), opens the paid order and
// finds the tax authority's receipt as a link and a QR code, then has it texted to their phone (the
// console SMS gateway logs the message). Once, in the desktop project: the same page at either size.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { logInOnTheWeb, seedPickupBasket } from "./support/session.ts";
import { portOf } from "./support/storefront.ts";

test.setTimeout(180_000);

const pageMainButton = (page: Page) => page.locator("[data-platform-main-button] button");

test("a paid order shows its fiscal receipt with link and QR code and texts it to the phone @desktop", async ({
  page,
  context,
  request,
}, testInfo) => {
  await context.addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
  await logInOnTheWeb(page, testInfo);
  await seedPickupBasket(page, request, testInfo);
  await page.goto("/checkout");
  await page.getByRole("radio", { name: "Payme" }).check();
  await expect(page.getByTestId("checkout-total")).not.toHaveText("—", { timeout: 30_000 });
  await pageMainButton(page).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click({ timeout: 30_000 });
  await expect(page.getByTestId("order-paid")).toHaveText("Paid", { timeout: 30_000 });

  const link = page.getByTestId("order-receipt-link");
  await expect(link).toBeVisible();
  const url = await link.getAttribute("href");
  expect(url).toMatch(/^https:\/\/ofd\.soliq\.uz\//);
  await expect(page.getByRole("img", { name: "QR code of the fiscal receipt" })).toBeVisible();

  const since = Date.now() - 1000;
  await page.getByTestId("order-receipt-sms").click();
  await expect(page.getByRole("status").filter({ hasText: /^The receipt was sent to / })).toHaveCount(1);
  const outbox = path.resolve(`.data-e2e-${portOf(testInfo)}`, "sms-outbox.jsonl");
  await expect
    .poll(() =>
      fs
        .readFileSync(outbox, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { text: string; time: string })
        .some((sms) => Date.parse(sms.time) >= since && url !== null && sms.text.includes(url)),
    )
    .toBe(true);
});
