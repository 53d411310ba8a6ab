// A stand-in for Uzum Bank's pay page (demo mode only; registered by ./index.ts, which production
// never registers). The storefront's pay link (GET /api/payments/v2/checkout/:orderId) for an UZUM
// order points here in demo mode, with the query we assume Uzum's page takes:
//   GET  /dev/uzum/pay?serviceId=&orderId=&amount=<tiyin>&redirectUrl=
//        the page: brand, order, amount in so'm, "Pay" and "Decline"
//   POST the same address, action=pay: acting as Uzum, calls OUR Merchant API webhooks check ->
//        create -> confirm (JSON, HTTP Basic with the brand's login and password), then 303 to
//        redirectUrl; a refusal shows the error code instead. action=decline: check -> create ->
//        reverse (the payer's card was declined after Uzum opened its transaction), then 303 to
//        redirectUrl; a check that already refuses goes back without creating anything.
// The calls go through app.inject: the same HTTP request Uzum sends through the whole server.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { pickText } from "#domain/multilingual.ts";
import type { UzumAnswer, UzumOperation } from "../../payments/uzum.ts";
import { listUzumCredentials, type UzumCredentials } from "../../repositories/payments.ts";

/** Uzum's refusal of one of the calls: its error code. */
class UzumRefusal extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`Uzum error ${code}`);
    this.code = code;
  }
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** 4500000 tiyin -> "45 000" so'm (tiyin shown only when there are some). */
function soums(tiyin: number): string {
  const grouped = String(Math.floor(tiyin / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  const rest = tiyin % 100;
  return rest ? `${grouped}.${String(rest).padStart(2, "0")}` : grouped;
}

const STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; }
  body { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #eef3fb; color: #14213d; min-height: 100vh; display: flex; flex-direction: column; align-items: center; }
  header { width: 100%; background: #7000ff; color: #fff; padding: 14px 20px; display: flex; align-items: center; gap: 10px; }
  .logo { font-weight: 800; font-size: 22px; letter-spacing: -0.5px; }
  .demo { margin-left: auto; font-size: 12px; border: 1px solid rgba(255,255,255,.6); border-radius: 999px; padding: 2px 10px; }
  main { width: 100%; max-width: 420px; padding: 20px 16px 32px; }
  .card { background: #fff; border-radius: 16px; padding: 20px; box-shadow: 0 2px 10px rgba(20,33,61,.08); }
  .label { font-size: 13px; color: #5b6779; margin: 0; }
  .amount { font-size: 34px; font-weight: 700; margin: 2px 0 16px; letter-spacing: -0.5px; word-break: break-word; }
  .amount small { font-size: 18px; font-weight: 600; color: #5b6779; }
  dl { margin: 0 0 20px; display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; font-size: 14px; }
  dt { color: #5b6779; }
  dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
  form { display: grid; gap: 10px; margin: 0; }
  button { font: inherit; font-weight: 600; min-height: 48px; border-radius: 12px; border: 0; cursor: pointer; }
  .pay { background: #7000ff; color: #fff; }
  .pay:hover { background: #5a00cc; }
  .decline { background: #e8edf5; color: #14213d; }
  button:focus-visible, a:focus-visible { outline: 3px solid #14213d; outline-offset: 2px; }
  .error { border-left: 4px solid #e5484d; background: #fff5f5; border-radius: 10px; padding: 12px 14px; margin: 0 0 16px; }
  .error strong { display: block; }
  a.back { display: block; text-align: center; margin-top: 14px; color: #7000ff; }
  .note { font-size: 12px; color: #5b6779; text-align: center; margin-top: 16px; }
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
<header><span class="logo">uzum bank</span><span class="demo">Demo pay page</span></header>
<main>${body}</main>
</body>
</html>`;
}

const querySchema = z.object({
  serviceId: z.string().regex(/^\d{1,15}$/),
  orderId: z.uuid(),
  amount: z.string().regex(/^[1-9]\d{0,14}$/),
  redirectUrl: z.url({ protocol: /^https?$/ }).max(2048),
});
type PayLink = z.infer<typeof querySchema>;

function payPage(link: PayLink, brand: string, error?: UzumRefusal): string {
  const amount = soums(Number(link.amount));
  const refusal = error
    ? `<p class="error" role="alert"><strong>Payment refused</strong> Uzum error ${escapeHtml(error.code)}</p>`
    : "";
  const actions = error
    ? `<a class="back" href="${escapeHtml(link.redirectUrl)}">Back to the shop</a>`
    : `<form method="post">
  <button class="pay" type="submit" name="action" value="pay">Pay</button>
  <button class="decline" type="submit" name="action" value="decline">Decline</button>
</form>`;
  return page(
    `Uzum Bank: ${amount} so'm`,
    `<section class="card" aria-labelledby="amount-label">
<p class="label" id="amount-label">Amount to pay</p>
<p class="amount">${amount} <small>so'm</small></p>
${refusal}<dl>
  <dt>Merchant</dt><dd>${escapeHtml(brand)}</dd>
  <dt>Order</dt><dd>${escapeHtml(link.orderId)}</dd>
</dl>
${actions}
</section>
<p class="note">A local stand-in for Uzum Bank: no card is charged.</p>`,
  );
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .type("text/html; charset=utf-8")
    .send(
      page(
        "Uzum Bank: unknown link",
        `<section class="card"><p>This payment link is not valid.</p></section>`,
      ),
    );
}

const bodySchema = z.object({ action: z.enum(["pay", "decline"]) });

export async function fakeUzumPayRoutes(app: FastifyInstance): Promise<void> {
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

  /** One webhook call, exactly as Uzum sends it; answers the JSON or throws Uzum's refusal. */
  async function callWebhook(
    brand: UzumCredentials,
    operation: UzumOperation,
    fields: Record<string, unknown>,
  ): Promise<UzumAnswer> {
    const basic = Buffer.from(`${brand.login}:${brand.password}`, "utf8").toString("base64");
    const res = await app.inject({
      method: "POST",
      url: `${app.prefix}/payments/v1/uzum/${operation}`, // /api: this scope sits under the API prefix
      headers: { "content-type": "application/json", authorization: `Basic ${basic}` },
      payload: JSON.stringify({ serviceId: Number(brand.serviceId), timestamp: Date.now(), ...fields }),
    });
    let answer: Partial<UzumAnswer>;
    try {
      answer = JSON.parse(res.body) as Partial<UzumAnswer>;
    } catch {
      answer = {};
    }
    if (answer.status !== "OK") throw new UzumRefusal(answer.errorCode ?? `HTTP ${String(res.statusCode)}`);
    return answer as UzumAnswer;
  }

  async function brandOf(link: PayLink): Promise<UzumCredentials | undefined> {
    const brands = await listUzumCredentials(db);
    return brands.find((b) => b.serviceId === link.serviceId);
  }

  const html = (reply: FastifyReply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");

  r.get("/dev/uzum/pay", { schema: { ...hide } }, async (request, reply) => {
    const link = querySchema.safeParse(request.query);
    const brand = link.success ? await brandOf(link.data) : undefined;
    if (!link.success || !brand) return notFound(reply);
    return html(reply).send(payPage(link.data, pickText(brand.name, "eng")));
  });

  r.post("/dev/uzum/pay", { schema: { ...hide, body: bodySchema } }, async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    const brand = parsed.success ? await brandOf(parsed.data) : undefined;
    if (!parsed.success || !brand) return notFound(reply);
    const link = parsed.data;
    const params = { order_id: link.orderId };
    const amount = Number(link.amount);
    const transId = randomUUID();
    const declined = request.body.action === "decline";
    try {
      await callWebhook(brand, "check", { params, amount });
      await callWebhook(brand, "create", { transId, params, amount });
      if (declined) {
        await callWebhook(brand, "reverse", { transId });
      } else {
        await callWebhook(brand, "confirm", {
          transId,
          paymentSource: "UZCARD",
          phone: "998901234567",
          processingReferenceNumber: transId.slice(0, 12),
        });
      }
    } catch (error) {
      if (!(error instanceof UzumRefusal)) throw error;
      // A declined payment goes back to the shop whatever our server answered.
      if (!declined) return html(reply).send(payPage(link, pickText(brand.name, "eng"), error));
    }
    return reply.header("cache-control", "no-store").redirect(link.redirectUrl, 303);
  });
}
