// A stand-in for Click's Merchant API (demo and development only; tests serve it behind a local HTTP
// server set as CLICK_MERCHANT_API_URL): the JSON calls server/src/integrations/click-merchant.ts
// makes, each checked against the `Auth: <merchant_user_id>:<sha1(timestamp + secret)>:<timestamp>`
// header, answering `error_code` and `error_note`. Kept in memory.
//   card_token/request   any Luhn-valid number; one ending 1111 is refused; the code is 666666
//   card_token/verify    666666 confirms the token, anything else is -5103 (wrong code)
//   card_token/payment   a confirmed token pays (payment_status 2); a card ending 0000 is -5017
//   DELETE card_token/{service_id}/{token}
//   DELETE payment/reversal/{service_id}/{payment_id}  a payment of this service, once
//   POST payment/ofd_data/submit_items  the fiscal receipt of a payment of this service, once: every
//        item with a 17-digit SPIC (MXIK), a package code, whole tiyin, a TIN or PINFL, and the
//        items' Price adding up to what was received and to the payment (issue 40)
//   GET  payment/ofd_data/{service_id}/{payment_id}  the receipt's qrCodeURL once submitted
// Payments made through Click's pay page (the fake SHOP-API page) are registered by that page, so
// they can be reversed like card-token ones.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { luhnValid } from "#domain/cards.ts";

export const FAKE_CLICK_CARD_CODE = "666666";
/** Click's "not enough money" (as its SHOP-API sends it). */
const DECLINED = -5017;
const MAX_ENTRIES = 20_000;

interface FakeToken {
  serviceId: string;
  number: string;
  verified: boolean;
}
interface FakePayment {
  serviceId: string;
  amount: number;
  reversed: boolean;
}

interface FakeOfdReceipt {
  url: string;
  submissions: number;
}

const tokens = new Map<string, FakeToken>();
const ofdReceipts = new Map<string, FakeOfdReceipt>();
const payments = new Map<string, FakePayment>();
let paymentSeq = 3_000_000_000;

/** A payment Click took through its pay page (SHOP-API): `paymentId` is its click_trans_id. */
export function registerFakeClickPayment(input: { serviceId: string; paymentId: string; amount: number }) {
  if (payments.size >= MAX_ENTRIES) payments.clear();
  payments.set(input.paymentId, { serviceId: input.serviceId, amount: input.amount, reversed: false });
}

