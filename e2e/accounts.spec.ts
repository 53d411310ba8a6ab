// Accounts in the browser: phone login on the web with the code the console SMS gateway wrote,
// logout that leaves the other brand's session alone, the phone change, account deletion, the
// "out of date" path and, in the mocked Telegram, the shared contact joining a web account.
// The e2e server runs in demo mode, where the console gateway also appends its JSON lines to
// DATA_DIR/sms-outbox.jsonl; the journeys read their codes there (docs/decisions.md, Accounts).
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { appFrame, freshTelegramId, openInTelegram, storedSession } from "./fixtures/platform.ts";
import { apiUrl, merchantOf, portOf } from "./support/storefront.ts";
import { seedPickupBasket, smsCodeFor } from "./support/session.ts";

/** The code of the newest console SMS to `phone` (E.164) written after `since`. */
function codeFor(testInfo: TestInfo, phone: string, since = 0): Promise<string> {
  return smsCodeFor(testInfo, phone, since);
}

/** A notice of the global message line (it is also read out through a hidden live region). */
function notice(page: Page, text: string) {
  return page.getByText(text, { exact: true }).last();
}

/** The journeys read English: the `lang` cookie on every origin they open. */
async function inEnglish(context: BrowserContext): Promise<void> {
  const hosts = ["lavash.localhost", "127.0.0.1"];
  await context.addCookies(hosts.map((domain) => ({ name: "lang", value: "en", domain, path: "/" })));
}

test.beforeEach(async ({ context }) => {
  await inEnglish(context);
});

let counter = 0;
/** A mobile number no other journey of this run uses. */
function freshPhone(): string {
  counter += 1;
  return `+99897${freshTelegramId().slice(-5)}${String(counter % 100).padStart(2, "0")}`;
}

function spaced(phone: string): string {
  return phone.replace(/^\+998(\d{2})(\d{3})(\d{2})(\d{2})$/, "+998 $1 $2 $3 $4");
}

/** Logs in through /login (or the given login URL) and /login/confirm. */
async function logIn(page: Page, testInfo: TestInfo, phone: string, loginUrl = "/login"): Promise<void> {
  const since = Date.now() - 1000;
  await page.goto(loginUrl);
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Get the code" }).click();
  await expect(page).toHaveURL(/\/login\/confirm\?/);
  await page.getByLabel("Code from the SMS").fill(await codeFor(testInfo, phone, since));
  await expect(notice(page, "You are logged in")).toBeVisible();
  // The login screens leave on their own; a navigation the caller starts must not race that one.
  await expect(page).not.toHaveURL(/\/login(\/|\?|$)/);
}

test.describe("accounts on the web", () => {
  test("a guest logs in with the SMS code, back where they started", async ({ page }, testInfo) => {
    const phone = freshPhone();
    await page.goto("/profile");
    const prompt = page.getByTestId("login-prompt");
    await expect(prompt).toContainText("Log in to order and to track your orders");
    await prompt.getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);

    await page.getByLabel("Phone number").fill("");
    await page.getByRole("button", { name: "Get the code" }).click();
    await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription("Please fill in this field!");
    await page.getByLabel("Phone number").fill("12345");
    await page.getByRole("button", { name: "Get the code" }).click();
    await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription(/Enter a mobile number/);

    const since = Date.now() - 1000;
    await page.getByLabel("Phone number").fill(phone.slice(4)); // without +998: Uzbek is assumed
    await page.getByRole("button", { name: "Get the code" }).click();
    await expect(page).toHaveURL(/\/login\/confirm\?/);
    await expect(page.getByText(`We sent a code by SMS to ${spaced(phone)}.`)).toBeVisible();
    await expect(page.getByTestId("resend-countdown")).toHaveText(/You can ask for a new code in (5\d|60) s/);
    const code = await codeFor(testInfo, phone, since);

    const field = page.getByLabel("Code from the SMS");
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(field).toHaveAccessibleDescription("Please fill in this field!");
    await field.fill(code === "000000" ? "111111" : "000000");
    await expect(field).toHaveAccessibleDescription("Wrong code entered or sms code is expired");

    // Pasting the whole SMS keeps the digits and logs in at once.
    await field.focus();
    await page.evaluate(
      (text) => {
        const input = document.activeElement as HTMLInputElement;
        const data = new DataTransfer();
        data.setData("text/plain", text);
        input.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      `Lavash: ${code.slice(0, 3)} ${code.slice(3)} - tasdiqlash kodi`,
    );
    await expect(notice(page, "You are logged in")).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(`+998 ${phone.slice(4, 6)} *** ** ${phone.slice(-2)}`)).toBeVisible();
    const session = await storedSession(page);
    expect(session?.token).toMatch(/^[\w-]{43}$/);
    expect(session?.user?.phone).toBe(phone);
  });
});

