/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Pictures uploaded from the back office (issue 36): an owner's photo becomes a picture the storefront
// shows in its resized variants; anything that is not a picture, or too large, is refused with a
// reason; only the brand's owner or manager may upload.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRole } from "#domain/staff-scope.ts";
import { PICTURE_MAX_BYTES } from "#domain/contract/back-office-pictures.ts";
import { branches, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { eq } from "drizzle-orm";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
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
      firstName: "Dilshod",
      role: options.role ?? "STAFF",
      brandRole: options.brandRole ?? null,
    })
    .returning();
  if (options.branch)
    await t.db
      .insert(staffBranches)
      .values({ merchantId: merchant, userId: user!.id, branchId: options.branch });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { merchant, headers: { merchant, authorization: `Bearer ${token}` } };
}
type Staff = Awaited<ReturnType<typeof staff>>;

function upload(who: Staff, bytes: Buffer, filename = "plov.png", type = "image/png", field = "file") {
  const boundary = "----savat-picture-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/staff/v1/pictures",
    headers: { ...who.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const png = (width = 2400, height = 1800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 250, g: 120, b: 0 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "phone of the owner" } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
});
afterAll(async () => {
  await t.close();
});

describe("a picture uploaded from the back office", () => {
  it("is taken from an owner as a PNG and the storefront serves it as a resized WebP variant", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const res = await upload(owner, await png());
    expect(res.statusCode).toBe(201);
    const { src } = res.json<{ src: string }>();
    expect(src).toMatch(/^\/api\/products\/v1\/pictures\/[0-9a-f-]{36}\.webp$/);

    // As stored: a WebP, no larger than 1600 px a side, without the phone's metadata.
    const stored = await t.app.inject({ method: "GET", url: src });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width, meta.height)).toBe(1600);
    expect(meta.exif).toBeUndefined();

    // The variant the storefront's <img> asks for (no merchant header, like a browser's image).
    const variant = await t.app.inject({
      method: "GET",
      url: `/api/products/v1/image?src=${encodeURIComponent(src)}&w=240&h=240&format=webp`,
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers["content-type"]).toBe("image/webp");
    const variantMeta = await sharp(variant.rawPayload).metadata();
    expect([variantMeta.width, variantMeta.height]).toEqual([240, 240]);

    const log = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/audit?entity=picture",
      headers: owner.headers,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json<{ after: { src?: string } }[]>().some((e) => e.after.src === src)).toBe(true);
  });

  it("is taken from an unbound manager as a JPEG", async () => {
    const manager = await staff(lavash, { brandRole: "MANAGER" });
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#0a0" } })
      .jpeg()
      .toBuffer();
    expect((await upload(manager, jpeg, "photo.jpg", "image/jpeg")).statusCode).toBe(201);
  });

  it("refuses a text file renamed .png as not a picture", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const res = await upload(owner, Buffer.from("this is a menu, not a picture\n".repeat(20)));
    expect(res.statusCode).toBe(415);
    expect(res.json<{ code: string; description: { ru: string } }>()).toMatchObject({
      code: "IMAGE_INVALID",
      description: { ru: expect.stringContaining("JPEG") },
    });
  });

  it("refuses a file over 5 MB as too large", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const huge = Buffer.concat([await png(64, 64), Buffer.alloc(PICTURE_MAX_BYTES + 1024)]);
    const res = await upload(owner, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ code: string }>().code).toBe("IMAGE_TOO_LARGE");
  });

  it("refuses an upload without the file field", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const res = await upload(owner, await png(64, 64), "plov.png", "image/png", "image");
    expect(res.statusCode).toBe(415);
  });

  it("is refused to a customer, an operator, a kitchen user, a manager bound to a branch and another brand's owner", async () => {
    const [branch] = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
    const picture = await png(64, 64);
    for (const who of [
      await staff(plov, { role: "CUSTOMER" }),
      await staff(plov, { brandRole: "OPERATOR" }),
      await staff(plov, { brandRole: "KITCHEN" }),
      await staff(plov, { brandRole: "MANAGER", branch: branch!.id }),
    ]) {
      const res = await upload(who, picture);
      expect(res.statusCode).toBe(403);
    }
    // Another brand's owner, naming this brand: their session is not this brand's.
    const other = await staff(lavash, { brandRole: "OWNER" });
    const res = await upload({ ...other, headers: { ...other.headers, merchant: plov } }, picture);
    expect([401, 403]).toContain(res.statusCode);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/pictures",
      headers: { merchant: plov },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("is not found under a name never stored", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/pictures/00000000-0000-4000-8000-000000000000.webp",
    });
    expect(res.statusCode).toBe(404);
  });
});
