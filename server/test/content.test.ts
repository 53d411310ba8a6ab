import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bannerSchema,
  extraPageSchema,
  extraPageSummarySchema,
  storySchema,
  vacancySchema,
  vacancySummarySchema,
} from "#domain/contract/content.ts";
import { banners, merchantWebSettings, products, stories } from "../src/db/schema/index.ts";
import { brandEntityId, parseBrandFile } from "../src/import/brand-file.ts";
import { DEMO_BRANDS_DIR } from "../src/import/demo.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, merchant?: string) =>
  t.app.inject({ method: "GET", url, headers: merchant ? { merchant } : {} });

async function setSwitches(
  merchant: string,
  values: { bannersActive?: boolean; vacanciesActive?: boolean; storiesActive?: boolean },
) {
  await t.db.update(merchantWebSettings).set(values).where(eq(merchantWebSettings.merchantId, merchant));
}

/** A brand file as JSON, edited by hand to break it. */
type Json = {
  menu: { groups: { categories: { products: { key: string }[] }[] }[] };
  banners: Record<string, unknown>[];
  vacancies: Record<string, unknown>[];
  stories: { slides: Record<string, unknown>[] }[];
  extraPages: Record<string, unknown>[];
};
const readDemo = (name: string): Json =>
  JSON.parse(fs.readFileSync(path.join(DEMO_BRANDS_DIR, `${name}.json`), "utf8")) as Json;

