// The owner's side of the back office (issue 36), in the browser: lavash's owner invites a manager
// by phone, who then signs in and sees the Menu but not the Staff; the owner sets Payme credentials,
// which come back only as "set".
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { brandOrigin } from "./support/storefront.ts";
import { signInToConsole } from "./support/session.ts";

const LAVASH_OWNER_PHONE = "+998900000001";
/** No other journey signs in with it. */
const INVITED_PHONE = "+998977000936";
// The values lavash's demo data has (scripts/demo-brands/lavash.ts): replacing them with themselves
// proves the write-only path without changing what other journeys pay with.
const PAYME_ID = "000000000000000000000001";
const PAYME_KEY = "DEMO-lavash-payme-test-key-for-local-testing-only";

async function noSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

test.describe("the owner's back office", () => {
  test("the owner invites a manager who then sees the Menu but not the Staff, and sets Payme credentials shown back only as set", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await context.addCookies([{ name: "lang", value: "en", url: origin }]);
    await signInToConsole(page, testInfo, origin, LAVASH_OWNER_PHONE);

    // Staff: a phone that is not one is refused at the field, and what was typed stays.
    await page.getByRole("link", { name: /^Staff/ }).click();
    await expect(page.getByRole("list", { name: "Staff members" })).toBeVisible();
    await page.getByRole("button", { name: "Invite by phone" }).click();
    const invite = page.getByRole("dialog", { name: "Invite by phone" });
    const phone = invite.getByLabel("Mobile number");
    await phone.fill("12 34");
    await invite.getByRole("button", { name: "Invite" }).click();
    await expect(invite.locator(".staff-error")).toBeVisible();
    await expect(phone).toHaveValue("12 34");
    await phone.fill(INVITED_PHONE);
    await invite.getByRole("radio", { name: /^Manager/ }).check();
    await invite.getByRole("button", { name: "Invite" }).click();
    await expect(invite).toBeHidden();
    const row = page.getByRole("listitem").filter({ hasText: "97 700 09 36" });
    await expect(row).toContainText("Manager");
    await expect(row).toContainText("Every branch");
    await noSeriousAxe(page);

    // Brand settings: the Payme credentials are written, and read back only as "set".
    await page.getByRole("link", { name: /^Brand settings/ }).click();
    const payme = page.getByRole("group", { name: "Payme" });
    await payme.getByLabel("New Payme · Merchant ID").fill(PAYME_ID);
    await payme.getByLabel("New Payme · Key").fill(PAYME_KEY);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expect(payme.getByTestId("secret-paymeKey")).toHaveText("set");
    await expect(payme.getByLabel("New Payme · Key")).toHaveValue("");
    await page.reload();
    await expect(page.getByTestId("secret-paymeKey")).toHaveText("set");
    expect(await page.content()).not.toContain(PAYME_KEY);
    await noSeriousAxe(page);

    // The invited manager signs in with their phone and an SMS code: the Menu is theirs, the Staff is not.
    const manager = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await manager.addCookies([{ name: "lang", value: "en", url: origin }]);
    const managerPage = await manager.newPage();
    await signInToConsole(managerPage, testInfo, origin, INVITED_PHONE);
    await expect(managerPage.getByRole("link", { name: /^Menu/ })).toBeVisible();
    await expect(managerPage.getByRole("link", { name: /^Staff/ })).toHaveCount(0);
    await expect(managerPage.getByRole("link", { name: /^Brand settings/ })).toHaveCount(0);
    await manager.close();
  });
});
