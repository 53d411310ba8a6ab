// The words of an order's status notification in every content language: the notification row
// carries all of them (the screen shows the customer's current language), the bot message the
// customer's own.
import { CONTENT_LANGUAGES, type ContentLanguage, type OrderStatus } from "#domain/enums.ts";
import type { Multilingual } from "#domain/multilingual.ts";

type Texts = Record<ContentLanguage, string>;

export const STATUS_TEXTS: Record<OrderStatus, Texts> = {
  OPEN: {
    uz: "Buyurtmangiz to'lovni kutmoqda",
    ru: "Заказ ожидает оплаты",
    eng: "Your order is waiting for payment",
    ar: "طلبك بانتظار الدفع",
    kz: "Тапсырысыңыз төлемді күтуде",
    tr: "Siparişiniz ödeme bekliyor",
    zh: "您的订单等待付款",
  },
  AT_TIME: {
    uz: "To'landi: buyurtmangizni tanlangan vaqtga tayyorlaymiz",
    ru: "Оплачено: приготовим заказ к выбранному времени",
    eng: "Paid: we will prepare your order for the time you chose",
    ar: "تم الدفع: سنحضّر طلبك في الوقت الذي اخترته",
    kz: "Төленді: тапсырысыңызды таңдалған уақытқа дайындаймыз",
    tr: "Ödendi: siparişinizi seçtiğiniz saate hazırlayacağız",
    zh: "已付款：我们将在您选择的时间准备好订单",
  },
  CREATED: {
    uz: "Buyurtmangiz qabul qilindi",
    ru: "Мы получили ваш заказ",
    eng: "We have received your order",
    ar: "لقد استلمنا طلبك",
    kz: "Тапсырысыңыз алынды",
    tr: "Siparişinizi aldık",
    zh: "我们已收到您的订单",
  },
  ACCEPTED: {
    uz: "Restoran buyurtmangizni qabul qildi",
    ru: "Ресторан принял ваш заказ",
    eng: "The restaurant has accepted your order",
    ar: "قبل المطعم طلبك",
    kz: "Мейрамхана тапсырысыңызды қабылдады",
    tr: "Restoran siparişinizi onayladı",
    zh: "餐厅已接单",
  },
  COOKING: {
    uz: "Buyurtmangiz tayyorlanmoqda",
    ru: "Ваш заказ готовится",
    eng: "Your order is being prepared",
    ar: "يتم تحضير طلبك",
    kz: "Тапсырысыңыз дайындалуда",
    tr: "Siparişiniz hazırlanıyor",
    zh: "您的订单正在制作中",
  },
  DONE: {
    uz: "Buyurtmangiz tayyor",
    ru: "Ваш заказ готов",
    eng: "Your order is ready",
    ar: "طلبك جاهز",
    kz: "Тапсырысыңыз дайын",
    tr: "Siparişiniz hazır",
    zh: "您的订单已做好",
  },
  ATTACHED: {
    uz: "Buyurtmangizga kuryer biriktirildi",
    ru: "Заказу назначен курьер",
    eng: "A courier has been assigned to your order",
    ar: "تم تعيين مندوب توصيل لطلبك",
    kz: "Тапсырысыңызға курьер тағайындалды",
    tr: "Siparişinize kurye atandı",
    zh: "已为您的订单分配骑手",
  },
  ON_WAY: {
    uz: "Kuryer yo'lda",
    ru: "Курьер уже в пути",
    eng: "The courier is on the way to you",
    ar: "المندوب في الطريق إليك",
    kz: "Курьер жолда",
    tr: "Kurye yolda",
    zh: "骑手正在配送途中",
  },
  DELIVERED: {
    uz: "Buyurtmangiz yetkazildi. Yoqimli ishtaha!",
    ru: "Заказ доставлен. Приятного аппетита!",
    eng: "Your order has been delivered. Enjoy your meal!",
    ar: "تم توصيل طلبك. بالهناء والشفاء!",
    kz: "Тапсырысыңыз жеткізілді. Ас болсын!",
    tr: "Siparişiniz teslim edildi. Afiyet olsun!",
    zh: "订单已送达，祝您用餐愉快！",
  },
  CLOSED: {
    uz: "Buyurtmangiz yakunlandi. Rahmat!",
    ru: "Заказ завершён. Спасибо!",
    eng: "Your order is complete. Thank you!",
    ar: "اكتمل طلبك. شكرًا لك!",
    kz: "Тапсырысыңыз аяқталды. Рақмет!",
    tr: "Siparişiniz tamamlandı. Teşekkürler!",
    zh: "订单已完成，谢谢！",
  },
  CANCELED: {
    uz: "Buyurtmangiz bekor qilindi",
    ru: "Ваш заказ отменён",
    eng: "Your order has been cancelled",
    ar: "تم إلغاء طلبك",
    kz: "Тапсырысыңыздың күші жойылды",
    tr: "Siparişiniz iptal edildi",
    zh: "您的订单已取消",
  },
};

/** The line under a cancelled order's status with the reason staff gave, as they typed it. */
const CANCEL_REASON: Texts = {
  uz: "Sabab: {reason}",
  ru: "Причина: {reason}",
  eng: "Reason: {reason}",
  ar: "السبب: {reason}",
  kz: "Себебі: {reason}",
  tr: "Neden: {reason}",
  zh: "原因：{reason}",
};

/**
 * The status words in every content language; a cancelled order with the reason staff gave (their
 * own text, in whatever language they typed it) carries it on a line of its own.
 */
export function statusTexts(status: OrderStatus, cancelComment: string | null = null): Texts {
  const reason = status === "CANCELED" ? cancelComment?.trim() : undefined;
  if (!reason) return STATUS_TEXTS[status];
  return Object.fromEntries(
    CONTENT_LANGUAGES.map((lang) => [
      lang,
      `${STATUS_TEXTS[status][lang]}\n${CANCEL_REASON[lang].replace("{reason}", () => reason)}`,
    ]),
  ) as Texts;
}

const ORDER_TITLE: Texts = {
  uz: "Buyurtma №{n}",
  ru: "Заказ №{n}",
  eng: "Order #{n}",
  ar: "الطلب رقم {n}",
  kz: "№{n} тапсырыс",
  tr: "Sipariş #{n}",
  zh: "订单 #{n}",
};

/** The bot message's button. */
export const OPEN_ORDER: Texts = {
  uz: "Buyurtmani ochish",
  ru: "Открыть заказ",
  eng: "Open the order",
  ar: "فتح الطلب",
  kz: "Тапсырысты ашу",
  tr: "Siparişi aç",
  zh: "查看订单",
};

export function orderTitle(number: number): Multilingual {
  return Object.fromEntries(
    CONTENT_LANGUAGES.map((lang) => [lang, ORDER_TITLE[lang].replace("{n}", String(number))]),
  );
}

export function isContentLanguage(value: string | null | undefined): value is ContentLanguage {
  return value != null && (CONTENT_LANGUAGES as readonly string[]).includes(value);
}
