/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brands exist; a missing one should fail loudly */
// The brand's banners from the back office (issue 36): owners and managers bound to no branch add a
// banner with an uploaded picture and one target of the brand, and the storefront answers it at
// once; everyone else is refused; two targets, none, a plain http link or another brand's dish are
// refused at the field; a save over a newer one is refused with who and when; reorder and delete.
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditorBanner } from "#domain/contract/back-office-banners.ts";
import type { AuditEntry } from "#domain/contract/back-office.ts";
import type { Banner } from "#domain/contract/content.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import { branches, categories, products, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let seq = 0;

async function member(
  merchant: string,
  options: { role?: "CUSTOMER" | "STAFF"; brandRole?: BrandRole | null; branch?: string } = {},
) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99896${String(1000000 + seq)}`,
      firstName: "Malika",
      lastName: `Banners ${String(seq)}`,
      role: options.role ?? "STAFF",
      brandRole: options.brandRole ?? null,
    })
    .returning();
  if (options.branch)
    await t.db
      .insert(staffBranches)
      .values({ merchantId: merchant, userId: user!.id, branchId: options.branch });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { merchant, authorization: `Bearer ${token}` };
}
type Headers = Awaited<ReturnType<typeof member>>;

const call = (headers: Headers, method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
  payload === undefined
    ? t.app.inject({ method, url: `/api/staff/v1${url}`, headers })
    : t.app.inject({ method, url: `/api/staff/v1${url}`, headers, payload });

async function upload(who: Headers, width = 1200, height = 500): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#e94" } })
    .png()
    .toBuffer();
  const boundary = "----savat-banner-boundary";
  const res = await t.app.inject({
    method: "POST",
    url: "/api/staff/v1/pictures",
    headers: { ...who, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ src: string }>().src;
}

async function dishOf(merchant: string): Promise<string> {
  const [row] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, merchant), isNull(products.deletedDate)))
    .limit(1);
  return row!.id;
}

const storefrontBanners = async (merchant: string) => {
  const res = await t.app.inject({ method: "GET", url: "/api/support/v1/banner", headers: { merchant } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Banner[]>();
};

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
}, 60_000);

afterAll(async () => {
  await t.app.close();
  await t.close();
});

describe("the brand's banners from the back office", () => {
  it("an owner and a manager add banners with an uploaded picture and a dish, and the storefront shows them at once", async () => {
    const dish = await dishOf(lavash);
    for (const brandRole of ["OWNER", "MANAGER"] as const) {
      const who = await member(lavash, { brandRole });
      const image = await upload(who);
      const res = await call(who, "POST", "/banners", {
        title: { ru: `  Новинка ${brandRole}  `, uz: "", eng: "New" },
        image,
        productId: dish,
        isActive: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      const made = res.json<EditorBanner>();
      expect(made).toMatchObject({
        title: { ru: `Новинка ${brandRole}`, eng: "New" },
        image,
        width: 1200,
        height: 500,
        productId: dish,
        categoryId: null,
        link: null,
      });
      const shown = (await storefrontBanners(lavash)).find((b) => b.id === made.id);
      expect(shown).toMatchObject({
        image,
        width: 1200,
        height: 500,
        target: { type: "PRODUCT", productId: dish },
      });
      const log = await call(who, "GET", `/audit?entity=banner&entityId=${made.id}`);
      expect(log.json<AuditEntry[]>()[0]).toMatchObject({ action: "create", after: { productId: dish } });
    }
  });

  it("refuses a customer, an operator, a kitchen user, a manager bound to a branch and another brand's owner", async () => {
    const [branch] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, lavash))
      .limit(1);
    const owner = await member(lavash, { brandRole: "OWNER" });
    const image = await upload(owner);
    const body = { title: { ru: "Скидка" }, image, link: "https://example.com/sale", isActive: true };
    const refused = [
      await member(lavash, { role: "CUSTOMER" }),
      await member(lavash, { brandRole: "OPERATOR" }),
      await member(lavash, { brandRole: "KITCHEN" }),
      await member(lavash, { brandRole: "MANAGER", branch: branch!.id }),
    ];
    for (const who of refused) {
      expect((await call(who, "GET", "/banners")).statusCode).toBe(403);
      expect((await call(who, "POST", "/banners", body)).statusCode).toBe(403);
    }
    // Another brand's owner signs in to their own brand: this brand's banner is not theirs to touch.
    const made = (await call(owner, "POST", "/banners", body)).json<EditorBanner>();
    const stranger = await member(plov, { brandRole: "OWNER" });
    const list = (await call(stranger, "GET", "/banners")).json<EditorBanner[]>();
    expect(list.some((b) => b.id === made.id)).toBe(false);
    expect(
      (await call(stranger, "PUT", `/banners/${made.id}`, { ...body, title: { ru: "X" } })).statusCode,
    ).toBe(404);
    expect((await call(stranger, "DELETE", `/banners/${made.id}`)).statusCode).toBe(404);
    // Sent to this brand with their token: refused too.
    const crossed = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/banners",
      headers: { merchant: lavash, authorization: stranger.authorization },
    });
    expect([401, 403]).toContain(crossed.statusCode);
  });

  it("refuses two targets, none, a plain http link and another brand's dish at the field", async () => {
    const owner = await member(lavash, { brandRole: "OWNER" });
    const image = await upload(owner);
    const dish = await dishOf(lavash);
    const [category] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.merchantId, lavash))
      .limit(1);
    const body = { title: { ru: "Акция" }, image, isActive: true };
    for (const [extra, field] of [
      [{ productId: dish, categoryId: category!.id }, "target"],
      [{}, "target"],
      [{ link: "http://example.com/sale" }, "link"],
      [{ link: "javascript:alert(1)" }, "link"],
      [{ productId: dish, title: {} }, "title"],
    ] as const) {
      const res = await call(owner, "POST", "/banners", { ...body, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(
        res.json<{ code: string; description: { ru: string; uz: string; eng: string } }>(),
      ).toMatchObject({
        code: "VALIDATION_FAILED",
        description: { eng: expect.stringContaining(field) },
      });
    }
    const foreign = await call(owner, "POST", "/banners", { ...body, productId: await dishOf(plov) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ description: { eng: string } }>().description.eng).toContain("productId");
    const foreignPromo = await call(owner, "POST", "/banners", { ...body, promoCode: "NO-SUCH-CODE-42" });
    expect(foreignPromo.statusCode).toBe(404);
  });

  it("a banner given dates is on the storefront only between them, and an end before the start is refused", async () => {
    const owner = await member(lavash, { brandRole: "OWNER" });
    const image = await upload(owner);
    const day = 86_400_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const body = { title: { ru: "Неделя" }, image, link: "https://example.com/week", isActive: true };
    const later = await call(owner, "POST", "/banners", {
      ...body,
      startDate: at(day),
      endDate: at(8 * day),
    });
    expect(later.statusCode, later.body).toBe(201);
    const made = later.json<EditorBanner>();
    expect((await storefrontBanners(lavash)).some((b) => b.id === made.id)).toBe(false);

    // Moved to today: shown at once; its end passed: gone.
    const now = await call(owner, "PUT", `/banners/${made.id}`, {
      ...body,
      version: made.version,
      startDate: at(-day),
      endDate: at(day),
    });
    expect(now.statusCode, now.body).toBe(200);
    expect((await storefrontBanners(lavash)).some((b) => b.id === made.id)).toBe(true);
    const ended = await call(owner, "PUT", `/banners/${made.id}`, {
      ...body,
      version: now.json<EditorBanner>().version,
      startDate: at(-2 * day),
      endDate: at(-day),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await storefrontBanners(lavash)).some((b) => b.id === made.id)).toBe(false);
    const log = await call(owner, "GET", `/audit?entity=banner&entityId=${made.id}`);
    // The log names the banner by its title and holds the two dates that changed.
    expect(Object.keys(log.json<AuditEntry[]>()[0]!.after).sort()).toEqual(["endDate", "startDate", "title"]);

    const backwards = await call(owner, "PUT", `/banners/${made.id}`, {
      ...body,
      version: ended.json<EditorBanner>().version,
      startDate: at(day),
      endDate: at(-day),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ description: { eng: string } }>().description.eng).toMatch(/endDate/);
  });

  it("refuses a save over a newer one, naming who and when", async () => {
    const owner = await member(lavash, { brandRole: "OWNER" });
    const manager = await member(lavash, { brandRole: "MANAGER" });
    const image = await upload(owner);
    const body = { title: { ru: "Лето" }, image, link: "https://example.com/summer", isActive: true };
    const made = (await call(owner, "POST", "/banners", body)).json<EditorBanner>();
    const first = await call(manager, "PUT", `/banners/${made.id}`, {
      ...body,
      version: made.version,
      isActive: false,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<EditorBanner>().isActive).toBe(false);
    expect((await storefrontBanners(lavash)).some((b) => b.id === made.id)).toBe(false);
    const late = await call(owner, "PUT", `/banners/${made.id}`, {
      ...body,
      version: made.version,
      title: { ru: "Осень" },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ code: string; description: { eng: string } }>()).toMatchObject({
      code: "EDIT_CONFLICT",
      description: { eng: expect.stringMatching(/^Changed by Malika Banners \d+ at \d\d:\d\d/) },
    });
  });

  it("reorders the brand's banners and removes one, each logged", async () => {
    const owner = await member(lavash, { brandRole: "OWNER" });
    const image = await upload(owner);
    for (const n of [1, 2])
      await call(owner, "POST", "/banners", {
        title: { ru: `Баннер ${String(n)}` },
        image,
        link: `https://example.com/${String(n)}`,
        isActive: true,
      });
    const before = (await call(owner, "GET", "/banners")).json<EditorBanner[]>();
    const reversed = before.map((b) => b.id).reverse();
    const res = await call(owner, "PUT", "/banners/order", { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EditorBanner[]>().map((b) => b.id)).toEqual(reversed);
    const shown = (await storefrontBanners(lavash)).map((b) => b.id);
    const expected = reversed.filter((id) => shown.includes(id));
    expect(shown).toEqual(expected);
    // A reorder leaves the banners' versions, so an open form still saves.
    const moved = res.json<EditorBanner[]>()[0]!;
    expect(moved.version).toBe(before.find((b) => b.id === moved.id)!.version);
    // Not every banner, or one twice: refused.
    expect((await call(owner, "PUT", "/banners/order", { ids: reversed.slice(1) })).statusCode).toBe(400);

    const gone = await call(owner, "DELETE", `/banners/${moved.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await call(owner, "GET", "/banners")).json<EditorBanner[]>().some((b) => b.id === moved.id)).toBe(
      false,
    );
    expect((await storefrontBanners(lavash)).some((b) => b.id === moved.id)).toBe(false);
    const log = (await call(owner, "GET", `/audit?entity=banner&entityId=${moved.id}`)).json<AuditEntry[]>();
    expect(log.map((e) => e.action)).toContain("delete");
    expect(log.some((e) => e.after.priority !== undefined)).toBe(true);
  });
});
