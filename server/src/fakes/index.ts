// The testers' harness (demo and development only; the wiring, server/src/dev-wiring.ts, hands this
// plugin to the app only then, so in production neither the pages nor the signing endpoint exist):
//   GET  /dev/harness               the page: pick brand, Telegram user, language, theme, platform,
//                                   phone verification, then open the storefront in a mocked host
//   GET  /dev/telegram              a Telegram-like frame around the storefront (Telegram Web's
//                                   postMessage protocol), with back button, main button, haptics,
//                                   contact popup and closing confirmation
//   POST /dev/telegram/launch       signs initData (and the contact to share) with the brand's bot token,
//                                   and remembers the launch in a cookie of this browser
//   GET  /dev/telegram/open?link=   what Telegram does with a t.me/<bot>[/<app>]?startapp= link: opens
//                                   the mocked Telegram again for the remembered customer, with the
//                                   link's startapp as start_param
//   POST /dev/click/launch          opens a session at the built-in fake Click
//   GET  /dev/click/open            sets Click's cookies on the brand's origin and opens the storefront
//   POST /dev/click/rpc             the fake Click JSON-RPC endpoint (user.profile)
//   GET|POST /dev/payme/checkout/*  the fake Payme checkout (demo mode only, ./fake-payme.ts)
//   GET|POST /dev/click/pay         the fake Click pay page (demo mode only, ./fake-click-pay.ts)
//   GET|POST /dev/uzum/pay          the fake Uzum Bank pay page (demo mode only, ./fake-uzum-pay.ts)
//   POST /dev/payme/api             the fake Payme Subscribe API (saved cards, ./fake-payme-subscribe.ts)
//   POST /dev/telegram-bot/bot<token>/sendMessage   the fake Bot API (./fake-telegram-bot.ts)
//   GET  /dev/telegram-bot/messages[?chatId=]       the bot messages it took, oldest first
//   POST /dev/telegram-bot/updates                  a harness customer writes to the brand's bot
//   GET  /dev/telegram/chat#brand=&id=&name=&lang=&phone=   the mocked Telegram's chat with the bot
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { pickText } from "#domain/multilingual.ts";
import { signContact, signInitData } from "../integrations/telegram-init-data.ts";
import { AppError } from "../lib/errors.ts";
import { findMerchantBySub, listLiveMerchants, type MerchantRow } from "../repositories/merchants.ts";
import {
  attachVerifiedPhone,
  clearPhone,
  contentLanguageOf,
  findOrCreateHarnessUser,
  findUserByClickUserId,
  findUserByPhone,
  normalisePhone,
  harnessTelegramIds,
} from "../repositories/users.ts";
import { botTokenFor } from "../services/accounts/telegram.ts";
import { fakeClickTokenFor, handleFakeClickRpc, openFakeClickSession } from "./fake-click.ts";
import { fakeClickPayRoutes } from "./fake-click-pay.ts";
import { fakeIiko } from "./fake-iiko.ts";
import { fakeYandexDelivery } from "./fake-yandex-delivery.ts";
import { wireDemoKitchen } from "./iiko-demo.ts";
import { fakePaymeRoutes } from "./fake-payme.ts";
import { fakeUzumPayRoutes } from "./fake-uzum-pay.ts";
import { fakeBotApi, handleFakeBotApi, type FakeBotTransport } from "./fake-telegram-bot.ts";
import { handleFakeSubscribeRpc } from "./fake-payme-subscribe.ts";
import { harnessHtml, telegramChatHtml, telegramHostHtml } from "./pages.ts";
import { TELEGRAM_THEMES } from "./telegram-themes.ts";

const HARNESS_SOURCES = path.join(import.meta.dirname, "../../../src/harness");
const SCRIPTS = {
  "harness.js": "harness.ts",
  "telegram-host.js": "telegram-host.ts",
  "telegram-chat.js": "telegram-chat.ts",
} as const;
const TELEGRAM_PLATFORMS = [
  "ios",
  "android",
  "android_x",
  "tdesktop",
  "macos",
  "weba",
  "webk",
  "unigram",
] as const;
/** Bot API 8.0: safe areas and everything else the storefront uses. */
const TELEGRAM_VERSION = "8.0";

