// Every enumeration of the specification, written once. The database enums, the API schemas and the
// client all read these lists, so a value cannot exist in one place and be missing in another.
// Where the specification names a value only by description, the chosen name is recorded in
// docs/decisions.md.

export const ORDER_STATUSES = [
  "OPEN",
  "ACCEPTED",
  "CANCELED",
  "CREATED",
  "COOKING",
  "DONE",
  "ON_WAY",
  "DELIVERED",
  "CLOSED",
  "ATTACHED",
  "AT_TIME",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The specification's "empty" courier status is stored as NULL. */
export const COURIER_STATUSES = [
  "NEW_ORDER",
  "ACCEPTED",
  "FAILED",
  "CANCELLED",
  "ESTIMATING_FAILED",
  "READY_FOR_APPROVAL",
  "PERFORMER_LOOK_UP",
  "PERFORMER_FOUND",
  "PERFORMER_NOT_FOUND",
  "PERFORMER_PICK_UP_ARRIVED",
  "PERFORMER_PICKUPED",
  "PERFORMER_ARRIVED",
  "PERFORMER_DELIVERED_FINISH",
  "PERFORMER_RETURNING",
  "PERFORMER_RETURN_ARRIVED",
  "PERFORMER_RETURNED_FINISH",
] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];

export const SERVICE_TYPES = ["DELIVERY", "PICK_UP", "DINE_IN", "YANDEX_EATS", "EXPRESS_24"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** "The merchant's own delivery" is named MERCHANT. */
export const DELIVERY_TYPES = ["MERCHANT", "YANDEX", "CUSTOM"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** "A point-of-sale integration value" is named POS. */
export const ORDER_DEVICES = [
  "POS",
  "OPERATOR",
  "INSTAGRAM",
  "CLIENT_APP",
  "TELEGRAM_BOT",
  "CLIENT",
  "CLIENT_WEB",
  "CLIENT_IOS",
  "CLICK_MINI_APP",
  "CLIENT_ANDROID",
  "CLIENT_WEB_MOBILE",
  "CLIENT_WEB_DESKTOP",
  "INTEGRATION_APP",
] as const;
export type OrderDevice = (typeof ORDER_DEVICES)[number];

export const ORDER_CHANGE_REASONS = [
  "PAID",
  "UPDATE",
  "PAID_AND_CHANGE_STATUS",
  "CHANGE_STATUS",
  "CHANGE_COURIER_STATUS",
  "CHANGE_PAYMENT_TYPE",
  "CHANGE_DELIVERY_TYPE",
] as const;
export type OrderChangeReason = (typeof ORDER_CHANGE_REASONS)[number];

/**
 * Why the system cancelled an order, stored in `orders.reasons` and answered as the order's
 * `cancelReason`: NOT_PAID_IN_TIME when an order paid online waited OPEN past the brand's payment
 * time-out. A cancellation by the customer or staff carries none (their words go in the history).
 */
export const ORDER_CANCEL_REASONS = ["NOT_PAID_IN_TIME"] as const;
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number];

/** What a customer may point at when grading an order (stored in `orders.reasons`). */
export const GRADE_REASONS = ["FOOD", "COURIER", "TIME", "PACKAGING"] as const;
export type GradeReason = (typeof GRADE_REASONS)[number];

export const CLIENT_TYPES = ["TG", "WEB", "APP", "OPERATOR"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** "A third value based on the first provider" is named YANDEX_V3 (the spec's map version v3). */
export const MAP_TYPES = ["YANDEX", "LEAFLET", "YANDEX_V3"] as const;
export type MapType = (typeof MAP_TYPES)[number];

export const THEMES = ["DARK", "LIGHT"] as const;
export type Theme = (typeof THEMES)[number];

/** mainColorType: text on the brand colour is white for DARK, black for LIGHT. */
export const MAIN_COLOR_TYPES = ["DARK", "LIGHT"] as const;
export type MainColorType = (typeof MAIN_COLOR_TYPES)[number];

export const PAYMENT_TYPES = [
  "CASH",
  "CLICK",
  "PAYNET",
  "TERMINAL",
  "PAYME",
  "UZUM",
  "OTHER",
  "RAHMAT",
  "CLICK_MINI_APP",
  /** Paid online with a card the customer saved (Payme's Subscribe API), without leaving the app. */
  "CARD",
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const SMS_GATEWAYS = ["PLAY_MOBILE", "ESKIZ"] as const;
export type SmsGateway = (typeof SMS_GATEWAYS)[number];

export const PRODUCT_UNITS = ["KG", "LITER", "GRAMM", "COUNT"] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

export const PRODUCT_TYPES = ["NONE", "MODIFICATION"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const CATEGORY_VIEW_TYPES = ["BIG", "MEDIUM", "SMALL"] as const;
export type CategoryViewType = (typeof CATEGORY_VIEW_TYPES)[number];

export const SCROLL_TYPES = ["VERTICAL", "HORIZONTAL"] as const;
export type ScrollType = (typeof SCROLL_TYPES)[number];

export const NAVIGATION_TYPES = ["SHEET", "POP_UP", "FULL_SCREEN"] as const;
export type NavigationType = (typeof NAVIGATION_TYPES)[number];

export const BASKET_POSITIONS = ["NAVIGATION_BAR", "FLOATING_OVER_PRODUCT"] as const;
export type BasketPosition = (typeof BASKET_POSITIONS)[number];

export const MODIFICATION_VIEW_TYPES = ["NAME_ONLY", "FULL_IMAGE"] as const;
export type ModificationViewType = (typeof MODIFICATION_VIEW_TYPES)[number];

export const POLICY_TYPES = ["TERMS", "ABOUT_COMPANY", "PRIVACY_POLICY"] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

/** Menu group kinds (groupView) and category scopes (categoryView) of the web settings. */
export const GROUP_VIEWS = ["GROUP", "WITHOUT_GROUP"] as const;
export type GroupView = (typeof GROUP_VIEWS)[number];
export const CATEGORY_SCOPES = ["ALL", "ONE_CATEGORY", "GROUP_CATEGORY"] as const;
export type CategoryScope = (typeof CATEGORY_SCOPES)[number];

export const DISCOUNT_TYPES = ["AMOUNT", "PERCENTAGE"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const ADDRESS_TYPES = ["HOUSE", "APARTMENT"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Client-side address input modes. */
export const ADDRESS_INPUT_MODES = ["COORDINATES", "SAVED", "TARGET", "MAP"] as const;
export type AddressInputMode = (typeof ADDRESS_INPUT_MODES)[number];

export const GENDERS = ["MALE", "FEMALE"] as const;
export type Gender = (typeof GENDERS)[number];

/** The specification shows a role field without values; STAFF moves orders, ADMIN manages the brand. */
export const USER_ROLES = ["CUSTOMER", "STAFF", "ADMIN"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const WEEK_NAMES = [
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
] as const;
export type WeekName = (typeof WEEK_NAMES)[number];

export const WORK_HOUR_TYPES = ["PICK_UP", "DELIVERY", "DINE_IN"] as const;
export type WorkHourType = (typeof WORK_HOUR_TYPES)[number];

/** Channels with their own payment-method switches (spec: web, bot, operator, app and qr). */
export const PAYMENT_CHANNELS = ["WEB", "BOT", "OPERATOR", "APP", "QR"] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** Where a login or phone change came from (phone-change record `type`). */
export const AUTH_CHANNELS = ["WEB", "TELEGRAM", "CLICK", "APP"] as const;
export type AuthChannel = (typeof AUTH_CHANNELS)[number];

export const CARD_TYPES = ["UZCARD", "HUMO", "VISA", "MASTERCARD"] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const CURRENCIES = ["UZS", "KZT"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Languages of the API's multilingual objects; `eng` is English. */
export const CONTENT_LANGUAGES = ["uz", "ru", "eng", "ar", "kz", "tr", "zh"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
