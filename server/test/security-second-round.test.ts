/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Holes a second attack on the API found: the testers' harness signing in as (and changing) real
// customers' accounts and listing their Telegram ids, a harness or fake provider on a public server,
// lone UTF-16 surrogates reaching PostgreSQL (500), and malformed HTTP answered out of the error shape.
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { users } from "../src/db/schema/index.ts";
import { sendRaw } from "../../scripts/fuzz-routes.ts";
import { handleFakeBotApi } from "../src/fakes/fake-telegram-bot.ts";
import { freshPhone, loginWithPhone } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
});
afterAll(async () => {
  await t.close();
});

let nextId = 77_000_000 + Math.floor(Math.random() * 900_000);
const freshTelegramId = () => String((nextId += 1));

/** A customer who signed in through the real bot, not the harness. */
async function realTelegramCustomer(phone: string) {
  const telegramId = freshTelegramId();
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: lavash, telegramId: BigInt(telegramId), phone, firstName: "Real" })
    .returning();
  return { telegramId, user: user! };
}

const launchTelegram = (id: string, phoneVerification: "required" | "verified" = "required") =>
  t.app.inject({
    method: "POST",
    url: "/api/dev/telegram/launch",
    payload: { sub: "lavash", user: { id, firstName: "Mallory" }, phoneVerification },
  });

describe("the testers' harness signs in only as accounts it made", () => {
  it("refuses a Telegram launch as a real customer's Telegram id, and leaves their verified phone alone", async () => {
    const phone = freshPhone();
    const victim = await realTelegramCustomer(phone);
    for (const mode of ["required", "verified"] as const) {
      const launch = await launchTelegram(victim.telegramId, mode);
      expect(launch.statusCode).toBe(409);
      expect(launch.json()).toMatchObject({ status: 409, code: "HARNESS_ACCOUNT_FOREIGN" });
      expect(launch.json<{ initData?: string }>().initData).toBeUndefined();
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row).toMatchObject({ phone, harness: false });
  });

  it("refuses a Click launch as a real customer's Click id", async () => {
    const clickUserId = String(Date.now()).slice(-9);
    await t.db
      .insert(users)
      .values({ merchantId: lavash, clickUserId, phone: freshPhone(), firstName: "Real" });
    const launch = await t.app.inject({
      method: "POST",
      url: "/api/dev/click/launch",
      payload: { sub: "lavash", profile: { userId: clickUserId, phone: freshPhone(), firstName: "Mallory" } },
    });
    expect(launch.statusCode).toBe(409);
    expect(launch.json()).toMatchObject({ code: "HARNESS_ACCOUNT_FOREIGN" });
  });

  it("makes its own accounts marked as the harness's, and comes back to them", async () => {
    const id = freshTelegramId();
    expect((await launchTelegram(id, "verified")).statusCode).toBe(200);
    expect((await launchTelegram(id, "required")).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(users)
      .where(eq(users.telegramId, BigInt(id)));
    expect(rows).toHaveLength(1);
    // "required" puts the harness's own account back to an unverified phone.
    expect(rows[0]).toMatchObject({ harness: true, phone: null });
  });

  it("lists the fake bot's messages to its own accounts only, never a real customer's chat", async () => {
    const real = await realTelegramCustomer(freshPhone());
    const own = freshTelegramId();
    expect((await launchTelegram(own)).statusCode).toBe(200);
    for (const chat of [real.telegramId, own]) {
      const sent = handleFakeBotApi(
        "/bot123:secret/sendMessage",
        JSON.stringify({ chat_id: chat, text: "Hi" }),
      );
      expect(sent.status).toBe(200);
    }
    const all = await t.app.inject({ method: "GET", url: "/api/dev/telegram-bot/messages" });
    const chats = new Set(all.json<{ chatId: string }[]>().map((m) => m.chatId));
    expect(chats.has(own)).toBe(true);
    expect(chats.has(real.telegramId)).toBe(false);
    const asked = await t.app.inject({
      method: "GET",
      url: `/api/dev/telegram-bot/messages?chatId=${real.telegramId}`,
    });
    expect(asked.json()).toEqual([]);
  });

  it("refuses to start with the harness or the fakes on a public address or behind PUBLIC_URL, whatever NODE_ENV says", () => {
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(/HOST="0.0.0.0"/);
    expect(() => loadConfig({ HOST: "0.0.0.0", DEMO_PUBLIC: "1" })).toThrow(/harness/);
    expect(() => loadConfig({ DEMO: "1", PUBLIC_URL: "https://shop.example" })).toThrow(/PUBLIC_URL/);
    expect(() =>
      loadConfig({ DEMO: "0", DATABASE_URL: "postgres://db/x", NODE_ENV: "development", HOST: "10.0.0.5" }),
    ).toThrow(/HOST="10.0.0.5"/);
    expect(() =>
      loadConfig({
        DEMO: "0",
        DATABASE_URL: "postgres://db/x",
        NODE_ENV: "development",
        PUBLIC_URL: "https://a.example",
      }),
    ).toThrow(/PUBLIC_URL/);
    const served = loadConfig({
      DEMO: "0",
      DATABASE_URL: "postgres://db/x",
      HOST: "0.0.0.0",
      PUBLIC_URL: "https://a.example",
    });
    expect(served.harness).toBe(false);
    expect(loadConfig({ HOST: "127.0.0.1" }).harness).toBe(true);
  });
});

describe("a lone UTF-16 surrogate in any text", () => {
  it("is refused in the error shape in an order's comment, a profile's name and an object key, never a 500", async () => {
    const customer = await loginWithPhone(t, lavash, freshPhone());
    const auth = { merchant: lavash, authorization: `Bearer ${customer.token}` };
    const me = `/api/users/v1/users/${customer.user.id}`;
    const cases = [
      { method: "POST" as const, url: "/api/orders/v1/orders", body: `{"comment":"late \\ud800 night"}` },
      { method: "POST" as const, url: "/api/orders/v1/orders/quote", body: `{"address":{"name":"\\udfff"}}` },
      { method: "PUT" as const, url: me, body: `{"firstName":"\\udc00x"}` },
      { method: "PUT" as const, url: me, body: `{"first\\ud83dName":"Ali"}` },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: { ...auth, "content-type": "application/json" },
        payload: c.body,
      });
      expect(res.statusCode, c.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
      expect(res.json<{ description: { eng: string } }>().description.eng).toMatch(/surrogate/);
    }
  });

  it("leaves a paired surrogate (an emoji) an ordinary character", async () => {
    const customer = await loginWithPhone(t, lavash, freshPhone());
    const emoji = await t.app.inject({
      method: "PUT",
      url: `/api/users/v1/users/${customer.user.id}`,
      headers: {
        merchant: lavash,
        authorization: `Bearer ${customer.token}`,
        "content-type": "application/json",
      },
      payload: `{"firstName":"Ali \\ud83d\\ude00"}`,
    });
    expect(emoji.statusCode).toBeLessThan(400);
  });
});

describe("malformed HTTP", () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  const raw = (bytes: string) => sendRaw(port, bytes);
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as unknown;

  it("answers a bad Content-Length with 400 in the API's error shape", async () => {
    const answer = await raw("POST /api/health HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(bodyOf(answer)).toMatchObject({
      status: 400,
      code: "REQUEST_MALFORMED",
      description: { uz: expect.any(String), ru: expect.any(String), eng: expect.any(String) },
    });
  });

  it("answers oversized headers with 431 in the API's error shape", async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: a\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toMatchObject({ status: 431, code: "HEADERS_TOO_LARGE" });
  });
});
