// The brand's bot answering one Telegram update (issue 41): /start (with its payloads table_<code>,
// product_<id>, order_<id>, promo_<code>), a shared contact, /orders, /language and its buttons,
// /help, and a short answer with the menu button to anything else, never silence. It runs inside
// the transaction that marks the update handled: its answers are bot_messages rows (the outbox),
// sent afterwards by bot-outbox.ts, so an update is answered exactly once.
import { z } from "zod";
import { CONTENT_LANGUAGES, type ContentLanguage } from "#domain/enums.ts";
import { pickText } from "#domain/multilingual.ts";
import { parsePhone, phoneCountriesFor } from "#domain/phone.ts";
import type { Config } from "../../config.ts";
import { AppError } from "../../lib/errors.ts";
import type { Db } from "../../db/types.ts";
import type { InlineButton, ReplyMarkup } from "../../integrations/telegram-bot-api.ts";
import {
  clearBotBlocked,
  findLiveProduct,
  findOrderAwaitingComment,
  setGradeComment,
  setUserLanguage,
} from "../../repositories/bot.ts";
import { getWebSettings, type MerchantRow, type WebSettingsRow } from "../../repositories/merchants.ts";
import { enqueueBotMessage } from "../../repositories/notifications.ts";
import { findOrder, gradeOrder, listActiveOrders } from "../../repositories/orders.ts";
import { findTableByCode } from "../../repositories/tables.ts";
import {
  attachVerifiedPhone,
  findOrCreateTelegramUser,
  saveBotSession,
  type UserRow,
} from "../../repositories/users.ts";
import { storefrontOrigin } from "./links.ts";
import { botText, LANGUAGE_NAMES, languageOfTelegram, type BotTextKey } from "./texts.ts";

const telegramUser = z.object({
  id: z.number().int().positive(),
  is_bot: z.boolean().optional(),
  first_name: z.string().max(256).default(""),
  last_name: z.string().max(256).optional(),
  language_code: z.string().max(35).optional(),
});

