// A stand-in for Payme's checkout page (demo mode only; registered by ./index.ts, which production
// never registers). The storefront's pay link (GET /api/payments/v2/checkout/:orderId) points here in
// demo mode:
//   GET  /dev/payme/checkout/<base64>  the page: brand, order, amount in so'm, "Pay" and "Decline"
//   POST /dev/payme/checkout/<base64>  action=pay: acting as Payme, calls OUR Merchant API
//                                      (CheckPerformTransaction, CreateTransaction, PerformTransaction)
//                                      with the brand's key, then 303 to the link's return URL; a
//                                      refusal shows Payme's error message instead (a failed
//                                      Perform cancels its transaction first). action=decline:
//                                      303 to the return URL, nothing paid.
// The calls go through app.inject: the same HTTP request Payme sends (method, path, Basic
// `Paycom:<key>`, JSON body) through the whole server (hooks, rate limit, parsing), without a
// socket, so it works whatever address or proxy the server sits behind.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { pickText } from "#domain/multilingual.ts";
import { decodePaymeCheckout, type PaymeCheckoutLink } from "../services/payments/payme-checkout.ts";
import { findMerchantByPaymeId } from "../repositories/payments.ts";
import { registerFakePaidReceipt } from "./fake-payme-subscribe.ts";
import { paymeDetailRefusal } from "./payme-detail-check.ts";
import {
  checkOwnReturnUrl,
  payFormSchema,
  payPageHtml,
  sendUnknownLink,
  soumsOfTiyin,
  type ProviderLook,
} from "./fake-pay-page.ts";

/** Payme's refusal of one of the calls: its code and English message. */
class PaymeRefusal extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

const LOOK: ProviderLook = {
  name: "Payme",
  logo: "pay<b>me</b>",
  demoLabel: "Demo checkout",
  page: "#f2f5f8",
  ink: "#1b2430",
  muted: "#6b7785",
  header: "#fff",
  headerText: "#1b2430",
  headerBorder: "#e3e8ee",
  accent: "#00ccca",
  accentHover: "#00b5b3",
  link: "#0a7d7c",
  decline: "#eef2f6",
};

function checkoutPage(link: PaymeCheckoutLink, brand: string, error?: PaymeRefusal): string {
  return payPageHtml(LOOK, {
    amount: soumsOfTiyin(link.amount),
    brand,
    orderId: link.orderId,
    backUrl: link.returnUrl,
    ...(error ? { refusal: `${error.message} (${String(error.code)})` } : {}),
  });
}

const paramsSchema = z.object({ "*": z.string().max(4096) });

export async function fakePaymeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hide = { hide: true };
  // The page's forms post application/x-www-form-urlencoded (this scope only).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  let rpcSeq = 0;

  /** One Merchant API call, exactly as Payme sends it; answers `result` or throws Payme's error. */
  async function callMerchantApi(key: string, method: string, params: Record<string, unknown>) {
    rpcSeq += 1;
    const res = await app.inject({
      method: "POST",
      url: `${app.prefix}/payments/v1/payme`, // /api: this scope sits under the API prefix
      headers: {
        authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString("base64")}`,
        "content-type": "application/json; charset=UTF-8",
      },
      payload: JSON.stringify({ jsonrpc: "2.0", id: rpcSeq, method, params }),
    });
    let answer: { result?: Record<string, unknown>; error?: { code: number; message: { en: string } } };
    try {
      answer = JSON.parse(res.body) as typeof answer;
    } catch {
      answer = {};
    }
    if (answer.error) throw new PaymeRefusal(answer.error.code, answer.error.message.en);
    if (!answer.result) throw new PaymeRefusal(-32400, `Unexpected answer (HTTP ${String(res.statusCode)})`);
    return answer.result;
  }

  async function linkOf(encoded: string) {
    const link = decodePaymeCheckout(encoded);
    const brand = link && (await findMerchantByPaymeId(db, link.merchantId));
    return link && brand ? { link, brand } : undefined;
  }

  r.get("/dev/payme/checkout/*", { schema: { ...hide, params: paramsSchema } }, async (request, reply) => {
    const found = await linkOf(request.params["*"]);
    if (!found) return sendUnknownLink(reply, LOOK);
    checkOwnReturnUrl(request, found.link.returnUrl);
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(checkoutPage(found.link, pickText(found.brand.name, "eng")));
  });

  r.post(
    "/dev/payme/checkout/*",
    { schema: { ...hide, params: paramsSchema, body: payFormSchema } },
    async (request, reply) => {
      const found = await linkOf(request.params["*"]);
      if (!found) return sendUnknownLink(reply, LOOK);
      const { link, brand } = found;
      checkOwnReturnUrl(request, link.returnUrl);
      if (request.body.action === "pay") {
        const account = { order_id: link.orderId };
        try {
          const check = await callMerchantApi(brand.key, "CheckPerformTransaction", {
            amount: link.amount,
            account,
          });
          // As a fiscalising cashbox: no payment without a receipt that adds up (issue 40).
          const refusal = paymeDetailRefusal(check.detail, link.amount);
          if (refusal) throw new PaymeRefusal(refusal.code, refusal.message);
          // A fresh Payme-style transaction id: 24 hex digits, like Payme's.
          const id = randomBytes(12).toString("hex");
          await callMerchantApi(brand.key, "CreateTransaction", {
            id,
            time: Date.now(),
            amount: link.amount,
            account,
          });
          await callMerchantApi(brand.key, "PerformTransaction", { id }).catch(async (error: unknown) => {
            // As Payme does when it cannot complete a payment: cancel the created transaction
            // (reason 3, an error while performing), so the order may be paid again at once.
            await callMerchantApi(brand.key, "CancelTransaction", { id, reason: 3 }).catch(() => undefined);
            throw error;
          });
          // As Payme does once the tax authority took the receipt: its link, by SetFiscalData (issue 40).
          await callMerchantApi(brand.key, "SetFiscalData", {
            id,
            type: "PERFORM",
            fiscal_data: {
              receipt_id: Date.now() % 1_000_000,
              status_code: 0,
              message: "accepted",
              terminal_id: "EP000000000025",
              fiscal_sign: randomBytes(6).readUIntBE(0, 6).toString().padStart(12, "0").slice(0, 12),
              qr_code_url: `https://ofd.soliq.uz/check?t=EP000000000025&r=${id}&c=${randomBytes(4).toString("hex")}`,
              date: new Date().toISOString().replace(/\D/g, "").slice(0, 14),
            },
          }).catch(() => undefined);
          registerFakePaidReceipt({
            cashbox: link.merchantId,
            id,
            amount: link.amount,
            orderId: link.orderId,
          });
        } catch (error) {
          if (!(error instanceof PaymeRefusal)) throw error;
          return reply
            .type("text/html; charset=utf-8")
            .header("cache-control", "no-store")
            .send(checkoutPage(link, pickText(brand.name, "eng"), error));
        }
      }
      return reply.header("cache-control", "no-store").redirect(link.returnUrl, 303);
    },
  );
}
