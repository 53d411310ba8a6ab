/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The owner's side of the back office (issue 36): who may run the brand's staff, settings, banners
// and promo codes; an invited person signing in; the last owner kept; secrets never sent back.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRole } from "#domain/staff-scope.ts";
import type { BrandSettings, PromoCode, StaffMember } from "#domain/contract/back-office-brand.ts";
import type { AuditEntry } from "#domain/contract/back-office.ts";
import { branches, products, sessions, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let lavashBranch: string;
let seq = 0;

async function staff(
  merchant: string,
  options: { role?: "CUSTOMER" | "STAFF" | "ADMIN"; brandRole?: BrandRole | null; branch?: string } = {},
) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99894${String(1000000 + seq)}`,
      firstName: "Olim",
      lastName: `Owner ${String(seq)}`,
      role: options.role ?? "STAFF",
      brandRole: options.brandRole ?? null,
    })
    .returning();
  if (options.branch)
    await t.db
      .insert(staffBranches)
      .values({ merchantId: merchant, userId: user!.id, branchId: options.branch });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return {
    id: user!.id,
    phone: user!.phone!,
    merchant,
    headers: { merchant, authorization: `Bearer ${token}` },
  };
}
type Staff = Awaited<ReturnType<typeof staff>>;

const call = (
  who: Staff,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `/api/staff/v1/${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });

/** The refused callers of an owner's area: a customer, staff of other roles, a bound manager, an owner bound to a branch. */
async function refusedAtLavash() {
  return [
    await staff(lavash, { role: "CUSTOMER" }),
    await staff(lavash, { brandRole: "OPERATOR" }),
    await staff(lavash, { brandRole: "KITCHEN" }),
    await staff(lavash, { brandRole: "MANAGER" }),
    await staff(lavash, { brandRole: "MANAGER", branch: lavashBranch }),
    await staff(lavash, { brandRole: "OWNER", branch: lavashBranch }),
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  const [branch] = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
  lavashBranch = branch!.id;
});
afterAll(async () => {
  await t.close();
});

