// What the brand's bot says, in every content language. The customer's language is Telegram's
// language_code, then the one they chose with /language, among the brand's languages; else the
// brand's main language.
import { CONTENT_LANGUAGES, type ContentLanguage, type Currency, type PaymentType } from "#domain/enums.ts";
import { groupDigits } from "#domain/money-format.ts";
import { CURRENCY_NAMES } from "#domain/money.ts";
import type { ReplyMarkup } from "../../integrations/telegram-bot-api.ts";

type Texts = Record<ContentLanguage, string>;

export const BOT_TEXTS = {
  greeting: {
    uz: "{brand}ga xush kelibsiz! Buyurtma berish uchun «Menyu» tugmasini bosing.",
    ru: "Добро пожаловать в {brand}! Чтобы заказать, нажмите «Меню».",
    eng: "Welcome to {brand}! Tap “Menu” to order.",
    ar: "أهلًا بك في {brand}! اضغط «القائمة» لتطلب.",
    kz: "{brand} дүкеніне қош келдіңіз! Тапсырыс беру үшін «Мәзір» батырмасын басыңыз.",
    tr: "{brand}'a hoş geldiniz! Sipariş vermek için “Menü”ye dokunun.",
    zh: "欢迎来到 {brand}！点击“菜单”即可下单。",
  },
  menu: {
    uz: "Menyu",
    ru: "Меню",
    eng: "Menu",
    ar: "القائمة",
    kz: "Мәзір",
    tr: "Menü",
    zh: "菜单",
  },
  askContact: {
    uz: "Buyurtmangiz bo'yicha bog'lanishimiz uchun telefon raqamingizni yuboring.",
    ru: "Поделитесь номером телефона, чтобы мы могли связаться с вами по заказу.",
    eng: "Share your phone number so we can reach you about your order.",
    ar: "شارك رقم هاتفك لنتمكن من التواصل معك بشأن طلبك.",
    kz: "Тапсырыс бойынша хабарласуымыз үшін телефон нөміріңізді жіберіңіз.",
    tr: "Siparişinizle ilgili size ulaşabilmemiz için telefon numaranızı paylaşın.",
    zh: "请分享您的手机号，以便我们就订单联系您。",
  },
  shareContact: {
    uz: "Raqamimni yuborish",
    ru: "Отправить мой номер",
    eng: "Share my number",
    ar: "مشاركة رقمي",
    kz: "Нөмірімді жіберу",
    tr: "Numaramı paylaş",
    zh: "分享我的号码",
  },
  contactSaved: {
    uz: "Rahmat! {phone} raqami saqlandi.",
    ru: "Спасибо! Номер {phone} сохранён.",
    eng: "Thank you! {phone} is saved.",
    ar: "شكرًا! تم حفظ الرقم {phone}.",
    kz: "Рахмет! {phone} нөмірі сақталды.",
    tr: "Teşekkürler! {phone} kaydedildi.",
    zh: "谢谢！号码 {phone} 已保存。",
  },
  contactNotYours: {
    uz: "Iltimos, pastdagi tugma orqali o'z raqamingizni yuboring.",
    ru: "Пожалуйста, отправьте свой собственный номер кнопкой ниже.",
    eng: "Please share your own number with the button below.",
    ar: "يرجى مشاركة رقمك أنت عبر الزر أدناه.",
    kz: "Өз нөміріңізді төмендегі батырма арқылы жіберіңіз.",
    tr: "Lütfen aşağıdaki düğmeyle kendi numaranızı paylaşın.",
    zh: "请通过下方按钮分享您本人的号码。",
  },
  contactRefused: {
    uz: "Bu raqamni qabul qila olmaymiz: brend bu mamlakatga xizmat ko'rsatmaydi.",
    ru: "Этот номер принять не можем: бренд не работает с этой страной.",
    eng: "We can't take this number: the brand does not serve its country.",
    ar: "لا يمكننا قبول هذا الرقم: العلامة لا تخدم بلده.",
    kz: "Бұл нөмірді қабылдай алмаймыз: бренд бұл елге қызмет көрсетпейді.",
    tr: "Bu numarayı alamıyoruz: marka bu ülkeye hizmet vermiyor.",
    zh: "无法使用此号码：该品牌不服务其所在国家。",
  },
  table: {
    uz: "{table}-stol. Menyuni oching: buyurtma stolingizga keladi.",
    ru: "Стол {table}. Откройте меню: заказ принесут к вашему столу.",
    eng: "Table {table}. Open the menu: your order comes to your table.",
    ar: "الطاولة {table}. افتح القائمة: يصل طلبك إلى طاولتك.",
    kz: "{table}-үстел. Мәзірді ашыңыз: тапсырыс үстеліңізге әкелінеді.",
    tr: "Masa {table}. Menüyü açın: siparişiniz masanıza gelir.",
    zh: "{table} 号桌。打开菜单：订单将送到您的餐桌。",
  },
  orderAtTable: {
    uz: "Stolga buyurtma",
    ru: "Заказать к столу",
    eng: "Order to the table",
    ar: "اطلب إلى الطاولة",
    kz: "Үстелге тапсырыс",
    tr: "Masaya sipariş ver",
    zh: "点餐到桌",
  },
  open: {
    uz: "Ochish",
    ru: "Открыть",
    eng: "Open",
    ar: "فتح",
    kz: "Ашу",
    tr: "Aç",
    zh: "打开",
  },
  promo: {
    uz: "Promokodingiz: {code}. Buyurtmani rasmiylashtirishda kiriting.",
    ru: "Ваш промокод: {code}. Введите его при оформлении заказа.",
    eng: "Your promo code: {code}. Enter it at checkout.",
    ar: "رمز العرض الخاص بك: {code}. أدخله عند إتمام الطلب.",
    kz: "Промокодыңыз: {code}. Тапсырысты рәсімдегенде енгізіңіз.",
    tr: "Promosyon kodunuz: {code}. Ödeme sırasında girin.",
    zh: "您的优惠码：{code}。结账时输入。",
  },
  notFound: {
    uz: "Buni topa olmadik. Mana menyu.",
    ru: "Не нашли такого. Вот меню.",
    eng: "We couldn't find that. Here is the menu.",
    ar: "لم نجد ذلك. إليك القائمة.",
    kz: "Мұны таба алмадық. Міне, мәзір.",
    tr: "Bunu bulamadık. İşte menü.",
    zh: "未找到该内容。这是菜单。",
  },
  activeOrders: {
    uz: "Faol buyurtmalaringiz:",
    ru: "Ваши активные заказы:",
    eng: "Your active orders:",
    ar: "طلباتك النشطة:",
    kz: "Белсенді тапсырыстарыңыз:",
    tr: "Aktif siparişleriniz:",
    zh: "您进行中的订单：",
  },
  noActiveOrders: {
    uz: "Hozir faol buyurtmalaringiz yo'q.",
    ru: "Сейчас активных заказов нет.",
    eng: "You have no active orders right now.",
    ar: "ليست لديك طلبات نشطة الآن.",
    kz: "Қазір белсенді тапсырыстарыңыз жоқ.",
    tr: "Şu anda aktif siparişiniz yok.",
    zh: "您目前没有进行中的订单。",
  },
  order: {
    uz: "Buyurtma #{n}",
    ru: "Заказ №{n}",
    eng: "Order #{n}",
    ar: "الطلب رقم {n}",
    kz: "№{n} тапсырыс",
    tr: "Sipariş #{n}",
    zh: "订单 #{n}",
  },
  chooseLanguage: {
    uz: "Tilni tanlang:",
    ru: "Выберите язык:",
    eng: "Choose your language:",
    ar: "اختر لغتك:",
    kz: "Тілді таңдаңыз:",
    tr: "Dilinizi seçin:",
    zh: "请选择语言：",
  },
  languageSet: {
    uz: "Endi o'zbek tilida gaplashamiz.",
    ru: "Теперь говорим по-русски.",
    eng: "We'll talk in English now.",
    ar: "سنتحدث بالعربية الآن.",
    kz: "Енді қазақша сөйлесеміз.",
    tr: "Artık Türkçe konuşacağız.",
    zh: "现在我们用中文交流。",
  },
  help: {
    uz: "/start — menyu\n/orders — faol buyurtmalar\n/language — til\n/help — yordam",
    ru: "/start — меню\n/orders — активные заказы\n/language — язык\n/help — помощь",
    eng: "/start — the menu\n/orders — active orders\n/language — language\n/help — help",
    ar: "/start — القائمة\n/orders — الطلبات النشطة\n/language — اللغة\n/help — المساعدة",
    kz: "/start — мәзір\n/orders — белсенді тапсырыстар\n/language — тіл\n/help — көмек",
    tr: "/start — menü\n/orders — aktif siparişler\n/language — dil\n/help — yardım",
    zh: "/start — 菜单\n/orders — 进行中的订单\n/language — 语言\n/help — 帮助",
  },
  callUs: {
    uz: "Savollar bo'yicha qo'ng'iroq qiling: {phone}",
    ru: "По вопросам звоните: {phone}",
    eng: "Questions? Call us: {phone}",
    ar: "لأي أسئلة اتصل بنا: {phone}",
    kz: "Сұрақтар бойынша қоңырау шалыңыз: {phone}",
    tr: "Sorularınız için bizi arayın: {phone}",
    zh: "如有疑问请致电：{phone}",
  },
  rateAsk: {
    uz: "Buyurtma #{n} qanday bo'ldi? 1 dan 5 gacha baholang.",
    ru: "Как вам заказ №{n}? Оцените от 1 до 5.",
    eng: "How was order #{n}? Rate it from 1 to 5.",
    ar: "كيف كان الطلب رقم {n}؟ قيّمه من 1 إلى 5.",
    kz: "№{n} тапсырыс қалай болды? 1-ден 5-ке дейін бағалаңыз.",
    tr: "Sipariş #{n} nasıldı? 1'den 5'e kadar puanlayın.",
    zh: "订单 #{n} 怎么样？请打 1 到 5 分。",
  },
  rateThanks: {
    uz: "Bahoingiz uchun rahmat!",
    ru: "Спасибо за оценку!",
    eng: "Thank you for your grade!",
    ar: "شكرًا على تقييمك!",
    kz: "Бағаңызға рахмет!",
    tr: "Puanınız için teşekkürler!",
    zh: "感谢您的评分！",
  },
  rateWhy: {
    uz: "Kechirasiz, yaxshi chiqmadi. Nima yoqmadi? Bitta xabarda yozing.",
    ru: "Жаль, что не всё понравилось. Что было не так? Напишите одним сообщением.",
    eng: "Sorry it wasn't great. What went wrong? Tell us in one message.",
    ar: "نأسف لأن التجربة لم تكن جيدة. ما الذي حدث؟ أخبرنا في رسالة واحدة.",
    kz: "Кешіріңіз, бәрі ұнамады. Не дұрыс болмады? Бір хабарламада жазыңыз.",
    tr: "Üzgünüz, iyi olmadı. Ne ters gitti? Tek bir mesajla yazın.",
    zh: "很抱歉体验不佳。哪里出了问题？请用一条消息告诉我们。",
  },
  commentThanks: {
    uz: "Rahmat! Restoranga yetkazdik.",
    ru: "Спасибо! Мы передали это ресторану.",
    eng: "Thank you! We have passed it on to the restaurant.",
    ar: "شكرًا! لقد أبلغنا المطعم.",
    kz: "Рахмет! Мейрамханаға жеткіздік.",
    tr: "Teşekkürler! Restorana ilettik.",
    zh: "谢谢！我们已转告餐厅。",
  },
  alreadyGraded: {
    uz: "Bu buyurtma allaqachon baholangan.",
    ru: "Этот заказ уже оценён.",
    eng: "This order already has your grade.",
    ar: "هذا الطلب مقيَّم بالفعل.",
    kz: "Бұл тапсырыс бағаланып қойған.",
    tr: "Bu sipariş zaten puanlandı.",
    zh: "该订单已评分。",
  },
  receiptTitle: {
    uz: "№{number} buyurtma uchun to'lov qabul qilindi",
    ru: "Оплата заказа №{number} получена",
    eng: "Payment received for order #{number}",
    ar: "تم استلام الدفع للطلب رقم {number}",
    kz: "№{number} тапсырыс үшін төлем алынды",
    tr: "#{number} numaralı siparişin ödemesi alındı",
    zh: "订单 #{number} 已收到付款",
  },
  receiptDelivery: {
    uz: "Yetkazib berish",
    ru: "Доставка",
    eng: "Delivery",
    ar: "التوصيل",
    kz: "Жеткізу",
    tr: "Teslimat",
    zh: "配送",
  },
  receiptByTaximeter: {
    uz: "taksometr bo'yicha, kuryerga",
    ru: "по таксометру, курьеру",
    eng: "by the taximeter, paid to the courier",
    ar: "حسب العداد، تُدفع للمندوب",
    kz: "таксометр бойынша, курьерге",
    tr: "taksimetreye göre, kuryeye",
    zh: "按计价器，付给骑手",
  },
  receiptService: {
    uz: "Xizmat haqi",
    ru: "Обслуживание",
    eng: "Service",
    ar: "الخدمة",
    kz: "Қызмет көрсету",
    tr: "Servis",
    zh: "服务费",
  },
  receiptDiscount: {
    uz: "Chegirma",
    ru: "Скидка",
    eng: "Discount",
    ar: "الخصم",
    kz: "Жеңілдік",
    tr: "İndirim",
    zh: "折扣",
  },
  receiptTotal: {
    uz: "Jami to'landi ({provider})",
    ru: "Итого оплачено ({provider})",
    eng: "Total paid ({provider})",
    ar: "إجمالي المدفوع ({provider})",
    kz: "Барлығы төленді ({provider})",
    tr: "Toplam ödenen ({provider})",
    zh: "实付总额（{provider}）",
  },
  fiscalReceipt: {
    uz: "#{number} buyurtmaning fiskal cheki: {url}",
    ru: "Фискальный чек заказа №{number}: {url}",
    eng: "Fiscal receipt of order #{number}: {url}",
    ar: "الإيصال الضريبي للطلب رقم {number}: {url}",
    kz: "№{number} тапсырыстың фискалдық чегі: {url}",
    tr: "#{number} numaralı siparişin mali fişi: {url}",
    zh: "订单 #{number} 的税务收据：{url}",
  },
  receiptButton: {
    uz: "Chek va buyurtma",
    ru: "Чек и заказ",
    eng: "Receipt and order",
    ar: "الإيصال والطلب",
    kz: "Чек және тапсырыс",
    tr: "Fiş ve sipariş",
    zh: "收据与订单",
  },
  fallback: {
    uz: "Xabarlarni hali o'qiy olmayman, lekin menyu bir bosishda ochiladi.",
    ru: "Читать сообщения я пока не умею, но меню открывается в одно касание.",
    eng: "I can't read messages yet, but the menu is one tap away.",
    ar: "لا أستطيع قراءة الرسائل بعد، لكن القائمة على بعد نقرة واحدة.",
    kz: "Хабарларды әзірге оқи алмаймын, бірақ мәзір бір басумен ашылады.",
    tr: "Henüz mesaj okuyamıyorum ama menü bir dokunuş uzağınızda.",
    zh: "我还看不懂消息，但点一下就能打开菜单。",
  },
} satisfies Record<string, Texts>;

