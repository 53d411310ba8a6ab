// The kitchen's iiko (issue 38), in the browser:
// - the owner of "navruz" (scripts/e2e-server.ts; no journey of it places orders) types a login iiko
//   refuses and reads iiko's reason, then the fake iiko's second demo login
//   (server/src/fakes/fake-iiko.ts): the organisation iiko found is shown, a branch is bound to one
//   of its terminal groups and saved;
// - "oshxona" is wired to the fake's first demo login when the server starts (DEMO_KITCHEN_BRAND):
//   its owner previews iiko's menu (the fake's nomenclature has one dish the storefront lacks),
//   imports it, and the storefront sells it. Its customer's journey is kitchen-iiko-telegram.spec.ts.
import { expect, test } from "@playwright/test";
import { plainDish, signInToConsole } from "./support/session.ts";
import { brandOrigin } from "./support/storefront.ts";

const KITCHEN_BRAND = "oshxona";
const KITCHEN_OWNER = "+998977000381";
/** The dish only the fake iiko's nomenclature has (server/src/fakes/iiko-demo.ts). */
const IIKO_ONLY_DISH = "Манты с тыквой";

/** The stories brand's second owner (scripts/e2e-server.ts): the first signs in for its own journey. */
const OWNER = "+998977000372";
/** The fake iiko's second demo account (server/src/fakes/fake-iiko.ts): the first is oshxona's. */
const DEMO_IIKO_API_LOGIN = "DEMO-iiko-api-login-2";

test.describe("the kitchen's iiko from the console @desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test("a refused login shows iiko's reason; the demo login finds the organisation and binds a branch", async ({
    page,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "navruz");
    await context.addCookies([{ name: "lang", value: "en", url: origin }]);
    await signInToConsole(page, testInfo, origin, OWNER);
    await page.getByRole("link", { name: /^Kitchen \(iiko\)/ }).click();
    await expect(page.getByText("Not connected yet.")).toBeVisible();

    await page.getByLabel("API login").fill("not-a-login");
    await page.getByRole("button", { name: "Check and save" }).click();
    await expect(page.locator(".staff-note--warning")).toHaveText("iiko refused: Login is not authorized");

    await page.getByLabel("API login").fill(DEMO_IIKO_API_LOGIN);
    await page.getByRole("button", { name: "Check and save" }).click();
    await expect(page.getByTestId("iiko-organisation")).toHaveText("Organisation: Savat demo kitchen 2");
    await expect(page.getByRole("status").filter({ hasText: "iiko answered: saved." })).toBeVisible();
    // The login is write-only: the field is empty again, saying one is stored.
    await expect(page.getByLabel("API login")).toHaveValue("");
    await expect(page.getByLabel("API login")).toHaveAttribute("placeholder", /Stored/);

    const binding = page
      .getByRole("group", { name: "Branches and iiko terminal groups" })
      .getByRole("combobox")
      .first();
    await binding.selectOption({ label: "Kitchen 1" });
    await page.getByRole("button", { name: "Check and save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "iiko answered: saved." })).toBeVisible();
    await expect(binding).toHaveValue(/.+/);
    await expect(binding.locator("option:checked")).toHaveText("Kitchen 1");
    await page.screenshot({ path: testInfo.outputPath("kitchen-iiko.png"), fullPage: false });
  });
});

test.describe("the owner's menu from iiko @desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test("the owner previews iiko's menu, imports it, and the storefront sells iiko's dish", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, KITCHEN_BRAND);
    await context.addCookies([{ name: "lang", value: "en", url: origin }]);
    await signInToConsole(page, testInfo, origin, KITCHEN_OWNER);
    await page.getByRole("link", { name: /^Kitchen \(iiko\)/ }).click();
    await expect(page.getByTestId("iiko-organisation")).toHaveText("Organisation: Savat demo kitchen");
    const panel = page.getByRole("region", { name: "Menu from iiko" });
    await expect(panel.getByTestId("iiko-menu-last")).toHaveText("Not imported yet.");

    await panel.getByRole("button", { name: "Preview the changes" }).click();
    await expect(panel.getByRole("status").first()).toHaveText(
      /^1 to add, 0 to change, 0 to hide, 0 to show again; \d+ unchanged\.$/,
    );
    const row = panel.getByRole("row", { name: new RegExp(IIKO_ONLY_DISH) });
    await expect(row).toContainText("Dish to add");
    await expect(row).toContainText("Price: — → 9 000");
    // Nothing is on sale before the import.
    const sells = async () => {
      const overall = await plainDish(
        request,
        testInfo,
        KITCHEN_BRAND,
        (p) => (p.name as { ru?: string }).ru === IIKO_ONLY_DISH,
      ).catch(() => null);
      return overall?.costPrice ?? null;
    };
    expect(await sells()).toBeNull();
    await page.screenshot({ path: testInfo.outputPath("kitchen-menu-preview.png") });

    await panel.getByRole("button", { name: "Import this change" }).click();
    await expect(panel.getByRole("status").filter({ hasText: /^Imported: 1 added/ })).toBeVisible();
    await expect(panel.getByTestId("iiko-menu-last")).toHaveText(/^Last imported /);
    await expect.poll(sells, { timeout: 5_000 }).toBe(9_000);
    // A second look: nothing left to import.
    await panel.getByRole("button", { name: "Preview the changes" }).click();
    await expect(panel.getByText("The menu is already as in iiko: nothing to import.")).toBeVisible();
  });
});