/** Browser scripts of the harness are TypeScript in src/harness, type-stripped once per process. */
const compiled = new Map<string, string>();
async function harnessScript(file: keyof typeof SCRIPTS): Promise<string> {
  const hit = compiled.get(file);
  if (hit !== undefined) return hit;
  const source = await fs.promises.readFile(path.join(HARNESS_SOURCES, SCRIPTS[file]), "utf8");
  // TypeScript is a development dependency; the harness only exists in demo and development.
  const ts = (await import("typescript")).default;
  const output = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: false },
    fileName: SCRIPTS[file],
  }).outputText;
  compiled.set(file, output);
  return output;
}

async function brandOrThrow(app: FastifyInstance, sub: string): Promise<MerchantRow> {
  const merchant = await findMerchantBySub(app.database.db, sub);
  if (!merchant) throw new AppError("NOT_FOUND");
  return merchant;
}

/**
 * Where the storefront of `sub` opens, seen from this request: <sub>.localhost on localhost (the
 * brand by subdomain), the same host with ?vendor= elsewhere (development and demo hosts).
 */
function brandOrigin(request: FastifyRequest, sub: string): { origin: string; appPath: string } {
  const hostname = request.hostname.toLowerCase();
  const port = request.port ? `:${request.port}` : "";
  if (hostname === "localhost" || hostname.endsWith(".localhost")) {
    return { origin: `${request.protocol}://${sub}.localhost${port}`, appPath: "/" };
  }
  return { origin: `${request.protocol}://${request.host}`, appPath: `/?vendor=${encodeURIComponent(sub)}` };
}

const telegramLaunchSchema = z.object({
  sub: z.string().min(1).max(63),
  user: z.object({
    id: z.string().regex(/^[1-9]\d{0,18}$/, { error: "a positive whole number (up to 64 bits)" }),
    firstName: z.string().min(1).max(64),
    lastName: z.string().max(64).optional(),
    username: z.string().max(32).optional(),
    languageCode: z.string().max(16).optional(),
    isPremium: z.boolean().optional(),
  }),
  theme: z.enum(["light", "dark"]).default("light"),
  platform: z.enum(TELEGRAM_PLATFORMS).default("ios"),
  phoneVerification: z.enum(["required", "verified"]).default("required"),
  /** The phone the mocked Telegram shares (and that a "verified" account has). */
  phone: z.string().max(20).optional(),
  /** signed: real initData; short: 10 characters or fewer; none: no tgWebAppData at all. */
  initData: z.enum(["signed", "short", "none"]).default("signed"),
  /** Seconds since auth_date: over 86400 gives expired initData. */
  ageSeconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 86400)
    .default(0),
  startParam: z.string().max(64).optional(),
});

type TelegramLaunchInput = z.infer<typeof telegramLaunchSchema>;

/** The cookie of the mocked Telegram: whom it last opened in this browser (brand, user, look). */
const HARNESS_TELEGRAM_COOKIE = "savat-harness-telegram";
const rememberedLaunchSchema = telegramLaunchSchema.pick({
  sub: true,
  user: true,
  theme: true,
  platform: true,
});
type RememberedLaunch = z.infer<typeof rememberedLaunchSchema>;

