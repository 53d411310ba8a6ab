// The brand's settings from the back office (issue 36, owner only): colours, languages, the
// storefront's switches and the write-only secrets (payment providers' credentials, the bot token).
// A stored secret never leaves the server: the console learns only whether it is set. One
// transaction per save with its log entry (secrets logged as "replaced", never their value), and
// every process drops the merchant and menu caches, so the storefront shows the change at once.
import {
  BRAND_FEATURES,
  BRAND_SECRETS,
  type BrandSecret,
  type BrandSettings,
} from "#domain/contract/back-office-brand.ts";
import { CONTENT_LANGUAGES, type ContentLanguage } from "#domain/enums.ts";
import { cachesChanged } from "../../db/cache-bus.ts";
import { transaction } from "../../db/transaction.ts";
import { requestBotSetup } from "../bot/setup.ts";
import type { Db } from "../../db/types.ts";
import { integrationsSchema } from "../../import/brand-file/merchant.ts";
import { AppError } from "../../lib/errors.ts";
import { loggedEditConflict } from "./edit-conflict.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import {
  findMerchantRow,
  lockWebSettings,
  updateMerchantSecrets,
  updateWebSettings,
  type MerchantSecretsRow,
  type WebSettingsValues,
} from "../../repositories/back-office-settings.ts";
import { getWebSettings, type WebSettingsRow } from "../../repositories/merchants.ts";

const LANGUAGE_COLUMN = {
  uz: "uzLangActive",
  ru: "ruLangActive",
  eng: "engLangActive",
  zh: "zhLangActive",
  ar: "arLangActive",
  kz: "kzLangActive",
  tr: "trLangActive",
} as const satisfies Record<ContentLanguage, keyof WebSettingsRow>;

function view(settings: WebSettingsRow, merchant: MerchantSecretsRow): BrandSettings {
  return {
    version: settings.lastModifiedDate.toISOString(),
    mainColor: settings.mainColor,
    // The web settings' logo wins over the merchant's on the storefront (brandLook): the same here.
    logo: settings.logo || merchant.logo || null,
    isDark: settings.isDark,
    mainLanguage: (CONTENT_LANGUAGES as readonly string[]).includes(settings.mainLanguage)
      ? (settings.mainLanguage as ContentLanguage)
      : "ru",
    languages: Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, settings[LANGUAGE_COLUMN[l]]])) as Record<
      ContentLanguage,
      boolean
    >,
    features: Object.fromEntries(BRAND_FEATURES.map((f) => [f, settings[f]])) as BrandSettings["features"],
    secrets: Object.fromEntries(
      BRAND_SECRETS.map((s) => [s, typeof merchant[s] === "string" && merchant[s] !== ""]),
    ) as BrandSettings["secrets"],
    cardProvider: merchant.cardProvider === "CLICK" ? "CLICK" : "PAYME",
  };
}

export async function brandSettings(db: Db, merchantId: string): Promise<BrandSettings> {
  const [settings, merchant] = await Promise.all([
    getWebSettings(db, { merchantId }),
    findMerchantRow(db, { merchantId }),
  ]);
  if (!merchant) throw new AppError("NOT_FOUND");
  return view(settings, merchant);
}

export interface SettingsChanges {
  version: string;
  mainColor: string;
  logo: string | null;
  isDark: boolean;
  mainLanguage: ContentLanguage;
  languages: Record<ContentLanguage, boolean>;
  features: BrandSettings["features"];
  secrets: Partial<Record<BrandSecret, string | null | undefined>>;
  cardProvider: "PAYME" | "CLICK";
}

/** The secrets checked by the brand file's own rules (the bot token's shape); refused at the field. */
function checkSecrets(secrets: SettingsChanges["secrets"]): void {
  for (const key of BRAND_SECRETS) {
    const value = secrets[key];
    if (value === undefined || value === null) continue;
    const checked = integrationsSchema.shape[key].safeParse(value);
    if (!checked.success)
      throw new AppError("VALIDATION_FAILED", {
        uz: `${key}: noto'g'ri qiymat`,
        ru: `${key}: неверное значение`,
        eng: `${key}: ${checked.error.issues[0]?.message ?? "not valid"}`,
      });
  }
}

