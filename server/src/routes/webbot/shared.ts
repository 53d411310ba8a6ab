import type { z } from "zod";
import type { sessionUserSchema } from "#domain/contract/webbot.ts";
import { CONTENT_LANGUAGES, type ContentLanguage } from "#domain/enums.ts";
import type { UserRow } from "../../services/accounts/users.ts";

function isContentLanguage(value: string | null): value is ContentLanguage {
  return value !== null && (CONTENT_LANGUAGES as readonly string[]).includes(value);
}

export function toSessionUser(user: UserRow): z.output<typeof sessionUserSchema> {
  return {
    id: user.id,
    merchantId: user.merchantId,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    email: user.email,
    image: user.image,
    birthday: user.birthday,
    gender: user.gender,
    role: user.role,
    cashback: user.cashback,
    isActive: user.isActive,
    language: isContentLanguage(user.language) ? user.language : null,
    telegramId: user.telegramId === null ? null : user.telegramId.toString(),
    createdDate: user.createdDate.toISOString(),
    lastModifiedDate: user.lastModifiedDate.toISOString(),
  };
}

/** Phone verification policy (docs/decisions.md): required while the account has no verified phone. */
export function isPhoneVerificationRequired(user: UserRow): boolean {
  return user.phone === null;
}