describe("GET /support/v1/banner", () => {
  it("answers the brand's banners in order, each with its size and target", async () => {
    const res = await get("/api/support/v1/banner", lavash);
    expect(res.statusCode).toBe(200);
    const body = bannerSchema.array().parse(res.json());
    expect(body.map((b) => b.id)).toEqual(
      ["lavash", "combo", "promo", "jobs"].map((key) => brandEntityId("lavash", "banner", key)),
    );
    expect(body.map((b) => b.target?.type)).toEqual(["PRODUCT", "CATEGORY", "PROMO", "URL"]);
    expect(body[0]).toMatchObject({
      width: 1200,
      height: 500,
      image: expect.stringMatching(/^\/demo\/lavash\/.+\.svg$/),
      target: { productId: brandEntityId("lavash", "product", "lavash-1-classic") },
    });
    expect(body[1]?.target).toEqual({
      type: "CATEGORY",
      categoryId: brandEntityId("lavash", "category", "combos"),
    });
    expect(body[2]?.target).toEqual({ type: "PROMO", code: "LAVASH10" });
    expect(body[3]?.target).toEqual({ type: "URL", url: expect.stringMatching(/^https:\/\//) });
  });

  it("follows priority, and leaves out inactive banners and those outside their dates", async () => {
    const combo = brandEntityId("lavash", "banner", "combo");
    const promo = brandEntityId("lavash", "banner", "promo");
    const jobs = brandEntityId("lavash", "banner", "jobs");
    try {
      await t.db.update(banners).set({ priority: -1 }).where(eq(banners.id, jobs));
      await t.db.update(banners).set({ isActive: false }).where(eq(banners.id, combo));
      await t.db
        .update(banners)
        .set({ endDate: new Date(Date.now() - 60_000) })
        .where(eq(banners.id, promo));
      const ids = (await get("/api/support/v1/banner", lavash)).json<{ id: string }[]>().map((b) => b.id);
      expect(ids).toEqual([jobs, brandEntityId("lavash", "banner", "lavash")]);
    } finally {
      await t.db.update(banners).set({ priority: 4 }).where(eq(banners.id, jobs));
      await t.db.update(banners).set({ isActive: true }).where(eq(banners.id, combo));
      await t.db.update(banners).set({ endDate: null }).where(eq(banners.id, promo));
    }
  });

  it("answers 404 while bannersActive is off (plov), and [] when on without banners", async () => {
    const off = await get("/api/support/v1/banner", plov);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ code: "NOT_FOUND" });
    try {
      await setSwitches(plov, { bannersActive: true });
      const empty = await get("/api/support/v1/banner", plov);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);
    } finally {
      await setSwitches(plov, { bannersActive: false });
    }
  });

  it("needs a known merchant", async () => {
    expect((await get("/api/support/v1/banner")).json()).toMatchObject({ code: "MERCHANT_REQUIRED" });
    const unknown = await get("/api/support/v1/banner", "00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "MERCHANT_UNKNOWN" });
  });

  it("never answers another brand's product as a target", async () => {
    const lavashBanner = brandEntityId("lavash", "banner", "lavash");
    const plovProduct = readDemo("plov").menu.groups[0]?.categories[0]?.products[0]?.key ?? "";
    try {
      await t.db
        .update(banners)
        .set({ productId: brandEntityId("plov", "product", plovProduct) })
        .where(eq(banners.id, lavashBanner));
      const body = (await get("/api/support/v1/banner", lavash)).json<{ id: string; target: unknown }[]>();
      expect(body.find((b) => b.id === lavashBanner)?.target).toBeNull();
    } finally {
      await t.db
        .update(banners)
        .set({ productId: brandEntityId("lavash", "product", "lavash-1-classic") })
        .where(eq(banners.id, lavashBanner));
    }
  });
});

describe("GET /support/v1/vacancies", () => {
  it("lists open positions in order with salary and place", async () => {
    const res = await get("/api/support/v1/vacancies", lavash);
    expect(res.statusCode).toBe(200);
    const body = vacancySummarySchema.array().parse(res.json());
    expect(body.map((v) => v.id)).toEqual(
      ["cook", "courier", "cashier"].map((key) => brandEntityId("lavash", "vacancy", key)),
    );
    expect(body[0]).toMatchObject({
      salary: 6_500_000,
      branch: { id: brandEntityId("lavash", "branch", "tashkent-chilonzor") },
      city: { id: brandEntityId("lavash", "city", "tashkent"), name: { eng: "Tashkent" } },
    });
    expect(body[1]).toMatchObject({
      branch: null,
      city: { id: brandEntityId("lavash", "city", "tashkent") },
    });
    expect(body[2]?.salary).toBeNull();
  });

  it("answers one vacancy with requirements and the responsible person's contacts", async () => {
    const id = brandEntityId("lavash", "vacancy", "cook");
    const res = await get(`/api/support/v1/vacancies/${id}`, lavash);
    expect(res.statusCode).toBe(200);
    const body = vacancySchema.parse(res.json());
    expect(body).toMatchObject({
      id,
      responsible: "Dilnoza Karimova",
      phone: "+998712000010",
      telegram: "lavash_hr",
      requirements: { ru: expect.stringContaining("Опыт") },
    });
  });

  it("answers 404 for another brand's vacancy, an unknown id, and 400 for a malformed one", async () => {
    const lavashCook = brandEntityId("lavash", "vacancy", "cook");
    try {
      await setSwitches(plov, { vacanciesActive: true });
      expect((await get(`/api/support/v1/vacancies/${lavashCook}`, plov)).statusCode).toBe(404);
      const plovList = (await get("/api/support/v1/vacancies", plov)).json<{ id: string }[]>();
      expect(plovList.map((v) => v.id)).toEqual([brandEntityId("plov", "vacancy", "oshpaz")]);
    } finally {
      await setSwitches(plov, { vacanciesActive: false });
    }
    const unknown = `/api/support/v1/vacancies/${brandEntityId("lavash", "vacancy", "nobody")}`;
    expect((await get(unknown, lavash)).statusCode).toBe(404);
    expect((await get("/api/support/v1/vacancies/not-a-uuid", lavash)).statusCode).toBe(400);
  });

  it("answers 404 while vacanciesActive is off (plov)", async () => {
    expect((await get("/api/support/v1/vacancies", plov)).statusCode).toBe(404);
    const id = brandEntityId("plov", "vacancy", "oshpaz");
    expect((await get(`/api/support/v1/vacancies/${id}`, plov)).statusCode).toBe(404);
  });
});

describe("GET /notifications/v2/stories", () => {
  it("answers the brand's stories in order, each slide with its time and button", async () => {
    const res = await get("/api/notifications/v2/stories", lavash);
    expect(res.statusCode).toBe(200);
    const body = storySchema.array().parse(res.json());
    expect(body.map((s) => s.id)).toEqual(
      ["new", "combo", "desserts", "jobs"].map((key) => brandEntityId("lavash", "story", key)),
    );
    expect(body[0]).toMatchObject({
      title: { ru: "Новинки" },
      preview: expect.stringMatching(/^\/demo\/lavash\/.+\.svg$/),
    });
    expect(body[0]?.slides).toHaveLength(2);
    expect(body[0]?.slides[0]).toMatchObject({
      type: "IMAGE",
      duration: 5,
      poster: null,
      button: {
        label: { eng: "Order now" },
        target: { type: "PRODUCT", productId: brandEntityId("lavash", "product", "lavash-1-classic") },
      },
    });
    expect(body[1]?.slides[1]?.button).toBeNull();
    expect(body[3]?.slides[0]?.button?.target).toEqual({ type: "URL", url: "https://t.me/lavash_hr" });
  });

  it("leaves out inactive stories, and drops the button of a product switched off since", async () => {
    const combo = brandEntityId("lavash", "story", "combo");
    const classic = brandEntityId("lavash", "product", "lavash-1-classic");
    try {
      await t.db.update(stories).set({ isActive: false }).where(eq(stories.id, combo));
      await t.db.update(products).set({ active: false }).where(eq(products.id, classic));
      const body = storySchema.array().parse((await get("/api/notifications/v2/stories", lavash)).json());
      expect(body.map((s) => s.id)).not.toContain(combo);
      expect(body[0]?.slides[0]?.button).toBeNull();
      expect(body[0]?.slides[1]?.button).not.toBeNull();
    } finally {
      await t.db.update(stories).set({ isActive: true }).where(eq(stories.id, combo));
      await t.db.update(products).set({ active: true }).where(eq(products.id, classic));
    }
  });

  it("never answers another brand's product behind a button", async () => {
    const story = brandEntityId("lavash", "story", "desserts");
    const plovProduct = readDemo("plov").menu.groups[0]?.categories[0]?.products[0]?.key ?? "";
    const [row] = await t.db.select().from(stories).where(eq(stories.id, story));
    if (!row) throw new Error("no desserts story");
    try {
      await t.db
        .update(stories)
        .set({
          media: row.media.map((m) => ({
            ...m,
            button: { label: { ru: "Чужой" }, productId: brandEntityId("plov", "product", plovProduct) },
          })),
        })
        .where(eq(stories.id, story));
      const body = storySchema.array().parse((await get("/api/notifications/v2/stories", lavash)).json());
      expect(body.find((s) => s.id === story)?.slides[0]?.button).toBeNull();
    } finally {
      await t.db.update(stories).set({ media: row.media }).where(eq(stories.id, story));
    }
  });

  it("answers 404 while storiesActive is off (plov), and [] when on without stories", async () => {
    const off = await get("/api/notifications/v2/stories", plov);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ code: "NOT_FOUND" });
    try {
      await setSwitches(plov, { storiesActive: true });
      const empty = await get("/api/notifications/v2/stories", plov);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);
    } finally {
      await setSwitches(plov, { storiesActive: false });
    }
  });
});