export interface FakeClickRequest {
  method: string;
  /** The path below the API base, e.g. "card_token/request". */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeReply {
  status: number;
  body: string;
}

/** A body field as text: a string or a number as sent, anything else empty. */
function field(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

const reply = (status: number, data: Record<string, unknown>): FakeReply => ({
  status,
  body: JSON.stringify(data),
});
const refuse = (code: number, note: string) => reply(200, { error_code: code, error_note: note });

function authorised(header: string | undefined, secretOf: (merchantUserId: string) => string | undefined) {
  const [user = "", digest = "", timestamp = ""] = (header ?? "").split(":");
  const secret = secretOf(user);
  if (!secret || !/^\d{1,12}$/.test(timestamp)) return false;
  const expected = createHash("sha1").update(`${timestamp}${secret}`).digest();
  const given = Buffer.from(digest, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Answers one call. `secretOf` names the secret key of a merchant user id (the brands' Click
 * credentials), or undefined for an unknown one.
 */
export function handleFakeClickMerchant(
  request: FakeClickRequest,
  secretOf: (merchantUserId: string) => string | undefined,
): FakeReply {
  const auth = request.headers.auth;
  if (!authorised(Array.isArray(auth) ? auth[0] : auth, secretOf)) {
    return reply(401, { error_code: -16, error_note: "Authorization failed" });
  }
  let body: Record<string, unknown> = {};
  if (request.method === "POST") {
    try {
      const parsed: unknown = JSON.parse(request.body);
      if (typeof parsed !== "object" || parsed === null) throw new Error("not an object");
      body = parsed as Record<string, unknown>;
    } catch {
      return reply(400, { error_code: -8, error_note: "Bad request" });
    }
  }
  const parts = request.path.replace(/^\/+/, "").split("/").map(decodeURIComponent);
  const serviceId = field(body.service_id);
  const key = `${request.method} ${parts.slice(0, 2).join("/")}`;
  switch (key) {
    case "POST card_token/request": {
      const number = field(body.card_number).replace(/\s/g, "");
      if (!luhnValid(number) || number.endsWith("1111")) return refuse(-5001, "Card not found");
      if (!/^(0[1-9]|1[0-2])\d{2}$/.test(field(body.expire_date))) return refuse(-5002, "Card expired");
      if (tokens.size >= MAX_ENTRIES) tokens.clear();
      const token = randomBytes(16).toString("hex").toUpperCase();
      tokens.set(token, { serviceId, number, verified: false });
      return reply(200, {
        error_code: 0,
        error_note: "Success",
        card_token: token,
        phone_number: "99890***31",
        temporary: Number(body.temporary ?? 0),
      });
    }
    case "POST card_token/verify": {
      const card = tokens.get(field(body.card_token));
      if (!card || card.serviceId !== serviceId) return refuse(-5004, "Card token not found");
      if (field(body.sms_code) !== FAKE_CLICK_CARD_CODE) return refuse(-5103, "Wrong SMS code");
      card.verified = true;
      return reply(200, {
        error_code: 0,
        error_note: "Success",
        card_number: `${card.number.slice(0, 6)}******${card.number.slice(-4)}`,
      });
    }
    case "POST card_token/payment": {
      const card = tokens.get(field(body.card_token));
      if (!card || card.serviceId !== serviceId) return refuse(-5004, "Card token not found");
      if (!card.verified) return refuse(-5005, "Card token not verified");
      const amount = Number(body.amount);
      if (!Number.isFinite(amount) || amount <= 0) return refuse(-2, "Incorrect amount");
      if (card.number.endsWith("0000")) return refuse(DECLINED, "Insufficient funds");
      paymentSeq += 1;
      const paymentId = String(paymentSeq);
      payments.set(paymentId, { serviceId, amount: Math.round(amount * 100), reversed: false });
      return reply(200, { error_code: 0, error_note: "Success", payment_id: paymentId, payment_status: 2 });
    }
    case "POST payment/ofd_data": {
      if (parts[2] !== "submit_items") break;
      const paymentId = field(body.payment_id);
      const payment = payments.get(paymentId);
      if (!payment || payment.serviceId !== serviceId) return refuse(-5014, "Payment not found");
      const problem = ofdProblem(body, payment.amount);
      if (problem) return refuse(-5031, problem);
      const receipt = ofdReceipts.get(paymentId);
      if (receipt) {
        receipt.submissions += 1;
        return refuse(-5032, "Fiscal data already submitted");
      }
      ofdReceipts.set(paymentId, {
        url: `https://ofd.soliq.uz/epi?t=EP000000000001&r=${paymentId}&c=${randomBytes(6).toString("hex")}`,
        submissions: 1,
      });
      return reply(200, { error_code: 0, error_note: "Success" });
    }
    default:
      break;
  }
  if (request.method === "GET" && parts[0] === "payment" && parts[1] === "ofd_data" && parts.length === 4) {
    const payment = payments.get(parts[3] ?? "");
    if (!payment || payment.serviceId !== parts[2]) return refuse(-5014, "Payment not found");
    const receipt = ofdReceipts.get(parts[3] ?? "");
    return reply(200, { paymentId: Number(parts[3]), qrCodeURL: receipt?.url ?? null });
  }
  if (request.method === "DELETE" && parts[0] === "card_token" && parts.length === 3) {
    const card = tokens.get(parts[2] ?? "");
    if (!card || card.serviceId !== parts[1]) return refuse(-5004, "Card token not found");
    tokens.delete(parts[2] ?? "");
    return reply(200, { error_code: 0, error_note: "Success" });
  }
  if (
    request.method === "DELETE" &&
    parts[0] === "payment" &&
    parts[1] === "reversal" &&
    parts.length === 4
  ) {
    const payment = payments.get(parts[3] ?? "");
    if (!payment || payment.serviceId !== parts[2]) return refuse(-5014, "Payment not found");
    if (payment.reversed) return refuse(-5015, "Payment already reversed");
    payment.reversed = true;
    return reply(200, { error_code: 0, error_note: "Success", payment_id: parts[3] });
  }
  return reply(404, { error_code: -3, error_note: "Method not found" });
}

/** Why Click would refuse these fiscal items for a payment of `amount` tiyin, or null. */
function ofdProblem(body: Record<string, unknown>, amount: number): string | null {
  const items = body.items;
  if (!Array.isArray(items) || items.length === 0) return "No items";
  const whole = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
  let sum = 0;
  for (const raw of items as unknown[]) {
    const i = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    if (typeof i.Name !== "string" || i.Name === "") return "Item without a name";
    if (typeof i.SPIC !== "string" || !/^\d{17}$/.test(i.SPIC)) return "Invalid SPIC";
    if (typeof i.PackageCode !== "string" || !/^\d+$/.test(i.PackageCode)) return "Invalid PackageCode";
    if (!whole(i.Price) || !whole(i.Amount) || i.Amount === 0 || !whole(i.VAT) || !whole(i.VATPercent))
      return "Invalid Price, Amount or VAT";
    const c = (i.CommissionInfo ?? {}) as Record<string, unknown>;
    if (!/^\d{9}$/.test(field(c.TIN)) && !/^\d{14}$/.test(field(c.PINFL))) return "Invalid CommissionInfo";
    sum += i.Price;
  }
  const received = [body.received_card, body.received_cash, body.received_ecash].map(Number);
  if (received.some((r) => !Number.isSafeInteger(r) || r < 0)) return "Invalid received sums";
  const paid = received.reduce((s, r) => s + r, 0);
  if (sum !== paid || paid !== amount) return "Items do not add up to the payment";
  return null;
}

/** How many times the fiscal receipt of a payment was submitted, and its link (for tests). */
export function fakeClickOfdReceipt(paymentId: string): FakeOfdReceipt | undefined {
  return ofdReceipts.get(paymentId);
}

/** Whether the fake holds a reversed payment (for tests). */
export function fakeClickPaymentReversed(paymentId: string): boolean {
  return payments.get(paymentId)?.reversed === true;
}
