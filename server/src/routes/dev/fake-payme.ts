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
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { pickText } from "#domain/multilingual.ts";
import { decodePaymeCheckout, type PaymeCheckoutLink } from "../../payments/payme-checkout.ts";
import { findMerchantByPaymeId } from "../../repositories/payments.ts";

/** Payme's refusal of one of the calls: its code and English message. */
class PaymeRefusal extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** 4500000 tiyin -> "45 000" (so'm, thin groups as Payme shows them). */
function soums(tiyin: number): string {
  const whole = Math.floor(tiyin / 100);
  const rest = tiyin % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  return rest === 0 ? grouped : `${grouped}.${String(rest).padStart(2, "0")}`;
}

const STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; }
  body { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f2f5f8; color: #1b2430; min-height: 100vh; display: flex; flex-direction: column; align-items: center; }
  header { width: 100%; background: #fff; border-bottom: 1px solid #e3e8ee; padding: 14px 20px; display: flex; align-items: center; gap: 10px; }
  .logo { font-weight: 800; font-size: 22px; letter-spacing: -0.5px; color: #1b2430; }
  .logo b { color: #00ccca; }
  .demo { margin-left: auto; font-size: 12px; color: #6b7785; border: 1px solid #d6dde5; border-radius: 999px; padding: 2px 10px; }
  main { width: 100%; max-width: 420px; padding: 20px 16px 32px; }
  .card { background: #fff; border-radius: 16px; padding: 20px; box-shadow: 0 2px 10px rgba(27,36,48,.06); }
  .label { font-size: 13px; color: #6b7785; margin: 0; }
  .amount { font-size: 34px; font-weight: 700; margin: 2px 0 16px; letter-spacing: -0.5px; word-break: break-word; }
  .amount small { font-size: 18px; font-weight: 600; color: #6b7785; }
  dl { margin: 0 0 20px; display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; font-size: 14px; }
  dt { color: #6b7785; }
  dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
  form { display: grid; gap: 10px; margin: 0; }
  button { font: inherit; font-weight: 600; min-height: 48px; border-radius: 12px; border: 0; cursor: pointer; }
  .pay { background: #00ccca; color: #fff; }
  .pay:hover { background: #00b5b3; }
  .decline { background: #eef2f6; color: #1b2430; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1b2430; outline-offset: 2px; }
  .error { border-left: 4px solid #e5484d; background: #fff5f5; border-radius: 10px; padding: 12px 14px; margin: 0 0 16px; }
  .error strong { display: block; }
  a.back { display: block; text-align: center; margin-top: 14px; color: #0a7d7c; }
  .note { font-size: 12px; color: #6b7785; text-align: center; margin-top: 16px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><span class="logo">pay<b>me</b></span><span class="demo">Demo checkout</span></header>
<main>${body}</main>
</body>
</html>`;
}

function checkoutPage(link: PaymeCheckoutLink, brand: string, error?: PaymeRefusal): string {
  const refusal = error
    ? `<p class="error" role="alert"><strong>Payment refused</strong> ${escapeHtml(error.message)} (${String(error.code)})</p>`
    : "";
  const actions = error
    ? `<a class="back" href="${escapeHtml(link.returnUrl)}">Back to the shop</a>`
    : `<form method="post">
  <button class="pay" type="submit" name="action" value="pay">Pay</button>
  <button class="decline" type="submit" name="action" value="decline">Decline</button>
</form>`;
  return page(
    `Payme: ${soums(link.amount)} so'm`,
    `<section class="card" aria-labelledby="amount-label">
<p class="label" id="amount-label">Amount to pay</p>
<p class="amount">${soums(link.amount)} <small>so'm</small></p>
${refusal}<dl>
  <dt>Merchant</dt><dd>${escapeHtml(brand)}</dd>
  <dt>Order</dt><dd>${escapeHtml(link.orderId)}</dd>
</dl>
${actions}
</section>
<p class="note">A local stand-in for Payme: no card is charged.</p>`,
  );
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .type("text/html; charset=utf-8")
    .send(
      page("Payme: unknown link", `<section class="card"><p>This payment link is not valid.</p></section>`),
    );
}

const paramsSchema = z.object({ "*": z.string().max(4096) });
const bodySchema = z.object({ action: z.enum(["pay", "decline"]) });

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
    if (!found) return notFound(reply);
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(checkoutPage(found.link, pickText(found.brand.name, "eng")));
  });

  r.post(
    "/dev/payme/checkout/*",
    { schema: { ...hide, params: paramsSchema, body: bodySchema } },
    async (request, reply) => {
      const found = await linkOf(request.params["*"]);
      if (!found) return notFound(reply);
      const { link, brand } = found;
      if (request.body.action === "pay") {
        const account = { order_id: link.orderId };
        try {
          await callMerchantApi(brand.key, "CheckPerformTransaction", { amount: link.amount, account });
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
