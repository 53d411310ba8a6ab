// A stand-in for Payme's Subscribe API (demo and development only; tests point PAYME_API_URL at it):
// JSON-RPC 2.0 as server/src/integrations/payme-subscribe.ts calls it, `X-Auth: <cashbox>:<key>`.
// Payme's test card 8600 0691 9540 6311, expire 03/99, SMS code 666666; any other number that
// passes Luhn is accepted too, except that a card ending 0000 is declined when it pays and one
// ending 1111 is refused by cards.create. The demo's code is always 666666. Kept in memory.
import { randomBytes } from "node:crypto";
import { luhnValid } from "#domain/cards.ts";
import { paymeDetailRefusal } from "./payme-detail-check.ts";

export const FAKE_SUBSCRIBE_CODE = "666666";
/** Milliseconds the fake asks to wait before another code. */
export const FAKE_SUBSCRIBE_WAIT_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface FakeCard {
  cashbox: string;
  number: string;
  expire: string;
  verified: boolean;
}
interface FakeReceipt {
  cashbox: string;
  amount: number;
  orderId: string;
  /** 0 created, 4 paid, 50 cancelled (Payme's receipt states). */
  state: number;
}

const cards = new Map<string, FakeCard>();
const receipts = new Map<string, FakeReceipt>();

/**
 * A receipt paid through Payme's checkout (the fake checkout page calls this after its
 * PerformTransaction): in Payme the Merchant API's transaction id is the receipt's id, so the
 * merchant can cancel (refund) it with receipts.cancel (docs/decisions.md, Refunds, Payme).
 */
export function registerFakePaidReceipt(input: {
  cashbox: string;
  id: string;
  amount: number;
  orderId: string;
}) {
  if (receipts.size >= MAX_ENTRIES) receipts.clear();
  receipts.set(input.id, { cashbox: input.cashbox, amount: input.amount, orderId: input.orderId, state: 4 });
}

export interface RpcReply {
  status: number;
  body: string;
}

type Params = Record<string, unknown>;

class Fault extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

const message = (en: string, ru: string, uz: string) => ({ en, ru, uz });

function masked(number: string): string {
  return `${number.slice(0, 6)}******${number.slice(-4)}`;
}

function cardAnswer(token: string, card: FakeCard) {
  return {
    card: {
      number: masked(card.number),
      expire: `${card.expire.slice(0, 2)}/${card.expire.slice(2)}`,
      token,
      recurrent: true,
      verify: card.verified,
    },
  };
}

function cardOf(params: Params, cashbox: string): [string, FakeCard] {
  const token = params.token;
  const card = typeof token === "string" ? cards.get(token) : undefined;
  if (typeof token !== "string" || !card || card.cashbox !== cashbox) {
    throw new Fault(-31400, "Card not found");
  }
  return [token, card];
}

function receiptOf(params: Params, cashbox: string): [string, FakeReceipt] {
  const id = params.id;
  const receipt = typeof id === "string" ? receipts.get(id) : undefined;
  if (typeof id !== "string" || !receipt || receipt.cashbox !== cashbox) {
    throw new Fault(-31602, "Receipt not found");
  }
  return [id, receipt];
}