test.describe("after login", () => {
  test("logging out of one brand keeps the other brand's session", async ({ page, request }, testInfo) => {
    const phone = freshPhone();
    const origin = `http://127.0.0.1:${portOf(testInfo)}`;
    await logIn(page, testInfo, phone, `${origin}/login?vendor=sushi`);
    await logIn(page, testInfo, phone, `${origin}/login?vendor=lavash`);
    const sushiToken = (await storedSession(page, "sushi"))?.token;
    const lavashToken = (await storedSession(page, "lavash"))?.token;
    expect(sushiToken).toMatch(/^[\w-]{43}$/);
    expect(lavashToken).toMatch(/^[\w-]{43}$/);

    await page.goto(`${origin}/profile`);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(notice(page, "You are logged out")).toBeVisible();
    await expect(page).toHaveURL(`${origin}/`);
    expect((await storedSession(page, "lavash"))?.token ?? null).toBeNull();
    expect((await storedSession(page, "sushi"))?.token).toBe(sushiToken);

    const [lavash, sushi] = await Promise.all([
      merchantOf(request, testInfo, "lavash"),
      merchantOf(request, testInfo, "sushi"),
    ]);
    const me = (merchant: string, token: string | null | undefined) =>
      request.get(apiUrl(testInfo, "/users/v1/users/me"), {
        headers: { merchant, authorization: `Bearer ${token ?? ""}` },
      });
    expect((await me(lavash.id, lavashToken)).status()).toBe(401);
    expect((await me(sushi.id, sushiToken)).status()).toBe(200);
    await page.goto(`${origin}/profile?vendor=sushi`);
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  });

  test("edits the profile and changes the phone with a code to the new number", async ({
    page,
  }, testInfo) => {
    const phone = freshPhone();
    const next = freshPhone();
    await logIn(page, testInfo, phone);
    await page.goto("/profile/user");
    await page.getByLabel("First name").fill("Aziza");
    await page.getByLabel("Last name").fill("Karimova");
    await page.getByLabel("E-mail").fill("not an e-mail");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("Enter a valid e-mail address");
    await page.getByLabel("E-mail").fill("aziza@example.uz");
    await page.getByLabel("Female").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(notice(page, "Data is updated")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Aziza");
    await expect(page.getByLabel("Female")).toBeChecked();

    // The photo: uploaded, shown from the server, deleted.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==",
      "base64",
    );
    await page
      .getByTestId("profile-photo-input")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    const avatar = page.locator("img.user-avatar");
    await expect(avatar).toHaveAttribute("src", /^\/api\/users\/v1\/users\/images\/[\w-]+\.webp$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Delete photo" }).click();
    await expect(avatar).toHaveCount(0);

    await expect(page.getByTestId("profile-phone")).toHaveText(spaced(phone));
    await page.getByRole("button", { name: "Change", exact: true }).click();
    const sheet = page.getByRole("dialog", { name: "Change the phone number" });
    await expect(sheet).toBeVisible();
    const since = Date.now() - 1000;
    await sheet.getByLabel("New phone number").fill(next);
    await sheet.getByRole("button", { name: "Get the code" }).click();
    await sheet.getByLabel("Code from the SMS").fill(await codeFor(testInfo, next, since));
    await expect(notice(page, "The phone number is changed")).toBeVisible();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("profile-phone")).toHaveText(spaced(next));
    expect((await storedSession(page))?.user?.phone).toBe(next);
  });

  test("deletes the account only after the confirmation", async ({ page, request }, testInfo) => {
    const phone = freshPhone();
    await logIn(page, testInfo, phone);
    const token = (await storedSession(page))?.token;
    await page.goto("/profile/user");
    await page.getByRole("button", { name: "Delete account" }).click();
    const sheet = page.getByRole("dialog", { name: "Delete account" });
    await expect(sheet).toContainText("Are you sure?");
    await sheet.getByRole("button", { name: "No" }).click();
    await expect(sheet).toBeHidden();
    expect((await storedSession(page))?.token).toBe(token);

    await page.getByRole("button", { name: "Delete account" }).click();
    await page
      .getByRole("dialog", { name: "Delete account" })
      .getByRole("button", { name: "Yes, delete" })
      .click();
    await expect(notice(page, "Your account has been deleted")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await storedSession(page))?.token ?? null).toBeNull();
    const lavash = await merchantOf(request, testInfo, "lavash");
    const me = await request.get(apiUrl(testInfo, "/users/v1/users/me"), {
      headers: { merchant: lavash.id, authorization: `Bearer ${token ?? ""}` },
    });
    expect(me.status()).toBe(401);
  });

  test('a session that is no longer valid logs out with "Some things are out of date!"', async ({
    page,
    request,
  }, testInfo) => {
    await logIn(page, testInfo, freshPhone());
    const token = (await storedSession(page))?.token;
    const lavash = await merchantOf(request, testInfo, "lavash");
    // Leave the app first: an open page would notice the dead session on its own next call (the
    // orders stream, a query) and navigate to / while the test navigates.
    await page.goto("about:blank");
    // The session ends elsewhere (another device logged out, the account was blocked...).
    await request.post(apiUrl(testInfo, "/users/v1/users/logout"), {
      headers: { merchant: lavash.id, authorization: `Bearer ${token ?? ""}` },
    });
    // The app answers the 401 with its own navigation to /, which may start before this page's load
    // event: wait only for the commit, then for what the customer sees.
    await page.goto("/profile/user", { waitUntil: "commit" });
    // Two page loads in a row (the app's, then the one after the logout) before the notice.
    await expect(notice(page, "Some things are out of date! Please log in again.")).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveURL(/\/$/);
    expect((await storedSession(page))?.token ?? null).toBeNull();
  });
});

