// Telegram Mini App sign-in and sign-out (docs/decisions.md "Accounts"):
// initData is checked with the merchant's bot token and must be at most 24 h old; the contact a
// customer shares is checked the same way before its phone is trusted.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema, errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { parsePhone, phoneCountriesFor } from "#domain/phone.ts";
import {
  authResultSchema,
  okSchema,
  webbotLanguageLogoutRequestSchema,
  webbotLoginRequestSchema,
  webbotLogoutRequestSchema,
  webbotTokenRequestSchema,
} from "#domain/contract/webbot.ts";
import type { Db } from "../../db/types.ts";
import { verifyInitData, type VerifiedInitData } from "../../integrations/telegram-init-data.ts";
import { AppError } from "../../lib/errors.ts";
import { createSession, revokeSession } from "../../services/accounts/sessions.ts";
import { authOf, optionalUser, requireUser } from "../../plugins/auth.ts";
import {
  attachVerifiedPhone,
  contentLanguageOf,
  findOrCreateTelegramUser,
  findUserByTelegramId,
  linkTelegramId,
  setUserLanguage,
  saveBotSession,
  type UserRow,
} from "../../services/accounts/users.ts";
import {
  botTokenFor,
  requireBotToken,
  verifyContactOrThrow,
  verifyInitDataOrThrow,
} from "../../services/accounts/telegram.ts";
import { isPhoneVerificationRequired, toSessionUser } from "./shared.ts";

const authErrors = { ...errorResponses, 401: apiErrorSchema, 503: apiErrorSchema } as const;
const bearer = [{ bearer: [] }];

/** Remembers what the bot should know about the customer's mini-app state (spec "Bot session"). */
async function touchBotSession(
  db: Db,
  merchantId: string,
  data: VerifiedInitData,
  status: string,
  phone?: string,
): Promise<void> {
  await saveBotSession(db, {
    merchantId,
    telegramId: data.user.id,
    status,
    firstName: data.user.firstName || null,
    lastName: data.user.lastName ?? null,
    phone,
  });
}

function assertActive(user: UserRow): void {
  if (!user.isActive) throw new AppError("FORBIDDEN");
}

