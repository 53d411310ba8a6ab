// Telegram sign-in through the API: token, auth, login with a shared contact, both logouts, and the
// bearer sessions behind them. initData and contacts are signed with @telegram-apps/init-data-node,
// independently of the server's own signer.
import { createHash } from "node:crypto";
import { sign, signData } from "@telegram-apps/init-data-node";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, favourites, merchants, products, sessions, users } from "../src/db/schema/index.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { findOrCreatePhoneUser } from "../src/repositories/users.ts";
import { freshIp, freshPhone, lastCode, loginWithPhone } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a row");
  return value;
}

const LAVASH_TOKEN = "7100000001:AAH-lavash-test-bot-token-xxxxxxxxxxxx";
const PLOV_TOKEN = "7100000002:AAH-plov-test-bot-token-yyyyyyyyyyyyyy";

let t: TestApp;
let lavash: string;
let plov: string;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  await t.db.update(merchants).set({ telegramBotToken: LAVASH_TOKEN }).where(eq(merchants.id, lavash));
  await t.db.update(merchants).set({ telegramBotToken: PLOV_TOKEN }).where(eq(merchants.id, plov));
  forgetTenants(t.db);
});
afterAll(async () => {
  await t.close();
});

interface TgUser {
  id: number | bigint;
  first_name: string;
  last_name?: string;
  language_code?: string;
}

function initData(user: TgUser, token = LAVASH_TOKEN, authDate = new Date()): string {
  if (typeof user.id === "bigint") {
    // The library serialises numbers; a 64-bit id needs the raw JSON, signed with its primitive.
    const params = new URLSearchParams({
      user: JSON.stringify({ ...user, id: "__ID__" }).replace('"__ID__"', user.id.toString()),
      auth_date: String(Math.floor(authDate.getTime() / 1000)),
      chat_type: "sender",
    });
    params.set(
      "hash",
      signData(
        [...params]
          .map(([k, v]) => `${k}=${v}`)
          .sort()
          .join("\n"),
        token,
      ),
    );
    return params.toString();
  }
  return sign(
    { user, chat_type: "sender", chat_instance: "1" } as Parameters<typeof sign>[0],
    token,
    authDate,
  );
}

function contactPayload(userId: number, phone: string, token = LAVASH_TOKEN, firstName = "Aziz"): string {
  const params = new URLSearchParams({
    contact: JSON.stringify({ user_id: userId, phone_number: phone, first_name: firstName }),
    auth_date: String(Math.floor(Date.now() / 1000)),
  });
  params.set(
    "hash",
    signData(
      [...params]
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join("\n"),
      token,
    ),
  );
  return params.toString();
}

interface AuthBody {
  token: string;
  user: {
    id: string;
    phone: string | null;
    telegramId: string | null;
    firstName: string | null;
    language: string | null;
  };
  isPhoneVerificationRequired: boolean;
}

const post = (url: string, merchant: string, payload: object, token?: string) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { merchant, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({
    status,
    code,
    description: { uz: expect.any(String), ru: expect.any(String), eng: expect.any(String) },
  });
}