export type BotTextKey = keyof typeof BOT_TEXTS;

/** A text in `lang` with its {placeholders} filled. */
export function botText(key: BotTextKey, lang: ContentLanguage, values: Record<string, string> = {}): string {
  return BOT_TEXTS[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The bot's commands (setMyCommands), described in each language. */
export const BOT_COMMANDS: { command: string; description: Texts }[] = [
  {
    command: "start",
    description: {
      uz: "Menyu",
      ru: "Меню",
      eng: "The menu",
      ar: "القائمة",
      kz: "Мәзір",
      tr: "Menü",
      zh: "菜单",
    },
  },
  {
    command: "orders",
    description: {
      uz: "Faol buyurtmalar",
      ru: "Активные заказы",
      eng: "Active orders",
      ar: "الطلبات النشطة",
      kz: "Белсенді тапсырыстар",
      tr: "Aktif siparişler",
      zh: "进行中的订单",
    },
  },
  {
    command: "language",
    description: {
      uz: "Tilni o'zgartirish",
      ru: "Сменить язык",
      eng: "Change the language",
      ar: "تغيير اللغة",
      kz: "Тілді өзгерту",
      tr: "Dili değiştir",
      zh: "更改语言",
    },
  },
  {
    command: "help",
    description: {
      uz: "Yordam va aloqa",
      ru: "Помощь и контакты",
      eng: "Help and contacts",
      ar: "المساعدة والتواصل",
      kz: "Көмек және байланыс",
      tr: "Yardım ve iletişim",
      zh: "帮助与联系方式",
    },
  },
];

/** Each language's own name, for the /language buttons. */
export const LANGUAGE_NAMES: Texts = {
  uz: "O'zbekcha",
  ru: "Русский",
  eng: "English",
  ar: "العربية",
  kz: "Қазақша",
  tr: "Türkçe",
  zh: "中文",
};

/** Telegram's language_code (IETF, e.g. "en", "kk", "uz-Latn") as a content language. */
export function languageOfTelegram(code: string | undefined): ContentLanguage | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  if (base === "en") return "eng";
  if (base === "kk") return "kz";
  return (CONTENT_LANGUAGES as readonly string[]).includes(base ?? "")
    ? (base as ContentLanguage)
    : undefined;
}

/** The question after delivery, written with the status change (order-status.ts). */
export function gradeQuestion(
  orderId: string,
  number: number,
  lang: ContentLanguage,
): { text: string; replyMarkup: ReplyMarkup } {
  return {
    text: botText("rateAsk", lang, { n: String(number) }),
    replyMarkup: {
      inline_keyboard: [
        [1, 2, 3, 4, 5].map((n) => ({
          text: `${String(n)} ⭐`,
          callback_data: `grade:${orderId}:${String(n)}`,
        })),
      ],
    },
  };
}

/** How the receipt names the way the customer paid: the providers' own names, a saved card in words. */
const PROVIDER_NAMES: Partial<Record<PaymentType, string>> = {
  PAYME: "Payme",
  CLICK: "Click",
  CLICK_MINI_APP: "Click",
  UZUM: "Uzum",
  PAYNET: "Paynet",
  RAHMAT: "Rahmat",
};
const SAVED_CARD: Texts = {
  uz: "saqlangan karta",
  ru: "сохранённая карта",
  eng: "saved card",
  ar: "بطاقة محفوظة",
  kz: "сақталған карта",
  tr: "kayıtlı kart",
  zh: "已保存的卡",
};

export interface Receipt {
  number: number;
  currency: Currency;
  provider: PaymentType;
  lines: { name: string; count: number; price: number }[];
  deliveryPrice: number;
  /** The courier charges the taximeter's fare on arrival, outside the total. */
  deliveryByTaximeter?: boolean;
  servicePrice: number;
  totalDiscount: number;
  totalPrice: number;
}

/**
 * The receipt the bot sends once an order is paid online: each line, delivery, service, discount and
 * the total paid, in the customer's language. The tax authority's fiscal link follows in its own
 * message once the provider has registered the receipt (fiscalReceiptMessage, issue 40).
 */
export function receiptText(receipt: Receipt, lang: ContentLanguage): string {
  const money = (amount: number) => `${groupDigits(amount)} ${CURRENCY_NAMES[receipt.currency][lang]}`;
  const paidWith = receipt.provider === "CARD" ? SAVED_CARD[lang] : (PROVIDER_NAMES[receipt.provider] ?? "");
  const rows = [
    botText("receiptTitle", lang, { number: String(receipt.number) }),
    "",
    ...receipt.lines.map((line) => `${groupDigits(line.count)} × ${line.name}: ${money(line.price)}`),
  ];
  if (receipt.deliveryByTaximeter)
    rows.push(`${botText("receiptDelivery", lang)}: ${botText("receiptByTaximeter", lang)}`);
  else if (receipt.deliveryPrice > 0)
    rows.push(`${botText("receiptDelivery", lang)}: ${money(receipt.deliveryPrice)}`);
  if (receipt.servicePrice > 0)
    rows.push(`${botText("receiptService", lang)}: ${money(receipt.servicePrice)}`);
  if (receipt.totalDiscount > 0)
    rows.push(`${botText("receiptDiscount", lang)}: −${money(receipt.totalDiscount)}`);
  rows.push("", `${botText("receiptTotal", lang, { provider: paidWith })}: ${money(receipt.totalPrice)}`);
  return rows.join("\n");
}