describe("GET /support/v1/extra-pages", () => {
  it("lists the brand's pages with their titles, and answers each with its plain-text body", async () => {
    const list = extraPageSummarySchema
      .array()
      .parse((await get("/api/support/v1/extra-pages", lavash)).json());
    expect(list).toEqual([
      { slug: "extra", title: expect.objectContaining({ eng: "Delivery" }) },
      { slug: "extra2", title: expect.objectContaining({ eng: "Franchise" }) },
    ]);
    const page = await get("/api/support/v1/extra-pages/extra", lavash);
    expect(page.statusCode).toBe(200);
    expect(extraPageSchema.parse(page.json()).body.ru).toContain("Ташкенту");
  });

  it("answers 404 for a page the brand has not got, another brand's, and an unknown path", async () => {
    expect((await get("/api/support/v1/extra-pages/extr3", lavash)).statusCode).toBe(404);
    expect((await get("/api/support/v1/extra-pages", plov)).json()).toEqual([]);
    expect((await get("/api/support/v1/extra-pages/extra", plov)).statusCode).toBe(404);
    expect((await get("/api/support/v1/extra-pages/extra4", lavash)).statusCode).toBe(400);
  });
});

function item(list: Record<string, unknown>[], i: number): Record<string, unknown> {
  const entry = list[i];
  if (!entry) throw new Error(`the demo file has no entry ${i}`);
  return entry;
}