function rememberedLaunchOf(cookieHeader: string | undefined): RememberedLaunch | null {
  const raw = new RegExp(`(?:^|;\\s*)${HARNESS_TELEGRAM_COOKIE}=([\\w-]+)`).exec(cookieHeader ?? "")?.[1];
  if (!raw) return null;
  try {
    const parsed = rememberedLaunchSchema.safeParse(
      JSON.parse(Buffer.from(raw, "base64url").toString("utf8")),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const clickLaunchSchema = z.object({
  sub: z.string().min(1).max(63),
  profile: z.object({
    userId: z.string().regex(/^\d{1,15}$/),
    phone: z.string().max(20),
    firstName: z.string().min(1).max(64),
    lastName: z.string().max(64).default(""),
  }),
  variant: z.enum(["click", "generic"]).default("click"),
  theme: z.enum(["light", "dark"]).default("light"),
  language: z.enum(["uz", "ru", "en"]).default("uz"),
  /** How the web view passes the session: ?web_session= or only the click-web-session cookie. */
  via: z.enum(["query", "cookie"]).default("query"),
});

function defaultPhone(telegramId: string): string {
  return `+99890${telegramId.slice(-7).padStart(7, "0")}`;
}

/**
 * The harness's own phone range, +998 97 00x xx xx: accounts with these phones are test identities
 * by definition, so the harness may join them (a tester shows how sharing a web account's phone in
 * Telegram makes the two one customer).
 */
export const HARNESS_TEST_PHONE = /^\+9989700\d{5}$/;

/**
 * The harness makes test identities only: a phone another customer of the brand already has is
 * refused unless it is in the harness's range, or whoever knows a customer's number could sign in
 * as them through the harness (the signed contact and the fake Click profile are trusted like the
 * real ones).
 */
async function assertPhoneFree(
  app: FastifyInstance,
  merchantId: string,
  phone: string | undefined,
  isSameIdentity: (owner: { telegramId: bigint | null; clickUserId: string | null }) => boolean,
): Promise<void> {
  if (!phone || HARNESS_TEST_PHONE.test(phone)) return;
  const owner = await findUserByPhone(app.database.db, { merchantId, phone });
  if (owner && !isSameIdentity(owner)) throw new AppError("HARNESS_PHONE_TAKEN");
}

const hide = { hide: true };

/** The fake Bot API's way to a webhook: the address's path on this app (it serves every brand's). */
export function fakeBotTransport(app: FastifyInstance): FakeBotTransport {
  return async (uri, init) => {
    const url = new URL(uri);
    const res = await app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: init.headers,
      payload: init.body,
    });
    return { status: res.statusCode };
  };
}

export async function devRoutes(app: FastifyInstance): Promise<void> {
  // The pay links of demo mode open them (PAYME_CHECKOUT_URL, CLICK_CHECKOUT_URL); development
  // without demo pays nothing.
  if (app.config.demo) {
    await app.register(fakePaymeRoutes);
    await app.register(fakeClickPayRoutes);
    await app.register(fakeUzumPayRoutes);
  }
  // The fake iiko calls our webhook as iiko would, through the app itself (its webHooksUri's path).
  fakeIiko.transport = async (uri, init) => {
    const url = new URL(uri, "http://localhost");
    const res = await app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: init.headers,
      payload: init.body,
    });
    return { status: res.statusCode };
  };
  // The fake Bot API calls a bot's webhook as Telegram would, through the app itself.
  fakeBotApi.transport = fakeBotTransport(app);
  // The fake Yandex Delivery calls a claim's callback_url as Yandex would, through the app itself.
  fakeYandexDelivery.transport = async (url) => {
    const res = await app.inject({ method: "POST", url, payload: {} });
    return { status: res.statusCode };
  };
  // The demo's performers drive themselves (tests and journeys drive them, or set their own pace).
  fakeYandexDelivery.stepMs = app.config.demoYandexStepMs;
  // The demo's kitchen: a brand wired to the fake iiko, which cooks what it takes (not under tests,
  // which drive iiko's statuses themselves, as they do the order simulator).
  if (app.config.demoKitchen) {
    fakeIiko.cookStepMs = app.config.demoKitchenStepMs;
    app.addHook("onReady", async () => {
      try {
        await wireDemoKitchen(app, app.config.demoKitchenBrand);
      } catch (error) {
        app.log.warn({ err: error }, "demo kitchen (fake iiko) not wired");
      }
    });
  }
  harnessPageRoutes(app);
  telegramLaunchRoutes(app);
  clickLaunchRoutes(app);
  fakeApiRoutes(app);
}

/** The harness page, the mocked Telegram's page, their scripts and the brands to pick. */
function harnessPageRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get("/dev/harness", { schema: hide }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(harnessHtml()),
  );
  r.get("/dev/telegram", { schema: hide }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(telegramHostHtml()),
  );
  r.get("/dev/telegram/chat", { schema: hide }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(telegramChatHtml()),
  );
  r.get(
    "/dev/harness/:script",
    {
      schema: {
        ...hide,
        params: z.object({ script: z.enum(["harness.js", "telegram-host.js", "telegram-chat.js"]) }),
      },
    },
    async (request, reply) =>
      reply
        .type("text/javascript; charset=utf-8")
        .header("cache-control", "no-store")
        .send(await harnessScript(request.params.script)),
  );

  r.get("/dev/harness-brands", { schema: hide }, async () => {
    const rows = await listLiveMerchants(db);
    return rows
      .map((m) => ({
        sub: m.sub,
        name: pickText(m.name, "eng") || m.sub,
        isActive: m.isActive,
        telegram: botTokenFor(m, app.config) !== undefined,
      }))
      .sort((a, b) => a.sub.localeCompare(b.sub));
  });
}