describe("the brand's staff", () => {
  it("an owner invites a manager by phone; signed in, the manager may open the menu but not the staff", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const invited = await call(owner, "POST", "staff-members", {
      phone: "90 555 12 34",
      brandRole: "MANAGER",
      branchIds: [],
    });
    expect(invited.statusCode).toBe(201);
    const member = invited.json<StaffMember>();
    expect(member).toMatchObject({
      phone: "+998905551234",
      brandRole: "MANAGER",
      branchIds: [],
      self: false,
    });

    const list = (await call(owner, "GET", "staff-members")).json<StaffMember[]>();
    expect(list.find((m) => m.id === member.id)).toMatchObject({ brandRole: "MANAGER" });
    expect(list.find((m) => m.id === owner.id)).toMatchObject({ brandRole: "OWNER", self: true });

    // Signed in (the SMS code sign-in itself is the console journey's): a session of theirs.
    const { token } = await createSession(t.db, { merchantId: lavash, userId: member.id, channel: "WEB" });
    const manager = {
      id: member.id,
      phone: member.phone ?? "",
      merchant: lavash,
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
    };
    const me = (await call(manager, "GET", "me")).json<{ manages: string[]; brandRole: string }>();
    expect(me.brandRole).toBe("MANAGER");
    expect(me.manages).toContain("menu");
    expect(me.manages).not.toContain("staff");
    expect((await call(manager, "GET", "staff-members")).statusCode).toBe(403);

    const log = (await call(owner, "GET", "audit?entity=staff")).json<AuditEntry[]>();
    expect(log[0]).toMatchObject({ entity: "staff", entityId: member.id, action: "create" });
  });

  it("changing a role and binding takes effect on the member's next call; removing them revokes their sessions at once", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const manager = await staff(lavash, { brandRole: "MANAGER" });
    expect((await call(manager, "GET", "products")).statusCode).toBe(200);

    const bound = await call(owner, "PUT", `staff-members/${manager.id}`, {
      brandRole: "OPERATOR",
      branchIds: [lavashBranch],
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json<StaffMember>()).toMatchObject({ brandRole: "OPERATOR", branchIds: [lavashBranch] });
    expect((await call(manager, "GET", "products")).statusCode).toBe(403);

    const removed = await call(owner, "DELETE", `staff-members/${manager.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(manager, "GET", "me")).statusCode).toBe(401);
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, manager.id)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.id, manager.id));
    expect(user!.role).toBe("CUSTOMER");
    const list = (await call(owner, "GET", "staff-members")).json<StaffMember[]>();
    expect(list.some((m) => m.id === manager.id)).toBe(false);
  });

  it("the brand's last owner cannot remove or demote themself; with a second owner they can", async () => {
    // sushi has no owner in the tests' demo data: this one is its only one.
    const sushi = await merchantId(t, "sushi");
    const only = await staff(sushi, { brandRole: "OWNER" });
    const demote = await call(only, "PUT", `staff-members/${only.id}`, {
      brandRole: "MANAGER",
      branchIds: [],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: "LAST_OWNER" });
    const bind = await call(only, "PUT", `staff-members/${only.id}`, { brandRole: "OWNER", branchIds: [] });
    expect(bind.statusCode).toBe(200);
    const remove = await call(only, "DELETE", `staff-members/${only.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({ code: "LAST_OWNER" });

    const second = await call(only, "POST", "staff-members", {
      phone: "+998948888888",
      brandRole: "OWNER",
      branchIds: [],
    });
    expect(second.statusCode).toBe(201);
    const demoted = await call(only, "PUT", `staff-members/${only.id}`, {
      brandRole: "MANAGER",
      branchIds: [],
    });
    expect(demoted.statusCode).toBe(200);
  });

  it("refuses a bad phone, a phone that already is staff and another brand's branch at the field, and writes nothing", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const [plovBranch] = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
    const before = (await call(owner, "GET", "staff-members")).json<StaffMember[]>().length;
    const bad = await call(owner, "POST", "staff-members", {
      phone: "12",
      brandRole: "MANAGER",
      branchIds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "PHONE_INVALID" });
    const noRole = await call(owner, "POST", "staff-members", {
      phone: "+998901110000",
      brandRole: "COURIER",
      branchIds: [],
    });
    expect(noRole.statusCode).toBe(400);
    const twice = await call(owner, "POST", "staff-members", {
      phone: owner.phone,
      brandRole: "KITCHEN",
      branchIds: [],
    });
    expect(twice.json()).toMatchObject({ code: "STAFF_MEMBER_EXISTS" });
    const foreign = await call(owner, "POST", "staff-members", {
      phone: "+998901110001",
      brandRole: "KITCHEN",
      branchIds: [plovBranch!.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(owner, "GET", "staff-members")).json<StaffMember[]>()).toHaveLength(before);
  });

  it("a customer, a manager, an operator, a kitchen user, bound staff and another brand's owner may not see or change the staff", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const target = await staff(lavash, { brandRole: "KITCHEN" });
    for (const who of await refusedAtLavash()) {
      expect((await call(who, "GET", "staff-members")).statusCode).toBe(403);
      const put = await call(who, "PUT", `staff-members/${target.id}`, { brandRole: "OWNER", branchIds: [] });
      expect(put.statusCode).toBe(403);
      expect((await call(who, "DELETE", `staff-members/${target.id}`)).statusCode).toBe(403);
      expect(
        (
          await call(who, "POST", "staff-members", {
            phone: "+998901119999",
            brandRole: "OWNER",
            branchIds: [],
          })
        ).statusCode,
      ).toBe(403);
    }
    const plovOwner = await staff(plov, { brandRole: "OWNER" });
    expect(
      (await call(plovOwner, "PUT", `staff-members/${target.id}`, { brandRole: "OWNER", branchIds: [] }))
        .statusCode,
    ).toBe(404);
    expect((await call(plovOwner, "DELETE", `staff-members/${target.id}`)).statusCode).toBe(404);
    const list = (await call(owner, "GET", "staff-members")).json<StaffMember[]>();
    expect(list.find((m) => m.id === target.id)).toMatchObject({ brandRole: "KITCHEN" });
  });
});

