// What a customer hears when their order changes status, written in the change's own transaction
// (every path that moves an order writes its history through recordOrderHistory, services/orders/history.ts, which calls this):
// a notification row, and for a customer who came through the brand's Telegram bot a bot message
// in the outbox (sent afterwards by bot-outbox.ts, so sending never holds up or fails the change).
// Nothing is written while the brand's notificationsActive is off.
import type { OrderStatus } from "#domain/enums.ts";
import { pickText } from "#domain/multilingual.ts";
import { canGrade } from "#domain/order-status.ts";
import type { Db } from "../../db/types.ts";
import {
  enqueueBotMessage,
  findOrderReceipt,
  findStatusNotificationTarget,
  insertNotification,
} from "../../repositories/notifications.ts";
import { botText, gradeQuestion, receiptText } from "../bot/texts.ts";
import { isContentLanguage, OPEN_ORDER, orderTitle, statusTexts } from "./texts.ts";

export async function recordStatusNotification(
  tx: Db,
  input: {
    merchantId: string;
    orderId: string;
    status: OrderStatus;
    /** The change's comment and who made it: a cancel by staff tells the customer their reason. */
    comment?: string | null;
    actorUserId?: string | null;
    /** The change is an online payment (mark-paid.ts): a bot customer gets the receipt too. */
    paidOnline?: boolean;
  },
): Promise<void> {
  const { merchantId, orderId, status } = input;
  const target = await findStatusNotificationTarget(tx, { merchantId, orderId });
  if (!target?.userId || !target.notificationsActive) return;
  const title = orderTitle(target.number);
  const byStaff = !!input.actorUserId && input.actorUserId !== target.userId;
  const body = statusTexts(status, byStaff ? (input.comment ?? null) : null);
  await insertNotification(tx, {
    merchantId,
    userId: target.userId,
    kind: "ORDER_STATUS",
    orderId,
    orderStatus: status,
    title,
    body,
  });
  if (target.telegramId === null) return;
  const lang = isContentLanguage(target.language)
    ? target.language
    : isContentLanguage(target.mainLanguage)
      ? target.mainLanguage
      : "ru";
  await enqueueBotMessage(tx, {
    merchantId,
    userId: target.userId,
    orderId,
    chatId: target.telegramId,
    text: `${pickText(title, lang)}\n${pickText(body, lang)}`,
    buttonText: OPEN_ORDER[lang],
  });
  if (input.paidOnline) {
    const receipt = await findOrderReceipt(tx, { merchantId, orderId });
    if (receipt) {
      const text = receiptText(
        {
          number: receipt.number,
          currency: receipt.currency,
          provider: receipt.payment?.provider ?? receipt.paymentType,
          lines: receipt.lines.map((line) => ({ ...line, name: pickText(line.name, lang) })),
          deliveryPrice: receipt.deliveryPrice,
          deliveryByTaximeter: receipt.deliveryByTaximeter,
          servicePrice: receipt.servicePrice,
          totalDiscount: receipt.totalDiscount,
          totalPrice: receipt.totalPrice,
        },
        lang,
      );
      await enqueueBotMessage(tx, {
        merchantId,
        userId: target.userId,
        orderId,
        chatId: target.telegramId,
        text,
        buttonText: botText("receiptButton", lang),
      });
    }
  }
  // Finished: the bot asks for a grade with buttons (services/bot/conversation.ts takes the answer).
  if (canGrade(status, false)) {
    const question = gradeQuestion(orderId, target.number, lang);
    await enqueueBotMessage(tx, {
      merchantId,
      userId: target.userId,
      orderId,
      chatId: target.telegramId,
      text: question.text,
      replyMarkup: question.replyMarkup,
    });
  }
}

/**
 * The tax authority's receipt link, once the payment provider has registered the receipt (issue 40):
 * to a customer who came through the brand's bot, in the transaction that stores the link.
 */
export async function recordFiscalLinkMessage(
  tx: Db,
  { merchantId, orderId, url }: { merchantId: string; orderId: string; url: string },
): Promise<void> {
  const target = await findStatusNotificationTarget(tx, { merchantId, orderId });
  if (!target?.userId || !target.notificationsActive || target.telegramId === null) return;
  const lang = isContentLanguage(target.language)
    ? target.language
    : isContentLanguage(target.mainLanguage)
      ? target.mainLanguage
      : "ru";
  await enqueueBotMessage(tx, {
    merchantId,
    userId: target.userId,
    orderId,
    chatId: target.telegramId,
    text: botText("fiscalReceipt", lang, { number: String(target.number), url }),
    buttonText: botText("receiptButton", lang),
  });
}