/**
 * Signs the launch of the mocked Telegram. `keepPhone` (a relaunch by a t.me link) leaves the
 * account's phone as it is instead of putting it in the state the launch asks for.
 */
async function launchTelegram(
  app: FastifyInstance,
  request: FastifyRequest,
  input: TelegramLaunchInput,
  keepPhone = false,
) {
  const db = app.database.db;
  const merchant = await brandOrThrow(app, input.sub);
  const botToken = botTokenFor(merchant, app.config);
  if (!botToken) throw new AppError("TELEGRAM_LOGIN_UNAVAILABLE");
  const telegramId = BigInt(input.user.id);
  const phone = normalisePhone(input.phone ?? defaultPhone(input.user.id)) ?? defaultPhone(input.user.id);
  await assertPhoneFree(app, merchant.id, phone, (owner) => owner.telegramId === telegramId);

  // The harness signs in only as accounts it made itself (marked), never as a customer's.
  const user = await findOrCreateHarnessUser(db, {
    merchantId: merchant.id,
    identity: { telegramId },
    firstName: input.user.firstName,
    lastName: input.user.lastName,
    language: contentLanguageOf(input.user.languageCode),
  });
  if (!user) throw new AppError("HARNESS_ACCOUNT_FOREIGN");
  // Put the account in the state the tester asked for: with or without a verified phone.
  if (keepPhone) {
    // A return by a t.me link: the customer's account stays as it is.
  } else if (input.phoneVerification === "verified") {
    if (!user.phone) await attachVerifiedPhone(db, { merchantId: merchant.id, userId: user.id, phone });
  } else if (user.phone) {
    await clearPhone(db, { merchantId: merchant.id, userId: user.id });
  }

  const authDate = new Date(Date.now() - input.ageSeconds * 1000);
  const signedUser = {
    id: telegramId,
    firstName: input.user.firstName,
    lastName: input.user.lastName,
    username: input.user.username,
    languageCode: input.user.languageCode,
    isPremium: input.user.isPremium,
  };
  const initData = signInitData(signedUser, botToken, {
    authDate,
    ...(input.startParam ? { startParam: input.startParam } : {}),
  });
  const contact = signContact(
    {
      userId: telegramId,
      phoneNumber: phone.slice(1),
      firstName: input.user.firstName,
      lastName: input.user.lastName,
    },
    botToken,
  );
  const launch = new URLSearchParams();
  if (input.initData === "signed") launch.set("tgWebAppData", initData);
  if (input.initData === "short") launch.set("tgWebAppData", "user=1");
  launch.set("tgWebAppVersion", TELEGRAM_VERSION);
  launch.set("tgWebAppPlatform", input.platform);
  launch.set("tgWebAppThemeParams", JSON.stringify(TELEGRAM_THEMES[input.theme]));
  if (input.startParam) launch.set("tgWebAppStartParam", input.startParam);

  const { origin, appPath } = brandOrigin(request, merchant.sub);
  const hostParams = new URLSearchParams({
    app: `${appPath}#${launch.toString()}`,
    contact,
    title: pickText(merchant.name, contentLanguageOf(input.user.languageCode) ?? "ru") || merchant.sub,
    theme: input.theme,
    platform: input.platform,
  });
  return {
    merchantId: merchant.id,
    initData,
    contact,
    launchParams: launch.toString(),
    appUrl: `${origin}${appPath}#${launch.toString()}`,
    hostUrl: `${origin}/api/dev/telegram#${hostParams.toString()}`,
  };
}

