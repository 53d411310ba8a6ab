// Booting as a Click SuperApp web view: the page gets a web_session (query parameter and/or cookie)
// and Click's theme and language cookies; the server exchanges the session at the fake Click.
import { expect, test } from "@playwright/test";
import { openInClick, storedSession } from "./fixtures/platform.ts";

test.describe("inside the Click app", () => {
  test("signs in with ?web_session= and takes Click's language", async ({ page }) => {
    await openInClick(page, {
      via: "query",
      language: "uz",
      theme: "light",
      userId: "935551234",
      phone: "+998935551234",
    });
    await expect(page).toHaveURL(/web_session=/);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-host", "click");
    await expect(html).toHaveAttribute("lang", "uz");
    await expect(html).toHaveAttribute("data-appearance", "light");
    await expect.poll(async () => (await storedSession(page))?.token ?? null).toMatch(/^[\w-]{43}$/);
    expect((await storedSession(page))?.user?.phone).toBe("+998935551234");
    await expect(page.locator("#root")).not.toBeEmpty();
  });

  test("signs in with the cookie only, in Click's dark theme and Russian", async ({ page }) => {
    await openInClick(page, { via: "cookie", language: "ru", theme: "dark", variant: "generic" });
    await expect(page).not.toHaveURL(/web_session=/);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-host", "click");
    await expect(html).toHaveAttribute("lang", "ru");
    await expect(html).toHaveAttribute("data-appearance", "dark");
    await expect.poll(async () => (await storedSession(page))?.token ?? null).toMatch(/^[\w-]{43}$/);
    expect(await page.evaluate(() => sessionStorage.getItem("savat:platform:click-web-session"))).toMatch(
      /^[\w-]{36}$/,
    );
  });

  test("an unknown web_session leaves a guest with a message", async ({ page }) => {
    await page.goto("/?web_session=3f1a7c9e-0000-4000-8000-00000000dead");
    await expect(page.locator("html")).toHaveAttribute("data-host", "click");
    await expect(page.getByText(/Click/).first()).toBeVisible();
    await expect(page.locator("#root")).not.toBeEmpty();
    expect((await storedSession(page))?.token ?? null).toBeNull();
  });
});
