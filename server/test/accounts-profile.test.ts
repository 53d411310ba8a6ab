// The customer's own profile through the API: editing, phone change, profile image, account
// deletion (and what it leaves in the database), refusals for another customer's id, mini-app
// identities joining phone accounts, and SMS gateway failures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sign, signData } from "@telegram-apps/init-data-node";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  favourites,
  merchants,
  orders,
  otpCodes,
  phoneChanges,
  products,
  sessions,
  users,
} from "../src/db/schema/index.ts";
import { forgetEskizTokens } from "../src/integrations/sms/eskiz.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { fakeClickTokenFor, openFakeClickSession } from "../src/fakes/fake-click.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { freshIp, freshPhone, lastCode, loginWithPhone } from "./support/accounts.ts";
import { startFakeEskiz, type FakeEskiz } from "./fakes/eskiz.ts";

const BOT_TOKEN = "7100000001:AAH-lavash-test-bot-token-xxxxxxxxxxxx";
let t: TestApp;
let lavash: string;
let plov: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-accounts-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  await t.db.update(merchants).set({ telegramBotToken: BOT_TOKEN }).where(eq(merchants.id, lavash));
  forgetTenants(t.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Method = "GET" | "PUT" | "POST" | "DELETE";
function call(method: Method, url: string, token: string | null, payload?: object, merchant = lavash) {
  return t.app.inject({
    method,
    url: `/api/users/v1${url}`,
    headers: { merchant, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: freshIp(),
    ...(payload ? { payload } : {}),
  });
}

function multipartImage(bytes: Buffer, filename = "me.png", type = "image/png") {
  const boundary = "----savat-test-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(token: string, bytes: Buffer, filename?: string, type?: string) {
  const { body, contentType } = multipartImage(bytes, filename, type);
  return t.app.inject({
    method: "PUT",
    url: "/api/users/v1/users/image",
    headers: { merchant: lavash, authorization: `Bearer ${token}`, "content-type": contentType },
    payload: body,
  });
}

const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 250, g: 200, b: 0 } } })
    .png()
    .toBuffer();

describe("the profile", () => {
  it("edits names, e-mail, birthday and gender, and keeps fields left out", async () => {
    const { token, user } = await loginWithPhone(t, lavash, freshPhone());
    const res = await call("PUT", `/users/${user.id}`, token, {
      firstName: " Aziza ",
      lastName: "Karimova",
      email: "aziza@example.uz",
      birthday: "1995-04-12",
      gender: "FEMALE",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: "Aziza",
      lastName: "Karimova",
      email: "aziza@example.uz",
      birthday: "1995-04-12",
      gender: "FEMALE",
      phone: user.phone,
    });
    const partial = await call("PUT", `/users/${user.id}`, token, { lastName: null, email: "" });
    expect(partial.json()).toMatchObject({ firstName: "Aziza", lastName: null, email: null });
  });

  it("refuses an invalid e-mail, a future birthday and fields that are not the customer's to set", async () => {
    const { token, user } = await loginWithPhone(t, lavash, freshPhone());
    expect((await call("PUT", `/users/${user.id}`, token, { email: "not-an-email" })).statusCode).toBe(400);
    expect(
      (await call("PUT", `/users/${user.id}`, token, { email: `${"a".repeat(320)}@x.uz` })).statusCode,
    ).toBe(400);
    expect((await call("PUT", `/users/${user.id}`, token, { birthday: "2999-01-01" })).statusCode).toBe(400);
    const sneaky = await call("PUT", `/users/${user.id}`, token, {
      firstName: "A",
      cashback: 1e6,
      role: "ADMIN",
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({ cashback: 0, role: "CUSTOMER" });
  });

  it("refuses another customer's id and unauthenticated calls on every profile route", async () => {
    const a = await loginWithPhone(t, lavash, freshPhone());
    const b = await loginWithPhone(t, lavash, freshPhone());
    const other = await call("PUT", `/users/${b.user.id}`, a.token, { firstName: "Hacked" });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: "FORBIDDEN" });
    const [row] = await t.db.select().from(users).where(eq(users.id, b.user.id));
    expect(row?.firstName).toBeNull();
    const routes: [Method, string, object?][] = [
      ["GET", "/users/me"],
      ["PUT", `/users/${a.user.id}`, { firstName: "X" }],
      ["PUT", "/users/phone", { phone: freshPhone() }],
      ["PUT", "/users/phone/verify", { phone: freshPhone(), code: "123456" }],
      ["DELETE", "/users"],
      ["DELETE", "/users/image"],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, null, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      // A token of this customer at another brand is no token there.
      const elsewhere = await call(method, url, a.token, payload, plov);
      expect(elsewhere.statusCode, `${method} ${url} at plov`).toBe(401);
    }
  });
});

