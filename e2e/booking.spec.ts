// Booking a table on the demo's plov (bookingActive): from the profile a customer books a table for
// tomorrow, sees it in My reservations awaiting the restaurant, sees the staff's confirmation arrive
// without reloading (the staff API is called from the test, as the restaurant's terminal would),
// and cancels it. Plov speaks uz and ru: the journey runs in Russian.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { freshTelegramId } from "./fixtures/platform.ts";
import { apiUrl, brandOrigin, merchantOf, portOf } from "./support/storefront.ts";
import { smsCodeFor } from "./support/session.ts";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "lang", value: "ru", domain: "plov.localhost", path: "/" }]);
});

/** Signs in on plov's storefront with a fresh phone (the demo writes the SMS to the outbox). */
async function logIn(page: Page, testInfo: TestInfo): Promise<void> {
  const phone = `+99899${freshTelegramId().slice(-7)}`;
  const since = Date.now() - 1000;
  await page.goto(`${brandOrigin(testInfo, "plov")}/login`);
  await page.getByLabel("Номер телефона").fill(phone);
  await page.getByRole("button", { name: "Получить код" }).click();
  await expect(page).toHaveURL(/\/login\/confirm\?/);
  await page.getByLabel("Код из SMS").fill(await smsCodeFor(testInfo, phone, since));
  await expect(page.getByText("Вы вошли в систему", { exact: true }).last()).toBeVisible();
}

/** The bearer token of the plov staff member that scripts/e2e-server.ts seeds. */
function staffHeaders(testInfo: TestInfo, merchantId: string): Record<string, string> {
  const token = fs
    .readFileSync(path.resolve(`.data-e2e-${portOf(testInfo)}`, "staff-token-plov"), "utf8")
    .trim();
  return { authorization: `Bearer ${token}`, merchant: merchantId };
}

/** No serious or critical axe finding on the booking screen's own content (the shell has its own checks). */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(".booking-page").analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(serious, `${screen}:\n${serious.join("\n")}`).toEqual([]);
}

test("a customer books a table for tomorrow, sees the restaurant confirm it, and cancels it", async ({
  page,
}, testInfo) => {
  const merchant = await merchantOf(page.request, testInfo, "plov");
  const guest = `Азиз ${freshTelegramId().slice(-5)}`;
  await logIn(page, testInfo);

  await page.goto(`${brandOrigin(testInfo, "plov")}/profile`);
  await page.getByRole("link", { name: "Забронировать стол" }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole("heading", { level: 1, name: "Забронировать стол" })).toBeVisible();
  // The main branch, its halls and its booking phone to call instead.
  await page.getByRole("radio", { name: /Бешагач/ }).check();
  await expect(page.getByRole("link", { name: /Позвонить в ресторан/ }).first()).toHaveAttribute(
    "href",
    "tel:+998712000102",
  );
  await page.getByRole("button", { name: "Завтра" }).click();
  await expect(page.getByRole("button", { name: "Завтра" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Больше гостей" }).click();
  await expect(page.getByTestId("booking-guests")).toHaveText("3");
  await page.getByLabel("Зал").selectOption({ label: "Терраса" });
  const slots = page.getByTestId("booking-slots");
  // Around the clock: every half hour of tomorrow.
  await expect(slots.getByRole("button")).toHaveCount(48);
  await slots.getByRole("button", { name: "19:00", exact: true }).click();
  await expect(slots.getByRole("button", { name: "19:00", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectAccessible(page, "booking");
  await page.getByLabel("Имя").fill(guest);
  await expect(page.getByLabel("Номер телефона")).not.toHaveValue("");
  await page.getByLabel("Комментарий").fill("У окна");
  await page.getByRole("button", { name: "Забронировать стол" }).click();

  const done = page.getByTestId("booking-done");
  await expect(done.getByRole("heading", { name: "Запрос на стол отправлен" })).toBeVisible();
  await expect(done).toContainText("Терраса");
  await expect(done).toContainText("19:00");
  await done.getByRole("link", { name: "Мои брони" }).click();
  await expect(page).toHaveURL(/\/profile\/reservations$/);
  const row = page.getByTestId("reservation-row").filter({ hasText: guest });
  await expect(row.getByTestId("reservation-status")).toHaveText("Ожидает подтверждения");
  await expect(row).toContainText("Гости: 3");
  await expectAccessible(page, "my reservations");

  // The restaurant confirms it on the staff API; the open page hears it on the live stream.
  const headers = staffHeaders(testInfo, merchant.id);
  const list = (await (
    await page.request.get(apiUrl(testInfo, "/staff/v1/reservations?status=REQUESTED"), { headers })
  ).json()) as { id: string; name: string }[];
  const booked = list.find((r) => r.name === guest);
  expect(booked).toBeTruthy();
  const confirmed = await page.request.put(
    apiUrl(testInfo, `/staff/v1/reservations/${booked?.id ?? ""}/status`),
    {
      headers,
      data: { status: "CONFIRMED" },
    },
  );
  expect(confirmed.status()).toBe(200);
  await expect(row.getByTestId("reservation-status")).toHaveText("Подтверждена");

  await row.getByRole("button", { name: "Отменить бронь" }).click();
  const sheet = page.getByRole("dialog");
  await expect(sheet).toContainText("Отменить бронь?");
  await sheet.getByRole("button", { name: "Да" }).click();
  await expect(page.getByText("Бронь отменена").last()).toBeVisible();
  await expect(row.getByTestId("reservation-status")).toHaveText("Отменена");
  await expect(row.getByRole("button", { name: "Отменить бронь" })).toHaveCount(0);
});
