// The owner connects the kitchen's iiko from the console (issue 38), in the browser: the owner of
// "navruz" (scripts/e2e-server.ts; no journey of it places orders) types a login iiko refuses and
// reads iiko's reason, then the demo's iiko login (the fake iiko, server/src/fakes/fake-iiko.ts):
// the organisation iiko found is shown, a branch is bound to one of its terminal groups and saved.
import { expect, test } from "@playwright/test";
import { brandOrigin } from "./support/storefront.ts";
import { signInToConsole } from "./support/session.ts";

/** The stories brand's second owner (scripts/e2e-server.ts): the first signs in for its own journey. */
const OWNER = "+998977000372";
/** The fake iiko's demo account (server/src/fakes/fake-iiko.ts). */
const DEMO_IIKO_API_LOGIN = "DEMO-iiko-api-login";

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
    await expect(page.getByTestId("iiko-organisation")).toHaveText("Organisation: Savat demo kitchen");
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