describe("changing the phone", () => {
  it("sends a code to the new number and switches after it is confirmed", async () => {
    const oldPhone = freshPhone();
    const newPhone = freshPhone();
    const { token, user } = await loginWithPhone(t, lavash, oldPhone);
    const asked = await call("PUT", "/users/phone", token, { phone: newPhone, type: "WEB" });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ phone: newPhone, resendAfterSeconds: 60 });
    const code = lastCode(newPhone);
    const wrong = await call("PUT", "/users/phone/verify", token, {
      phone: newPhone,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.json()).toMatchObject({ code: "OTP_INVALID" });
    const done = await call("PUT", "/users/phone/verify", token, { phone: newPhone, code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, phone: newPhone });
    const [record] = await t.db.select().from(phoneChanges).where(eq(phoneChanges.userId, user.id));
    expect(record?.codeHash).not.toContain(code);
    // The new number logs into the same account; the old one now makes a new account.
    expect((await loginWithPhone(t, lavash, newPhone)).user.id).toBe(user.id);
    // (as if the resend countdown of the old number's last code had passed)
    await t.db.delete(otpCodes).where(eq(otpCodes.phone, oldPhone));
    expect((await loginWithPhone(t, lavash, oldPhone)).user.id).not.toBe(user.id);
  });

  it("refuses a number that belongs to another account", async () => {
    const taken = freshPhone();
    await loginWithPhone(t, lavash, taken);
    const { token } = await loginWithPhone(t, lavash, freshPhone());
    const res = await call("PUT", "/users/phone", token, { phone: taken });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "PHONE_TAKEN" });
  });
});

describe("the profile image", () => {
  it("uploads, serves, changes and deletes the image", async () => {
    const { token } = await loginWithPhone(t, lavash, freshPhone());
    const first = await upload(token, await png());
    expect(first.statusCode).toBe(200);
    const url = first.json<{ image: string }>().image;
    expect(url).toMatch(/^\/api\/users\/v1\/users\/images\/[\w-]+\.webp$/);
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });

    const second = await upload(
      token,
      await sharp(await png())
        .jpeg()
        .toBuffer(),
      "me.jpg",
      "image/jpeg",
    );
    const url2 = second.json<{ image: string }>().image;
    expect(url2).not.toBe(url);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);

    const removed = await call("DELETE", "/users/image", token);
    expect(removed.json()).toMatchObject({ image: null });
    expect((await t.app.inject({ method: "GET", url: url2 })).statusCode).toBe(404);
  });

  it("checks the type by content and the size", async () => {
    const { token } = await loginWithPhone(t, lavash, freshPhone());
    const fake = await upload(token, Buffer.from("<svg onload=alert(1)></svg>"), "x.png", "image/png");
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ code: "IMAGE_INVALID" });
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(token, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: "IMAGE_TOO_LARGE" });
  });
});

