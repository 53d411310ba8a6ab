// At the restaurant: a guest scans a table's QR code (the web's ?table= link, Telegram's
// startapp=table_ link), sees the table the storefront now orders to, calls the waiter and sees the
// staff answer, and orders to the table paying cash. Plov speaks Uzbek and Russian: the pages read Russian.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { freshTelegramId, openInTelegram } from "./fixtures/platform.ts";
import { smsCodeFor } from "./support/session.ts";
import { apiUrl, brandOrigin, merchantOf, portOf } from "./support/storefront.ts";

/** Table 1 of the main hall at Beshyog'och, open around the clock. */
const TABLE = "plov-Kq7mT2";

function plovStaff(testInfo: TestInfo, merchantId: string): Record<string, string> {
  const token = fs
    .readFileSync(path.resolve(`.data-e2e-${portOf(testInfo)}`, "staff-token-plov"), "utf8")
    .trim();
  return { merchant: merchantId, authorization: `Bearer ${token}` };
}

async function logInAtPlov(page: Page, testInfo: TestInfo): Promise<void> {
  const phone = `+99877${freshTelegramId().slice(-7)}`;
  const since = Date.now() - 1000;
  await page.goto(`${brandOrigin(testInfo, "plov")}/login`);
  await page.getByLabel("Номер телефона").fill(phone);
  await page.getByRole("button", { name: "Получить код" }).click();
  await expect(page).toHaveURL(/\/login\/confirm\?/);
  await page.getByLabel("Код из SMS").fill(await smsCodeFor(testInfo, phone, since));
  await expect(page.getByText("Вы вошли в систему", { exact: true }).last()).toBeVisible();
  await expect(page).not.toHaveURL(/\/login(\/|\?|$)/);
}

test.describe("dine-in at a table", () => {
  test("a table's QR link on the web: the table bar, the waiter answered by staff, a cash order to the table", async ({
    page,
    request,
  }, testInfo) => {
    const plov = await merchantOf(request, testInfo, "plov");
    await page.goto(`${brandOrigin(testInfo, "plov")}/?table=${TABLE}`);
    const bar = page.getByTestId("table-bar");
    await expect(bar).toContainText("Стол 1");
    await expect(bar).toContainText("Бешагач");
    // The code leaves the address bar once the table is known.
    await expect(page).not.toHaveURL(/table=/);

    await bar.getByRole("button", { name: "Позвать официанта" }).click();
    const status = page.getByTestId("table-bar-status");
    await expect(status).toContainText("Официант вызван");
    await expect(bar.getByRole("button", { name: "Позвать официанта" })).toBeDisabled();

    // The staff see the call at the branch and acknowledge it; the guest sees it at once.
    const table = (await (
      await request.get(apiUrl(testInfo, `/orders/v1/tables/${TABLE}`), { headers: { merchant: plov.id } })
    ).json()) as { branch: { id: string }; table: { id: string } };
    const staff = plovStaff(testInfo, plov.id);
    const calls = (await (
      await request.get(apiUrl(testInfo, `/staff/v1/waiter-calls?branchId=${table.branch.id}`), {
        headers: staff,
      })
    ).json()) as { id: string; tableId: string; reason: string }[];
    const call = calls.find((c) => c.tableId === table.table.id && c.reason === "CALL");
    expect(call).toBeDefined();
    const ack = await request.put(apiUrl(testInfo, `/staff/v1/waiter-calls/${call?.id ?? ""}/acknowledge`), {
      headers: staff,
    });
    expect(ack.ok()).toBe(true);
    await expect(status).toContainText("Официант идёт");
    await request.put(apiUrl(testInfo, `/staff/v1/waiter-calls/${call?.id ?? ""}/close`), { headers: staff });
    await expect(status).toContainText("Официант подходил");
    await expect(bar.getByRole("button", { name: "Позвать официанта" })).toBeEnabled();

    // The order: signed in, a dish in the basket, checkout at the table.
    await logInAtPlov(page, testInfo);
    await expect(page.getByTestId("table-bar")).toContainText("Стол 1");
    const overall = (await (
      await request.get(apiUrl(testInfo, "/products/v1/overalls?type=WEB"), {
        headers: { merchant: plov.id },
      })
    ).json()) as {
      products: {
        id: string;
        name: unknown;
        image: string | null;
        costPrice: number;
        discount: number;
        unit: string;
        isAvailable: boolean;
        modificationGroups: unknown[];
      }[];
    };
    const dish = overall.products.find((p) => p.isAvailable && p.modificationGroups.length === 0);
    if (!dish) throw new Error("plov has no simple dish");
    await page.evaluate(
      (line) => {
        localStorage.setItem("savat:plov:basket", JSON.stringify([line]));
      },
      {
        key: dish.id,
        productId: dish.id,
        name: dish.name,
        image: dish.image ?? "",
        costPrice: dish.costPrice,
        discount: dish.discount,
        unit: dish.unit,
        count: 1,
        modifications: [],
      },
    );
    await page.goto(`${brandOrigin(testInfo, "plov")}/checkout`);
    await expect(page.getByRole("heading", { level: 1, name: "Оформление заказа" })).toBeVisible();
    await expect(page.getByTestId("checkout-place")).toContainText("Стол 1");
    await expect(page.getByTestId("checkout-place")).toContainText("Бешагач");
    // Dine-in is fixed, no later time, and the table's payments only (plov's Click is not on at tables).
    await expect(page.getByRole("radio", { name: "Доставка" })).toHaveCount(0);
    await expect(page.getByRole("radio", { name: "Ко времени" })).toHaveCount(0);
    await expect(page.getByRole("radio", { name: "Click" })).toHaveCount(0);
    await page.getByRole("radio", { name: "Наличные" }).check();
    await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
    const placed = page.waitForResponse(
      (r) =>
        r.url().includes("/api/orders/v1/orders") && r.request().method() === "POST" && r.status() === 201,
    );
    await page.locator("[data-platform-main-button] button").click();
    const order = (await (await placed).json()) as {
      serviceType: string;
      tableId: string;
      branchId: string;
      paymentType: string;
    };
    expect(order).toMatchObject({
      serviceType: "DINE_IN",
      tableId: table.table.id,
      branchId: table.branch.id,
      paymentType: "CASH",
    });
    await expect(page.getByRole("heading", { level: 1, name: /^Заказ №\d+$/ })).toBeVisible();
  });

  test("a code no table has: a clear message and the normal menu", async ({ page }, testInfo) => {
    await page.goto(`${brandOrigin(testInfo, "plov")}/?table=plov-NoSuch1`);
    await expect(page.getByText("QR-код этого стола не работает", { exact: true })).toBeVisible();
    await expect(page.getByText("Стол по этому QR-коду не найден", { exact: true })).toBeVisible();
    await expect(page.getByTestId("table-bar")).toHaveCount(0);
  });

  test("a table's startapp link in Telegram shows the table bar", async ({ page }) => {
    const tg = await openInTelegram(page, { sub: "plov", startParam: `table_${TABLE}` });
    const bar = tg.app.getByTestId("table-bar");
    await expect(bar).toContainText("Стол 1");
    await expect(bar).toContainText("Бешагач");
    if (process.env.DINE_IN_SHOT) await page.screenshot({ path: process.env.DINE_IN_SHOT });
    await bar.getByRole("button", { name: "Вы не за столом?" }).click();
    await expect(tg.app.getByTestId("table-bar")).toHaveCount(0);
  });
});
