// Phone login with one-time codes, the customer's own profile, phone change, image, logout and
// account deletion (docs/decisions.md "Accounts").
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  imageFileParamsSchema,
  loginResultSchema,
  otpIssuedSchema,
  otpRequestSchema,
  otpVerifySchema,
  phoneChangeRequestSchema,
  phoneChangeVerifySchema,
  PROFILE_IMAGE_MAX_BYTES,
  updateUserSchema,
  userIdParamsSchema,
  userSchema,
} from "#domain/contract/users.ts";
import { okSchema } from "#domain/contract/webbot.ts";
import { parsePhone, phoneCountriesFor } from "#domain/phone.ts";
import {
  codeMessage,
  missingGatewayLevel,
  requestLanguage,
  smsGatewayFor,
  SmsError,
  type SmsGateway,
} from "../../integrations/sms/index.ts";
import { AppError } from "../../lib/errors.ts";
import {
  imageNameOf,
  prepareProfileImage,
  PROFILE_IMAGE_PATH,
  PROFILE_IMAGE_TYPE,
} from "../../lib/image-storage.ts";
import {
  issueLoginCode,
  issuePhoneChangeCode,
  verifyLoginCode,
  verifyPhoneChangeCode,
  voidPhoneChangeCode,
  withdrawLoginCode,
  withdrawPhoneChangeCode,
  type IssueRefusal,
} from "../../services/accounts/otp.ts";
import { createSession, revokeSession, revokeUserSessions } from "../../services/accounts/sessions.ts";
import { authOf, optionalUser, requireUser } from "../../plugins/auth.ts";
import { findSmsContent, type MerchantRow } from "../../services/merchant/settings.ts";
import {
  attachVerifiedPhone,
  deleteAccount,
  findOrCreatePhoneUser,
  findUserByPhone,
  hasOrderInProgress,
  updateProfile,
} from "../../services/accounts/users.ts";
import { toSessionUser } from "../webbot/shared.ts";
import { listCards } from "../../services/payments/saved-cards.ts";
import { cardProviderName } from "../../services/payments/cards.ts";
import { cardProviderFor } from "../../services/payments/providers.ts";

const bearer = [{ bearer: [] }];
const authErrors = { ...errorResponses, 401: apiErrorSchema } as const;
const codeErrors = {
  ...errorResponses,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
} as const;

/** Per client address, on top of the per-phone rules: asking for codes and trying them. */
export const OTP_REQUESTS_PER_MINUTE = 20;
export const OTP_VERIFIES_PER_MINUTE = 60;

/** The phone as the brand accepts it, or the customer's mistake. */
function phoneOrThrow(input: string, merchant: MerchantRow): string {
  const parsed = parsePhone(input, { countries: phoneCountriesFor(merchant.currency) });
  if (parsed.ok) return parsed.e164;
  throw new AppError(parsed.problem === "COUNTRY" ? "PHONE_COUNTRY_NOT_SERVED" : "PHONE_INVALID");
}

function refuse(reply: FastifyReply, refusal: IssueRefusal): never {
  reply.header("retry-after", String(refusal.retryAfterSeconds));
  if (refusal.reason === "RESEND_TOO_EARLY") throw new AppError("OTP_RESEND_TOO_EARLY");
  if (refusal.reason === "PHONE_LIMIT") throw new AppError("OTP_LIMIT_REACHED");
  throw new AppError("RATE_LIMITED");
}

/** The bytes of the one `image` field; a body busboy cannot read (no boundary, cut short) is a 400. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== "image") throw new AppError("IMAGE_INVALID");
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("IMAGE_TOO_LARGE");
    request.log.info({ err: error }, "unreadable multipart upload");
    throw new AppError("UPLOAD_MALFORMED");
  }
}

/**
 * Removes a stored image no row names any more. Best effort: the change it follows is committed, so a
 * store that fails now leaves an orphan object (logged), never a failed request.
 */