/** The parts of a Telegram Update the bot reads; anything else in it is kept and ignored. */
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().int().nonnegative(),
  message: z
    .looseObject({
      message_id: z.number().int(),
      from: telegramUser.optional(),
      chat: z.looseObject({ id: z.number().int(), type: z.string() }),
      text: z.string().max(4096).optional(),
      contact: z
        .looseObject({
          phone_number: z.string().max(32),
          first_name: z.string().max(256).default(""),
          last_name: z.string().max(256).optional(),
          user_id: z.number().int().optional(),
        })
        .optional(),
    })
    .optional(),
  callback_query: z
    .looseObject({
      id: z.string().max(128),
      from: telegramUser,
      message: z.looseObject({ chat: z.looseObject({ id: z.number().int() }) }).optional(),
      data: z.string().max(64).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;

export interface ConversationContext {
  tx: Db;
  merchant: MerchantRow;
  config: Config;
}

/** The brand's languages (its switches), the main one first. */
function brandLanguages(settings: WebSettingsRow): ContentLanguage[] {
  const on: Record<ContentLanguage, boolean> = {
    uz: settings.uzLangActive,
    ru: settings.ruLangActive,
    eng: settings.engLangActive,
    ar: settings.arLangActive,
    kz: settings.kzLangActive,
    tr: settings.trLangActive,
    zh: settings.zhLangActive,
  };
  const main = (CONTENT_LANGUAGES as readonly string[]).includes(settings.mainLanguage)
    ? (settings.mainLanguage as ContentLanguage)
    : "ru";
  return [main, ...CONTENT_LANGUAGES.filter((l) => on[l] && l !== main)];
}

/** A button opening `path` of the storefront: the mini app itself over https, else a link to it. */
function pageButton(ctx: ConversationContext, text: string, path: string, startapp?: string): InlineButton {
  const page = `${storefrontOrigin(ctx.merchant, ctx.config).replace(/\/+$/, "")}${path}`;
  if (page.startsWith("https://")) return { text, web_app: { url: page } };
  if (ctx.merchant.telegramBotUsername) {
    const start = startapp ? `?startapp=${startapp}` : "?startapp";
    return { text, url: `https://t.me/${ctx.merchant.telegramBotUsername}${start}` };
  }
  return { text, url: page };
}

interface Reply {
  text: string;
  markup?: ReplyMarkup;
}

export async function answerUpdate(ctx: ConversationContext, update: TelegramUpdate): Promise<void> {
  const from = update.message?.from ?? update.callback_query?.from;
  const chatId = update.message?.chat.id ?? update.callback_query?.message?.chat.id ?? from?.id;
  // Channels, groups and other bots: a brand's bot talks in private chats with people only.
  if (!from || from.is_bot || chatId === undefined || chatId !== from.id) return;
  const { tx, merchant } = ctx;
  const settings = await getWebSettings(tx, { merchantId: merchant.id });
  const languages = brandLanguages(settings);
  const { user } = await findOrCreateTelegramUser(tx, {
    merchantId: merchant.id,
    profile: {
      telegramId: BigInt(from.id),
      firstName: from.first_name,
      lastName: from.last_name,
      language: languageOfTelegram(from.language_code),
    },
  });
  await clearBotBlocked(tx, { merchantId: merchant.id, telegramId: BigInt(from.id) });
  const chosen = user.language as ContentLanguage | null;
  const lang = chosen && languages.includes(chosen) ? chosen : (languages[0] ?? "ru");
  const t = (key: BotTextKey, values?: Record<string, string>) => botText(key, lang, values);
  const menuKeyboard = (): ReplyMarkup => ({ inline_keyboard: [[pageButton(ctx, t("menu"), "/")]] });

  const replies: Reply[] = [];
  const callback = update.callback_query;
  if (callback) {
    // /language's buttons ("lang:<code>") and the grade after delivery ("grade:<order id>:<1-5>").
    const chosenLanguage = /^lang:(\w+)$/.exec(callback.data ?? "")?.[1] as ContentLanguage | undefined;
    const grade = /^grade:([\w-]{36}):([1-5])$/.exec(callback.data ?? "");
    await enqueueCall(ctx, "answerCallbackQuery", { callback_query_id: callback.id });
    if (chosenLanguage && languages.includes(chosenLanguage)) {
      await setUserLanguage(tx, { merchantId: merchant.id, userId: user.id, language: chosenLanguage });
      replies.push({ text: botText("languageSet", chosenLanguage) });
    } else if (grade?.[1] && grade[2]) {
      replies.push(await gradeFromBot(ctx, user, grade[1], Number(grade[2]), lang));
    }
  } else if (update.message?.contact) {
    replies.push(...(await takeContact(ctx, user, update.message.contact, from.id, lang)));
  } else {
    const text = update.message?.text?.trim() ?? "";
    const command = /^\/(\w+)(?:@\w+)?(?:\s+(\S+))?/.exec(text);
    // A plain message right after a low grade is its comment.
    const awaiting =
      !command && text
        ? await findOrderAwaitingComment(tx, {
            merchantId: merchant.id,
            userId: user.id,
            since: new Date(Date.now() - COMMENT_WINDOW_MS),
          })
        : undefined;
    if (awaiting) {
      await setGradeComment(tx, {
        merchantId: merchant.id,
        orderId: awaiting.id,
        comment: text.slice(0, 1000),
      });
      replies.push({ text: t("commentThanks"), markup: menuKeyboard() });
    } else {
      switch (command?.[1]) {
        case "start":
          replies.push(...(await start(ctx, user, command[2] ?? "", lang, menuKeyboard)));
          break;
        case "orders":
          replies.push(await activeOrders(ctx, user, t));
          break;
        case "language":
          replies.push({
            text: t("chooseLanguage"),
            markup: {
              inline_keyboard: languages.map((l) => [
                { text: LANGUAGE_NAMES[l], callback_data: `lang:${l}` },
              ]),
            },
          });
          break;
        case "help":
          replies.push({
            text: [t("help"), ...(settings.phone ? [t("callUs", { phone: settings.phone })] : [])].join(
              "\n\n",
            ),
            markup: menuKeyboard(),
          });
          break;
        default:
          replies.push({ text: t("fallback"), markup: menuKeyboard() });
      }
    }
  }
  for (const reply of replies) {
    await enqueueBotMessage(tx, {
      merchantId: merchant.id,
      userId: user.id,
      chatId: BigInt(chatId),
      text: reply.text,
      replyMarkup: reply.markup ?? null,
    });
  }
}

async function start(
  ctx: ConversationContext,
  user: UserRow,
  payload: string,
  lang: ContentLanguage,
  menuKeyboard: () => ReplyMarkup,
): Promise<Reply[]> {
  const { tx, merchant } = ctx;
  const t = (key: BotTextKey, values?: Record<string, string>) => botText(key, lang, values);
  const replies: Reply[] = [];
  const [kind, ...rest] = payload.split("_");
  const value = rest.join("_");
  const notFound = (): Reply => ({ text: t("notFound"), markup: menuKeyboard() });
  if (kind === "table" && value) {
    const table = await findTableByCode(tx, { merchantId: merchant.id, code: value });
    replies.push(
      table?.isActive && table.hallActive
        ? {
            text: t("table", { table: table.name }),
            markup: {
              inline_keyboard: [
                [pageButton(ctx, t("orderAtTable"), `/?table=${encodeURIComponent(table.code)}`, payload)],
              ],
            },
          }
        : notFound(),
    );
  } else if (kind === "product" && value) {
    const product = z.uuid().safeParse(value).success
      ? await findLiveProduct(tx, { merchantId: merchant.id, id: value })
      : undefined;
    replies.push(
      product
        ? {
            text: pickText(product.name, lang),
            markup: { inline_keyboard: [[pageButton(ctx, t("open"), `/product/${product.id}`, payload)]] },
          }
        : notFound(),
    );
  } else if (kind === "order" && value) {
    const order = z.uuid().safeParse(value).success
      ? await findOrder(tx, { merchantId: merchant.id, id: value, userId: user.id })
      : undefined;
    replies.push(
      order
        ? {
            text: t("order", { n: String(order.number) }),
            markup: {
              inline_keyboard: [[pageButton(ctx, t("open"), `/profile/orders/${order.id}`, payload)]],
            },
          }
        : notFound(),
    );
  } else if (kind === "promo" && /^[\w-]{1,32}$/.test(value)) {
    replies.push({ text: t("promo", { code: value }), markup: menuKeyboard() });
  } else {
    replies.push({ text: t("greeting", { brand: pickText(merchant.name, lang) }), markup: menuKeyboard() });
  }
  if (!user.phone) {
    replies.push({
      text: t("askContact"),
      markup: {
        keyboard: [[{ text: t("shareContact"), request_contact: true }]],
        resize_keyboard: true,
        one_time_keyboard: true,
      },
    });
  }
  return replies;
}

async function takeContact(
  ctx: ConversationContext,
  user: UserRow,
  contact: NonNullable<NonNullable<TelegramUpdate["message"]>["contact"]>,
  senderId: number,
  lang: ContentLanguage,
): Promise<Reply[]> {
  const t = (key: BotTextKey, values?: Record<string, string>) => botText(key, lang, values);
  const shareAgain: ReplyMarkup = {
    keyboard: [[{ text: t("shareContact"), request_contact: true }]],
    resize_keyboard: true,
    one_time_keyboard: true,
  };
  // Telegram fills user_id only for a contact of a Telegram user; the sender's own has theirs.
  if (contact.user_id !== senderId) return [{ text: t("contactNotYours"), markup: shareAgain }];
  const parsed = parsePhone(`+${contact.phone_number.replace(/\D/g, "")}`, {
    countries: phoneCountriesFor(ctx.merchant.currency),
  });
  if (!parsed.ok) return [{ text: t("contactRefused") }];
  const saved = await attachVerifiedPhone(ctx.tx, {
    merchantId: ctx.merchant.id,
    userId: user.id,
    phone: parsed.e164,
  });
  await saveBotSession(ctx.tx, {
    merchantId: ctx.merchant.id,
    telegramId: BigInt(senderId),
    status: "CONTACT_SHARED",
    firstName: contact.first_name || null,
    lastName: contact.last_name ?? null,
    phone: saved.phone ?? parsed.e164,
  });
  return [
    { text: t("contactSaved", { phone: parsed.e164 }), markup: { remove_keyboard: true } },
    {
      text: t("greeting", { brand: pickText(ctx.merchant.name, lang) }),
      markup: { inline_keyboard: [[pageButton(ctx, t("menu"), "/")]] },
    },
  ];
}

async function activeOrders(
  ctx: ConversationContext,
  user: UserRow,
  t: (key: BotTextKey, values?: Record<string, string>) => string,
): Promise<Reply> {
  const active = await listActiveOrders(ctx.tx, { merchantId: ctx.merchant.id, userId: user.id });
  if (active.length === 0) {
    return { text: t("noActiveOrders"), markup: { inline_keyboard: [[pageButton(ctx, t("menu"), "/")]] } };
  }
  return {
    text: t("activeOrders"),
    markup: {
      inline_keyboard: active
        .slice(0, 10)
        .map((order) => [
          pageButton(
            ctx,
            t("order", { n: String(order.number) }),
            `/profile/orders/${order.id}`,
            `order_${order.id}`,
          ),
        ]),
    },
  };
}

/** How long after a low grade the customer's next message is taken as its comment. */
const COMMENT_WINDOW_MS = 30 * 60_000;

/** The grade of a button under the question after delivery: the same review the app's form writes. */
async function gradeFromBot(
  ctx: ConversationContext,
  user: UserRow,
  orderId: string,
  grade: number,
  lang: ContentLanguage,
): Promise<Reply> {
  try {
    await gradeOrder(ctx.tx, {
      merchantId: ctx.merchant.id,
      orderId,
      userId: user.id,
      grade,
      reasons: [],
      comment: null,
      now: new Date(),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { text: botText(error.body.code === "ORDER_ALREADY_GRADED" ? "alreadyGraded" : "notFound", lang) };
  }
  return { text: botText(grade < 4 ? "rateWhy" : "rateThanks", lang) };
}

/** A Bot API call other than a message (answerCallbackQuery), through the same outbox. */
export async function enqueueCall(
  ctx: { tx: Db; merchant: MerchantRow },
  method: string,
  params: Record<string, unknown>,
): Promise<void> {
  await enqueueBotMessage(ctx.tx, { merchantId: ctx.merchant.id, text: "", method, params });
}
