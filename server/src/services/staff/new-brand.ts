// A new, empty brand (issue 36): only its name, its address on the deployment (the sub) and, when
// given, its Telegram bot token. Its first owner then builds the rest in the back office: branches,
// zones, menu, payments. It is written as a brand file, so it holds exactly what an import would.
import { findAnyMerchantBySub } from "../../repositories/merchants.ts";
import type { Db } from "../../db/types.ts";
import { importBrand, BrandFileError } from "../../import/import-brand.ts";
import type { BrandFileInput } from "../../import/brand-file.ts";
import { requestBotSetup } from "../bot/setup.ts";
import { StaffAccessError } from "./access.ts";

/** Where a new brand's map opens until its first branch is placed: Tashkent, like the default merchant. */
const FIRST_CITY = {
  key: "main",
  name: { uz: "Toshkent", ru: "Ташкент", eng: "Tashkent" },
  latitude: 41.311081,
  longitude: 69.240562,
  isMain: true,
};

const PAYMENT_METHODS = ["CASH", "TERMINAL", "PAYME", "CLICK", "UZUM"] as const;

export async function createEmptyBrand(
  db: Db,
  { sub, name, botToken }: { sub: string; name: string; botToken?: string | undefined },
): Promise<{ merchantId: string }> {
  if (await findAnyMerchantBySub(db, sub)) throw new StaffAccessError(`the brand "${sub}" exists already`);
  const file: BrandFileInput = {
    version: 1,
    merchant: {
      sub,
      name: { uz: name, ru: name, eng: name },
      ...(botToken === undefined ? {} : { integrations: { telegramBotToken: botToken } }),
    },
    // Three languages and the services switched on; each waits for the owner's branches and menu.
    webSettings: {
      brand: name,
      title: name,
      mainLanguage: "uz",
      uzLangActive: true,
      ruLangActive: true,
      engLangActive: true,
      deliveryActive: true,
      pickupActive: true,
      bannersActive: true,
      branchesActive: true,
      cashActive: true,
    },
    cities: [FIRST_CITY],
    // Every way to pay is listed on every channel; the settings' switches (cash on, the providers
    // off until the owner enters their credentials and turns them on) decide what checkout offers.
    paymentMethods: PAYMENT_METHODS.map((type, priority) => ({
      type,
      priority,
      webEnabled: true,
      botEnabled: true,
      appEnabled: true,
      operatorEnabled: true,
      qrEnabled: true,
    })),
  };
  try {
    // With a bot token, Telegram is told about the bot in the same transaction (services/bot/setup.ts).
    return await db.transaction(async (tx) => {
      const done = await importBrand(tx, file);
      if (botToken !== undefined) await requestBotSetup(tx, done.merchantId);
      return { merchantId: done.merchantId };
    });
  } catch (error) {
    if (error instanceof BrandFileError) {
      throw new StaffAccessError(error.issues.map((i) => `${i.path}: ${i.message}`).join("; "));
    }
    throw error;
  }
}