async function dropImage(app: FastifyInstance, request: FastifyRequest, name: string): Promise<void> {
  try {
    await app.pictures.delete(name);
  } catch (error) {
    request.log.warn({ err: error, image: name }, "an unused profile image stays in storage");
  }
}

export async function usersTenantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 2 } });

  /** Brands whose missing SMS gateway this process has reported. */
  const reportedMissing = new Set<string>();

  /**
   * The brand's SMS gateway, or SMS_UNAVAILABLE. A brand without a gateway of its own is reported
   * once per process, not per request: at error in production (its customers cannot sign in by
   * SMS), at warn elsewhere (the console gateway stands in).
   */
  function gatewayOf(request: FastifyRequest): SmsGateway {
    const merchant = request.tenant;
    const level = missingGatewayLevel(merchant, app.config);
    const first = level !== null && !reportedMissing.has(merchant.id);
    if (first) {
      reportedMissing.add(merchant.id);
      const where = { merchantId: merchant.id, sub: merchant.sub };
      if (level === "error") {
        request.log.error(
          where,
          `brand ${merchant.sub} has no SMS gateway set up (sms_gateway with its login and password): its customers cannot sign in by SMS (SMS_UNAVAILABLE)`,
        );
      } else {
        request.log.warn(
          where,
          `brand ${merchant.sub} has no SMS gateway set up: its login codes go to the console gateway (outside production only)`,
        );
      }
    }
    const gateway = smsGatewayFor(merchant, app.config);
    if (!gateway) throw new AppError("SMS_UNAVAILABLE", undefined, { reported: true });
    return gateway;
  }

  /** Sends a code; a gateway failure is logged with its answer and the customer hears "try again". */
  async function sendCode(request: FastifyRequest, phone: string, code: string): Promise<boolean> {
    const merchant = request.tenant;
    const gateway = gatewayOf(request);
    const settings = await findSmsContent(db, { merchantId: merchant.id });
    const lang = requestLanguage(request.headers, settings?.mainLanguage);
    const text = codeMessage(code, merchant.name, merchant.sub, lang, settings?.smsContent);
    try {
      await gateway.send({ phone, text });
      return true;
    } catch (error) {
      // The gateway's answer may echo the message: the code never reaches the log.
      const redact = (value: string) => value.replaceAll(code, "******");
      request.log.error(
        {
          gateway: gateway.name,
          merchantId: merchant.id,
          failure: error instanceof SmsError ? error.failure : "UNKNOWN",
          detail: redact(error instanceof SmsError ? error.detail : String(error)),
        },
        "SMS gateway failed",
      );
      return false;
    }
  }

  r.post(
    "/users/v1/auth/otp",
    {
      config: { rateLimit: { max: OTP_REQUESTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        summary: "Send a one-time login code by SMS",
        description:
          "Six digits, valid 120 s. A new code after 60 s (429 OTP_RESEND_TOO_EARLY with Retry-After before), at most " +
          "5 codes per phone per hour (429 OTP_LIMIT_REACHED) and a per-address limit (429 RATE_LIMITED). The SMS goes " +
          "through the brand's gateway; when it fails: 503 SMS_SEND_FAILED, try again.",
        tags: ["auth"],
        headers: tenantHeadersSchema,
        body: otpRequestSchema,
        response: { 200: otpIssuedSchema, ...codeErrors },
      },
    },
    async (request, reply) => {
      const merchant = request.tenant;
      const phone = phoneOrThrow(request.body.phone, merchant);
      gatewayOf(request);
      const issued = await issueLoginCode(db, { merchantId: merchant.id, phone, ip: request.ip });
      if (!issued.ok) refuse(reply, issued);
      if (!(await sendCode(request, phone, issued.code))) {
        await withdrawLoginCode(db, { merchantId: merchant.id, id: issued.id });
        throw new AppError("SMS_SEND_FAILED");
      }
      return {
        phone,
        resendAfterSeconds: issued.resendAfterSeconds,
        expiresInSeconds: issued.expiresInSeconds,
      };
    },
  );

  r.post(
    "/users/v1/auth/otp/verify",
    {
      config: { rateLimit: { max: OTP_VERIFIES_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        summary: "Log in with the phone and its one-time code",
        description:
          "A wrong or expired code answers 400 OTP_INVALID; the fifth wrong try locks the code (429 OTP_LOCKED). " +
          "The phone's account at this brand is found (whichever channel made it) or created; a 30-day session opens. " +
          "Sent with the bearer session of an account without a phone (a Telegram customer who declined to share " +
          "the contact), the proven phone is added to that account instead, as a shared contact would be.",
        tags: ["auth"],
        headers: tenantHeadersSchema,
        body: otpVerifySchema,
        response: { 200: loginResultSchema, ...codeErrors },
      },
      preHandler: optionalUser,
    },
    async (request) => {
      const merchant = request.tenant;
      const phone = phoneOrThrow(request.body.phone, merchant);
      const checked = await verifyLoginCode(db, { merchantId: merchant.id, phone, code: request.body.code });
      if (!checked.ok) throw new AppError(checked.reason === "LOCKED" ? "OTP_LOCKED" : "OTP_INVALID");
      const current = request.user && request.session && request.user.phone === null ? request.user : null;
      const user = current
        ? await attachVerifiedPhone(db, { merchantId: merchant.id, userId: current.id, phone })
        : await findOrCreatePhoneUser(db, { merchantId: merchant.id, phone });
      if (!user.isActive) throw new AppError("FORBIDDEN");
      const channel = current && request.session ? request.session.channel : "WEB";
      const session = await createSession(db, { merchantId: merchant.id, userId: user.id, channel });
      return { token: session.token, user: toSessionUser(user), isPhoneVerificationRequired: false };
    },
  );

  r.get(
    "/users/v1/users/me",
    {
      preHandler: requireUser,
      schema: {
        summary: "The logged-in customer",
        tags: ["users"],
        security: bearer,
        headers: tenantHeadersSchema,
        response: { 200: userSchema, ...authErrors },
      },
    },
    async (request) => toSessionUser(authOf(request).user),
  );

  r.put(
    "/users/v1/users/:id",
    {
      preHandler: requireUser,
      schema: {
        summary: "Edit your own profile",
        description:
          "First and last name, e-mail (at most 320 characters), birthday (YYYY-MM-DD) and gender. Fields left out " +
          "keep their value, null clears one. Only your own id: another one answers 403.",
        tags: ["users"],
        security: bearer,
        headers: tenantHeadersSchema,
        params: userIdParamsSchema,
        body: updateUserSchema,
        response: { 200: userSchema, ...authErrors },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      if (request.params.id !== user.id) throw new AppError("FORBIDDEN");
      const updated = await updateProfile(db, {
        merchantId: request.tenant.id,
        userId: user.id,
        patch: request.body,
      });
      if (!updated) throw new AppError("UNAUTHORIZED");
      return toSessionUser(updated);
    },
  );

  r.put(
    "/users/v1/users/phone",
    {
      preHandler: requireUser,
      config: { rateLimit: { max: OTP_REQUESTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        summary: "Start changing your phone: a code goes to the new number",
        description:
          "The login code's rules apply (60 s between codes, 5 an hour). A number that already has an account at this " +
          "brand answers 409 PHONE_TAKEN.",
        tags: ["users"],
        security: bearer,
        headers: tenantHeadersSchema,
        body: phoneChangeRequestSchema,
        response: { 200: otpIssuedSchema, ...codeErrors },
      },
    },
    async (request, reply) => {
      const merchant = request.tenant;
      const { user } = authOf(request);
      const phone = phoneOrThrow(request.body.phone, merchant);
      gatewayOf(request);
      const issued = await issuePhoneChangeCode(db, {
        merchantId: merchant.id,
        userId: user.id,
        phone,
        type: request.body.type,
      });
      if (!issued.ok) refuse(reply, issued);
      // Asked only after the customer's code limits, and the refused number still counts against
      // them: otherwise "taken or not" would be an unlimited oracle of which phones have accounts.
      if (await findUserByPhone(db, { merchantId: merchant.id, phone })) {
        await voidPhoneChangeCode(db, { merchantId: merchant.id, id: issued.id });
        throw new AppError("PHONE_TAKEN");
      }
      if (!(await sendCode(request, phone, issued.code))) {
        await withdrawPhoneChangeCode(db, { merchantId: merchant.id, id: issued.id });
        throw new AppError("SMS_SEND_FAILED");
      }
      return {
        phone,
        resendAfterSeconds: issued.resendAfterSeconds,
        expiresInSeconds: issued.expiresInSeconds,
      };
    },
  );

  r.put(
    "/users/v1/users/phone/verify",
    {
      preHandler: requireUser,
      config: { rateLimit: { max: OTP_VERIFIES_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        summary: "Finish the phone change with the code sent to the new number",
        tags: ["users"],
        security: bearer,
        headers: tenantHeadersSchema,
        body: phoneChangeVerifySchema,
        response: { 200: userSchema, ...codeErrors },
      },
    },
    async (request) => {
      const merchant = request.tenant;
      const { user } = authOf(request);
      const phone = phoneOrThrow(request.body.phone, merchant);
      const checked = await verifyPhoneChangeCode(db, {
        merchantId: merchant.id,
        userId: user.id,
        phone,
        code: request.body.code,
      });
      if (!checked.ok) throw new AppError(checked.reason === "LOCKED" ? "OTP_LOCKED" : "OTP_INVALID");
      if (await findUserByPhone(db, { merchantId: merchant.id, phone })) throw new AppError("PHONE_TAKEN");
      let updated;
      try {
        updated = await updateProfile(db, { merchantId: merchant.id, userId: user.id, patch: { phone } });
      } catch {
        // The unique index: another account took the number in the meantime.
        throw new AppError("PHONE_TAKEN");
      }
      if (!updated) throw new AppError("UNAUTHORIZED");
      return toSessionUser(updated);
    },
  );

  r.delete(
    "/users/v1/users",
    {
      preHandler: requireUser,
      schema: {
        summary: "Delete your account",
        description:
          "Revokes every session, erases the personal data (profile, addresses, favourites, cards, image) and keeps " +
          "the orders for the merchant without anything that points to you. Refused (409) while an order is in progress.",
        tags: ["users"],
        security: bearer,
        headers: tenantHeadersSchema,
        response: { 200: okSchema, ...authErrors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const { user } = authOf(request);
      if (await hasOrderInProgress(db, { merchantId, userId: user.id })) {
        throw new AppError("ACCOUNT_HAS_ACTIVE_ORDERS");
      }
      const saved = await listCards(db, { merchantId, userId: user.id });
      await revokeUserSessions(db, { merchantId, userId: user.id });
      const deleted = await deleteAccount(db, { merchantId, userId: user.id });
      // The cards' tokens go at their providers too (cards.remove, Click's token delete); best
      // effort: the account is gone either way, and a failure is logged for the brand.
      for (const card of saved) {
        if (!card.token) continue;
        const provider = cardProviderFor(request.tenant, app, cardProviderName(card));
        await provider?.removeCard(card.token).catch((error: unknown) => {
          request.log.warn({ err: error, cardId: card.id }, "a deleted account's card stays at its provider");
        });
      }
      const image = imageNameOf(deleted?.image ?? null);
      if (image) await dropImage(app, request, image);
      return { ok: true as const };
    },
  );

  r.post(
    "/users/v1/users/logout",
    {
      preHandler: optionalUser,
      schema: {
        summary: "Log out",
        description:
          "Revokes the bearer session. Answers 200 even without a valid session (logging out always works).",
        tags: ["auth"],
        security: bearer,
        headers: tenantHeadersSchema,
        response: { 200: okSchema, ...authErrors },
      },
    },
    async (request) => {
      if (request.bearerToken)
        await revokeSession(db, { merchantId: request.tenant.id, token: request.bearerToken });
      return { ok: true as const };
    },
  );

  r.put(
    "/users/v1/users/image",
    {
      preHandler: requireUser,
      schema: {
        summary: "Upload or change your profile image",
        description:
          "multipart/form-data with one file field `image`: JPEG, PNG or WebP (checked by content), at most 5 MB. " +
          "Stored as a 512 px WebP without metadata; the answer's `image` is its URL.",
        tags: ["users"],
        security: bearer,
        headers: tenantHeadersSchema,
        consumes: ["multipart/form-data"],
        response: {
          200: userSchema,
          ...authErrors,
          413: apiErrorSchema,
          415: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const { user } = authOf(request);
      if (!request.isMultipart()) throw new AppError("IMAGE_INVALID");
      const bytes = await readImageField(request);
      const prepared = await prepareProfileImage(bytes);
      if (!prepared.ok) throw new AppError(prepared.reason === "SIZE" ? "IMAGE_TOO_LARGE" : "IMAGE_INVALID");
      // Stored first, then named on the profile: a store that fails changes nothing (503), and a
      // profile that cannot take the name leaves no object behind.
      try {
        await app.pictures.put(prepared.name, prepared.bytes, PROFILE_IMAGE_TYPE);
      } catch (error) {
        request.log.error({ err: error }, "the profile image could not be stored");
        throw new AppError("SERVICE_UNAVAILABLE");
      }
      let updated: Awaited<ReturnType<typeof updateProfile>>;
      try {
        updated = await updateProfile(db, {
          merchantId,
          userId: user.id,
          patch: { image: `${PROFILE_IMAGE_PATH}${prepared.name}` },
        });
      } catch (error) {
        await dropImage(app, request, prepared.name);
        throw error;
      }
      if (!updated) {
        await dropImage(app, request, prepared.name);
        throw new AppError("UNAUTHORIZED");
      }
      const previous = imageNameOf(user.image);
      if (previous) await dropImage(app, request, previous);
      return toSessionUser(updated);
    },
  );

  r.delete(
    "/users/v1/users/image",
    {
      preHandler: requireUser,
      schema: {
        summary: "Delete your profile image",
        tags: ["users"],
        security: bearer,
        headers: tenantHeadersSchema,
        response: { 200: userSchema, ...authErrors },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const updated = await updateProfile(db, {
        merchantId: request.tenant.id,
        userId: user.id,
        patch: { image: null },
      });
      if (!updated) throw new AppError("UNAUTHORIZED");
      const previous = imageNameOf(user.image);
      if (previous) await dropImage(app, request, previous);
      return toSessionUser(updated);
    },
  );
}

/** Profile images are plain <img> sources, so they are served without the merchant header. */
export async function usersPublicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/users/v1/users/images/:file",
    {
      schema: {
        summary: "A profile image (its random name is its only key)",
        tags: ["users"],
        params: imageFileParamsSchema,
        response: { 200: z.any().describe("image/webp"), 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      let object: Awaited<ReturnType<typeof app.pictures.get>>;
      try {
        object = await app.pictures.get(request.params.file);
      } catch (error) {
        request.log.error({ err: error }, "the profile image could not be read from storage");
        throw new AppError("SERVICE_UNAVAILABLE");
      }
      if (!object) throw new AppError("NOT_FOUND");
      // A new image gets a new name, so a name's bytes never change. The bytes are streamed on as the
      // store sends them (S3), or sent whole (a local file).
      if (object.size !== undefined) void reply.header("content-length", object.size);
      return reply
        .type(object.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(object.body);
    },
  );
}