/** The mocked Telegram: its launch, and a t.me link opened again for the customer it last opened. */
function telegramLaunchRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/dev/telegram/launch",
    { schema: { ...hide, body: telegramLaunchSchema } },
    async (request, reply) => {
      const launch = await launchTelegram(app, request, request.body);
      // The mocked Telegram remembers who it is, so a t.me link opened later in this browser (the
      // return page of a payment) opens the mini app again as the same customer.
      const remembered: RememberedLaunch = {
        sub: request.body.sub,
        user: request.body.user,
        theme: request.body.theme,
        platform: request.body.platform,
      };
      reply.header(
        "set-cookie",
        `${HARNESS_TELEGRAM_COOKIE}=${Buffer.from(JSON.stringify(remembered)).toString("base64url")}; Path=/api/dev; HttpOnly; SameSite=Lax; Max-Age=21600`,
      );
      return launch;
    },
  );

  // The phone hands a t.me link to Telegram, which opens the bot's mini app with the link's
  // startapp as start_param: here the mocked Telegram does the same for the customer it last opened
  // in this browser (a journey routes https://t.me/* here).
  r.get(
    "/dev/telegram/open",
    { schema: { ...hide, querystring: z.object({ link: z.url({ protocol: /^https$/ }).max(2048) }) } },
    async (request, reply) => {
      const link = new URL(request.query.link);
      const [bot = "", miniApp] = link.pathname.split("/").filter(Boolean);
      const startParam = link.searchParams.get("startapp") ?? undefined;
      const remembered = rememberedLaunchOf(request.headers.cookie);
      if (link.hostname !== "t.me" || !bot || !remembered) throw new AppError("VALIDATION_FAILED");
      const merchant = await brandOrThrow(app, remembered.sub);
      // Only the brand's own bot opens its mini app (any <app> name: the harness has one app).
      if (bot.toLowerCase() !== merchant.telegramBotUsername?.toLowerCase() || (miniApp ?? "").length > 64) {
        throw new AppError("NOT_FOUND");
      }
      const launch = await launchTelegram(
        app,
        request,
        {
          ...remembered,
          phoneVerification: "verified",
          initData: "signed",
          ageSeconds: 0,
          ...(startParam ? { startParam: startParam.slice(0, 64) } : {}),
        },
        true,
      );
      return reply.header("cache-control", "no-store").redirect(launch.hostUrl, 303);
    },
  );
}

/** The built-in fake Click: a session opened for the storefront, and its cookies set on the brand's origin. */
function clickLaunchRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post("/dev/click/launch", { schema: { ...hide, body: clickLaunchSchema } }, async (request) => {
    const input = request.body;
    const merchant = await brandOrThrow(app, input.sub);
    const phone = normalisePhone(input.profile.phone);
    await assertPhoneFree(app, merchant.id, phone, (owner) => owner.clickUserId === input.profile.userId);
    // The Click id must be the harness's own account; a phone already in use (the harness's test
    // range) is left for the storefront's Click sign-in to join, as Click's own phone would.
    const known = await findUserByClickUserId(db, {
      merchantId: merchant.id,
      clickUserId: input.profile.userId,
    });
    const phoneOwner = phone ? await findUserByPhone(db, { merchantId: merchant.id, phone }) : undefined;
    if (known ? !known.harness : !phoneOwner) {
      const own = await findOrCreateHarnessUser(db, {
        merchantId: merchant.id,
        identity: { clickUserId: input.profile.userId },
        firstName: input.profile.firstName,
        lastName: input.profile.lastName,
        language: undefined,
      });
      if (!own) throw new AppError("HARNESS_ACCOUNT_FOREIGN");
    }
    const webSession = openFakeClickSession({
      profile: input.profile,
      token: fakeClickTokenFor(merchant),
      variant: input.variant,
    });
    const { origin } = brandOrigin(request, merchant.sub);
    const open = new URLSearchParams({
      sub: merchant.sub,
      web_session: webSession,
      theme: input.theme,
      language: input.language,
      via: input.via,
    });
    return { merchantId: merchant.id, webSession, url: `${origin}/api/dev/click/open?${open.toString()}` };
  });

  r.get(
    "/dev/click/open",
    {
      schema: {
        ...hide,
        querystring: z.object({
          sub: z.string().min(1).max(63),
          web_session: z.string().regex(/^[\w-]{8,128}$/),
          theme: z.enum(["light", "dark"]).default("light"),
          language: z.enum(["uz", "ru", "en"]).default("uz"),
          via: z.enum(["query", "cookie"]).default("query"),
        }),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { appPath } = brandOrigin(request, q.sub);
      const cookie = (name: string, value: string) =>
        `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax; Max-Age=21600`;
      reply.header("set-cookie", [
        cookie("click-web-session", q.web_session),
        cookie("click-theme", q.theme),
        cookie("click-language", q.language),
      ]);
      const target =
        q.via === "query"
          ? `${appPath}${appPath.includes("?") ? "&" : "?"}web_session=${q.web_session}`
          : appPath;
      return reply.header("cache-control", "no-store").redirect(target);
    },
  );
}

