// The printable QR sheet: six tables per A4 page, each card with its QR code and its links.
import { describe, expect, it } from "vitest";
import { tableQrPages, tableUrl, telegramTableUrl } from "../src/services/dine-in/table-qr.ts";

const tables = Array.from({ length: 11 }, (_, i) => ({
  code: `plov-T${String(i + 1)}`,
  name: String(i + 1),
  hall: "Asosiy zal",
}));
const options = {
  brandName: "Osh Markazi",
  branchName: "Beshyog'och",
  baseUrl: "https://plov.example.uz/",
  botUsername: "plov_bot",
  appName: "menu",
  tableWord: "Table",
};

describe("the table QR sheet", () => {
  it("puts six tables on each A4 page, each with its QR code, web link and Telegram link", async () => {
    const pages = await tableQrPages(tables, options);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('width="210mm" height="297mm"');
    expect(pages[0]?.match(/shape-rendering="crispEdges"/g)).toHaveLength(6);
    expect(pages[1]?.match(/shape-rendering="crispEdges"/g)).toHaveLength(5);
    expect(pages[0]).toContain("https://plov.example.uz/?table=plov-T1<");
    expect(pages[0]).toContain("https://t.me/plov_bot/menu?startapp=table_plov-T1<");
    expect(pages[0]).toContain("Asosiy zal · Beshyog'och");
  });

  it("leaves Telegram out for a brand without a bot, and escapes names", async () => {
    const [page] = await tableQrPages([{ code: "c-1", name: "VIP <1>", hall: "Hall & terrace" }], {
      ...options,
      botUsername: null,
    });
    expect(page).not.toContain("t.me");
    expect(page).toContain("Table VIP &lt;1&gt;");
    expect(page).toContain("Hall &amp; terrace");
  });

  it("links the website's table and Telegram's main mini app without an app name", () => {
    expect(tableUrl("http://plov.localhost:8080", "plov-Kq7mT2")).toBe(
      "http://plov.localhost:8080/?table=plov-Kq7mT2",
    );
    expect(telegramTableUrl("plov_bot", null, "plov-Kq7mT2")).toBe(
      "https://t.me/plov_bot?startapp=table_plov-Kq7mT2",
    );
  });
});