test.describe("accounts inside Telegram", () => {
  test("sharing the phone of a web account makes the Telegram user that customer", async ({
    browser,
    page,
    request,
  }, testInfo) => {
    // The web account is made on another device (a browser of its own), with a phone of the
    // harness's test range: the harness signs no contact for a phone a real customer has.
    const phone = `+9989700${freshTelegramId().slice(-5)}`;
    const web = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await inEnglish(web);
    const webPage = await web.newPage();
    await logIn(webPage, testInfo, phone);
    const webUser = (await storedSession(webPage))?.user;
    expect(webUser?.id).toBeTruthy();
    await web.close();

    // The phone is asked for at the checkout, with something in the basket.
    await seedPickupBasket(page, request, testInfo);
    const tg = await openInTelegram(page, { phoneVerification: "required", phone });
    await expect
      .poll(async () => (await storedSession(appFrame(page)))?.token ?? null, { timeout: 30_000 })
      .toMatch(/^[\w-]{43}$/);
    await appFrame(page).evaluate(() => {
      window.history.pushState(null, "", "/checkout");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    const popup = page.getByRole("dialog", { name: "Share your phone number?" });
    await expect(popup).toBeVisible();
    await page.getByTestId("tg-contact-share").click();
    await expect(popup).toBeHidden();
    await expect.poll(async () => (await storedSession(appFrame(page)))?.user?.id).toBe(webUser?.id);
    const session = await storedSession(appFrame(page));
    expect(session?.user).toMatchObject({ phone, telegramId: tg.userId });
  });
});