function newId(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

function run(method: string, params: Params, cashbox: string): unknown {
  switch (method) {
    case "cards.create": {
      const card = params.card as Params | undefined;
      const number = typeof card?.number === "string" ? card.number.replace(/\s/g, "") : "";
      const expire = typeof card?.expire === "string" ? card.expire : "";
      if (!luhnValid(number) || number.endsWith("1111")) throw new Fault(-31300, "Invalid card number");
      if (!/^(0[1-9]|1[0-2])\d{2}$/.test(expire)) throw new Fault(-31301, "Card expired");
      if (number === "8600069195406311" && expire !== "0399") throw new Fault(-31301, "Card expired");
      if (cards.size >= MAX_ENTRIES) cards.clear();
      const token = newId(24);
      const saved: FakeCard = { cashbox, number, expire, verified: false };
      cards.set(token, saved);
      return cardAnswer(token, saved);
    }
    case "cards.get_verify_code": {
      cardOf(params, cashbox);
      return { sent: true, phone: "99890*****31", wait: FAKE_SUBSCRIBE_WAIT_MS };
    }
    case "cards.verify": {
      const [token, card] = cardOf(params, cashbox);
      if (params.code !== FAKE_SUBSCRIBE_CODE) throw new Fault(-31103, "Invalid code");
      card.verified = true;
      return cardAnswer(token, card);
    }
    case "cards.check": {
      const [token, card] = cardOf(params, cashbox);
      return cardAnswer(token, card);
    }
    case "cards.remove": {
      const [token] = cardOf(params, cashbox);
      cards.delete(token);
      return { success: true };
    }
    case "receipts.create": {
      const amount = params.amount;
      const account = params.account as Params | undefined;
      if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) {
        throw new Fault(-31001, "Wrong amount");
      }
      if (typeof account?.order_id !== "string") throw new Fault(-31050, "Order not specified");
      const refusal = paymeDetailRefusal(params.detail, amount);
      if (refusal) throw new Fault(refusal.code, refusal.message);
      if (receipts.size >= MAX_ENTRIES) receipts.clear();
      const id = newId(12);
      const receipt: FakeReceipt = { cashbox, amount, orderId: account.order_id, state: 0 };
      receipts.set(id, receipt);
      return { receipt: { _id: id, create_time: Date.now(), state: 0, amount, account: [account] } };
    }
    case "receipts.pay": {
      const [id, receipt] = receiptOf(params, cashbox);
      const [, card] = cardOf(params, cashbox);
      if (!card.verified) throw new Fault(-31302, "Card is not verified");
      if (receipt.state === 4) throw new Fault(-31611, "Receipt already paid");
      if (receipt.state !== 0) throw new Fault(-31630, "Receipt cancelled");
      if (card.number.endsWith("0000")) throw new Fault(-31630, "Insufficient funds");
      receipt.state = 4;
      return { receipt: { _id: id, state: 4, amount: receipt.amount, pay_time: Date.now() } };
    }
    case "receipts.cancel": {
      const [id, receipt] = receiptOf(params, cashbox);
      if (receipt.state === 50) throw new Fault(-31603, "Receipt already cancelled");
      receipt.state = 50;
      return { receipt: { _id: id, state: 50, amount: receipt.amount } };
    }
    case "receipts.check": {
      const [, receipt] = receiptOf(params, cashbox);
      return { state: receipt.state };
    }
    default:
      throw new Fault(-32601, "Method not found");
  }
}

function reply(id: unknown, payload: { result: unknown } | { error: { code: number; message: unknown } }) {
  return { status: 200, body: JSON.stringify({ jsonrpc: "2.0", id: id ?? null, ...payload }) };
}

/** Answers one JSON-RPC request the way the fake Subscribe API does. */
export function handleFakeSubscribeRpc(
  headers: Record<string, string | string[] | undefined>,
  bodyText: string,
): RpcReply {
  let request: unknown;
  try {
    request = JSON.parse(bodyText);
  } catch {
    return reply(null, {
      error: { code: -32700, message: message("Parse error", "Ошибка разбора", "Xato") },
    });
  }
  if (typeof request !== "object" || request === null) {
    return reply(null, { error: { code: -32600, message: "Invalid Request" } });
  }
  const { jsonrpc, id, method, params } = request as Params;
  if (jsonrpc !== "2.0" || typeof method !== "string") {
    return reply(id, { error: { code: -32600, message: "Invalid Request" } });
  }
  const auth = headers["x-auth"];
  const xAuth = Array.isArray(auth) ? auth[0] : auth;
  const cashbox = /^([^:\s]{1,128}):(\S{1,256})$/.exec(xAuth ?? "")?.[1];
  if (!cashbox) return reply(id, { error: { code: -32504, message: "Insufficient privileges" } });
  try {
    const result = run(
      method,
      typeof params === "object" && params !== null ? (params as Params) : {},
      cashbox,
    );
    return reply(id, { result });
  } catch (error) {
    if (error instanceof Fault) {
      return reply(id, {
        error: { code: error.code, message: message(error.message, error.message, error.message) },
      });
    }
    throw error;
  }
}
