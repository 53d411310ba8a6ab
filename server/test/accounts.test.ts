// Phone login with one-time codes through the API (console gateway): the code flow, wrong, expired
// and locked codes, the resend and hourly limits, and sessions after logout.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { otpCodes, sessions, users } from "../src/db/schema/index.ts";
import { OTP_CODES_PER_IP_PER_HOUR } from "../src/services/accounts/otp.ts";
import { OTP_REQUESTS_PER_MINUTE } from "../src/routes/users/index.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { freshIp, freshPhone, lastCode, loginWithPhone, sentTo } from "./support/accounts.ts";

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

function askCode(phone: string, ip = freshIp(), merchant = lavash) {
  return t.app.inject({
    method: "POST",
    url: "/api/users/v1/auth/otp",
    headers: { merchant },
    remoteAddress: ip,
    payload: { phone },
  });
}

function verify(phone: string, code: string, ip = freshIp(), merchant = lavash) {
  return t.app.inject({
    method: "POST",
    url: "/api/users/v1/auth/otp/verify",
    headers: { merchant },
    remoteAddress: ip,
    payload: { phone, code },
  });
}

function me(token: string, merchant = lavash) {
  return t.app.inject({
    method: "GET",
    url: "/api/users/v1/users/me",
    headers: { merchant, authorization: `Bearer ${token}` },
  });
}

function wrongCodeFor(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

/** Makes the phone's codes look older, as if `seconds` had passed. */
async function age(phone: string, seconds: number): Promise<void> {
  const rows = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
  for (const row of rows) {
    await t.db
      .update(otpCodes)
      .set({
        createdDate: new Date(row.createdDate.getTime() - seconds * 1000),
        expiresAt: new Date(row.expiresAt.getTime() - seconds * 1000),
      })
      .where(eq(otpCodes.id, row.id));
  }
}

describe("the code SMS's language", () => {
  async function smsFor(merchant: string, headers: Record<string, string>): Promise<string> {
    const phone = freshPhone();
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/users/v1/auth/otp",
      headers: { merchant, ...headers },
      remoteAddress: freshIp(),
      payload: { phone },
    });
    expect(asked.statusCode).toBe(200);
    return sentTo(phone).at(-1)?.text ?? "";
  }

  it("words an Arabic request's SMS in Arabic and names the brand in Arabic", async () => {
    const sushi = await merchantId(t, "sushi");
    const text = await smsFor(sushi, { "accept-language": "ar" });
    expect(text).toMatch(/^سوشي ويف: \d{6} - رمز الدخول الخاص بك$/);
  });

  it("names the brand by the usual fallback where it has no name in the request's language", async () => {
    const sushi = await merchantId(t, "sushi");
    // Sushi has no Uzbek name: the Russian one, with the Uzbek wording.
    expect(await smsFor(sushi, { "accept-language": "uz" })).toMatch(/^Суши Вейв: \d{6} - tasdiqlash kodi$/);
  });

  it("takes the lang cookie, then the brand's main language, when the request names no language", async () => {
    const sushi = await merchantId(t, "sushi");
    expect(await smsFor(sushi, { cookie: "lang=zh" })).toMatch(/^寿司浪潮：\d{6} - 您的登录验证码$/);
    expect(await smsFor(sushi, {})).toMatch(/^Sushi Wave: \d{6} - your login code$/);
  });
});

