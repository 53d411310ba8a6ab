/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brands exist; a missing one should fail loudly */
// The brand's stories and news from the back office (issue 36): an owner or a manager bound to no
// branch adds a story with a picture slide and a clip slide, and the storefront answers it at once
// (the clip served in byte ranges, an open page told through the cache bus); a clip is recognised by
// its bytes, not its name; everyone else is refused; a save over a newer one is refused with who and
// when; hide, reorder and delete. News: published by owners and managers only (bound staff keep
// their own refusal), listed with its reads, and logged.
import fs from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditorStory } from "#domain/contract/back-office-stories.ts";
import type { AuditEntry } from "#domain/contract/back-office.ts";
import type { Story } from "#domain/contract/content.ts";
import type { NotificationPage, PublishedNews } from "#domain/contract/notifications.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import { branches, products, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { onStoriesChanged } from "../src/services/content/content-views.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let seq = 0;

const CLIP = fs.readFileSync(path.resolve(import.meta.dirname, "../../public/demo/lavash/story-grill.webm"));
/** The smallest MP4 a sniffer takes: an `ftyp` box (isom) and nothing else. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom", "latin1"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2", "latin1"),
  Buffer.alloc(64),
]);

async function member(
  merchant: string,
  options: { role?: "CUSTOMER" | "STAFF"; brandRole?: BrandRole | null; branch?: string } = {},
) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99895${String(1000000 + seq)}`,
      firstName: "Aziza",
      lastName: `Stories ${String(seq)}`,
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

function send(who: Headers, url: string, bytes: Buffer, filename: string, type: string) {
  const boundary = "----savat-story-boundary";
  return t.app.inject({
    method: "POST",
    url: `/api/staff/v1${url}`,
    headers: { ...who, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

async function picture(who: Headers): Promise<string> {
  const bytes = await sharp({ create: { width: 720, height: 1280, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
  const res = await send(who, "/pictures", bytes, "slide.png", "image/png");
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ src: string }>().src;
}

async function clip(who: Headers, bytes = CLIP, name = "grill.webm"): Promise<string> {
  const res = await send(who, "/clips", bytes, name, name.endsWith(".mp4") ? "video/mp4" : "video/webm");
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ src: string }>().src;
}

async function dishOf(merchant: string): Promise<string> {
  const [row] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, merchant), isNull(products.deletedDate), eq(products.active, true)))
    .limit(1);
  return row!.id;
}

const storefrontStories = async (merchant: string) => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/notifications/v2/stories",
    headers: { merchant },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Story[]>();
};

async function storyBody(who: Headers, title = "Гриль") {
  return {
    title: { ru: `  ${title}  `, uz: "", eng: "Grill" },
    preview: await picture(who),
    slides: [
      { type: "IMAGE", url: await picture(who), duration: 6 },
      { type: "VIDEO", url: await clip(who), poster: null, duration: 10 },
    ],
    isActive: true,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
}, 60_000);

afterAll(async () => {
  await t.app.close();
  await t.close();
});

describe("the brand's stories from the back office", () => {
  it("an owner and a manager add a story with a picture and a clip, and the storefront shows it at once", async () => {
    for (const brandRole of ["OWNER", "MANAGER"] as const) {
      const who = await member(lavash, { brandRole });
      const body = await storyBody(who, `Гриль ${brandRole}`);
      let told = 0;
      const stop = onStoriesChanged(lavash, () => {
        told += 1;
      });
      const res = await call(who, "POST", "/stories", body);
      stop();
      expect(res.statusCode, res.body).toBe(201);
      const made = res.json<EditorStory>();
      expect(made).toMatchObject({
        title: { ru: `Гриль ${brandRole}`, eng: "Grill" },
        preview: body.preview,
        isActive: true,
        slides: [
          { type: "IMAGE", url: body.slides[0]!.url, poster: null, duration: 6, button: null },
          { type: "VIDEO", url: body.slides[1]!.url, poster: null, duration: 10, button: null },
        ],
      });
      expect(made.title).not.toHaveProperty("uz");
      // An open storefront page is told (the cache bus's "content" part) once it committed.
      expect(told).toBeGreaterThan(0);

      const shown = (await storefrontStories(lavash)).find((s) => s.id === made.id);
      expect(shown).toMatchObject({
        preview: body.preview,
        slides: [
          { type: "IMAGE", url: body.slides[0]!.url, duration: 6 },
          { type: "VIDEO", url: body.slides[1]!.url, poster: null, duration: 10 },
        ],
      });
      // Last among the previews.
      expect((await storefrontStories(lavash)).at(-1)!.id).toBe(made.id);
      const log = await call(who, "GET", `/audit?entity=story&entityId=${made.id}`);
      expect(log.json<AuditEntry[]>()[0]).toMatchObject({ action: "create" });
    }
  });

  it("serves a clip as stored, whole and in byte ranges", async () => {
    const owner = await member(lavash, { brandRole: "OWNER" });
    const src = await clip(owner);
    expect(src).toMatch(/^\/api\/products\/v1\/clips\/[0-9a-f-]{36}\.webm$/);
    const whole = await t.app.inject({ method: "GET", url: src });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("video/webm");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.equals(CLIP)).toBe(true);
    const part = await t.app.inject({ method: "GET", url: src, headers: { range: "bytes=0-99" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${String(CLIP.length)}`);
    expect(part.rawPayload.equals(CLIP.subarray(0, 100))).toBe(true);
    const tail = await t.app.inject({ method: "GET", url: src, headers: { range: "bytes=-10" } });
    expect(tail.rawPayload.equals(CLIP.subarray(-10))).toBe(true);
    const outside = await t.app.inject({
      method: "GET",
      url: src,
      headers: { range: `bytes=${String(CLIP.length)}-` },
    });
    expect(outside.statusCode).toBe(416);
    const mp4 = await clip(owner, MP4, "short.mp4");
    const served = await t.app.inject({ method: "GET", url: mp4 });
    expect(served.headers["content-type"]).toBe("video/mp4");
    const unknown = await t.app.inject({
      method: "GET",
      url: `/api/products/v1/clips/${crypto.randomUUID()}.mp4`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("recognises a clip by its bytes: a picture or a text named .mp4 is refused, and so is one over 15 MB", async () => {
    const owner = await member(lavash, { brandRole: "OWNER" });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    for (const [bytes, name] of [
      [png, "clip.mp4"],
      [Buffer.from("this is not a video, just some words in a file\n".repeat(4)), "clip.mp4"],
      [Buffer.from("1a45dfa3", "hex"), "clip.webm"],
    ] as const) {
      const res = await send(owner, "/clips", bytes, name, "video/mp4");
      expect(res.statusCode, name).toBe(415);
      expect(res.json<{ code: string }>().code).toBe("CLIP_INVALID");
    }
    const big = Buffer.concat([MP4, Buffer.alloc(15 * 1024 * 1024)]);
    const large = await send(owner, "/clips", big, "long.mp4", "video/mp4");
    expect(large.statusCode).toBe(413);
    expect(large.json<{ code: string }>().code).toBe("CLIP_TOO_LARGE");
    // A slide may only name a clip that was uploaded, and a clip slide takes no picture.
    const body = await storyBody(owner);
    for (const url of [`/api/products/v1/clips/${crypto.randomUUID()}.mp4`, body.slides[0]!.url]) {
      const res = await call(owner, "POST", "/stories", {
        ...body,
        slides: [{ type: "VIDEO", url, duration: 5 }],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ description: { eng: string } }>().description.eng).toContain("slides[0].url");
    }
  });

  it("refuses a customer, an operator, a kitchen user, a manager bound to a branch and another brand's owner", async () => {
    const [branch] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, lavash))
      .limit(1);
    const owner = await member(lavash, { brandRole: "OWNER" });
    const body = await storyBody(owner);
    const refused = [
      await member(lavash, { role: "CUSTOMER" }),
      await member(lavash, { brandRole: "OPERATOR" }),
      await member(lavash, { brandRole: "KITCHEN" }),
      await member(lavash, { brandRole: "MANAGER", branch: branch!.id }),
    ];
    for (const who of refused) {
      expect((await call(who, "GET", "/stories")).statusCode).toBe(403);
      expect((await call(who, "POST", "/stories", body)).statusCode).toBe(403);
      expect((await send(who, "/clips", CLIP, "c.webm", "video/webm")).statusCode).toBe(403);
    }
    const made = (await call(owner, "POST", "/stories", body)).json<EditorStory>();
    const stranger = await member(plov, { brandRole: "OWNER" });
    expect(
      (await call(stranger, "GET", "/stories")).json<EditorStory[]>().some((s) => s.id === made.id),
    ).toBe(false);
    expect((await call(stranger, "PUT", `/stories/${made.id}`, body)).statusCode).toBe(404);
    expect((await call(stranger, "DELETE", `/stories/${made.id}`)).statusCode).toBe(404);
    const crossed = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/stories",
      headers: { merchant: lavash, authorization: stranger.authorization },
    });
    expect([401, 403]).toContain(crossed.statusCode);
  });

  it("refuses no slide, a missing title, a long slide, a plain http button and another brand's dish", async () => {
    const owner = await member(lavash, { brandRole: "OWNER" });
    const body = await storyBody(owner);
    const image = body.slides[0]!;
    for (const [payload, field] of [
      [{ ...body, slides: [] }, "slides"],
      [{ ...body, title: { ru: " " } }, "title"],
      [{ ...body, slides: [{ ...image, duration: 61 }] }, "duration"],
      [{ ...body, slides: [{ ...image, button: { label: { ru: "Ещё" }, link: "http://x.uz" } }] }, "link"],
      [{ ...body, slides: [{ ...image, button: { label: { ru: "Ещё" } } }] }, "button"],
      [{ ...body, preview: "/api/products/v1/pictures/not-uploaded.webp" }, "preview"],
    ] as const) {
      const res = await call(owner, "POST", "/stories", payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json<{ description: { eng: string } }>().description.eng).toContain(field);
    }
    const foreign = await call(owner, "POST", "/stories", {
      ...body,
      slides: [{ ...image, button: { label: { ru: "Заказать" }, productId: await dishOf(plov) } }],
    });
    expect(foreign.statusCode).toBe(404);
    // The brand's own dish is taken, and the storefront answers the button.
    const dish = await dishOf(lavash);
    const own = await call(owner, "POST", "/stories", {
      ...body,
      slides: [{ ...image, button: { label: { ru: "Заказать" }, productId: dish } }],
    });
    expect(own.statusCode, own.body).toBe(201);
    const shown = (await storefrontStories(lavash)).find((s) => s.id === own.json<EditorStory>().id)!;
    expect(shown.slides[0]!.button).toEqual({
      label: { ru: "Заказать" },
      target: { type: "PRODUCT", productId: dish },
    });
  });

  it("hides a story, refuses a save over a newer one, reorders and removes, each logged", async () => {
    const owner = await member(lavash, { brandRole: "OWNER" });
    const manager = await member(lavash, { brandRole: "MANAGER" });
    const body = await storyBody(owner, "Осень");
    const made = (await call(owner, "POST", "/stories", body)).json<EditorStory>();
    // The form sends back what it was given (kept files need no new upload).
    const hidden = await call(manager, "PUT", `/stories/${made.id}`, {
      ...body,
      slides: made.slides,
      version: made.version,
      isActive: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await storefrontStories(lavash)).some((s) => s.id === made.id)).toBe(false);
    const late = await call(owner, "PUT", `/stories/${made.id}`, {
      ...body,
      version: made.version,
      title: { ru: "Зима" },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ code: string; description: { eng: string } }>()).toMatchObject({
      code: "EDIT_CONFLICT",
      description: { eng: expect.stringMatching(/^Changed by Aziza Stories \d+ at \d\d:\d\d/) },
    });

    const before = (await call(owner, "GET", "/stories")).json<EditorStory[]>();
    const reversed = before.map((s) => s.id).reverse();
    const res = await call(owner, "PUT", "/stories/order", { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EditorStory[]>().map((s) => s.id)).toEqual(reversed);
    const shown = (await storefrontStories(lavash)).map((s) => s.id);
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
    expect((await call(owner, "PUT", "/stories/order", { ids: reversed.slice(1) })).statusCode).toBe(400);

    const gone = await call(owner, "DELETE", `/stories/${made.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await call(owner, "GET", "/stories")).json<EditorStory[]>().some((s) => s.id === made.id)).toBe(
      false,
    );
    const log = (await call(owner, "GET", `/audit?entity=story&entityId=${made.id}`)).json<AuditEntry[]>();
    expect(log.map((e) => e.action)).toEqual(["delete", "update", "update", "create"]);
  });
});

describe("the brand's news from the back office", () => {
  const news = {
    title: { uz: "Yangi menyu", ru: "Новое меню", eng: "A new menu" },
    body: { uz: "Kuzgi taomlar", ru: "Осенние блюда", eng: "Autumn dishes" },
  };

  it("an owner and a manager publish news with a picture; customers see it and the list counts reads", async () => {
    for (const brandRole of ["OWNER", "MANAGER"] as const) {
      const who = await member(lavash, { brandRole });
      const image = await picture(who);
      const res = await call(who, "POST", "/notifications", { ...news, image });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ id: string }>().id;
      const customer = await member(lavash, { role: "CUSTOMER" });
      const page = await t.app.inject({
        method: "GET",
        url: "/api/notifications/v1/notifications",
        headers: customer,
      });
      expect(page.json<NotificationPage>().content.find((n) => n.id === id)).toMatchObject({
        type: "BRAND",
        title: news.title,
        image,
        isRead: false,
      });
      await t.app.inject({
        method: "PUT",
        url: `/api/notifications/v1/notifications/${id}/read`,
        headers: customer,
      });
      const list = await call(who, "GET", "/notifications");
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<PublishedNews[]>()[0]).toMatchObject({
        id,
        title: news.title,
        image,
        reads: 1,
        fromFile: false,
      });
      const log = (await call(who, "GET", `/audit?entity=news&entityId=${id}`)).json<AuditEntry[]>();
      expect(log[0]).toMatchObject({ action: "create", after: { title: news.title } });
    }
  });

  it("refuses an operator and a kitchen user (BACK_OFFICE_FORBIDDEN), bound staff (STAFF_BRANCH_FORBIDDEN), a customer and another brand's owner", async () => {
    const [branch] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, lavash))
      .limit(1);
    const owner = await member(lavash, { brandRole: "OWNER" });
    const count = async () => (await call(owner, "GET", "/notifications")).json<PublishedNews[]>().length;
    const before = await count();
    for (const [who, status, code] of [
      [await member(lavash, { brandRole: "OPERATOR" }), 403, "BACK_OFFICE_FORBIDDEN"],
      [await member(lavash, { brandRole: "KITCHEN" }), 403, "BACK_OFFICE_FORBIDDEN"],
      [await member(lavash), 403, "BACK_OFFICE_FORBIDDEN"],
      [await member(lavash, { brandRole: "MANAGER", branch: branch!.id }), 403, "STAFF_BRANCH_FORBIDDEN"],
      [await member(lavash, { brandRole: "OWNER", branch: branch!.id }), 403, "STAFF_BRANCH_FORBIDDEN"],
      [await member(lavash, { role: "CUSTOMER" }), 403, undefined],
    ] as const) {
      for (const res of [
        await call(who, "POST", "/notifications", news),
        await call(who, "GET", "/notifications"),
      ]) {
        expect(res.statusCode).toBe(status);
        if (code) expect(res.json<{ code: string }>().code).toBe(code);
      }
    }
    const stranger = await member(plov, { brandRole: "OWNER" });
    const crossed = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/notifications",
      headers: { merchant: lavash, authorization: stranger.authorization },
      payload: news,
    });
    expect([401, 403]).toContain(crossed.statusCode);
    expect(await count()).toBe(before);
  });
});
