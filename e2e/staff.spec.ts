// The staff console at /staff: a staff member signs in with the phone's code and runs the order
// board while a customer orders in the Telegram harness: the order arrives live, the staff member
// moves it to ready and on the way, and the customer's order page follows each step live. An
// account without the staff role is told so. Once, at the desktop viewport (playwright.config.ts).
// The order is for later: the demo simulator leaves such an order alone until its time, so only
// the staff member moves it here.
import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { appFrame, freshTelegramId, openInTelegram, storedSession } from "./fixtures/platform.ts";
import { apiUrl, merchantOf, portOf } from "./support/storefront.ts";
import { customerAddress, smsCodeFor } from "./support/session.ts";

/** The staff members scripts/e2e-server.ts seeds for the console (lavash, role STAFF), one per journey. */
const STAFF_PHONE = "+998977000001";
const KEYBOARD_STAFF_PHONE = "+998977000002";

/** Inside the demo's "Tashkent centre" delivery region. */
const ADDRESS = {
  id: null,
  name: "Amir Temur avenue 1",
  streetName: "Amir Temur avenue",
  houseNumber: "1",
  description: "Amir Temur avenue 1",
  comment: "",
  latitude: 41.311081,
  longitude: 69.240562,
  cityId: null,
  floor: "4",
  office: "12",
  entrance: "2",
  domophone: "",
};

async function signInToConsole(page: Page, testInfo: TestInfo, phone: string): Promise<void> {
  const since = Date.now() - 1000;
  // Staff sign in from an address of their own, as the 20 code requests a minute per address count.
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": customerAddress() });
  await page.goto("/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the staff console" })).toBeVisible();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Get the code" }).click();
  await page.getByLabel("Code from the SMS").fill(await smsCodeFor(testInfo, phone, since));
}

/** Makes the seeded lavash staff member (scripts/e2e-server.ts, "staff-token") a courier, once. */
async function ensureCourier(request: APIRequestContext, testInfo: TestInfo, merchantId: string) {
  const token = fs.readFileSync(path.resolve(`.data-e2e-${portOf(testInfo)}`, "staff-token"), "utf8").trim();
  const headers = { authorization: `Bearer ${token}`, merchant: merchantId };
  const couriers = (await (
    await request.get(apiUrl(testInfo, "/staff/v1/couriers"), { headers })
  ).json()) as {
    name: string | null;
  }[];
  if (couriers.some((c) => c.name === "E2E Staff")) return;
  const me = (await (await request.get(apiUrl(testInfo, "/users/v1/users/me"), { headers })).json()) as {
    id: string;
  };
  const made = await request.post(apiUrl(testInfo, "/staff/v1/couriers"), {
    headers,
    data: { userId: me.id },
  });
  expect(made.status(), await made.text()).toBe(200);
}

/** Axe's serious and critical findings on what the page shows now (as e2e/a11y.spec.ts checks). */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(serious, `${screen}:\n${serious.join("\n")}`).toEqual([]);
}