export async function saveBrandSettings(
  db: Db,
  {
    merchantId,
    userId,
    timeZone,
    changes,
  }: { merchantId: string; userId: string; timeZone: string; changes: SettingsChanges },
): Promise<BrandSettings> {
  checkSecrets(changes.secrets);
  await getWebSettings(db, { merchantId });
  await transaction(db, async (tx) => {
    const settings = await lockWebSettings(tx, { merchantId });
    const merchant = await findMerchantRow(tx, { merchantId, lock: true });
    if (!settings || !merchant) throw new AppError("NOT_FOUND");
    if (settings.lastModifiedDate.toISOString() !== changes.version) {
      throw await loggedEditConflict(tx, {
        merchantId,
        entity: "settings",
        entityId: merchantId,
        at: settings.lastModifiedDate,
        timeZone,
      });
    }
    const before = view(settings, merchant);
    const values: WebSettingsValues = {
      mainColor: changes.mainColor,
      logo: changes.logo ?? "",
      isDark: changes.isDark,
      mainLanguage: changes.mainLanguage,
      ...Object.fromEntries(CONTENT_LANGUAGES.map((l) => [LANGUAGE_COLUMN[l], changes.languages[l]])),
      ...changes.features,
    };
    const secretValues = Object.fromEntries(
      BRAND_SECRETS.flatMap((s) => (changes.secrets[s] === undefined ? [] : [[s, changes.secrets[s]]])),
    );
    await updateWebSettings(tx, { merchantId, values });
    await updateMerchantSecrets(tx, {
      merchantId,
      values: {
        ...secretValues,
        ...(changes.logo === before.logo ? {} : { logo: changes.logo }),
        ...(changes.cardProvider === merchant.cardProvider ? {} : { cardProvider: changes.cardProvider }),
      },
    });
    // A new bot token: Telegram is told where its updates go, its commands and menu button; with the
    // token kept, a change of the brand's languages sets the commands and descriptions anew.
    const languagesChanged =
      before.mainLanguage !== changes.mainLanguage ||
      CONTENT_LANGUAGES.some((l) => before.languages[l] !== changes.languages[l]);
    const tokenKept = secretValues.telegramBotToken === undefined && before.secrets.telegramBotToken;
    if (typeof secretValues.telegramBotToken === "string" || (languagesChanged && tokenKept))
      await requestBotSetup(tx, merchantId);
    // The log names what changed; a secret only as replaced or cleared, never its value.
    const diff = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
    const plain = {
      mainColor: changes.mainColor,
      logo: changes.logo,
      isDark: changes.isDark,
      mainLanguage: changes.mainLanguage,
      cardProvider: changes.cardProvider,
    };
    for (const [k, v] of Object.entries(plain))
      if (before[k as keyof typeof plain] !== v) {
        diff.before[k] = before[k as keyof typeof plain];
        diff.after[k] = v;
      }
    for (const l of CONTENT_LANGUAGES)
      if (before.languages[l] !== changes.languages[l]) {
        diff.before[`language:${l}`] = before.languages[l];
        diff.after[`language:${l}`] = changes.languages[l];
      }
    for (const f of BRAND_FEATURES)
      if (before.features[f] !== changes.features[f]) {
        diff.before[f] = before.features[f];
        diff.after[f] = changes.features[f];
      }
    for (const s of Object.keys(secretValues)) {
      diff.before[s] = before.secrets[s as BrandSecret] ? "set" : "not set";
      diff.after[s] = secretValues[s] === null ? "cleared" : "replaced";
    }
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "settings",
      entityId: merchantId,
      action: "update",
      ...diff,
    });
    // The tenant lookup keeps the merchant row (payment credentials included) and the menu reads the
    // switches: both drop in every process when this commits.
    await cachesChanged(tx, merchantId, ["merchant", "menu"]);
  });
  return brandSettings(db, merchantId);
}