describe("the code flow", () => {
  it("sends a code through the console gateway and logs in with it", async () => {
    const phone = freshPhone();
    const asked = await askCode(
      phone.replace("+998", "").replace(/(\d{2})(\d{3})(\d{2})(\d{2})/, "$1 $2 $3 $4"),
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ phone, resendAfterSeconds: 60, expiresInSeconds: 120 });
    expect(sentTo(phone)).toHaveLength(1);
    const code = lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);

    const res = await verify(phone, code);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: { id: string; phone: string } }>();
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user.phone).toBe(phone);
    const profile = await me(body.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: body.user.id, phone, merchantId: lavash });

    // The same phone logs into the same account next time; a used code does not work twice.
    expect((await verify(phone, code)).statusCode).toBe(400);
    await age(phone, 61);
    const again = await loginWithPhone(t, lavash, phone);
    expect(again.user.id).toBe(body.user.id);
  });

  it("stores codes hashed, never as they were sent", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = lastCode(phone);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(row?.codeHash).toBeDefined();
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash.length).toBeGreaterThan(40);
  });

  it("refuses numbers that are not mobile numbers of a served country", async () => {
    const bad = await askCode("+998 71 234 56 78");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, code: "PHONE_INVALID" });
    const foreign = await askCode("+7 701 123 45 67");
    expect(foreign.json()).toMatchObject({ code: "PHONE_COUNTRY_NOT_SERVED" });
    const text = await askCode("call me");
    expect(text.statusCode).toBe(400);
  });

  it("answers a wrong code with the specification's message in every language", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const res = await verify(phone, wrongCodeFor(lastCode(phone)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      code: "OTP_INVALID",
      description: {
        uz: "Noto'g'ri kod yoki kod kiritish muddati o'tib ketgan",
        ru: "Неверный код или срок действия кода истёк",
        eng: "Wrong code entered or sms code is expired",
      },
    });
  });

  it("refuses an expired code even when it is right", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = lastCode(phone);
    await age(phone, 121);
    const res = await verify(phone, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "OTP_INVALID" });
  });

  it("locks a code at the fifth wrong try, after which the right code fails too", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = lastCode(phone);
    const wrong = wrongCodeFor(code);
    for (let i = 1; i <= 4; i += 1) {
      expect((await verify(phone, wrong)).json()).toMatchObject({ code: "OTP_INVALID" });
    }
    const fifth = await verify(phone, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ status: 429, code: "OTP_LOCKED" });
    expect((await verify(phone, code)).json()).toMatchObject({ code: "OTP_LOCKED" });
    // A new code (after the countdown) works.
    await age(phone, 61);
    await askCode(phone);
    expect((await verify(phone, lastCode(phone))).statusCode).toBe(200);
  });

  it("counts 20 wrong tries sent at once as 5: four are wrong, the fifth and the rest find it locked", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = lastCode(phone);
    const wrong = wrongCodeFor(code);
    // On PostgreSQL these run on up to ten connections at the same time.
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(phone, wrong)));
    const codes = answers.map((res) => res.json<{ code: string }>().code);
    expect(codes.filter((c) => c === "OTP_INVALID")).toHaveLength(4);
    expect(codes.filter((c) => c === "OTP_LOCKED")).toHaveLength(16);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(row?.attempts).toBe(5);
    expect((await verify(phone, code)).json()).toMatchObject({ code: "OTP_LOCKED" });
  });

  it("refuses a resend before 60 seconds and tells when to retry", async () => {
    const phone = freshPhone();
    expect((await askCode(phone)).statusCode).toBe(200);
    const early = await askCode(phone);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ status: 429, code: "OTP_RESEND_TOO_EARLY" });
    expect(Number(early.headers["retry-after"])).toBeGreaterThan(55);
    await age(phone, 61);
    expect((await askCode(phone)).statusCode).toBe(200);
    expect(sentTo(phone)).toHaveLength(2);
  });

  it("only the newest code counts after a resend", async () => {
    const phone = freshPhone();
    await askCode(phone);
    const first = lastCode(phone);
    await age(phone, 61);
    await askCode(phone);
    const second = lastCode(phone);
    if (first !== second) expect((await verify(phone, first)).statusCode).toBe(400);
    expect((await verify(phone, second)).statusCode).toBe(200);
  });

  it("sends at most five codes per phone per hour", async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i += 1) {
      expect((await askCode(phone)).statusCode).toBe(200);
      await age(phone, 61);
    }
    const sixth = await askCode(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: "OTP_LIMIT_REACHED" });
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(sentTo(phone)).toHaveLength(5);
    // Another brand counts its own codes.
    expect((await askCode(phone, freshIp(), plov)).statusCode).toBe(200);
  });

  it("limits code requests per client address without touching other addresses", async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < OTP_REQUESTS_PER_MINUTE; i += 1)
      answers.push((await askCode(freshPhone(), ip)).statusCode);
    expect(answers.every((s) => s === 200)).toBe(true);
    const limited = await askCode(freshPhone(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect((await askCode(freshPhone(), freshIp())).statusCode).toBe(200);
  });

  it("limits codes per client address per hour at a brand", async () => {
    const ip = freshIp();
    const rows = Array.from({ length: OTP_CODES_PER_IP_PER_HOUR }, (_, i) => ({
      merchantId: lavash,
      phone: `+99899${String(1_000_000 + i).slice(-7)}`,
      codeHash: "x$y",
      ip,
      expiresAt: new Date(Date.now() + 60_000),
    }));
    await t.db.insert(otpCodes).values(rows);
    const res = await askCode(freshPhone(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("sessions", () => {
  it("a token stops working after logout, and logout without one still answers 200", async () => {
    const { token } = await loginWithPhone(t, lavash, freshPhone());
    const out = await t.app.inject({
      method: "POST",
      url: "/api/users/v1/users/logout",
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: "UNAUTHORIZED",
      description: { eng: "Some things are out of date! Please log in again." },
    });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/users/v1/users/logout",
      headers: { merchant: lavash },
    });
    expect(anonymous.statusCode).toBe(200);
  });

  it("logging out at one brand keeps the session at another", async () => {
    const phone = freshPhone();
    const a = await loginWithPhone(t, lavash, phone);
    const b = await loginWithPhone(t, plov, phone);
    expect(a.user.id).not.toBe(b.user.id);
    await t.app.inject({
      method: "POST",
      url: "/api/users/v1/users/logout",
      headers: { merchant: lavash, authorization: `Bearer ${a.token}` },
    });
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(b.token, plov)).statusCode).toBe(200);
    // A token of one brand means nothing at another.
    expect((await me(b.token, lavash)).statusCode).toBe(401);
  });

  it("keeps only the token's hash", async () => {
    const { token, user } = await loginWithPhone(t, lavash, freshPhone());
    const rows = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), eq(sessions.merchantId, lavash)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.channel).toBe("WEB");
    const days = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it("an inactive account cannot log in", async () => {
    const phone = freshPhone();
    const { user } = await loginWithPhone(t, lavash, phone);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await askCode(phone);
    await age(phone, 61);
    await askCode(phone);
    const res = await verify(phone, lastCode(phone));
    expect(res.statusCode).toBe(403);
  });
});