/** A fresh customer of the brand signed in through the code flow; answers the bearer token. */
async function customerToken(request: APIRequestContext, testInfo: TestInfo, merchantId: string) {
  const phone = `+99877${freshTelegramId().slice(-7)}`;
  const since = Date.now() - 1000;
  const headers = { merchant: merchantId };
  const asked = await request.post(apiUrl(testInfo, "/users/v1/auth/otp"), { headers, data: { phone } });
  expect(asked.status(), await asked.text()).toBe(200);
  const code = await smsCodeFor(testInfo, phone, since);
  const verified = await request.post(apiUrl(testInfo, "/users/v1/auth/otp/verify"), {
    headers,
    data: { phone, code },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

/** A lavash dish without options, for the customer's basket. */
async function aDish(request: APIRequestContext, testInfo: TestInfo, merchantId: string) {
  const overall = (await (
    await request.get(apiUrl(testInfo, "/products/v1/overalls?type=WEB"), {
      headers: { merchant: merchantId },
    })
  ).json()) as {
    products: {
      id: string;
      name: { eng?: string };
      image: string | null;
      costPrice: number;
      discount: number;
      unit: string;
      isAvailable: boolean;
      modificationGroups: unknown[];
    }[];
  };
  const p = overall.products.find(
    (x) => x.isAvailable && x.modificationGroups.length === 0 && x.costPrice >= 35_000,
  );
  if (!p) throw new Error("demo facts missing");
  return {
    key: p.id,
    productId: p.id,
    name: p.name,
    image: p.image ?? "",
    costPrice: p.costPrice,
    discount: p.discount,
    unit: p.unit,
    count: 1,
    modifications: [],
  };
}

test.describe("the staff console", () => {
  test("an order placed in Telegram arrives live on the board; staff move it to ready and on the way while the customer watches", async ({
    browser,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const merchant = await merchantOf(request, testInfo, "lavash");
    await ensureCourier(request, testInfo, merchant.id);
    const line = await aDish(request, testInfo, merchant.id);

    // The staff member signs in and opens the board.
    await page.context().addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
    await signInToConsole(page, testInfo, STAFF_PHONE);
    const board = page.getByTestId("order-board");
    await expect(board).toBeVisible();
    await expect(page.getByTestId("staff-live")).toHaveAttribute("data-connected", "true");
    await expect(page.getByRole("navigation", { name: "Console sections" })).toBeVisible();

    // The customer orders for later, in the mocked Telegram, in a browser of their own.
    const customer = await browser.newContext({ viewport: { width: 412, height: 915 } });
    const tgPage = await customer.newPage();
    await tgPage.goto("/api/health");
    await tgPage.evaluate(
      ({ basket, draft }) => {
        localStorage.setItem("savat:lavash:basket", JSON.stringify(basket));
        localStorage.setItem("savat:lavash:session", JSON.stringify({ orderRequest: draft }));
      },
      { basket: [line], draft: { serviceType: "DELIVERY", address: ADDRESS } },
    );
    const tg = await openInTelegram(tgPage, { languageCode: "en" });
    await expect
      .poll(async () => (await storedSession(appFrame(tgPage)))?.token ?? null, { timeout: 30_000 })
      .toMatch(/^[\w-]{43}$/);
    await appFrame(tgPage).evaluate(() => {
      window.history.pushState(null, "", "/checkout");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(tg.app.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await tg.app.getByRole("radio", { name: "At a set time" }).check();
    await expect(tg.app.getByTestId("checkout-total")).not.toHaveText("—");
    await tgPage.getByTestId("tg-main-button").click();
    const heading = tg.app.getByRole("heading", { level: 1, name: /^Order #\d+$/ });
    await expect(heading).toBeVisible();
    const number = /\d+/.exec((await heading.textContent()) ?? "")?.[0] ?? "";
    const status = tg.app.getByTestId("order-status");
    await expect(status).toHaveAttribute("data-status", "AT_TIME");

    // Live, it is on the board, among the new orders, with a count in the tab's title.
    const card = board
      .locator("article")
      .filter({ has: page.getByRole("heading", { name: new RegExp(`^Order #${number}: open$`) }) });
    await expect(card).toBeVisible();
    const orderId = (await card.getAttribute("data-order-id")) ?? "";
    const inColumn = (column: string) =>
      page.locator(`[data-column="${column}"] [data-order-id="${orderId}"]`);
    await expect(inColumn("new")).toBeVisible();
    await expect(card).toContainText("New");
    await expect(card).toContainText("Delivery");
    await expect(card).toContainText("Amir Temur avenue 1");
    await expect(card).toContainText("Entrance 2");
    await expect(card).toContainText("Not paid");
    await expect(card.getByRole("link", { name: /\+998/ })).toHaveAttribute("href", /^tel:\+998/);
    // (The other journeys of this file may add theirs to the count: they share the brand.)
    await expect(page).toHaveTitle(/^\(\d+\) Order board · /);
    await expect(page.getByTestId("staff-announcer")).toHaveText(/^New orders? #\d+/);

    // Each tap moves it one legal step; the customer's page follows live.
    const steps: [string, string, string][] = [
      ["Accept", "ACCEPTED", "accepted"],
      ["Start cooking", "COOKING", "cooking"],
      ["Mark ready", "DONE", "ready"],
    ];
    for (const [button, next, column] of steps) {
      await card.getByRole("button", { name: new RegExp(`^${button} · #${number}$`) }).click();
      await expect(inColumn(column)).toBeVisible();
      await expect(status).toHaveAttribute("data-status", next);
    }
    // Seen once handled: the title has no count any more.
    await expect(page).not.toHaveTitle(/^\(\d+\) /);

    // Ready for delivery: a courier is chosen, then it goes on the way.
    await card.getByRole("button", { name: new RegExp(`^Choose a courier · #${number}$`) }).click();
    const dialog = page.getByRole("dialog", { name: `A courier for order #${number}` });
    await dialog.getByRole("radio").first().check();
    await dialog.getByRole("button", { name: "Give the order to this courier" }).click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveAttribute("data-status", "ATTACHED");
    await card.getByRole("button", { name: new RegExp(`^Send on the way · #${number}$`) }).click();
    await expect(inColumn("onTheWay")).toBeVisible();
    await expect(status).toHaveAttribute("data-status", "ON_WAY");
    // A delivered order may not go back: no move to an earlier stage is offered.
    await expect(card.getByRole("button", { name: /Accept|Start cooking|Mark ready/ })).toHaveCount(0);
    await customer.close();
  });

  test("the keyboard runs the board and a cancel asks for the reason", async ({
    page,
    request,
  }, testInfo) => {
    const merchant = await merchantOf(request, testInfo, "lavash");
    const line = await aDish(request, testInfo, merchant.id);
    await page.context().addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
    await signInToConsole(page, testInfo, KEYBOARD_STAFF_PHONE);
    await expect(page.getByTestId("staff-live")).toHaveAttribute("data-connected", "true");
    // A customer's order, placed through the API as the Telegram journey above does in the app.
    const token = await customerToken(request, testInfo, merchant.id);
    const branches = (await (
      await request.get(apiUrl(testInfo, "/users/v1/branches"), { headers: { merchant: merchant.id } })
    ).json()) as { id: string; name: { eng?: string } }[];
    const chilonzor = branches.find((b) => b.name.eng?.startsWith("Chilonzor"));
    const placed = await request.post(apiUrl(testInfo, "/orders/v1/orders/at-time"), {
      headers: { authorization: `Bearer ${token}`, merchant: merchant.id },
      data: {
        serviceType: "DELIVERY",
        branchId: chilonzor?.id,
        paymentType: "CASH",
        address: ADDRESS,
        cartItems: [{ productId: line.productId, count: 1 }],
        deliveryAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
        comment: "Keyboard journey",
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { number } = (await placed.json()) as { number: number };
    const card = page.locator("article").filter({ hasText: "Keyboard journey" });
    await expect(card).toBeVisible();
    await expectNoSeriousViolations(page, "order board");

    // "?" lists the shortcuts.
    await page.locator("body").press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toContainText("Move the order to its next status");
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    await card.focus();
    await page.keyboard.press("n");
    await expect(page.locator('[data-column="accepted"]')).toContainText("Keyboard journey");
    await expect(card).toBeFocused();
    await page.keyboard.press("Enter");
    const details = page.getByRole("dialog", { name: `Order #${String(number)}` });
    await expect(details).toContainText("History");
    await page.keyboard.press("Escape");
    await expect(card).toBeFocused();
    await page.keyboard.press("c");
    const cancel = page.getByRole("dialog", { name: `Cancel order #${String(number)}?` });
    await cancel.getByRole("button", { name: "Cancel the order" }).click();
    await expect(cancel.getByRole("alert")).toContainText("Say why");
    await expectNoSeriousViolations(page, "cancel dialog");
    await cancel.getByLabel("Reason").fill("Out of dough");
    await cancel.getByRole("button", { name: "Cancel the order" }).click();
    await expect(cancel).toBeHidden();
    // The finished orders are folded to a strip until opened.
    const done = page.locator('[data-column="done"]');
    await done.getByRole("button", { name: /^Done/ }).click();
    await expect(done).toContainText("Keyboard journey");
    await expect(card).toContainText("Cancelled");
  });

  test("an account without the staff role is told it is not staff and can sign out", async ({
    page,
  }, testInfo) => {
    await page.context().addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
    await signInToConsole(page, testInfo, `+99877${freshTelegramId().slice(-7)}`);
    await expect(page.getByRole("heading", { level: 1, name: "This account is not staff" })).toBeVisible();
    await expect(page.getByTestId("order-board")).toHaveCount(0);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to the staff console" })).toBeVisible();
  });
});