export async function webbotTenantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    "/webbot/v1/users/token",
    {
      schema: {
        summary: "Log in with Telegram Mini App initData",
        description:
          "Validates initData with the brand's bot token (HMAC, at most 24 h old), finds or creates the customer by " +
          "Telegram id and opens a 30-day session. isPhoneVerificationRequired is true while the account has no " +
          "verified phone: share the contact and call /webbot/v1/users/login.",
        tags: ["auth"],
        headers: tenantHeadersSchema,
        body: webbotTokenRequestSchema,
        response: { 200: authResultSchema, ...authErrors },
      },
    },
    async (request) => {
      const merchant = request.tenant;
      const data = verifyInitDataOrThrow(request.body.initData, requireBotToken(merchant, app.config));
      const { user } = await findOrCreateTelegramUser(db, {
        merchantId: merchant.id,
        profile: {
          telegramId: data.user.id,
          firstName: data.user.firstName,
          lastName: data.user.lastName,
          language: contentLanguageOf(data.user.languageCode),
        },
      });
      assertActive(user);
      const session = await createSession(db, {
        merchantId: merchant.id,
        userId: user.id,
        channel: "TELEGRAM",
      });
      await touchBotSession(db, merchant.id, data, "WEB_APP_LOGGED_IN");
      return {
        token: session.token,
        user: toSessionUser(user),
        isPhoneVerificationRequired: isPhoneVerificationRequired(user),
      };
    },
  );

  r.post(
    "/webbot/v1/users/auth",
    {
      preHandler: requireUser,
      schema: {
        summary: "Confirm a stored session inside Telegram",
        description:
          "With a stored bearer token and fresh initData: answers the same token when the session is this " +
          "Telegram user's (an account without a Telegram id is linked to it). 401 when the session belongs " +
          "to someone else: log in again with /webbot/v1/users/token.",
        tags: ["auth"],
        security: bearer,
        headers: tenantHeadersSchema,
        body: webbotTokenRequestSchema,
        response: { 200: authResultSchema, ...authErrors },
      },
    },
    async (request) => {
      const merchant = request.tenant;
      const data = verifyInitDataOrThrow(request.body.initData, requireBotToken(merchant, app.config));
      const auth = authOf(request);
      let user = auth.user;
      if (user.telegramId === null) {
        const other = await findUserByTelegramId(db, { merchantId: merchant.id, telegramId: data.user.id });
        if (other) throw new AppError("UNAUTHORIZED");
        const linked = await linkTelegramId(db, {
          merchantId: merchant.id,
          userId: user.id,
          telegramId: data.user.id,
        });
        user = linked ?? user;
      } else if (user.telegramId !== data.user.id) {
        throw new AppError("UNAUTHORIZED");
      }
      return {
        token: auth.token,
        user: toSessionUser(user),
        isPhoneVerificationRequired: isPhoneVerificationRequired(user),
      };
    },
  );

  r.post(
    "/webbot/v1/users/login",
    {
      schema: {
        summary: "Log in after sharing the phone number",
        description:
          "initData plus the signed payload Telegram answered to requestContact. Both are checked with the " +
          "bot token; the contact must be the same Telegram user's. A phone that already has an account at " +
          "this brand makes the Telegram user that account.",
        tags: ["auth"],
        headers: tenantHeadersSchema,
        body: webbotLoginRequestSchema,
        response: { 200: authResultSchema, ...authErrors },
      },
    },
    async (request) => {
      const merchant = request.tenant;
      const botToken = requireBotToken(merchant, app.config);
      const data = verifyInitDataOrThrow(request.body.initData, botToken);
      const contact = verifyContactOrThrow(request.body.contact, botToken, data.user.id);
      // The same rule as the code login: a number of a country the brand does not serve is refused.
      const parsed = parsePhone(`+${contact.phoneNumber.replace(/\D/g, "")}`, {
        countries: phoneCountriesFor(merchant.currency),
      });
      if (!parsed.ok) {
        throw new AppError(parsed.problem === "COUNTRY" ? "PHONE_COUNTRY_NOT_SERVED" : "CONTACT_INVALID");
      }
      const phone = parsed.e164;
      const { user: telegramUser } = await findOrCreateTelegramUser(db, {
        merchantId: merchant.id,
        profile: {
          telegramId: data.user.id,
          firstName: contact.firstName || data.user.firstName,
          lastName: contact.lastName ?? data.user.lastName,
          language: contentLanguageOf(data.user.languageCode),
        },
      });
      assertActive(telegramUser);
      const user = await attachVerifiedPhone(db, { merchantId: merchant.id, userId: telegramUser.id, phone });
      assertActive(user);
      const session = await createSession(db, {
        merchantId: merchant.id,
        userId: user.id,
        channel: "TELEGRAM",
      });
      await touchBotSession(db, merchant.id, data, "WEB_APP_LOGGED_IN", phone);
      return {
        token: session.token,
        user: toSessionUser(user),
        isPhoneVerificationRequired: isPhoneVerificationRequired(user),
      };
    },
  );

  /** Revokes the bearer session (when one came) and tells the bot the customer left. Never 401. */
  async function logout(
    merchantId: string,
    token: string | null,
    initData: string | undefined,
    botToken: string | undefined,
  ): Promise<void> {
    if (token) await revokeSession(db, { merchantId, token });
    if (initData && botToken) {
      // Logging out must work with stale initData too; only a genuine one updates the bot session.
      const checked = verifyInitData(initData, botToken, { maxAgeSeconds: 0 });
      if (checked.ok) await touchBotSession(db, merchantId, checked.value, "WEB_APP_LOGGED_OUT");
    }
  }

  r.post(
    "/webbot/v1/users/logout",
    {
      preHandler: optionalUser,
      schema: {
        summary: "Log out inside Telegram",
        description: "Revokes the bearer session. Answers 200 even without a valid session.",
        tags: ["auth"],
        security: bearer,
        headers: tenantHeadersSchema,
        body: webbotLogoutRequestSchema,
        response: { 200: okSchema, ...authErrors },
      },
    },
    async (request) => {
      const merchant = request.tenant;
      await logout(
        merchant.id,
        request.bearerToken,
        request.body.initData,
        botTokenFor(merchant, app.config),
      );
      return { ok: true as const };
    },
  );

  r.put(
    "/webbot/v1/users/logout",
    {
      preHandler: optionalUser,
      schema: {
        summary: "Log out inside Telegram and keep the chosen language",
        description:
          "Like POST, and the account remembers `language` for its next login (the bot greets in it).",
        tags: ["auth"],
        security: bearer,
        headers: tenantHeadersSchema,
        body: webbotLanguageLogoutRequestSchema,
        response: { 200: okSchema, ...authErrors },
      },
    },
    async (request) => {
      const merchant = request.tenant;
      if (request.user) {
        await setUserLanguage(db, {
          merchantId: merchant.id,
          userId: request.user.id,
          language: request.body.language,
        });
      }
      await logout(
        merchant.id,
        request.bearerToken,
        request.body.initData,
        botTokenFor(merchant, app.config),
      );
      return { ok: true as const };
    },
  );
}
