// The initData and contact checks, cross-checked against @telegram-apps/init-data-node as an
// independent signer and validator.
import { isValid, sign, signData, validate } from "@telegram-apps/init-data-node";
import { describe, expect, it } from "vitest";
import {
  signContact,
  signInitData,
  verifyContact,
  verifyInitData,
} from "../src/integrations/telegram-init-data.ts";

const TOKEN = "7000000001:AAH-test-token-of-lavash-bot-xxxxxxxxxx";
const OTHER_TOKEN = "7000000002:AAH-test-token-of-another-bot-yyyyyyyy";
const now = () => new Date();
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

function libSigned(token: string, authDate: Date, user: Record<string, unknown> = {}): string {
  return sign(
    {
      user: {
        id: 279058397,
        first_name: "Vladislav",
        last_name: "Kibenko",
        username: "vdkfrost",
        language_code: "ru",
        ...user,
      },
      chat_instance: "8428209589180549439",
      chat_type: "sender",
    },
    token,
    authDate,
  );
}

/** The requestContact payload, signed with the library's primitive (not our signer). */
function libSignedContact(token: string, authDate: Date, contact: Record<string, unknown>): string {
  const params = new URLSearchParams({
    contact: JSON.stringify(contact),
    auth_date: String(Math.floor(authDate.getTime() / 1000)),
  });
  const check = [...params.entries()]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join("\n");
  params.set("hash", signData(check, token));
  return params.toString();
}

describe("initData signed by the library", () => {
  it("is valid with the bot's token and yields the user", () => {
    const raw = libSigned(TOKEN, now());
    const result = verifyInitData(raw, TOKEN);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.user).toMatchObject({
      id: 279058397n,
      firstName: "Vladislav",
      lastName: "Kibenko",
      username: "vdkfrost",
      languageCode: "ru",
    });
    expect(result.value.chatType).toBe("sender");
  });

  it("is refused when a field was changed after signing", () => {
    const raw = libSigned(TOKEN, now()).replace("Vladislav", "Mallory");
    expect(verifyInitData(raw, TOKEN)).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
    expect(isValid(raw, TOKEN)).toBe(false);
  });

  it("is refused when auth_date was changed after signing", () => {
    const params = new URLSearchParams(libSigned(TOKEN, hoursAgo(30)));
    params.set("auth_date", String(Math.floor(Date.now() / 1000)));
    expect(verifyInitData(params.toString(), TOKEN)).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("is refused when signed by another bot", () => {
    const raw = libSigned(OTHER_TOKEN, now());
    expect(verifyInitData(raw, TOKEN)).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
    expect(isValid(raw, TOKEN)).toBe(false);
    expect(verifyInitData(raw, OTHER_TOKEN).ok).toBe(true);
  });

  it("expires after 24 hours, like the library's default", () => {
    const fresh = libSigned(TOKEN, hoursAgo(23.9));
    const stale = libSigned(TOKEN, hoursAgo(24.1));
    expect(verifyInitData(fresh, TOKEN).ok).toBe(true);
    expect(() => {
      validate(fresh, TOKEN);
    }).not.toThrow();
    expect(verifyInitData(stale, TOKEN)).toEqual({ ok: false, reason: "EXPIRED" });
    expect(() => {
      validate(stale, TOKEN);
    }).toThrow(/expired/i);
    // maxAgeSeconds 0 skips the age check (logout accepts stale data).
    expect(verifyInitData(stale, TOKEN, { maxAgeSeconds: 0 }).ok).toBe(true);
  });

  it("is refused when auth_date lies in the future", () => {
    const raw = libSigned(TOKEN, new Date(Date.now() + 3600_000));
    expect(verifyInitData(raw, TOKEN)).toEqual({ ok: false, reason: "EXPIRED" });
  });
});

describe("initData signed by us", () => {
  it("passes the library's validation", () => {
    const raw = signInitData(
      { id: 123456789n, firstName: "Aziz", lastName: "Karimov", languageCode: "uz" },
      TOKEN,
    );
    expect(() => {
      validate(raw, TOKEN);
    }).not.toThrow();
    expect(isValid(raw, OTHER_TOKEN)).toBe(false);
  });

  it("keeps 64-bit user ids exact", () => {
    const id = 9007199254740993n; // 2^53 + 1: a JS number would round it
    const raw = signInitData({ id, firstName: "Big" }, TOKEN);
    expect(new URLSearchParams(raw).get("user")).toContain('"id":9007199254740993');
    expect(() => {
      validate(raw, TOKEN);
    }).not.toThrow();
    const result = verifyInitData(raw, TOKEN);
    expect(result.ok && result.value.user.id).toBe(id);
    const max = 9223372036854775807n;
    const maxResult = verifyInitData(signInitData({ id: max, firstName: "Max" }, TOKEN), TOKEN);
    expect(maxResult.ok && maxResult.value.user.id).toBe(max);
  });

  it("refuses data without hash, auth_date or user", () => {
    const raw = signInitData({ id: 1n, firstName: "A" }, TOKEN);
    const params = new URLSearchParams(raw);
    params.delete("hash");
    expect(verifyInitData(params.toString(), TOKEN)).toEqual({ ok: false, reason: "MALFORMED" });
    expect(verifyInitData("query_id=1&hash=abc", TOKEN)).toEqual({ ok: false, reason: "MALFORMED" });
    expect(verifyInitData("", TOKEN)).toEqual({ ok: false, reason: "MALFORMED" });
    const noUser = new URLSearchParams({
      auth_date: String(Math.floor(Date.now() / 1000)),
      chat_type: "sender",
    });
    noUser.set(
      "hash",
      signData(
        [...noUser]
          .map(([k, v]) => `${k}=${v}`)
          .sort()
          .join("\n"),
        TOKEN,
      ),
    );
    expect(verifyInitData(noUser.toString(), TOKEN)).toEqual({ ok: false, reason: "MALFORMED" });
  });
});

describe("shared contact", () => {
  const contact = {
    user_id: 279058397,
    phone_number: "998901234567",
    first_name: "Vladislav",
    last_name: "Kibenko",
  };

  it("signed by the library's primitive is verified", () => {
    const result = verifyContact(libSignedContact(TOKEN, now(), contact), TOKEN);
    expect(result).toEqual({
      ok: true,
      value: {
        authDate: expect.any(Date),
        userId: 279058397n,
        phoneNumber: "998901234567",
        firstName: "Vladislav",
        lastName: "Kibenko",
      },
    });
  });

  it("signed by us matches the library's primitive", () => {
    const authDate = new Date(Math.floor(Date.now() / 1000) * 1000);
    const ours = signContact(
      { userId: 279058397n, phoneNumber: "998901234567", firstName: "Vladislav", lastName: "Kibenko" },
      TOKEN,
      authDate,
    );
    expect(new URLSearchParams(ours).get("hash")).toBe(
      new URLSearchParams(libSignedContact(TOKEN, authDate, contact)).get("hash"),
    );
  });

  it("is refused when forged, changed or signed by another bot", () => {
    const changed = libSignedContact(TOKEN, now(), contact).replace("998901234567", "998909999999");
    expect(verifyContact(changed, TOKEN)).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
    expect(verifyContact(libSignedContact(OTHER_TOKEN, now(), contact), TOKEN)).toEqual({
      ok: false,
      reason: "BAD_SIGNATURE",
    });
    const noPhone = libSignedContact(TOKEN, now(), { user_id: 1, first_name: "A" });
    expect(verifyContact(noPhone, TOKEN)).toEqual({ ok: false, reason: "MALFORMED" });
  });
});
