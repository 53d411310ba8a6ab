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
} as const satisfies Record<string, ErrorDefinition>;

export type ApiErrorCode = keyof typeof API_ERRORS;
export const API_ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]];

export function apiErrorBody(code: ApiErrorCode, description?: ApiErrorBody["description"]): ApiErrorBody {
  const def = API_ERRORS[code];
  return { status: def.status, code, description: description ?? { uz: def.uz, ru: def.ru, eng: def.eng } };
}
