// A stand-in for Click's pay page (demo mode only; registered by ./index.ts, which production never
// registers). The storefront's pay link (GET /api/payments/v2/checkout/:orderId) for a CLICK order
// points here in demo mode, with Click's own query:
//   GET  /dev/click/pay?service_id=&merchant_id=&amount=&transaction_param=&return_url=
//        the page: brand, order, amount in so'm, "Pay" and "Decline"
//   POST the same address, action=pay: acting as Click, calls OUR SHOP-API Prepare then Complete
//        (form data signed with the brand's secret key), then 303 to return_url; a refusal shows
//        Click's error note instead. action=decline: Prepare, then Complete with error -5017 (Click's
//        "not enough money on the card"), which cancels the transaction; then 303 to return_url.
// The calls go through app.inject: the same HTTP request Click sends through the whole server
// (hooks, rate limit, form parsing), without a socket. The user.profile stand-in of the Click mini
// app is ./fake-click.ts.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { pickText } from "#domain/multilingual.ts";
import {
  CLICK_COMPLETE,
  CLICK_PREPARE,
  clickSign,
  type ClickAnswer,
  type ClickRequest,
} from "../services/payments/click.ts";
import { listClickCredentials, type ClickCredentials } from "../repositories/payments.ts";
import {
  checkOwnReturnUrl,
  payFormSchema,
  payPageHtml,
  sendUnknownLink,
  type ProviderLook,
} from "./fake-pay-page.ts";
import { registerFakeClickPayment } from "./fake-click-merchant.ts";

/** Click's error code for a card without enough money, sent with a declined payment's Complete. */
export const CLICK_DECLINED = -5017;

/** Click's refusal of one of the calls: its code and note. */
class ClickRefusal extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** "45000.00" -> "45 000" (so'm with thin groups; tiyin shown only when there are some). */
function soums(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  return /[1-9]/.test(fraction) ? `${grouped}.${fraction.padEnd(2, "0")}` : grouped;
}

/** Now as Click's sign_time: Tashkent's local time, YYYY-MM-DD HH:mm:ss. */
function signTime(now: Date): string {
  return new Date(now.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

const querySchema = z.object({
  service_id: z.string().regex(/^\d{1,19}$/),
  merchant_id: z.string().regex(/^\d{1,19}$/),
  amount: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/),
  transaction_param: z.string().min(1).max(255),
  return_url: z.url({ protocol: /^https?$/ }).max(2048),
});
type PayLink = z.infer<typeof querySchema>;

const LOOK: ProviderLook = {
  name: "Click",
  logo: "click",
  demoLabel: "Demo pay page",
  page: "#eef3fb",
  ink: "#14213d",
  muted: "#5b6779",
  header: "#0a5bd6",
  headerText: "#fff",
  accent: "#0a5bd6",
  accentHover: "#084bb0",
  link: "#0a5bd6",
  decline: "#e8edf5",
};

function payPage(link: PayLink, brand: string, error?: ClickRefusal): string {
  return payPageHtml(LOOK, {
    amount: soums(link.amount),
    brand,
    orderId: link.transaction_param,
    backUrl: link.return_url,
    ...(error ? { refusal: `${error.message} (${String(error.code)})` } : {}),
  });
}

export async function fakeClickPayRoutes(app: FastifyInstance): Promise<void> {
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
  let seq = 0;
  /** A fresh Click-style id: 16 digits, unique within this process. */
  const nextId = () => {
    seq = (seq + 1) % 1000;
    return String(Date.now() * 1000 + seq);
  };

  /** One SHOP-API call, exactly as Click sends it; answers the JSON or throws Click's refusal. */
  async function callShopApi(
    secretKey: string,
    stage: "prepare" | "complete",
    fields: Omit<ClickRequest, "sign_string">,
  ): Promise<ClickAnswer> {
    // Only the fields given (Prepare has no merchant_prepare_id), as Click posts them.
    const form = new URLSearchParams(Object.entries(fields));
    form.set("sign_string", clickSign(fields, secretKey, stage));
    const res = await app.inject({
      method: "POST",
      url: `${app.prefix}/payments/v1/click/${stage}`, // /api: this scope sits under the API prefix
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form.toString(),
    });
    let answer: Partial<ClickAnswer>;
    try {
      answer = JSON.parse(res.body) as Partial<ClickAnswer>;
    } catch {
      answer = {};
    }
    if (typeof answer.error !== "number") {
      throw new ClickRefusal(-8, `Unexpected answer (HTTP ${String(res.statusCode)})`);
    }
    if (answer.error !== 0) throw new ClickRefusal(answer.error, answer.error_note ?? "");
    return answer as ClickAnswer;
  }

  async function brandOf(link: PayLink): Promise<ClickCredentials | undefined> {
    const brands = await listClickCredentials(db, link.service_id);
    return brands.find((b) => b.clickMerchantId === link.merchant_id);
  }

  const html = (reply: FastifyReply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");

  r.get("/dev/click/pay", { schema: { ...hide } }, async (request, reply) => {
    const link = querySchema.safeParse(request.query);
    const brand = link.success ? await brandOf(link.data) : undefined;
    if (!link.success || !brand) return sendUnknownLink(reply, LOOK);
    checkOwnReturnUrl(request, link.data.return_url);
    return html(reply).send(payPage(link.data, pickText(brand.name, "eng")));
  });

  r.post("/dev/click/pay", { schema: { ...hide, body: payFormSchema } }, async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    const brand = parsed.success ? await brandOf(parsed.data) : undefined;
    if (!parsed.success || !brand) return sendUnknownLink(reply, LOOK);
    const link = parsed.data;
    checkOwnReturnUrl(request, link.return_url);
    const base = {
      click_trans_id: nextId(),
      service_id: link.service_id,
      click_paydoc_id: nextId(),
      merchant_trans_id: link.transaction_param,
      amount: link.amount,
      sign_time: signTime(new Date()),
    };
    const declined = request.body.action === "decline";
    try {
      const prepared = await callShopApi(brand.secretKey, "prepare", {
        ...base,
        action: String(CLICK_PREPARE),
        error: "0",
        error_note: "Success",
      });
      await callShopApi(brand.secretKey, "complete", {
        ...base,
        merchant_prepare_id: String(prepared.merchant_prepare_id),
        action: String(CLICK_COMPLETE),
        error: declined ? String(CLICK_DECLINED) : "0",
        error_note: declined ? "Insufficient funds" : "Success",
      });
      if (!declined) {
        registerFakeClickPayment({
          serviceId: link.service_id,
          paymentId: base.click_trans_id,
          amount: Math.round(Number(link.amount) * 100),
        });
      }
    } catch (error) {
      if (!(error instanceof ClickRefusal)) throw error;
      // A declined payment goes back to the shop whatever our server answered (-9 is expected).
      if (!declined) return html(reply).send(payPage(link, pickText(brand.name, "eng"), error));
    }
    return reply.header("cache-control", "no-store").redirect(link.return_url, 303);
  });
}