const settingsBody = (s: BrandSettings, changes: Record<string, unknown> = {}) => ({
  version: s.version,
  mainColor: s.mainColor,
  logo: s.logo,
  isDark: s.isDark,
  mainLanguage: s.mainLanguage,
  languages: s.languages,
  features: s.features,
  cardProvider: s.cardProvider,
  ...changes,
});

describe("the brand's settings", () => {
  it("an owner sets Payme credentials and the bot token: answered only as set, never their value, and logged without it", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const before = (await call(owner, "GET", "brand-settings")).json<BrandSettings>();
    const saved = await call(owner, "PUT", "brand-settings", {
      ...settingsBody(before),
      secrets: {
        paymeMerchantId: "65f0c0ffee0000000000beef",
        paymeKey: "SeCrEt-PaYmE-KeY-42",
        telegramBotToken: "123456789:AAsecretbottokenvalue_abcdefghij",
      },
    });
    expect(saved.statusCode).toBe(200);
    const read = await call(owner, "GET", "brand-settings");
    expect(read.json<BrandSettings>().secrets).toMatchObject({
      paymeMerchantId: true,
      paymeKey: true,
      telegramBotToken: true,
    });
    for (const body of [saved.body, read.body]) {
      expect(body).not.toContain("SeCrEt-PaYmE-KeY-42");
      expect(body).not.toContain("65f0c0ffee");
      expect(body).not.toContain("AAsecretbottoken");
    }
    const log = await call(owner, "GET", "audit?entity=settings");
    expect(log.body).not.toContain("SeCrEt-PaYmE-KeY-42");
    expect(log.json<AuditEntry[]>()[0]!.after).toMatchObject({ paymeKey: "replaced" });

    // A save without secrets keeps them.
    const again = await call(owner, "PUT", "brand-settings", settingsBody(read.json<BrandSettings>()));
    expect(again.json<BrandSettings>().secrets.paymeKey).toBe(true);
  });

  it("a new colour and a switch reach the storefront's web settings at once", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const before = (await call(owner, "GET", "brand-settings")).json<BrandSettings>();
    const res = await call(owner, "PUT", "brand-settings", {
      ...settingsBody(before, { mainColor: "#123ABC", logo: "/demo/sushi/logo.svg" }),
      features: { ...before.features, bannersActive: !before.features.bannersActive },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<BrandSettings>().logo).toBe("/demo/sushi/logo.svg");
    const web = await t.app.inject({
      method: "GET",
      url: "/api/support/v1/merchant/settings/web",
      headers: { merchant: plov },
    });
    expect(web.json()).toMatchObject({
      mainColor: "#123ABC",
      logo: "/demo/sushi/logo.svg",
      bannersActive: !before.features.bannersActive,
    });
  });

  it("the second of two owners saving the same version is refused with who saved and when", async () => {
    const first = await staff(plov, { brandRole: "OWNER" });
    const second = await staff(plov, { brandRole: "OWNER" });
    const opened = (await call(first, "GET", "brand-settings")).json<BrandSettings>();
    expect(
      (await call(first, "PUT", "brand-settings", settingsBody(opened, { isDark: !opened.isDark })))
        .statusCode,
    ).toBe(200);
    const late = await call(second, "PUT", "brand-settings", settingsBody(opened, { mainColor: "#000000" }));
    expect(late.statusCode).toBe(409);
    expect(late.json<{ code: string; description: { eng: string } }>().description.eng).toMatch(
      /^Changed by Olim Owner \d+ at \d\d:\d\d/,
    );
  });

  it("refuses a bad colour, no language, a main language the brand does not use and a malformed bot token, and saves nothing", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const before = (await call(owner, "GET", "brand-settings")).json<BrandSettings>();
    const none = Object.fromEntries(Object.keys(before.languages).map((l) => [l, false]));
    for (const changes of [
      { mainColor: "yellow" },
      { languages: none },
      { mainLanguage: "zh", languages: { ...none, ru: true } },
      { secrets: { telegramBotToken: "not-a-token" } },
    ]) {
      const res = await call(owner, "PUT", "brand-settings", settingsBody(before, changes));
      expect(res.statusCode).toBe(400);
    }
    expect((await call(owner, "GET", "brand-settings")).json<BrandSettings>().version).toBe(before.version);
  });

  it("only an unbound owner may read or change them: a customer, a manager, an operator, a kitchen user, bound staff and another brand's owner may not", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const current = (await call(owner, "GET", "brand-settings")).json<BrandSettings>();
    for (const who of await refusedAtLavash()) {
      expect((await call(who, "GET", "brand-settings")).statusCode).toBe(403);
      expect(
        (await call(who, "PUT", "brand-settings", settingsBody(current, { mainColor: "#FF0000" })))
          .statusCode,
      ).toBe(403);
    }
    // Another brand's owner changes only their own brand, whatever they send.
    const plovOwner = await staff(plov, { brandRole: "OWNER" });
    const theirs = (await call(plovOwner, "GET", "brand-settings")).json<BrandSettings>();
    await call(plovOwner, "PUT", "brand-settings", settingsBody(theirs, { mainColor: "#FF0001" }));
    expect((await call(owner, "GET", "brand-settings")).json<BrandSettings>().mainColor).toBe(
      current.mainColor,
    );
  });
});

