// Service types per channel (issue 42; specification section 6, "channel availability of order types
// ... per channel"): a brand offers delivery, pickup or dine-in on the website, in Telegram, in the
// Click app and at a table's QR code separately, as it does payment methods; the brand file carries it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branches, serviceTypeSettings, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { exportBrand } from "../src/services/back-office/brand-export.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { plainProduct } from "./support/orders.ts";

let t: TestApp;
let plov: string;
let branchId: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  plov = await merchantId(t, "plov");
  // Beshyog'och: open around the clock, so the order's hours never decide.
  const rows = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
  const beshyogoch = rows.find((b) => b.name.uz === "Beshyog'och");
  if (!beshyogoch) throw new Error("plov has no Beshyog'och branch");
  branchId = beshyogoch.id;
  productId = await plainProduct(t, plov, 10_000);
});
afterAll(async () => {
  await t.close();
});

let phoneSeq = 0;
async function customerOn(channel: "WEB" | "TELEGRAM") {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: plov, phone: `+99894${String(1_000_000 + phoneSeq)}` })
    .returning();
  if (!user) throw new Error("no user");
  const { token } = await createSession(t.db, { merchantId: plov, userId: user.id, channel });
  return { merchant: plov, authorization: `Bearer ${token}` };
}

const pickup = (headers: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers,
    payload: {
      serviceType: "PICK_UP",
      paymentType: "CASH",
      branchId,
      cartItems: [{ productId, count: 1, modifications: [] }],
    },
  });

describe("service types per channel", () => {
  it("refuses pickup in Telegram when the brand switched it off there, and still takes it on the website", async () => {
    await t.db
      .insert(serviceTypeSettings)
      .values({ merchantId: plov, serviceType: "PICK_UP", botEnabled: false });
    try {
      const bot = await pickup(await customerOn("TELEGRAM"));
      expect(bot.statusCode, bot.body).toBe(400);
      expect(bot.json()).toMatchObject({ code: "SERVICE_TYPE_UNAVAILABLE" });
      const web = await pickup(await customerOn("WEB"));
      expect(web.statusCode, web.body).toBe(201);

      // The storefront reads the same: pickup is not in Telegram's list, dine-in (no row) is everywhere.
      const settings = await t.app.inject({
        method: "GET",
        url: "/api/support/v1/merchant/settings/web",
        headers: { merchant: plov },
      });
      const lists = settings.json<{ channelServiceTypes: Record<string, string[]> }>().channelServiceTypes;
      expect(lists.BOT).not.toContain("PICK_UP");
      expect(lists.BOT).toContain("DINE_IN");
      expect(lists.WEB).toEqual(expect.arrayContaining(["PICK_UP", "DINE_IN"]));
    } finally {
      await t.db.delete(serviceTypeSettings).where(eq(serviceTypeSettings.merchantId, plov));
    }
  });

  it("travels in the brand file: exported as set, and a type it does not list is on everywhere", async () => {
    await t.db
      .insert(serviceTypeSettings)
      .values({ merchantId: plov, serviceType: "DINE_IN", webEnabled: false, appEnabled: false });
    try {
      const file = await exportBrand(t.db, plov);
      expect(file.serviceTypeChannels).toEqual([
        {
          serviceType: "DINE_IN",
          webEnabled: false,
          botEnabled: true,
          operatorEnabled: true,
          appEnabled: false,
          qrEnabled: true,
        },
      ]);
    } finally {
      await t.db.delete(serviceTypeSettings).where(eq(serviceTypeSettings.merchantId, plov));
    }
  });
});
