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
import type { UzumAnswer, UzumOperation } from "../services/payments/uzum.ts";
import { listUzumCredentials, type UzumCredentials } from "../repositories/payments.ts";
import {
  checkOwnReturnUrl,
  payFormSchema,
  payPageHtml,
  sendUnknownLink,
  soumsOfTiyin,
  type ProviderLook,
} from "./fake-pay-page.ts";
import { registerFakeUzumPayment } from "./fake-uzum-checkout.ts";

/** Uzum's refusal of one of the calls: its error code. */
class UzumRefusal extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`Uzum error ${code}`);
    this.code = code;
  }
}

const querySchema = z.object({
  serviceId: z.string().regex(/^\d{1,15}$/),
  orderId: z.uuid(),
  amount: z.string().regex(/^[1-9]\d{0,14}$/),
  redirectUrl: z.url({ protocol: /^https?$/ }).max(2048),
});
type PayLink = z.infer<typeof querySchema>;

const LOOK: ProviderLook = {
  name: "Uzum Bank",
  logo: "uzum bank",
  demoLabel: "Demo pay page",
  page: "#eef3fb",
  ink: "#14213d",
  muted: "#5b6779",
  header: "#7000ff",
  headerText: "#fff",
  accent: "#7000ff",
  accentHover: "#5a00cc",
  link: "#7000ff",
  decline: "#e8edf5",
};

function payPage(link: PayLink, brand: string, error?: UzumRefusal): string {
  return payPageHtml(LOOK, {
    amount: soumsOfTiyin(Number(link.amount)),
    brand,
    orderId: link.orderId,
    backUrl: link.redirectUrl,
    ...(error ? { refusal: `Uzum error ${error.code}` } : {}),
  });
}

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
    if (!link.success || !brand) return sendUnknownLink(reply, LOOK);
    checkOwnReturnUrl(request, link.data.redirectUrl);
    return html(reply).send(payPage(link.data, pickText(brand.name, "eng")));
  });

  r.post("/dev/uzum/pay", { schema: { ...hide, body: payFormSchema } }, async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    const brand = parsed.success ? await brandOf(parsed.data) : undefined;
    if (!parsed.success || !brand) return sendUnknownLink(reply, LOOK);
    const link = parsed.data;
    checkOwnReturnUrl(request, link.redirectUrl);
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
        registerFakeUzumPayment({ transId, amount });
      }
    } catch (error) {
      if (!(error instanceof UzumRefusal)) throw error;
      // A declined payment goes back to the shop whatever our server answered.
      if (!declined) return html(reply).send(payPage(link, pickText(brand.name, "eng"), error));
    }
    return reply.header("cache-control", "no-store").redirect(link.redirectUrl, 303);
  });
}