describe("deleting the account", () => {
  it("revokes every session, erases personal data and keeps the orders anonymised", async () => {
    const phone = freshPhone();
    const web = await loginWithPhone(t, lavash, phone);
    const second = await loginWithPhone(t, lavash, phone, freshIp()).catch(() => null);
    const userId = web.user.id;
    await call("PUT", `/users/${userId}`, web.token, { firstName: "Gone", email: "gone@example.uz" });
    const image = (await upload(web.token, await png())).json<{ image: string }>().image;
    const [product] = await t.db.select().from(products).where(eq(products.merchantId, lavash)).limit(1);
    await t.db
      .insert(addresses)
      .values({ merchantId: lavash, userId, name: "Home", latitude: 41.3, longitude: 69.2 });
    if (product) await t.db.insert(favourites).values({ merchantId: lavash, userId, productId: product.id });
    const [order] = await t.db
      .insert(orders)
      .values({
        merchantId: lavash,
        number: 990001,
        status: "DELIVERED",
        serviceType: "DELIVERY",
        userId,
        receiver: { name: "Gone", phone },
        address: { name: "Home", houseNumber: "1", latitude: 41.3, longitude: 69.2 },
        comment: "ring twice",
        sendChequePhone: phone,
        totalPrice: 50_000,
      })
      .returning();

    const res = await call("DELETE", "/users", web.token);
    expect(res.statusCode).toBe(200);
    expect((await call("GET", "/users/me", web.token)).statusCode).toBe(401);
    if (second) expect((await call("GET", "/users/me", second.token)).statusCode).toBe(401);

    expect(await t.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(users)
        .where(and(eq(users.merchantId, lavash), eq(users.phone, phone))),
    ).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await t.db.select().from(addresses).where(eq(addresses.userId, userId))).toEqual([]);
    expect(await t.db.select().from(favourites).where(eq(favourites.userId, userId))).toEqual([]);
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone))).toEqual([]);
    const [kept] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? ""));
    expect(kept).toMatchObject({
      userId: null,
      receiver: null,
      address: null,
      comment: null,
      sendChequePhone: null,
      totalPrice: 50_000,
      status: "DELIVERED",
    });
    expect((await t.app.inject({ method: "GET", url: image })).statusCode).toBe(404);
    const dump = JSON.stringify(await t.db.select().from(orders).where(eq(orders.merchantId, lavash)));
    expect(dump).not.toContain(phone);

    // The number can start afresh.
    const fresh = await loginWithPhone(t, lavash, phone);
    expect(fresh.user.id).not.toBe(userId);
    expect(fresh.user.firstName).toBeNull();
  });

  it("waits until an order in progress is finished", async () => {
    const { token, user } = await loginWithPhone(t, lavash, freshPhone());
    await t.db.insert(orders).values({
      merchantId: lavash,
      number: 990002,
      status: "COOKING",
      serviceType: "PICK_UP",
      userId: user.id,
    });
    const res = await call("DELETE", "/users", token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "ACCOUNT_HAS_ACTIVE_ORDERS" });
    expect((await call("GET", "/users/me", token)).statusCode).toBe(200);
  });
});

function initData(id: number): string {
  return sign(
    { user: { id, first_name: "Tg" }, chat_type: "sender", chat_instance: "1" },
    BOT_TOKEN,
    new Date(),
  );
}

function contact(id: number, phone: string): string {
  const params = new URLSearchParams({
    contact: JSON.stringify({ user_id: id, phone_number: phone.slice(1), first_name: "Tg" }),
    auth_date: String(Math.floor(Date.now() / 1000)),
  });
  const check = [...params]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join("\n");
  params.set("hash", signData(check, BOT_TOKEN));
  return params.toString();
}

