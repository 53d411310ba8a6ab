// Database enums. Each is built from the domain list in src/domain/enums.ts, so the database, the API
// schemas and the client share one list of values. Names are the snake_case singular of the list.
import { pgEnum } from "drizzle-orm/pg-core";
import {
  ADDRESS_TYPES,
  AUTH_CHANNELS,
  BASKET_POSITIONS,
  CARD_TYPES,
  CATEGORY_SCOPES,
  CATEGORY_VIEW_TYPES,
  CLIENT_TYPES,
  COURIER_STATUSES,
  CURRENCIES,
  DELIVERY_TYPES,
  DISCOUNT_TYPES,
  GENDERS,
  GROUP_VIEWS,
  MAIN_COLOR_TYPES,
  MAP_TYPES,
  MODIFICATION_VIEW_TYPES,
  NAVIGATION_TYPES,
  ORDER_CHANGE_REASONS,
  ORDER_DEVICES,
  ORDER_STATUSES,
  PAYMENT_CHANNELS,
  PAYMENT_TYPES,
  POLICY_TYPES,
  PRODUCT_TYPES,
  PRODUCT_UNITS,
  SCROLL_TYPES,
  SERVICE_TYPES,
  SMS_GATEWAYS,
  THEMES,
  USER_ROLES,
  WEEK_NAMES,
  WORK_HOUR_TYPES,
} from "#domain/enums.ts";
import { RESERVATION_STATUSES } from "#domain/booking.ts";
import { BRAND_ROLES } from "#domain/staff-scope.ts";

export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);
/** The specification's "empty" courier status is a NULL column, not an enum value. */
export const courierStatusEnum = pgEnum("courier_status", COURIER_STATUSES);
export const serviceTypeEnum = pgEnum("service_type", SERVICE_TYPES);
export const deliveryTypeEnum = pgEnum("delivery_type", DELIVERY_TYPES);
export const orderDeviceEnum = pgEnum("order_device", ORDER_DEVICES);
export const orderChangeReasonEnum = pgEnum("order_change_reason", ORDER_CHANGE_REASONS);
export const clientTypeEnum = pgEnum("client_type", CLIENT_TYPES);
export const mapTypeEnum = pgEnum("map_type", MAP_TYPES);
export const themeEnum = pgEnum("theme", THEMES);
export const mainColorTypeEnum = pgEnum("main_color_type", MAIN_COLOR_TYPES);
export const paymentTypeEnum = pgEnum("payment_type", PAYMENT_TYPES);
export const smsGatewayEnum = pgEnum("sms_gateway", SMS_GATEWAYS);
export const productUnitEnum = pgEnum("product_unit", PRODUCT_UNITS);
export const productTypeEnum = pgEnum("product_type", PRODUCT_TYPES);
export const categoryViewTypeEnum = pgEnum("category_view_type", CATEGORY_VIEW_TYPES);
export const scrollTypeEnum = pgEnum("scroll_type", SCROLL_TYPES);
export const navigationTypeEnum = pgEnum("navigation_type", NAVIGATION_TYPES);
export const basketPositionEnum = pgEnum("basket_position", BASKET_POSITIONS);
export const modificationViewTypeEnum = pgEnum("modification_view_type", MODIFICATION_VIEW_TYPES);
export const policyTypeEnum = pgEnum("policy_type", POLICY_TYPES);
export const groupViewEnum = pgEnum("group_view", GROUP_VIEWS);
export const categoryScopeEnum = pgEnum("category_scope", CATEGORY_SCOPES);
export const discountTypeEnum = pgEnum("discount_type", DISCOUNT_TYPES);
export const addressTypeEnum = pgEnum("address_type", ADDRESS_TYPES);
export const genderEnum = pgEnum("gender", GENDERS);
export const userRoleEnum = pgEnum("user_role", USER_ROLES);
export const brandRoleEnum = pgEnum("brand_role", BRAND_ROLES);
export const weekNameEnum = pgEnum("week_name", WEEK_NAMES);
export const workHourTypeEnum = pgEnum("work_hour_type", WORK_HOUR_TYPES);
export const paymentChannelEnum = pgEnum("payment_channel", PAYMENT_CHANNELS);
export const authChannelEnum = pgEnum("auth_channel", AUTH_CHANNELS);
export const cardTypeEnum = pgEnum("card_type", CARD_TYPES);
export const reservationStatusEnum = pgEnum("reservation_status", RESERVATION_STATUSES);
export const currencyEnum = pgEnum("currency", CURRENCIES);