describe("brand file: banners, vacancies and stories", () => {
  it("accepts the demo brands", () => {
    for (const name of ["lavash", "plov", "sushi", "closed"]) {
      const result = parseBrandFile(readDemo(name));
      expect(result.success ? [] : result.issues).toEqual([]);
    }
  });

  it("refuses a bad target, a missing image or size, and unknown places, naming each path", () => {
    const file = readDemo("lavash");
    item(file.banners, 0).productKey = "no-such-product";
    const noImage = item(file.banners, 1);
    delete noImage.image;
    item(file.banners, 2).promoKey = "no-such-promo";
    item(file.banners, 3).link = "javascript:alert(1)";
    file.banners.push({
      key: "two",
      title: { ru: "Два" },
      image: "/x.svg",
      width: 10,
      height: 10,
      link: "https://a.uz",
      promoKey: "lavash10",
    });
    file.banners.push({ key: "none", title: { ru: "Нет" }, image: "/x.svg", width: 10, height: 10 });
    file.banners.push({ key: "tiny", title: { ru: "Мал" }, image: "/x.svg", width: 0, link: "https://a.uz" });
    item(file.vacancies, 0).branchKey = "no-such-branch";
    item(file.vacancies, 1).cityKey = "atlantis";
    item(file.vacancies, 2).telegram = "@bad name";
    const result = parseBrandFile(file);
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "banners[0].productKey",
        "banners[1].image",
        "banners[2].promoKey",
        "banners[3].link",
        "banners[4]",
        "banners[5]",
        "banners[6].width",
        "banners[6].height",
        "vacancies[0].branchKey",
        "vacancies[1].cityKey",
        "vacancies[2].telegram",
      ]),
    );
  });

  it("refuses a story without slides, a bad button and a video without poster, naming each path", () => {
    const file = readDemo("lavash");
    const first = file.stories[0];
    const second = file.stories[1];
    if (!first || !second) throw new Error("lavash has no stories");
    const button = (i: number) => item(first.slides, i).button as Record<string, unknown>;
    button(0).productKey = "no-such-product";
    button(1).link = "https://a.uz";
    item(second.slides, 1).type = "video";
    item(second.slides, 0).duration = 600;
    (file.stories as unknown[]).push({ key: "empty", title: { ru: "Пусто" }, preview: "/x.svg", slides: [] });
    const result = parseBrandFile(file);
    const paths = result.success ? [] : result.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "stories[0].slides[0].button.productKey",
        "stories[0].slides[1].button",
        "stories[1].slides[1].poster",
        "stories[1].slides[0].duration",
        "stories[4].slides",
      ]),
    );
  });

  it("refuses an extra page at an unknown path, twice at one path, or without a body", () => {
    const file = readDemo("lavash");
    file.extraPages.push({ slug: "extra4", title: { ru: "Нет" }, body: { ru: "Нет" } });
    file.extraPages.push({ slug: "extra", title: { ru: "Снова" }, body: { ru: "Снова" } });
    file.extraPages.push({ slug: "extr3", title: { ru: "Пусто" } });
    const result = parseBrandFile(file);
    const paths = result.success ? [] : result.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(["extraPages[2].slug", "extraPages[3].slug", "extraPages[4].body"]),
    );
  });
});
