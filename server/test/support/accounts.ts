// Logging a customer in through the real code flow (console gateway), for any server test:
//   const { token, user } = await loginWithPhone(t, merchantId, "+998901234567");
// The code is read from the console gateway in-process, never from the database (it holds hashes).
import { onConsoleSms } from "../../src/integrations/sms/index.ts";
import type { TestApp } from "./app.ts";

const received: { phone: string; text: string }[] = [];
onConsoleSms((message) => received.push(message));

/** The code of the last SMS the console gateway sent to `phone` (E.164). */
export function lastCode(phone: string): string {
  for (let i = received.length - 1; i >= 0; i -= 1) {
    const message = received[i];
    if (message?.phone === phone) {
      const code = /\b(\d{6})\b/.exec(message.text)?.[1];
      if (code) return code;
    }
  }
  throw new Error(`no code was sent to ${phone}`);
}

export function sentTo(phone: string): { phone: string; text: string }[] {
  return received.filter((m) => m.phone === phone);
}

let ipCounter = 0;
/** A client address of its own, so tests never share the per-address limits. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface LoggedIn {
  token: string;
  user: { id: string; phone: string | null; [field: string]: unknown };
}

export async function loginWithPhone(
  t: TestApp,
  merchantId: string,
  phone: string,
  ip: string = freshIp(),
): Promise<LoggedIn> {
  const asked = await t.app.inject({
    method: "POST",
    url: "/api/users/v1/auth/otp",
    headers: { merchant: merchantId },
    remoteAddress: ip,
    payload: { phone },
  });
  if (asked.statusCode !== 200) throw new Error(`otp ${asked.statusCode}: ${asked.body}`);
  const e164 = asked.json<{ phone: string }>().phone;
  const verified = await t.app.inject({
    method: "POST",
    url: "/api/users/v1/auth/otp/verify",
    headers: { merchant: merchantId },
    remoteAddress: ip,
    payload: { phone, code: lastCode(e164) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify ${verified.statusCode}: ${verified.body}`);
  return verified.json<LoggedIn>();
}

// Each test file has its own database; within one, numbers count up from a random start.
let phoneCounter = Math.floor(Math.random() * 8_000_000);
/** An Uzbek mobile number no other test of the file uses. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `+99890${String(phoneCounter).padStart(7, "0")}`;
}
