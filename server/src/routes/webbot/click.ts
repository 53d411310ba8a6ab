// Click SuperApp sign-in: the mini app hands over the web_session Click gave it; the server asks
// Click who that is (integrations/click.ts) and opens a session. The mini app never sees Click
// credentials (docs/decisions.md, Accounts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema, errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { authResultSchema, clickTokenRequestSchema } from "#domain/contract/webbot.ts";
import { ClickError, fetchClickProfile, type FetchLike } from "../../integrations/click.ts";
import { AppError } from "../../lib/errors.ts";
import { createSession } from "../../services/accounts/sessions.ts";
import type { MerchantRow } from "../../services/merchant/settings.ts";
import { findOrCreateClickUser } from "../../services/accounts/users.ts";
import type { Outside } from "../../services/stand-ins.ts";
import { isPhoneVerificationRequired, toSessionUser } from "./shared.ts";

const authErrors = { ...errorResponses, 401: apiErrorSchema, 503: apiErrorSchema } as const;

interface ClickTarget {
  url: string;
  token: string;
  fetch?: FetchLike;
}

/** Where to exchange the session: CLICK_API_URL, or the stand-in handed in for demo/development mode. */
function clickTarget(merchant: MerchantRow, { config, standIns }: Outside): ClickTarget | undefined {
  if (config.clickApiUrl) {
    return merchant.clickWebSessionToken
      ? { url: config.clickApiUrl, token: merchant.clickWebSessionToken }
      : undefined;
  }
  if (standIns) {
    const { url, fetch, defaultToken } = standIns.clickUser;
    return { url, token: merchant.clickWebSessionToken ?? defaultToken, fetch };
  }
  return undefined;
}

export async function clickTenantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    "/click/v1/users/token",
    {
      schema: {
        summary: "Log in inside the Click app with its web_session",
        description:
          "The server calls Click's `user.profile` (JSON-RPC 2.0) with the brand's Click token and the " +
          "web_session, then finds the customer by Click id or phone (Click vouches for it) or creates one.",
        tags: ["auth"],
        headers: tenantHeadersSchema,
        body: clickTokenRequestSchema,
        response: { 200: authResultSchema, ...authErrors },
      },
    },
    async (request) => {
      const merchant = request.tenant;
      const target = clickTarget(merchant, app);
      if (!target) throw new AppError("CLICK_LOGIN_UNAVAILABLE");
      let profile;
      try {
        profile = await fetchClickProfile(request.body.webSession, {
          url: target.url,
          token: target.token,
          ...(target.fetch ? { fetch: target.fetch } : {}),
        });
      } catch (error) {
        if (error instanceof ClickError) {
          if (error.failure === "SESSION_INVALID") throw new AppError("CLICK_SESSION_INVALID");
          request.log.error({ err: error, merchantId: merchant.id }, "Click user.profile failed");
          throw new AppError("CLICK_LOGIN_UNAVAILABLE");
        }
        throw error;
      }
      const user = await findOrCreateClickUser(db, { merchantId: merchant.id, profile });
      if (!user.isActive) throw new AppError("FORBIDDEN");
      const session = await createSession(db, { merchantId: merchant.id, userId: user.id, channel: "CLICK" });
      return {
        token: session.token,
        user: toSessionUser(user),
        isPhoneVerificationRequired: isPhoneVerificationRequired(user),
      };
    },
  );
}