describe("POST /api/webbot/v1/users/token", () => {
  it("creates the customer on first sight and asks for the phone", async () => {
    const res = await post("/api/webbot/v1/users/token", lavash, {
      initData: initData({ id: 5001, first_name: "Aziz", last_name: "Karimov", language_code: "uz" }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthBody>();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.isPhoneVerificationRequired).toBe(true);
    expect(body.user).toMatchObject({ telegramId: "5001", firstName: "Aziz", phone: null, language: "uz" });
  });

  it("finds the same customer again with a new session", async () => {
    const data = initData({ id: 5002, first_name: "Olga" });
    const a = (await post("/api/webbot/v1/users/token", lavash, { initData: data })).json<AuthBody>();
    const b = (await post("/api/webbot/v1/users/token", lavash, { initData: data })).json<AuthBody>();
    expect(b.user.id).toBe(a.user.id);
    expect(b.token).not.toBe(a.token);
  });

  it("keeps 64-bit Telegram ids exact", async () => {
    const id = 9007199254740993n;
    const res = await post("/api/webbot/v1/users/token", lavash, {
      initData: initData({ id, first_name: "Big" }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthBody>().user.telegramId).toBe("9007199254740993");
    const [row] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.merchantId, lavash), eq(users.telegramId, id)));
    expect(row?.telegramId).toBe(id);
  });

  it("is per brand: the same Telegram user is another customer at another brand", async () => {
    const user = { id: 5003, first_name: "Dilshod" };
    const a = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    const b = (
      await post("/api/webbot/v1/users/token", plov, { initData: initData(user, PLOV_TOKEN) })
    ).json<AuthBody>();
    expect(a.user.id).not.toBe(b.user.id);
  });

  it("refuses tampered initData with 401 INIT_DATA_INVALID", async () => {
    const tampered = initData({ id: 5004, first_name: "Eve" }).replace("5004", "5005");
    expectError(
      await post("/api/webbot/v1/users/token", lavash, { initData: tampered }),
      401,
      "INIT_DATA_INVALID",
    );
  });

  it("refuses another bot's initData with 401 INIT_DATA_INVALID", async () => {
    const other = initData({ id: 5006, first_name: "Eve" }, PLOV_TOKEN);
    const res = await post("/api/webbot/v1/users/token", lavash, { initData: other });
    expectError(res, 401, "INIT_DATA_INVALID");
    expect(res.json<{ description: { eng: string } }>().description.eng).toMatch(/another bot/);
  });

  it("refuses initData older than 24 hours with 401 INIT_DATA_EXPIRED", async () => {
    const old = initData({ id: 5007, first_name: "Old" }, LAVASH_TOKEN, new Date(Date.now() - 25 * 3600_000));
    const res = await post("/api/webbot/v1/users/token", lavash, { initData: old });
    expectError(res, 401, "INIT_DATA_EXPIRED");
    expect(res.json<{ description: { eng: string } }>().description.eng).toMatch(/24 hours/);
  });

  it("refuses initData without a hash, and 10 characters or fewer as invalid input", async () => {
    const params = new URLSearchParams(initData({ id: 5008, first_name: "A" }));
    params.delete("hash");
    expectError(
      await post("/api/webbot/v1/users/token", lavash, { initData: params.toString() }),
      401,
      "INIT_DATA_INVALID",
    );
    expectError(
      await post("/api/webbot/v1/users/token", lavash, { initData: "user=1" }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(await post("/api/webbot/v1/users/token", lavash, {}), 400, "VALIDATION_FAILED");
  });

  it("needs the merchant header", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webbot/v1/users/token",
      payload: { initData: initData({ id: 5009, first_name: "A" }) },
    });
    expectError(res, 400, "MERCHANT_REQUIRED");
  });

  it("answers 503 when the brand has no bot token", async () => {
    const sushi = await merchantId(t, "sushi");
    await t.db.update(merchants).set({ telegramBotToken: null }).where(eq(merchants.id, sushi));
    forgetTenants(t.db);
    expectError(
      await post("/api/webbot/v1/users/token", sushi, { initData: initData({ id: 5010, first_name: "A" }) }),
      503,
      "TELEGRAM_LOGIN_UNAVAILABLE",
    );
  });

  it("stores only the hash of the token", async () => {
    const body = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData({ id: 5011, first_name: "H" }) })
    ).json<AuthBody>();
    const hash = createHash("sha256").update(body.token).digest("hex");
    const rows = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.channel).toBe("TELEGRAM");
    const leaked = await t.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${body.token}`,
    );
    expect((leaked.rows[0] as { n: number }).n).toBe(0);
    const days = (must(rows[0]).expiresAt.getTime() - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });
});

describe("POST /api/webbot/v1/users/login (shared contact)", () => {
  it("trusts the signed phone and stops asking for it", async () => {
    const user = { id: 6001, first_name: "Aziz" };
    const first = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    expect(first.isPhoneVerificationRequired).toBe(true);
    const res = await post("/api/webbot/v1/users/login", lavash, {
      initData: initData(user),
      contact: contactPayload(6001, "998901110001"),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthBody>();
    expect(body.user).toMatchObject({ id: first.user.id, phone: "+998901110001", telegramId: "6001" });
    expect(body.isPhoneVerificationRequired).toBe(false);
    const again = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    expect(again.isPhoneVerificationRequired).toBe(false);
  });

  it("refuses someone else's contact, a forged one and another bot's", async () => {
    const user = { id: 6002, first_name: "Eve" };
    expectError(
      await post("/api/webbot/v1/users/login", lavash, {
        initData: initData(user),
        contact: contactPayload(6003, "998901110002"),
      }),
      401,
      "CONTACT_INVALID",
    );
    const forged = contactPayload(6002, "998901110002").replace("998901110002", "998901110009");
    expectError(
      await post("/api/webbot/v1/users/login", lavash, { initData: initData(user), contact: forged }),
      401,
      "CONTACT_INVALID",
    );
    expectError(
      await post("/api/webbot/v1/users/login", lavash, {
        initData: initData(user),
        contact: contactPayload(6002, "998901110002", PLOV_TOKEN),
      }),
      401,
      "CONTACT_INVALID",
    );
    const [row] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.merchantId, lavash), eq(users.telegramId, 6002n)));
    expect(row?.phone ?? null).toBeNull();
  });

  it("makes the Telegram user the existing account of that phone", async () => {
    const existing = must(
      (
        await t.db
          .insert(users)
          .values({ merchantId: lavash, phone: "+998901110003", firstName: "Web", lastName: "Customer" })
          .returning()
      )[0],
    );
    const user = { id: 6004, first_name: "Tg" };
    const interim = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    expect(interim.user.id).not.toBe(existing.id);
    await t.db
      .insert(addresses)
      .values({ merchantId: lavash, userId: interim.user.id, latitude: 41.3, longitude: 69.2, name: "Home" });

    const res = await post("/api/webbot/v1/users/login", lavash, {
      initData: initData(user),
      contact: contactPayload(6004, "+998901110003"),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthBody>();
    expect(body.user).toMatchObject({
      id: existing.id,
      telegramId: "6004",
      phone: "+998901110003",
      firstName: "Web",
    });

    // The Telegram-only account is gone, its address moved, its session no longer works.
    expect(await t.db.select().from(users).where(eq(users.id, interim.user.id))).toHaveLength(0);
    const moved = await t.db.select().from(addresses).where(eq(addresses.userId, existing.id));
    expect(moved.map((a) => a.name)).toEqual(["Home"]);
    expectError(
      await post("/api/webbot/v1/users/auth", lavash, { initData: initData(user) }, interim.token),
      401,
      "UNAUTHORIZED",
    );
    const next = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    expect(next.user.id).toBe(existing.id);
  });
});

describe("account merge with rows the target already has", () => {
  it("keeps the target's duplicate and moves the rest", async () => {
    const [first, second] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.merchantId, lavash))
      .limit(2);
    const owner = must(
      (await t.db.insert(users).values({ merchantId: lavash, phone: "+998901110005" }).returning())[0],
    );
    await t.db.insert(favourites).values({ merchantId: lavash, userId: owner.id, productId: must(first).id });
    const user = { id: 6005, first_name: "Fav" };
    const interim = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    await t.db.insert(favourites).values([
      { merchantId: lavash, userId: interim.user.id, productId: must(first).id },
      { merchantId: lavash, userId: interim.user.id, productId: must(second).id },
    ]);
    await t.db
      .insert(addresses)
      .values({ merchantId: lavash, userId: interim.user.id, latitude: 41.3, longitude: 69.2, name: "Work" });
    const res = await post("/api/webbot/v1/users/login", lavash, {
      initData: initData(user),
      contact: contactPayload(6005, "998901110005"),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthBody>().user.id).toBe(owner.id);
    // favourites are unique per (user, product): the duplicate is dropped, the other one moves.
    const favs = await t.db.select().from(favourites).where(eq(favourites.userId, owner.id));
    expect(favs.map((f) => f.productId).sort()).toEqual([must(first).id, must(second).id].sort());
    const moved = await t.db.select().from(addresses).where(eq(addresses.userId, owner.id));
    expect(moved.map((a) => a.name)).toEqual(["Work"]);
    expect(await t.db.select().from(users).where(eq(users.id, interim.user.id))).toHaveLength(0);
  });
});

describe("POST /api/webbot/v1/users/auth", () => {
  it("confirms the stored session of the same Telegram user", async () => {
    const user = { id: 7001, first_name: "A" };
    const login = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    const res = await post("/api/webbot/v1/users/auth", lavash, { initData: initData(user) }, login.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthBody>()).toMatchObject({ token: login.token, user: { id: login.user.id } });
  });

  it("refuses a session of another Telegram user, of another brand, or none", async () => {
    const login = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData({ id: 7002, first_name: "A" }) })
    ).json<AuthBody>();
    expectError(
      await post(
        "/api/webbot/v1/users/auth",
        lavash,
        { initData: initData({ id: 7003, first_name: "B" }) },
        login.token,
      ),
      401,
      "UNAUTHORIZED",
    );
    expectError(
      await post(
        "/api/webbot/v1/users/auth",
        plov,
        { initData: initData({ id: 7002, first_name: "A" }, PLOV_TOKEN) },
        login.token,
      ),
      401,
      "UNAUTHORIZED",
    );
    expectError(
      await post("/api/webbot/v1/users/auth", lavash, { initData: initData({ id: 7002, first_name: "A" }) }),
      401,
      "UNAUTHORIZED",
    );
    expectError(
      await post(
        "/api/webbot/v1/users/auth",
        lavash,
        { initData: initData({ id: 7002, first_name: "A" }) },
        "not-a-token",
      ),
      401,
      "UNAUTHORIZED",
    );
  });

  it("links an account without a Telegram id to this Telegram user", async () => {
    const web = must(
      (await t.db.insert(users).values({ merchantId: lavash, phone: "+998901110004" }).returning())[0],
    );
    const { createSession } = await import("../src/repositories/sessions.ts");
    const session = await createSession(t.db, { merchantId: lavash, userId: web.id, channel: "WEB" });
    const res = await post(
      "/api/webbot/v1/users/auth",
      lavash,
      { initData: initData({ id: 7004, first_name: "L" }) },
      session.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthBody>()).toMatchObject({
      isPhoneVerificationRequired: false,
      user: { id: web.id, telegramId: "7004" },
    });
  });
});

describe("logout", () => {
  it("POST revokes the session", async () => {
    const user = { id: 8001, first_name: "A" };
    const login = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    const res = await post("/api/webbot/v1/users/logout", lavash, { initData: initData(user) }, login.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expectError(
      await post("/api/webbot/v1/users/auth", lavash, { initData: initData(user) }, login.token),
      401,
      "UNAUTHORIZED",
    );
  });

  it("PUT revokes the session and remembers the language", async () => {
    const user = { id: 8002, first_name: "A", language_code: "ru" };
    const login = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    expect(login.user.language).toBe("ru");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/webbot/v1/users/logout",
      headers: { merchant: lavash, authorization: `Bearer ${login.token}` },
      payload: { initData: initData(user), language: "uz" },
    });
    expect(res.statusCode).toBe(200);
    expectError(
      await post("/api/webbot/v1/users/auth", lavash, { initData: initData(user) }, login.token),
      401,
      "UNAUTHORIZED",
    );
    const next = (
      await post("/api/webbot/v1/users/token", lavash, { initData: initData(user) })
    ).json<AuthBody>();
    expect(next.user.language).toBe("uz");
  });

  it("answers 200 without a session or with stale initData", async () => {
    const stale = initData({ id: 8003, first_name: "A" }, LAVASH_TOKEN, new Date(Date.now() - 48 * 3600_000));
    expect((await post("/api/webbot/v1/users/logout", lavash, { initData: stale })).statusCode).toBe(200);
    expect((await post("/api/webbot/v1/users/logout", lavash, {}, "expired-token")).statusCode).toBe(200);
  });
});

describe("a Telegram customer who declined to share the contact proves a phone by code", () => {
  /** The code flow with the Telegram session's bearer token sent along, as the storefront does. */
  async function verifyWithSession(phone: string, token: string) {
    const ip = freshIp();
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/users/v1/auth/otp",
      headers: { merchant: lavash },
      remoteAddress: ip,
      payload: { phone },
    });
    expect(asked.statusCode).toBe(200);
    return t.app.inject({
      method: "POST",
      url: "/api/users/v1/auth/otp/verify",
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
      remoteAddress: ip,
      payload: { phone, code: lastCode(phone) },
    });
  }

  it("adds the phone to the same Telegram account instead of making a second one", async () => {
    const tg = (
      await post("/api/webbot/v1/users/token", lavash, {
        initData: initData({ id: 6101, first_name: "Aziz" }),
      })
    ).json<AuthBody>();
    expect(tg.user.phone).toBeNull();
    const phone = freshPhone();
    const res = await verifyWithSession(phone, tg.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthBody>();
    expect(body.user).toMatchObject({ id: tg.user.id, phone, telegramId: "6101" });
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash("sha256").update(body.token).digest("hex")));
    expect(session?.channel).toBe("TELEGRAM");
    // Telegram no longer asks for the contact.
    const again = (
      await post("/api/webbot/v1/users/token", lavash, {
        initData: initData({ id: 6101, first_name: "Aziz" }),
      })
    ).json<AuthBody>();
    expect(again.isPhoneVerificationRequired).toBe(false);
  });

  it("makes the Telegram customer the existing account of a phone proven by code", async () => {
    const phone = freshPhone();
    // An account the phone made on the web earlier.
    const web = await findOrCreatePhoneUser(t.db, { merchantId: lavash, phone });
    const tg = (
      await post("/api/webbot/v1/users/token", lavash, {
        initData: initData({ id: 6102, first_name: "Olga" }),
      })
    ).json<AuthBody>();
    const body = (await verifyWithSession(phone, tg.token)).json<AuthBody>();
    expect(body.user).toMatchObject({ id: web.id, phone, telegramId: "6102" });
  });

  it("leaves a customer who already has a phone untouched: the code logs into that phone's account", async () => {
    const mine = await loginWithPhone(t, lavash, freshPhone());
    const other = freshPhone();
    const body = (await verifyWithSession(other, mine.token)).json<AuthBody>();
    expect(body.user.phone).toBe(other);
    expect(body.user.id).not.toBe(mine.user.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, mine.user.id));
    expect(row?.phone).toBe(mine.user.phone);
  });
});
