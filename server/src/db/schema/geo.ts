// Branches with their working hours, and the delivery regions (priced polygons) of each city.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  coordinate,
  createdDate,
  id,
  lastModifiedDate,
  money,
  multilingual,
  requiredMultilingual,
} from "./columns.ts";
import { paymentTypeEnum, weekNameEnum, workHourTypeEnum } from "./enums.ts";
import { cities } from "./merchants.ts";
import { merchantId } from "./tenant.ts";
import { users } from "./users.ts";

/** A branch (restaurant / kitchen). Times are local "HH:mm" strings in the merchant's time zone. */
export const branches = pgTable(
  "branches",
  {
    id: id(),
    merchantId: merchantId(),
    cityId: uuid().references(() => cities.id, { onDelete: "set null" }),
    name: requiredMultilingual(),
    address: multilingual(),
    phone: text(),
    bookingPhone: text(),
    latitude: coordinate().notNull(),
    longitude: coordinate().notNull(),
    isActive: boolean().notNull().default(true),
    isMain: boolean().notNull().default(false),
    deleted: boolean().notNull().default(false),
    /** "HH:mm". */
    open: text(),
    /** "HH:mm". */
    close: text(),
    deliveryPrice: money().notNull().default(0),
    /** Start of delivery hours, "HH:mm". */
    deliveryStart: text(),
    /** End of delivery hours, "HH:mm". */
    deliveryEnd: text(),
    // Integration
    companyId: text(),
    paymentId: text(),
    iikoId: text(),
    /** The iiko terminal group the branch's orders go to (the brand's iiko organisation). */
    iikoTerminalGroupId: text(),
    /** Yandex Delivery (issue 39): the branch's OAuth token (write-only in the console) and pickup contact. */
    yandexToken: text(),
    yandexPickupName: text(),
    yandexPickupPhone: text(),
    // Settings
    bookingEnabled: boolean().notNull().default(false),
    deliveryEnabled: boolean().notNull().default(false),
    dineInEnabled: boolean().notNull().default(false),
    expressEnabled: boolean().notNull().default(false),
    kitchenEnabled: boolean().notNull().default(false),
    payOfficeEnabled: boolean().notNull().default(false),
    pickupEnabled: boolean().notNull().default(false),
    storageEnabled: boolean().notNull().default(false),
    thirdPartyDeliveryEnabled: boolean().notNull().default(false),
    directorId: uuid().references(() => users.id, { onDelete: "set null" }),
    /**
     * The types of the brand's payment methods this branch takes (issue 36); null = every method the
     * brand has, including one added later (what every branch had before the list existed).
     */
    paymentTypes: paymentTypeEnum().array(),
    /** Counted up by every back-office save: a save naming an older one is refused (issue 36). */
    version: integer().notNull().default(1),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("branches_merchant_id_city_id_idx").on(t.merchantId, t.cityId)],
);

/**
 * Working hours of a branch for one service type and weekday. A missing row or isDayOff means closed
 * that day. "HH:mm" local times; close may be "24:00" and close < open means past midnight.
 */
export const branchWorkHours = pgTable(
  "branch_work_hours",
  {
    id: id(),
    merchantId: merchantId(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    type: workHourTypeEnum().notNull(),
    weekName: weekNameEnum().notNull(),
    open: text(),
    close: text(),
    isDayOff: boolean().notNull().default(false),
  },
  (t) => [
    index("branch_work_hours_merchant_id_idx").on(t.merchantId),
    uniqueIndex("branch_work_hours_branch_id_type_week_name_uq").on(t.branchId, t.type, t.weekName),
  ],
);

/**
 * A future day the branch is closed (a holiday, issue 36), set in the back office: closed for every
 * service that local day, as outside its hours. `day` is local to the brand ("YYYY-MM-DD").
 */
export const branchHolidays = pgTable(
  "branch_holidays",
  {
    id: id(),
    merchantId: merchantId(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    note: text(),
    createdDate: createdDate(),
  },
  (t) => [
    uniqueIndex("branch_holidays_branch_id_day_uq").on(t.branchId, t.day),
    index("branch_holidays_merchant_id_day_idx").on(t.merchantId, t.day),
  ],
);

/** A dining hall of a branch (dine-in and table booking). */
export const halls = pgTable(
  "halls",
  {
    id: id(),
    merchantId: merchantId(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    name: requiredMultilingual(),
    priority: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("halls_merchant_id_branch_id_idx").on(t.merchantId, t.branchId)],
);

/**
 * A table in a hall. `code` is what the table's QR code carries (`?table=<code>` on the web,
 * `startapp=table_<code>` in Telegram): unique per brand, so a scan names brand, branch, hall and table.
 */
export const diningTables = pgTable(
  "dining_tables",
  {
    id: id(),
    merchantId: merchantId(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    hallId: uuid()
      .notNull()
      .references(() => halls.id, { onDelete: "cascade" }),
    /** What guests read on the table ("12", "VIP 1"). */
    name: text().notNull(),
    code: text().notNull(),
    /** How many guests the table seats; booking capacity is the sum over a branch's tables. */
    seats: integer().notNull(),
    priority: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("dining_tables_merchant_id_code_uq").on(t.merchantId, t.code),
    index("dining_tables_branch_id_idx").on(t.branchId),
    check("dining_tables_seats_check", sql`${t.seats} > 0`),
  ],
);

/** A delivery zone: the address inside the polygon pays `price` for delivery. */
export const deliveryRegions = pgTable(
  "delivery_regions",
  {
    id: id(),
    merchantId: merchantId(),
    cityId: uuid().references(() => cities.id, { onDelete: "cascade" }),
    name: requiredMultilingual(),
    /** Ring of [longitude, latitude] pairs (GeoJSON order); the closing point may be omitted. */
    polygon: jsonb().$type<[number, number][]>().notNull(),
    color: text(),
    price: money().notNull().default(0),
    /** Lower first when regions overlap. */
    priority: integer().notNull().default(0),
    /** Minimum product total for delivery into this zone; 0 = the brand's own minimum only. */
    minOrderAmount: money().notNull().default(0),
    /** Counted up by every back-office save: a save naming an older one is refused (issue 36). */
    version: integer().notNull().default(1),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("delivery_regions_merchant_id_city_id_idx").on(t.merchantId, t.cityId)],
);