describe("the brand's promo codes", () => {
  const body = (changes: Record<string, unknown> = {}) => ({
    code: "console15",
    discountType: "PERCENTAGE",
    productDiscount: 15,
    deliveryDiscount: 0,
    minPrice: 0,
    startDate: null,
    endDate: null,
    isActive: true,
    usageLimit: 100,
    ...changes,
  });

  /** A customer placing a cash delivery order of one plain lavash dish with the code. */
  async function orderWith(code: string, who?: Awaited<ReturnType<typeof staff>>) {
    const customer = who ?? (await staff(lavash, { role: "CUSTOMER" }));
    const [branch] = await t.db
      .select()
      .from(branches)
      .where(and(eq(branches.merchantId, lavash), sql`${branches.name}->>'eng' like 'Chilonzor%'`));
    const [dish] = await t.db
      .select({ id: products.id, costPrice: products.costPrice })
      .from(products)
      .where(
        and(
          eq(products.merchantId, lavash),
          eq(products.discount, 0),
          sql`${products.costPrice} >= 35000`,
          sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        ),
      )
      .orderBy(asc(products.costPrice))
      .limit(1);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: customer.headers,
      payload: {
        serviceType: "DELIVERY",
        paymentType: "CASH",
        cartItems: [{ productId: dish!.id, count: 1, modifications: [] }],
        address: { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 },
        branchId: branch!.id,
        promoCode: code,
      },
    });
    return { res, price: dish!.costPrice };
  }

  it("a code the owner makes works at checkout, is counted as used, and once paused is refused", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const made = await call(owner, "POST", "promo-codes", body());
    expect(made.statusCode, made.body).toBe(201);
    const promo = made.json<PromoCode>();
    expect(promo).toMatchObject({ code: "CONSOLE15", uses: 0, isActive: true });

    const { res, price } = await orderWith("console15");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ promoCode: "CONSOLE15", totalProductDiscount: price * 0.15 });
    const listed = (await call(owner, "GET", "promo-codes")).json<PromoCode[]>();
    expect(listed.find((p) => p.id === promo.id)).toMatchObject({ uses: 1 });

    const paused = await call(owner, "PUT", `promo-codes/${promo.id}`, {
      version: promo.version,
      isActive: false,
    });
    expect(paused.statusCode).toBe(200);
    const refused = await orderWith("CONSOLE15");
    expect(refused.res.json()).toMatchObject({ code: "PROMO_NOT_ACTIVE" });

    // A second save from the version opened before the pause is refused with who and when.
    const late = await call(owner, "PUT", `promo-codes/${promo.id}`, {
      version: promo.version,
      usageLimit: 5,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ description: { eng: string } }>().description.eng).toMatch(/^Changed by Olim Owner/);
    const log = (await call(owner, "GET", `audit?entity=promo&entityId=${promo.id}`)).json<AuditEntry[]>();
    expect(log.map((e) => e.action)).toEqual(["update", "create"]);
  });

  it("a guest uses a code as often as its per-customer limit says, counted on their own orders", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const made = await call(owner, "POST", "promo-codes", body({ code: "TWICE", perCustomerLimit: 2 }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<PromoCode>()).toMatchObject({ perCustomerLimit: 2 });
    const guest = await staff(lavash, { role: "CUSTOMER" });
    expect((await orderWith("twice", guest)).res.statusCode).toBe(201);
    expect((await orderWith("twice", guest)).res.statusCode).toBe(201);
    const third = await orderWith("twice", guest);
    expect(third.res.statusCode).toBe(400);
    expect(third.res.json()).toMatchObject({ code: "PROMO_ALREADY_USED" });
    // Another guest has their own two.
    expect((await orderWith("twice")).res.statusCode).toBe(201);

    // The owner lifts the limit: the first guest may use it again; the change is logged.
    const promo = (await call(owner, "GET", "promo-codes"))
      .json<PromoCode[]>()
      .find((p) => p.code === "TWICE")!;
    expect(promo).toMatchObject({ uses: 3 });
    const lifted = await call(owner, "PUT", `promo-codes/${promo.id}`, {
      version: promo.version,
      perCustomerLimit: null,
    });
    expect(lifted.json<PromoCode>()).toMatchObject({ perCustomerLimit: null });
    expect((await orderWith("twice", guest)).res.statusCode).toBe(201);
    const [entry] = (await call(owner, "GET", `audit?entity=promo&entityId=${promo.id}`)).json<
      AuditEntry[]
    >();
    expect(entry).toMatchObject({ before: { perCustomerLimit: 2 }, after: { perCustomerLimit: null } });

    // Without a limit said, a code is once per guest, as before.
    await call(owner, "POST", "promo-codes", body({ code: "ONCE" }));
    expect((await orderWith("once", guest)).res.statusCode).toBe(201);
    expect((await orderWith("once", guest)).res.json()).toMatchObject({ code: "PROMO_ALREADY_USED" });
  });

  it("refuses a bad code, a percent over 100, an end before the start and a code that exists, and makes nothing", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const before = (await call(owner, "GET", "promo-codes")).json<PromoCode[]>().length;
    for (const changes of [
      { code: "a b" },
      { productDiscount: 150 },
      { startDate: "2030-02-01T00:00:00.000Z", endDate: "2030-01-01T00:00:00.000Z" },
      { usageLimit: -1 },
      { perCustomerLimit: 0 },
      { perCustomerLimit: 1.5 },
    ]) {
      const res = await call(owner, "POST", "promo-codes", body({ code: "BADONE", ...changes }));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
    }
    const twice = await call(owner, "POST", "promo-codes", body({ code: "lavash10" }));
    expect(twice.json()).toMatchObject({ code: "PROMO_CODE_EXISTS" });
    expect((await call(owner, "GET", "promo-codes")).json<PromoCode[]>()).toHaveLength(before);
  });

  it("a customer, a manager, an operator, a kitchen user, bound staff and another brand's owner may not see or change them", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const [promo] = (await call(owner, "GET", "promo-codes")).json<PromoCode[]>();
    for (const who of await refusedAtLavash()) {
      expect((await call(who, "GET", "promo-codes")).statusCode).toBe(403);
      expect((await call(who, "POST", "promo-codes", body({ code: "SNEAKY" }))).statusCode).toBe(403);
      expect(
        (await call(who, "PUT", `promo-codes/${promo!.id}`, { version: promo!.version, isActive: false }))
          .statusCode,
      ).toBe(403);
    }
    const plovOwner = await staff(plov, { brandRole: "OWNER" });
    expect(
      (await call(plovOwner, "PUT", `promo-codes/${promo!.id}`, { version: promo!.version, isActive: false }))
        .statusCode,
    ).toBe(404);
    expect((await call(owner, "GET", "promo-codes")).json<PromoCode[]>()[0]).toMatchObject({
      isActive: promo!.isActive,
    });
  });
});
