import type { Multilingual } from "./multilingual.ts";

/**
 * Every error the API answers, as `{ status, code, description: { uz, ru, eng } }`.
 * The client reads `code` to decide where to go (MERCHANT_INACTIVE -> /blocked) and shows
 * `description` in the customer's language.
 */
export interface ApiErrorBody {
  status: number;
  code: ApiErrorCode;
  description: Required<Pick<Multilingual, "uz" | "ru" | "eng">>;
}

interface ErrorDefinition {
  status: number;
  uz: string;
  ru: string;
  eng: string;
}

export const API_ERRORS = {
  VALIDATION_FAILED: {
    status: 400,
    uz: "So'rov ma'lumotlari noto'g'ri",
    ru: "Неверные данные запроса",
    eng: "The request data is invalid",
  },
  MERCHANT_REQUIRED: {
    status: 400,
    uz: "Merchant id aniqlanishi kerak",
    ru: "Необходимо указать идентификатор мерчанта",
    eng: "Merchant id must be defined",
  },
  MERCHANT_UNKNOWN: {
    status: 400,
    uz: "Bunday merchant topilmadi",
    ru: "Мерчант не найден",
    eng: "Merchant id is unknown",
  },
  MERCHANT_INACTIVE: {
    status: 403,
    uz: "Tizim administrator tomonidan o'chirilgan. Agar bu sayt sizga tegishli bo'lsa, menejeringizga murojaat qiling",
    ru: "Система отключена администратором. Если этот сайт принадлежит вам, обратитесь к своему менеджеру",
    eng: "System deleted by admin. If this site belongs to you, please contact your manager",
  },
  NOT_FOUND: {
    status: 404,
    uz: "Topilmadi",
    ru: "Не найдено",
    eng: "Not found",
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    uz: "Bunday so'rov manzili mavjud emas",
    ru: "Такого адреса запроса не существует",
    eng: "No such API path",
  },
  UNAUTHORIZED: {
    status: 401,
    uz: "Ba'zi ma'lumotlar eskirgan! Iltimos, qaytadan kiring.",
    ru: "Некоторые данные устарели! Пожалуйста, войдите снова.",
    eng: "Some things are out of date! Please log in again.",
  },
  FORBIDDEN: {
    status: 403,
    uz: "Bu amal uchun ruxsat yo'q",
    ru: "Нет доступа к этому действию",
    eng: "You are not allowed to do this",
  },
  STAFF_BRANCH_FORBIDDEN: {
    status: 403,
    uz: "Siz bu filialda ishlamaysiz",
    ru: "Вы не работаете в этом филиале",
    eng: "You do not work at this branch",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    uz: "So'rov hajmi juda katta",
    ru: "Слишком большой запрос",
    eng: "The request is too large",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    uz: "So'rov formati qo'llab-quvvatlanmaydi",
    ru: "Формат запроса не поддерживается",
    eng: "The request format is not supported",
  },
  RATE_LIMITED: {
    status: 429,
    uz: "So'rovlar juda ko'p. Birozdan keyin qayta urinib ko'ring",
    ru: "Слишком много запросов. Попробуйте чуть позже",
    eng: "Too many requests. Please try again a little later",
  },
  INTERNAL: {
    status: 500,
    uz: "Xatolik yuz berdi, keyinroq urinib ko'ring",
    ru: "Произошла ошибка, попробуйте позже",
    eng: "Something went wrong, please try again later",
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    uz: "Xizmat vaqtincha ishlamayapti",
    ru: "Сервис временно недоступен",
    eng: "The service is temporarily unavailable",
  },
  // Telegram and Click sign-in (server/src/routes/webbot).
  INIT_DATA_INVALID: {
    status: 401,
    uz: "Telegram ma'lumotlari tasdiqlanmadi: ular o'zgartirilgan yoki boshqa botga tegishli. Botni qayta ishga tushiring",
    ru: "Данные Telegram не прошли проверку: они изменены или принадлежат другому боту. Перезапустите бота",
    eng: "The Telegram data failed verification: it was altered or belongs to another bot. Please restart the bot",
  },
  INIT_DATA_EXPIRED: {
    status: 401,
    uz: "Telegram ma'lumotlari eskirgan (24 soatdan ko'p). Ilovani yopib, botdan qayta oching",
    ru: "Данные Telegram устарели (старше 24 часов). Закройте приложение и откройте его из бота снова",
    eng: "The Telegram data has expired (older than 24 hours). Close the app and open it from the bot again",
  },
  CONTACT_INVALID: {
    status: 401,
    uz: "Telefon raqami tasdiqlanmadi: kontakt Telegram tomonidan imzolanmagan yoki boshqa foydalanuvchiga tegishli",
    ru: "Номер телефона не подтверждён: контакт не подписан Telegram или принадлежит другому пользователю",
    eng: "The phone number could not be verified: the contact is not signed by Telegram or belongs to another user",
  },
  TELEGRAM_LOGIN_UNAVAILABLE: {
    status: 503,
    uz: "Bu do'kon uchun Telegram orqali kirish sozlanmagan",
    ru: "Вход через Telegram для этого магазина не настроен",
    eng: "Telegram sign-in is not set up for this shop",
  },
  TELEGRAM_WEBHOOK_SECRET_INVALID: {
    status: 401,
    uz: "Telegram webhook siri noto'g'ri",
    ru: "Неверный секрет вебхука Telegram",
    eng: "The Telegram webhook secret is wrong",
  },
  CLICK_SESSION_INVALID: {
    status: 401,
    uz: "Click sessiyasi yaroqsiz yoki muddati o'tgan. Ilovani Click ichida qayta oching",
    ru: "Сессия Click недействительна или истекла. Откройте приложение в Click заново",
    eng: "The Click session is invalid or has expired. Open the app from Click again",
  },
  CLICK_LOGIN_UNAVAILABLE: {
    status: 503,
    uz: "Click orqali kirish hozircha ishlamayapti. Birozdan keyin urinib ko'ring",
    ru: "Вход через Click сейчас недоступен. Попробуйте чуть позже",
    eng: "Click sign-in is unavailable right now. Please try again a little later",
  },
  // Orders, promos and the staff API (server/src/routes/orders).
  ORDER_EMPTY: {
    status: 400,
    uz: "Savat bo'sh",
    ru: "Корзина пуста",
    eng: "The basket is empty",
  },
  PRODUCT_NOT_AVAILABLE: {
    status: 400,
    uz: "Bu mahsulot mavjud emas",
    ru: "Этот товар недоступен",
    eng: "This product is not available",
  },
  MODIFICATION_INVALID: {
    status: 400,
    uz: "Mahsulot variantlarini to'g'ri tanlang",
    ru: "Выберите параметры товара правильно",
    eng: "Choose the product's options correctly",
  },
  MODIFICATION_NOT_AVAILABLE: {
    status: 400,
    uz: "Bu qo'shimcha hozir mavjud emas",
    ru: "Эта добавка сейчас недоступна",
    eng: "This option is not available now",
  },
  STOCK_NOT_ENOUGH: {
    status: 400,
    uz: "Mahsulotlar soni yetarli emas",
    ru: "Недостаточное количество товара",
    eng: "Insufficient number of products",
  },
  QUANTITY_INVALID: {
    status: 400,
    uz: "Mahsulot miqdori noto'g'ri",
    ru: "Неверное количество товара",
    eng: "The quantity of a product is not allowed",
  },
  SERVICE_TYPE_UNAVAILABLE: {
    status: 400,
    uz: "Bu xizmat turi mavjud emas",
    ru: "Этот способ получения недоступен",
    eng: "This service type is not available",
  },
  PAYMENT_TYPE_UNAVAILABLE: {
    status: 400,
    uz: "Bu to'lov turi mavjud emas",
    ru: "Этот способ оплаты недоступен",
    eng: "This payment type is not available",
  },
  BRANCH_UNAVAILABLE: {
    status: 400,
    uz: "Tanlangan filial buyurtma qabul qilmaydi",
    ru: "Выбранный филиал не принимает заказы",
    eng: "The chosen branch does not take this order",
  },
  BRANCH_CLOSED: {
    status: 400,
    uz: "Filial bu vaqtda yopiq",
    ru: "Филиал в это время закрыт",
    eng: "The branch is closed at that time",
  },
  BRANCH_HOLIDAY: {
    status: 400,
    uz: "Bugun dam olish kuni",
    ru: "Сегодня выходной",
    eng: "Today is a holiday",
  },
  TABLE_NOT_FOUND: {
    status: 404,
    uz: "Bu QR kod bo'yicha stol topilmadi",
    ru: "Стол по этому QR-коду не найден",
    eng: "No table of this restaurant has this QR code",
  },
  TABLE_UNAVAILABLE: {
    status: 400,
    uz: "Bu stolda hozir buyurtma qabul qilinmaydi",
    ru: "За этим столом сейчас не принимают заказы",
    eng: "This table does not take orders",
  },
  TABLE_CLOSED: {
    status: 400,
    uz: "Filial hozir yopiq, stolga buyurtma berib bo'lmaydi",
    ru: "Филиал сейчас закрыт, заказ к столу недоступен",
    eng: "The restaurant is closed now, orders to the table are not taken",
  },
  TABLE_INVALID: {
    status: 400,
    uz: "Stol bu filialga tegishli emas yoki o'chirilgan",
    ru: "Стол не относится к этому филиалу или отключён",
    eng: "The table is not one of this branch's active tables",
  },
  WAITER_CALL_LIMIT: {
    status: 429,
    uz: "Ofitsiant juda ko'p chaqirildi. Birozdan keyin qayta urinib ko'ring",
    ru: "Официанта вызывали слишком часто. Попробуйте чуть позже",
    eng: "The waiter was called too often from this table. Please try again a little later",
  },
  WAITER_CALL_CLOSED: {
    status: 409,
    uz: "Bu chaqiruv allaqachon yopilgan",
    ru: "Этот вызов уже закрыт",
    eng: "This waiter call is closed already",
  },
  ADDRESS_REQUIRED: {
    status: 400,
    uz: "Yetkazib berish manzilini tanlang",
    ru: "Выберите адрес доставки",
    eng: "Choose a delivery address",
  },
  PHONE_REQUIRED: {
    status: 409,
    uz: "Buyurtma berish uchun telefon raqamingizni qo'shing",
    ru: "Добавьте номер телефона, чтобы оформить заказ",
    eng: "Add your phone number to place the order",
  },
  HOUSE_NUMBER_REQUIRED: {
    status: 400,
    uz: "Yetkazib berish manzilida uy raqamini kiriting",
    ru: "Укажите номер дома в адресе доставки",
    eng: "Add the house number to the delivery address",
  },
  OUT_OF_ZONE: {
    status: 400,
    uz: "Xizmat hududidan tashqarida",
    ru: "Вне зоны обслуживания",
    eng: "Out of Service zone",
  },
  DELIVERY_UNAVAILABLE: {
    status: 400,
    uz: "Tanlangan manzilga yetkazib berish mavjud emas",
    ru: "Доставка по выбранному адресу недоступна",
    eng: "Delivery to the selected address is unavailable",
  },
  MIN_ORDER_AMOUNT: {
    status: 400,
    uz: "Yetkazib berish uchun minimal buyurtma summasiga yetmadi",
    ru: "Не достигнута минимальная сумма заказа для доставки",
    eng: "The order is below the minimum amount for delivery",
  },
  MIN_PRODUCT_COUNT: {
    status: 400,
    uz: "Mahsulotlar soni yetarli emas",
    ru: "Недостаточное количество товаров",
    eng: "Insufficient number of products",
  },
  MAX_ORDER_AMOUNT: {
    status: 400,
    uz: "Maksimal summa oshib ketdi",
    ru: "Превышена максимальная сумма",
    eng: "Maximum amount exceeded",
  },
  AT_TIME_INVALID: {
    status: 400,
    uz: "Buyurtma vaqti noto'g'ri: kelajakdagi, filial ochiq bo'lgan vaqtni tanlang",
    ru: "Неверное время заказа: выберите будущее время, когда филиал открыт",
    eng: "The order time is not valid: choose a future time when the branch is open",
  },
  PROMO_NOT_FOUND: {
    status: 400,
    uz: "Bunday promokod topilmadi",
    ru: "Такой промокод не найден",
    eng: "No such promo code",
  },
  PROMO_NOT_ACTIVE: {
    status: 400,
    uz: "Promokod faol emas",
    ru: "Промокод не активен",
    eng: "The promo code is not active",
  },
  PROMO_NOT_STARTED: {
    status: 400,
    uz: "Promokod hali boshlanmagan",
    ru: "Действие промокода ещё не началось",
    eng: "The promo code has not started yet",
  },
  PROMO_EXPIRED: {
    status: 400,
    uz: "Promokod muddati tugagan",
    ru: "Срок действия промокода истёк",
    eng: "The promo code has expired",
  },
  PROMO_MIN_PRICE: {
    status: 400,
    uz: "Mahsulotlar narxi {minPrice} dan yuqori bo'lishi kerak",
    ru: "Стоимость товаров должна быть выше {minPrice}",
    eng: "Product price must be above {minPrice}",
  },
  PROMO_ALREADY_USED: {
    status: 400,
    uz: "Siz bu promokoddan allaqachon foydalangansiz",
    ru: "Вы уже использовали этот промокод",
    eng: "You have already used this promo code",
  },
  PROMO_USED_UP: {
    status: 400,
    uz: "Bu promokoddan foydalanish soni tugagan",
    ru: "Лимит использований этого промокода исчерпан",
    eng: "This promo code has been used up",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    uz: "Bu Idempotency-Key boshqa so'rov uchun ishlatilgan. Yangi buyurtma uchun yangi kalit yuboring",
    ru: "Этот Idempotency-Key уже использован для другого запроса. Для нового заказа пришлите новый ключ",
    eng: "This Idempotency-Key was used for a different request. Send a new key for a new order",
  },
  HARNESS_PHONE_TAKEN: {
    status: 409,
    uz: "Bu raqam haqiqiy mijozga tegishli. Test uchun boshqa raqam tanlang",
    ru: "Этот номер принадлежит существующему клиенту. Выберите для теста другой номер",
    eng: "This phone belongs to an existing customer. Pick another phone for testing",
  },
  HARNESS_ACCOUNT_FOREIGN: {
    status: 409,
    uz: "Bu hisob test vositasi tomonidan yaratilmagan. Test uchun boshqa identifikator tanlang",
    ru: "Этот аккаунт создан не тестовым стендом. Выберите для теста другой идентификатор",
    eng: "This account was not made by the testers' harness. Pick another id for testing",
  },
  URL_INVALID: {
    status: 400,
    uz: "Manzil (URL) noto'g'ri kodlangan",
    ru: "Адрес запроса (URL) закодирован неверно",
    eng: "The request URL is not validly encoded",
  },
  URL_TOO_LONG: {
    status: 414,
    uz: "Manzil (URL) qismi juda uzun",
    ru: "Часть адреса запроса (URL) слишком длинная",
    eng: "A part of the request URL is too long",
  },
  REQUEST_MALFORMED: {
    status: 400,
    uz: "So'rov noto'g'ri tuzilgan",
    ru: "Запрос составлен неверно",
    eng: "The request is malformed",
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    uz: "So'rov sarlavhalari juda katta",
    ru: "Заголовки запроса слишком велики",
    eng: "The request's headers are too large",
  },
  UPLOAD_MALFORMED: {
    status: 400,
    uz: "Yuborilgan fayl o'qilmadi. Qaytadan yuboring",
    ru: "Не удалось прочитать отправленный файл. Отправьте его ещё раз",
    eng: "The upload could not be read. Please send it again",
  },
  CASHBACK_NOT_ENOUGH: {
    status: 400,
    uz: "Keshbek balansingiz yetarli emas",
    ru: "Недостаточно кешбэка на балансе",
    eng: "Your cashback balance is not enough",
  },
  FISCAL_RECEIPT_NOT_READY: {
    status: 409,
    uz: "Fiskal chek hali tayyor emas: birozdan keyin urinib ko'ring",
    ru: "Фискальный чек ещё не готов: попробуйте чуть позже",
    eng: "The fiscal receipt is not ready yet: try again a little later",
  },
  FISCAL_RECEIPT_SMS_TOO_SOON: {
    status: 429,
    uz: "Chek allaqachon yuborildi: bir daqiqadan keyin qayta urinib ko'ring",
    ru: "Чек уже отправлен: повторить можно через минуту",
    eng: "The receipt was just sent: you can send it again in a minute",
  },
  FISCAL_CODES_MISSING: {
    status: 409,
    uz: "Bu restoran hozircha onlayn to'lov qabul qila olmaydi: boshqa to'lov usulini tanlang",
    ru: "Этот ресторан пока не может принять онлайн-оплату: выберите другой способ оплаты",
    eng: "This restaurant cannot take online payment yet: choose another payment method",
  },
  ORDER_NOT_PAYABLE: {
    status: 409,
    uz: "Bu buyurtmani onlayn to'lab bo'lmaydi",
    ru: "Этот заказ нельзя оплатить онлайн",
    eng: "This order cannot be paid online",
  },
  // Saved cards (server/src/routes/payments/cards.ts): Payme's Subscribe API or Click's card tokens,
  // so the texts do not name the provider.
  CARDS_UNAVAILABLE: {
    status: 409,
    uz: "Bu do'konda kartani saqlab bo'lmaydi",
    ru: "В этом магазине нельзя сохранить карту",
    eng: "Saved cards are not available in this shop",
  },
  CARDS_LIMIT: {
    status: 409,
    uz: "Kartalar juda ko'p. Yangisini qo'shishdan oldin birortasini o'chiring",
    ru: "Слишком много карт. Удалите одну, прежде чем добавить новую",
    eng: "Too many cards. Remove one before adding another",
  },
  CARD_NUMBER_INVALID: {
    status: 400,
    uz: "Karta raqami noto'g'ri. Tekshirib, qaytadan kiriting",
    ru: "Неверный номер карты. Проверьте и введите ещё раз",
    eng: "The card number is not valid. Check it and enter it again",
  },
  CARD_EXPIRED: {
    status: 400,
    uz: "Kartaning amal qilish muddati tugagan",
    ru: "Срок действия карты истёк",
    eng: "The card has expired",
  },
  CARD_REJECTED: {
    status: 400,
    uz: "To'lov tizimi bu kartani qabul qilmadi. Boshqa kartani kiriting",
    ru: "Платёжная система не приняла эту карту. Введите другую карту",
    eng: "The payment system did not accept this card. Enter another card",
  },
  CARD_CODE_WRONG: {
    status: 400,
    uz: "SMS kod noto'g'ri. Qaytadan kiriting",
    ru: "Неверный код из SMS. Введите ещё раз",
    eng: "The SMS code is wrong. Enter it again",
  },
  CARD_CODE_ATTEMPTS: {
    status: 409,
    uz: "Kod 5 marta noto'g'ri kiritildi. Karta o'chirildi, uni qaytadan qo'shing",
    ru: "Код введён неверно 5 раз. Карта удалена, добавьте её заново",
    eng: "The code was wrong 5 times. The card was removed; add it again",
  },
  CARD_CODE_TOO_SOON: {
    status: 429,
    uz: "Yangi kodni biroz keyinroq so'rang",
    ru: "Новый код можно запросить чуть позже",
    eng: "You can ask for a new code a little later",
  },
  CARD_CODE_RESEND_UNAVAILABLE: {
    status: 409,
    uz: "Yangi kod yuborib bo'lmaydi. Kartani o'chirib, qaytadan qo'shing",
    ru: "Новый код отправить нельзя. Удалите карту и добавьте её заново",
    eng: "A new code cannot be sent. Remove the card and add it again",
  },
  CARD_NOT_VERIFIED: {
    status: 409,
    uz: "Karta hali SMS kod bilan tasdiqlanmagan",
    ru: "Карта ещё не подтверждена кодом из SMS",
    eng: "The card is not confirmed with the SMS code yet",
  },
  CARD_ALREADY_VERIFIED: {
    status: 409,
    uz: "Karta allaqachon tasdiqlangan",
    ru: "Карта уже подтверждена",
    eng: "The card is already confirmed",
  },
  CARD_PAYMENT_DECLINED: {
    status: 402,
    uz: "To'lov rad etildi: kartada mablag' yetarli emas yoki u bloklangan",
    ru: "Оплата отклонена: на карте недостаточно средств или она заблокирована",
    eng: "The payment was declined: the card has not enough money or is blocked",
  },
  CARD_PROVIDER_UNAVAILABLE: {
    status: 503,
    uz: "To'lov tizimi hozir javob bermayapti. Qaytadan urinib ko'ring",
    ru: "Платёжная система сейчас не отвечает. Попробуйте ещё раз",
    eng: "The payment system is not answering right now. Please try again",
  },
  ORDER_PAYMENT_IN_PROGRESS: {
    status: 409,
    uz: "Bu buyurtma hozir to'lanmoqda",
    ru: "Этот заказ сейчас оплачивается",
    eng: "This order is being paid right now",
  },
  ORDER_NOT_GRADEABLE: {
    status: 409,
    uz: "Buyurtmani faqat yetkazilgandan keyin baholash mumkin",
    ru: "Оценить заказ можно только после того, как он выполнен",
    eng: "An order can be graded only once it is delivered or closed",
  },
  ORDER_ALREADY_GRADED: {
    status: 409,
    uz: "Bu buyurtma allaqachon baholangan",
    ru: "Этот заказ уже оценён",
    eng: "This order has already been graded",
  },
  ORDER_NOT_CANCELLABLE: {
    status: 409,
    uz: "Bu buyurtmani endi bekor qilib bo'lmaydi",
    ru: "Этот заказ уже нельзя отменить",
    eng: "This order can no longer be cancelled",
  },
  ORDER_NOT_CHANGEABLE: {
    status: 409,
    uz: "Oshxona buyurtmani qabul qildi, endi uni o'zgartirib bo'lmaydi",
    ru: "Кухня уже приняла заказ, его нельзя изменить",
    eng: "The kitchen has accepted this order, so it can no longer be changed",
  },
  ORDER_PAID_NOT_CHANGEABLE: {
    status: 409,
    uz: "Buyurtma to'langan, uni o'zgartirib bo'lmaydi. Bekor qiling (pul qaytariladi) yoki restoranga qo'ng'iroq qiling",
    ru: "Заказ оплачен, его нельзя изменить. Отмените его (деньги вернутся) или позвоните в ресторан",
    eng: "This order is paid, so it cannot be changed. Cancel it (the payment comes back) or call the restaurant",
  },
  ORDER_PAID_KEEPS_PAYMENT: {
    status: 409,
    uz: "To'langan buyurtma o'zgarishi yana Payme orqali to'lanadi (oldingi to'lov qaytariladi). Boshqa usulda to'lash uchun buyurtmani bekor qiling",
    ru: "Изменение оплаченного заказа оплачивается снова через Payme (прежний платёж вернётся). Чтобы платить иначе, отмените заказ",
    eng: "A paid order's change is paid with Payme again (the earlier payment comes back). To pay another way, cancel the order",
  },
  ORDER_CHANGE_TO_ONLINE: {
    status: 409,
    uz: "Qabul qilganda to'lanadigan buyurtmani onlayn to'lovga o'tkazib bo'lmaydi: qabul qilganda to'lang yoki bekor qilib, qaytadan buyurtma bering",
    ru: "Заказ с оплатой при получении нельзя перевести на онлайн-оплату: оплатите при получении или отмените его и оформите заново",
    eng: "An order paid on receipt cannot switch to paying online: pay on receipt, or cancel it and order again",
  },
  ORDER_IN_KITCHEN_SYSTEM: {
    status: 409,
    uz: "Buyurtma oshxonaga yoki kuryerga yuborilgan, uni o'zgartirish uchun restoranga qo'ng'iroq qiling",
    ru: "Заказ уже передан на кухню или курьеру: чтобы изменить его, позвоните в ресторан",
    eng: "The order has gone to the kitchen or a courier: call the restaurant to change it",
  },
  ORDER_STATUS_TRANSITION: {
    status: 409,
    uz: "Buyurtmani bu holatga o'tkazib bo'lmaydi",
    ru: "Заказ нельзя перевести в этот статус",
    eng: "The order cannot move to this status",
  },
  // Phone login, profile and account (server/src/routes/users).
  PHONE_INVALID: {
    status: 400,
    uz: "Telefon raqami noto'g'ri. Mobil raqamni kiriting, masalan +998 90 123 45 67",
    ru: "Неверный номер телефона. Введите мобильный номер, например +998 90 123 45 67",
    eng: "The phone number is not valid. Enter a mobile number, e.g. +998 90 123 45 67",
  },
  PHONE_COUNTRY_NOT_SERVED: {
    status: 400,
    uz: "Bu mamlakat raqamlari bilan kirib bo'lmaydi",
    ru: "Вход с номерами этой страны недоступен",
    eng: "Numbers of this country cannot be used to log in here",
  },
  OTP_INVALID: {
    status: 400,
    uz: "Noto'g'ri kod yoki kod kiritish muddati o'tib ketgan",
    ru: "Неверный код или срок действия кода истёк",
    eng: "Wrong code entered or sms code is expired",
  },
  OTP_LOCKED: {
    status: 429,
    uz: "Noto'g'ri kod juda ko'p marta kiritildi. Yangi kod so'rang",
    ru: "Слишком много неверных попыток. Запросите новый код",
    eng: "Too many wrong tries. Please ask for a new code",
  },
  OTP_RESEND_TOO_EARLY: {
    status: 429,
    uz: "Yangi kodni biroz kutib so'rang",
    ru: "Новый код можно запросить чуть позже",
    eng: "Please wait a little before asking for a new code",
  },
  OTP_LIMIT_REACHED: {
    status: 429,
    uz: "Bu raqamga kodlar soni chegarasiga yetildi. Bir soatdan keyin urinib ko'ring",
    ru: "Исчерпан лимит кодов для этого номера. Попробуйте через час",
    eng: "This number has had too many codes. Please try again in an hour",
  },
  SMS_SEND_FAILED: {
    status: 503,
    uz: "SMS yuborib bo'lmadi. Iltimos, qayta urinib ko'ring",
    ru: "Не удалось отправить SMS. Пожалуйста, попробуйте ещё раз",
    eng: "The SMS could not be sent. Please try again",
  },
  SMS_UNAVAILABLE: {
    status: 503,
    uz: "Bu do'kon uchun SMS orqali kirish sozlanmagan",
    ru: "Вход по SMS для этого магазина не настроен",
    eng: "SMS login is not set up for this shop",
  },
  PHONE_TAKEN: {
    status: 409,
    uz: "Bu raqam boshqa hisobga biriktirilgan",
    ru: "Этот номер привязан к другой учётной записи",
    eng: "This number belongs to another account",
  },
  IMAGE_INVALID: {
    status: 415,
    uz: "Rasm JPEG, PNG yoki WebP formatida bo'lishi kerak",
    ru: "Изображение должно быть в формате JPEG, PNG или WebP",
    eng: "The image must be a JPEG, PNG or WebP file",
  },
  ACCOUNT_HAS_ACTIVE_ORDERS: {
    status: 409,
    uz: "Faol buyurtmangiz bor. Hisobni u yakunlangandan keyin o'chirish mumkin",
    ru: "У вас есть активный заказ. Удалить аккаунт можно после его завершения",
    eng: "You have an order in progress. The account can be deleted once it is finished",
  },
  IMAGE_TOO_LARGE: {
    status: 413,
    uz: "Rasm 5 MB dan oshmasligi kerak",
    ru: "Изображение не должно превышать 5 МБ",
    eng: "The image must not be larger than 5 MB",
  },
  CLIP_INVALID: {
    status: 415,
    uz: "Video MP4 yoki WebM formatida bo'lishi kerak",
    ru: "Видео должно быть в формате MP4 или WebM",
    eng: "The clip must be an MP4 or WebM video",
  },
  CLIP_TOO_LARGE: {
    status: 413,
    uz: "Video 15 MB dan oshmasligi kerak",
    ru: "Видео не должно превышать 15 МБ",
    eng: "The clip must not be larger than 15 MB",
  },
  IMAGE_HOST_NOT_ALLOWED: {
    status: 400,
    uz: "Rasm saytning o'zida yoki ruxsat etilgan rasm serverida bo'lishi kerak",
    ru: "Изображение должно быть на самом сайте или на разрешённом сервере изображений",
    eng: "The image must be on this site or on an allowed image host",
  },
  // Geography (server/src/routes/geo).
  NO_BRANCH: {
    status: 404,
    uz: "Yaqin atrofda ochiq filial topilmadi",
    ru: "Поблизости нет открытого филиала",
    eng: "No open branch near this address",
  },
  NOMINATIM_FAILED: {
    status: 503,
    uz: "Manzil xizmatida xatolik. Dasturchilarga xabar bering yoki keyinroq urinib ko'ring",
    ru: "Ошибка сервиса адресов. Сообщите разработчикам или попробуйте позже",
    eng: "The address service failed. Tell the developers or try again later",
  },
  GEOCODER_UNAVAILABLE: {
    status: 503,
    uz: "Manzil qidiruvi mavjud emas: belgini binongizga qo'ying va ko'cha hamda uy raqamini yozing",
    ru: "Поиск адреса недоступен: поставьте метку на ваш дом и введите улицу и номер дома",
    eng: "Address search is unavailable: place the pin on your building and type the street and house",
  },
  // Table booking (server/src/reservations).
  BOOKING_UNAVAILABLE: {
    status: 404,
    uz: "Bu yerda stol band qilib bo'lmaydi",
    ru: "Бронирование столов здесь недоступно",
    eng: "Table booking is not available here",
  },
  BOOKING_TIME_PAST: {
    status: 400,
    uz: "Bu vaqt o'tib ketgan, keyingi vaqtni tanlang",
    ru: "Это время уже прошло, выберите более позднее",
    eng: "That time has passed; choose a later one",
  },
  BOOKING_TIME_INVALID: {
    status: 400,
    uz: "Bu vaqtga band qilib bo'lmaydi, ro'yxatdagi vaqtlardan birini tanlang",
    ru: "На это время нельзя забронировать, выберите время из списка",
    eng: "That time cannot be booked; choose one of the listed times",
  },
  BOOKING_BRANCH_CLOSED: {
    status: 400,
    uz: "Filial bu vaqtda mehmonlarni qabul qilmaydi",
    ru: "В это время филиал не принимает гостей",
    eng: "The branch does not seat guests at that time",
  },
  BOOKING_GUESTS_INVALID: {
    status: 400,
    uz: "Mehmonlar soni stollardagi o'rinlardan ko'p",
    ru: "Гостей больше, чем мест за столами",
    eng: "More guests than the tables seat",
  },
  BOOKING_FULL: {
    status: 409,
    uz: "Bu vaqtda bo'sh joy qolmadi, boshqa vaqtni tanlang",
    ru: "На это время свободных мест нет, выберите другое время",
    eng: "No free seats at that time; choose another time",
  },
  BOOKING_LIMIT: {
    status: 409,
    uz: "Sizda juda ko'p faol bron bor. Yangisini qilish uchun avvalgilaridan birini bekor qiling",
    ru: "У вас слишком много активных броней. Чтобы забронировать ещё, отмените одну из прежних",
    eng: "You already hold as many open bookings as allowed. Cancel one to book another",
  },
  RESERVATION_NOT_CANCELLABLE: {
    status: 409,
    uz: "Bu bronni endi bekor qilib bo'lmaydi",
    ru: "Эту бронь уже нельзя отменить",
    eng: "This booking can no longer be cancelled",
  },
  RESERVATION_STATUS_TRANSITION: {
    status: 409,
    uz: "Bron bu holatga o'ta olmaydi",
    ru: "Бронь не может перейти в этот статус",
    eng: "The booking cannot move to that status",
  },
  EDIT_CONFLICT: {
    status: 409,
    uz: "Boshqa xodim buni o'zgartirdi: qayta yuklab, o'zgarishlarini ko'ring",
    ru: "Это уже изменил другой сотрудник: обновите, чтобы увидеть его изменения",
    eng: "Someone else changed this meanwhile: reload to see their change",
  },
  ZONE_SELF_CROSSING: {
    status: 400,
    uz: "Zona chegarasi o'zini kesib o'tadi: nuqtalarni kesishmaydigan qilib joylashtiring",
    ru: "Граница зоны пересекает саму себя: расставьте точки без пересечений",
    eng: "The zone's border crosses itself: place the points so that no edges cross",
  },
  ZONE_OVERLAP: {
    status: 400,
    uz: "Zona brendning boshqa zonasini qoplaydi",
    ru: "Зона накладывается на другую зону бренда",
    eng: "The zone overlaps another zone of the brand",
  },
  IIKO_REFUSED: {
    status: 422,
    uz: "iiko so'rovni rad etdi",
    ru: "iiko отклонил запрос",
    eng: "iiko refused the request",
  },
  IIKO_UNAVAILABLE: {
    status: 503,
    uz: "iiko hozir javob bermayapti, birozdan keyin qayta urinib ko'ring",
    ru: "iiko сейчас не отвечает, попробуйте чуть позже",
    eng: "iiko is not answering now, try again in a moment",
  },
  IIKO_MENU_CHANGED: {
    status: 409,
    uz: "iiko'dagi menyu ko'rib chiqilgandan keyin o'zgardi: o'zgarishlarni qayta ko'ring",
    ru: "Меню в iiko изменилось после просмотра: посмотрите изменения ещё раз",
    eng: "iiko's menu changed since the preview: look at the changes again",
  },
  IIKO_NOT_SET_UP: {
    status: 409,
    uz: "Avval iiko API loginini kiriting",
    ru: "Сначала введите API-логин iiko",
    eng: "Enter the iiko API login first",
  },
  BACK_OFFICE_FORBIDDEN: {
    status: 403,
    uz: "Sizning rolingiz buni o'zgartirishga ruxsat bermaydi",
    ru: "Ваша роль не позволяет это изменять",
    eng: "Your role does not allow changing this",
  },
  LAST_OWNER: {
    status: 409,
    uz: "Brendning yagona egasini olib tashlab yoki rolini o'zgartirib bo'lmaydi: avval boshqa egani qo'shing",
    ru: "Нельзя удалить или понизить единственного владельца бренда: сначала добавьте другого владельца",
    eng: "The brand's only owner cannot be removed or given another role: add another owner first",
  },
  COURIER_OFFER_TAKEN: {
    status: 409,
    uz: "Bu buyurtmani boshqa kuryer oldi",
    ru: "Этот заказ уже взял другой курьер",
    eng: "Another courier has taken this order",
  },
  STAFF_MEMBER_EXISTS: {
    status: 409,
    uz: "Bu raqam allaqachon xodimga tegishli",
    ru: "Этот номер уже у сотрудника бренда",
    eng: "This phone already belongs to a staff member",
  },
  PROMO_CODE_EXISTS: {
    status: 409,
    uz: "Bunday promokod allaqachon bor",
    ru: "Такой промокод уже есть",
    eng: "This promo code already exists",
  },
  RESERVATION_NOT_CONFIRMED: {
    status: 409,
    uz: "Stol faqat tasdiqlangan bronga beriladi",
    ru: "Стол можно назначить только подтверждённой брони",
    eng: "Only a confirmed booking gets a table",
  },
  RESERVATION_TABLE_OTHER_BRANCH: {
    status: 409,
    uz: "Bu stol bronning filialida emas",
    ru: "Этот стол не в филиале брони",
    eng: "This table is not at the booking's branch",
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * The errors of Payme's Merchant API (JSON-RPC 2.0, POST /api/payments/v1/payme). Payme shows
 * `error.message` as `{ ru, uz, en }`; the server sends `eng` as `en`. -31050..-31099 are the
 * account (order) errors, which also name the field in `error.data`.
 */
export const PAYME_ERRORS = {
  WRONG_AMOUNT: {
    code: -31001,
    uz: "To'lov summasi buyurtma summasiga teng emas",
    ru: "Сумма платежа не совпадает с суммой заказа",
    eng: "The amount does not match the order's total",
  },
  TRANSACTION_NOT_FOUND: {
    code: -31003,
    uz: "Tranzaksiya topilmadi",
    ru: "Транзакция не найдена",
    eng: "Transaction not found",
  },
  CANNOT_CANCEL: {
    code: -31007,
    uz: "Buyurtma bajarilgan, tranzaksiyani bekor qilib bo'lmaydi",
    ru: "Заказ выполнен, транзакцию нельзя отменить",
    eng: "The order has been fulfilled; the transaction cannot be cancelled",
  },
  CANNOT_PERFORM: {
    code: -31008,
    uz: "Bu amalni bajarib bo'lmaydi",
    ru: "Невозможно выполнить операцию",
    eng: "The operation cannot be performed",
  },
  ORDER_NOT_FOUND: {
    code: -31050,
    uz: "Buyurtma topilmadi",
    ru: "Заказ не найден",
    eng: "Order not found",
  },
  ORDER_BEING_PAID: {
    code: -31051,
    uz: "Buyurtma hozir to'lanmoqda",
    ru: "Заказ уже оплачивается",
    eng: "The order is being paid",
  },
  ORDER_NOT_PAYABLE: {
    code: -31052,
    uz: "Buyurtmani to'lab bo'lmaydi: u to'langan, bekor qilingan yoki Payme orqali to'lanmaydi",
    ru: "Заказ нельзя оплатить: он оплачен, отменён или оплачивается не через Payme",
    eng: "The order cannot be paid: it is paid, cancelled or not paid with Payme",
  },
  SYSTEM_ERROR: {
    code: -32400,
    uz: "Tizim xatosi",
    ru: "Системная ошибка",
    eng: "System error",
  },
  INSUFFICIENT_PRIVILEGE: {
    code: -32504,
    uz: "Ruxsat yo'q",
    ru: "Недостаточно привилегий для выполнения метода",
    eng: "Insufficient privilege to perform this method",
  },
  INVALID_REQUEST: {
    code: -32600,
    uz: "So'rovda majburiy maydonlar yo'q yoki ularning turi noto'g'ri",
    ru: "Отсутствуют обязательные поля или тип полей не соответствует спецификации",
    eng: "Required fields are missing or have the wrong type",
  },
  METHOD_NOT_FOUND: {
    code: -32601,
    uz: "Bunday usul yo'q",
    ru: "Запрашиваемый метод не найден",
    eng: "Method not found",
  },
  PARSE_ERROR: {
    code: -32700,
    uz: "JSON so'rovni o'qib bo'lmadi",
    ru: "Ошибка парсинга JSON",
    eng: "The JSON request could not be parsed",
  },
} as const satisfies Record<string, { code: number; uz: string; ru: string; eng: string }>;

export type PaymeErrorName = keyof typeof PAYME_ERRORS;

/**
 * The answers of Click's SHOP-API callbacks (POST /api/payments/v1/click/prepare and /complete):
 * `error` is the code, `error_note` the English text (Click shows its own text to the payer; the
 * demo's fake Click pay page shows these).
 */
export const CLICK_ERRORS = {
  SUCCESS: {
    code: 0,
    uz: "Muvaffaqiyatli",
    ru: "Успешно",
    eng: "Success",
  },
  SIGN_CHECK_FAILED: {
    code: -1,
    uz: "Imzo tekshiruvidan o'tmadi",
    ru: "Ошибка проверки подписи",
    eng: "SIGN CHECK FAILED",
  },
  INCORRECT_AMOUNT: {
    code: -2,
    uz: "To'lov summasi buyurtma summasiga teng emas",
    ru: "Сумма платежа не совпадает с суммой заказа",
    eng: "Incorrect parameter amount",
  },
  ACTION_NOT_FOUND: {
    code: -3,
    uz: "Bunday amal yo'q",
    ru: "Действие не найдено",
    eng: "Action not found",
  },
  ALREADY_PAID: {
    code: -4,
    uz: "Buyurtma allaqachon to'langan",
    ru: "Заказ уже оплачен",
    eng: "Already paid",
  },
  ORDER_NOT_FOUND: {
    code: -5,
    uz: "Buyurtma topilmadi yoki uni Click orqali to'lab bo'lmaydi",
    ru: "Заказ не найден или не оплачивается через Click",
    eng: "User does not exist: the order is not found or not paid with Click",
  },
  TRANSACTION_NOT_FOUND: {
    code: -6,
    uz: "Tranzaksiya topilmadi",
    ru: "Транзакция не найдена",
    eng: "Transaction does not exist",
  },
  FAILED_TO_UPDATE: {
    code: -7,
    uz: "Buyurtmani yangilab bo'lmadi",
    ru: "Не удалось обновить заказ",
    eng: "Failed to update user",
  },
  BAD_REQUEST: {
    code: -8,
    uz: "So'rovda xatolik",
    ru: "Ошибка в запросе",
    eng: "Error in request from click",
  },
  TRANSACTION_CANCELLED: {
    code: -9,
    uz: "Tranzaksiya bekor qilingan",
    ru: "Транзакция отменена",
    eng: "Transaction cancelled",
  },
} as const satisfies Record<string, { code: number; uz: string; ru: string; eng: string }>;

export type ClickErrorName = keyof typeof CLICK_ERRORS;

/**
 * The error codes of Uzum Bank's Merchant API webhooks (POST /api/payments/v1/uzum/*): a refusal is
 * `status: "FAILED"` with `errorCode` (a string of digits). Assumption (docs/decisions.md, Payments:
 * Uzum): Uzum's public description names the 100xx family but not every number, so these are the
 * codes we chose and hand to Uzum when the service is registered.
 */
export const UZUM_ERRORS = {
  ACCESS_DENIED: {
    code: "10001",
    uz: "Kirish rad etildi",
    ru: "Доступ запрещён",
    eng: "Access denied: wrong HTTP Basic credentials",
  },
  JSON_PARSE_ERROR: {
    code: "10002",
    uz: "JSON so'rovni o'qib bo'lmadi",
    ru: "Ошибка парсинга JSON",
    eng: "The JSON request could not be parsed",
  },
  BAD_REQUEST: {
    code: "10005",
    uz: "So'rov maydonlari noto'g'ri",
    ru: "Неверный формат запроса",
    eng: "Missing or malformed request fields",
  },
  SERVICE_ID_MISMATCH: {
    code: "10006",
    uz: "Xizmat identifikatori noto'g'ri",
    ru: "Неверный идентификатор сервиса",
    eng: "The serviceId is not the brand's",
  },
  ORDER_NOT_FOUND: {
    code: "10007",
    uz: "Buyurtma topilmadi yoki uni Uzum orqali to'lab bo'lmaydi",
    ru: "Заказ не найден или не оплачивается через Uzum",
    eng: "The order is not found or not paid with Uzum",
  },
  ALREADY_PAID: {
    code: "10008",
    uz: "Buyurtma allaqachon to'langan",
    ru: "Заказ уже оплачен",
    eng: "The order is already paid",
  },
  ORDER_CANCELLED: {
    code: "10009",
    uz: "Buyurtma bekor qilingan yoki to'lov muddati o'tgan",
    ru: "Заказ отменён или время оплаты истекло",
    eng: "The order is cancelled or its payment time ran out",
  },
  INCORRECT_AMOUNT: {
    code: "10011",
    uz: "To'lov summasi buyurtma summasiga teng emas",
    ru: "Сумма платежа не совпадает с суммой заказа",
    eng: "The amount is not the order's total",
  },
  TRANSACTION_NOT_FOUND: {
    code: "10014",
    uz: "Tranzaksiya topilmadi",
    ru: "Транзакция не найдена",
    eng: "The transaction is not found",
  },
  TRANSACTION_CONFLICT: {
    code: "10016",
    uz: "Tranzaksiya boshqa buyurtma yoki summaga tegishli",
    ru: "Транзакция относится к другому заказу или сумме",
    eng: "The transId is already used for another order or amount",
  },
  TRANSACTION_REVERSED: {
    code: "10017",
    uz: "Tranzaksiya bekor qilingan",
    ru: "Транзакция отменена",
    eng: "The transaction is reversed",
  },
  CANNOT_REVERSE: {
    code: "10018",
    uz: "To'lovni qaytarib bo'lmaydi: buyurtma yetkazilgan",
    ru: "Платёж нельзя отменить: заказ уже выполнен",
    eng: "The payment cannot be reversed: the order is completed",
  },
  INTERNAL_ERROR: {
    code: "99999",
    uz: "Ichki xatolik",
    ru: "Внутренняя ошибка",
    eng: "Internal error",
  },
} as const satisfies Record<string, { code: string; uz: string; ru: string; eng: string }>;

export type UzumErrorName = keyof typeof UZUM_ERRORS;

export type ApiErrorCode = keyof typeof API_ERRORS;
export const API_ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]];

export function apiErrorBody(code: ApiErrorCode, description?: ApiErrorBody["description"]): ApiErrorBody {
  const def = API_ERRORS[code];
  return { status: def.status, code, description: description ?? { uz: def.uz, ru: def.ru, eng: def.eng } };
}