describe("mini-app identities join phone accounts", () => {
  it("a Telegram user who shares the phone of a web account becomes that customer", async () => {
    const phone = freshPhone();
    const web = await loginWithPhone(t, lavash, phone);
    const tgId = 700_000_000 + Math.floor(Math.random() * 1e6);
    const first = await t.app.inject({
      method: "POST",
      url: "/api/webbot/v1/users/token",
      headers: { merchant: lavash },
      payload: { initData: initData(tgId) },
    });
    expect(first.json()).toMatchObject({ isPhoneVerificationRequired: true });
    const shared = await t.app.inject({
      method: "POST",
      url: "/api/webbot/v1/users/login",
      headers: { merchant: lavash },
      payload: { initData: initData(tgId), contact: contact(tgId, phone) },
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({
      user: { id: web.user.id, phone, telegramId: String(tgId) },
      isPhoneVerificationRequired: false,
    });
    // Both sessions are the same customer's.
    expect((await call("GET", "/users/me", web.token)).json()).toMatchObject({ telegramId: String(tgId) });
  });

  it("a Click customer with the phone of a web account becomes that customer", async () => {
    const phone = freshPhone();
    const web = await loginWithPhone(t, lavash, phone);
    // A session Click itself opened (the fake speaks its protocol); the testers' harness refuses a
    // phone that has an account, so it cannot be used for this.
    const [brand] = await t.db.select().from(merchants).where(eq(merchants.id, lavash));
    const webSession = openFakeClickSession({
      profile: { userId: "93001", phone, firstName: "Click", lastName: "User" },
      token: fakeClickTokenFor(brand as NonNullable<typeof brand>),
      variant: "click",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/click/v1/users/token",
      headers: { merchant: lavash },
      payload: { webSession },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: web.user.id, phone } });
  });
});

describe("a brand's own SMS gateway", () => {
  let eskiz: FakeEskiz;
  let gw: TestApp;
  let brand: string;
  beforeAll(async () => {
    eskiz = await startFakeEskiz({ email: "sushi@example.uz", password: "eskiz-secret" });
    gw = await createTestApp({
      env: { SMS_GATEWAY: "merchant", ESKIZ_API_URL: eskiz.url, DATA_DIR: dataDir },
    });
    brand = await merchantId(gw, "sushi");
    await gw.db
      .update(merchants)
      .set({
        smsGateway: "ESKIZ",
        smsLogin: "sushi@example.uz",
        smsPassword: "eskiz-secret",
        smsFrom: "4546",
      })
      .where(eq(merchants.id, brand));
    forgetTenants(gw.db);
  });
  afterAll(async () => {
    forgetEskizTokens();
    await gw.close();
    await eskiz.close();
  });
  const ask = (phone: string) =>
    gw.app.inject({
      method: "POST",
      url: "/api/users/v1/auth/otp",
      headers: { merchant: brand },
      remoteAddress: freshIp(),
      payload: { phone },
    });

  it("sends the code through Eskiz", async () => {
    const phone = freshPhone();
    expect((await ask(phone)).statusCode).toBe(200);
    expect(eskiz.sent.at(-1)).toMatchObject({ mobilePhone: phone.slice(1), from: "4546" });
    expect(eskiz.sent.at(-1)?.message).toMatch(/\b\d{6}\b/);
  });

  it("tells the customer to retry when the gateway fails, without its answer, and lets them retry at once", async () => {
    const phone = freshPhone();
    eskiz.failSends(500, { message: "SQLSTATE[HY000] internal gateway secret detail" });
    const failed = await ask(phone);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: "SMS_SEND_FAILED" });
    expect(failed.body).not.toContain("SQLSTATE");
    expect(failed.body).not.toContain("eskiz");
    expect((await ask(phone)).statusCode).toBe(200);
  });

  it("a brand without a gateway has no SMS login in production", async () => {
    const prod = await createTestApp({
      env: { DEMO: "0", NODE_ENV: "production", SMS_GATEWAY: "merchant", DATA_DIR: dataDir },
    });
    try {
      const plovId = await merchantId(prod, "plov");
      const res = await prod.app.inject({
        method: "POST",
        url: "/api/users/v1/auth/otp",
        headers: { merchant: plovId },
        payload: { phone: freshPhone() },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: "SMS_UNAVAILABLE" });
    } finally {
      await prod.close();
    }
  });
});