/** The fake Payme Subscribe API, the fake Click JSON-RPC and the fake Bot API with the messages it took. */
function fakeApiRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post("/dev/payme/api", { schema: hide }, async (request, reply) => {
    const answer = handleFakeSubscribeRpc(request.headers, JSON.stringify(request.body ?? null));
    return reply.status(answer.status).type("application/json").send(answer.body);
  });

  r.post("/dev/click/rpc", { schema: hide }, async (request, reply) => {
    const answer = handleFakeClickRpc(request.headers, JSON.stringify(request.body ?? null));
    return reply.status(answer.status).type("application/json").send(answer.body);
  });

  // The fake Bot API: TELEGRAM_API_URL=http://127.0.0.1:PORT/api/dev/telegram-bot reaches it over
  // HTTP (the demo calls it in-process), and the messages it took are listed for testers.
  r.post(
    "/dev/telegram-bot/:bot/:method",
    { schema: { ...hide, params: z.object({ bot: z.string().max(200), method: z.string().max(64) }) } },
    async (request, reply) => {
      const { bot, method } = request.params;
      const answer = handleFakeBotApi(`/${bot}/${method}`, JSON.stringify(request.body ?? null));
      return reply.status(answer.status).type("application/json").send(answer.body);
    },
  );
  // What a customer writes to the brand's bot in the harness's chat: queued for the bot's getUpdates
  // (the server polls it in demo mode), as Telegram queues it.
  r.post(
    "/dev/telegram-bot/updates",
    {
      schema: {
        ...hide,
        body: z.object({
          brand: z.string().max(63),
          from: z.object({
            id: z.number().int().positive(),
            first_name: z.string().max(64),
            language_code: z.string().max(10).optional(),
          }),
          text: z.string().min(1).max(4096).optional(),
          contact: z.object({ phone_number: z.string().max(20), user_id: z.number().int() }).optional(),
          callbackData: z.string().max(64).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { brand, from, text, contact, callbackData } = request.body;
      const merchant = await findMerchantBySub(db, brand);
      const token = merchant ? botTokenFor(merchant, app.config) : undefined;
      if (!merchant || !token) throw new AppError("NOT_FOUND");
      // Only the harness's own Telegram accounts write here: a customer's id is not for testers.
      const own = await harnessTelegramIds(db, [String(from.id)]);
      if (!own.has(String(from.id))) throw new AppError("FORBIDDEN");
      const botId = token.slice(0, token.indexOf(":"));
      const chat = { id: from.id, type: "private", first_name: from.first_name };
      const date = Math.floor(Date.now() / 1000);
      const sender = { ...from, is_bot: false };
      const update = callbackData
        ? {
            callback_query: {
              id: `cb${String(Date.now())}`,
              from: sender,
              message: { message_id: 1, chat, date },
              data: callbackData,
            },
          }
        : {
            message: {
              message_id: Date.now() % 1_000_000,
              from: sender,
              chat,
              date,
              ...(text ? { text } : {}),
              ...(contact ? { contact: { ...contact, first_name: from.first_name } } : {}),
            },
          };
      const pushed = fakeBotApi.pushUpdate(botId, update);
      // A bot with a webhook gets it there at once; one that polls takes it with getUpdates.
      await fakeBotApi.deliver(botId);
      return reply.send(pushed);
    },
  );
  r.get(
    "/dev/telegram-bot/messages",
    {
      schema: {
        ...hide,
        querystring: z.object({
          chatId: z
            .string()
            .regex(/^-?\d{1,20}$/)
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      // Only the chats of the harness's own accounts: a customer's Telegram id is not for testers.
      const messages = fakeBotApi.messages(request.query.chatId);
      const own = await harnessTelegramIds(
        db,
        messages.map((m) => m.chatId),
      );
      return reply.header("cache-control", "no-store").send(messages.filter((m) => own.has(m.chatId)));
    },
  );
}
