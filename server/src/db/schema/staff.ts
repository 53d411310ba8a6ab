// The staff console's state per branch (issue 18): which branches a staff member works at, the
// branch's stop-list (products and modifiers it cannot make now) and its "today" switches.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdDate, id, lastModifiedDate, timestamptz } from "./columns.ts";
import { workHourTypeEnum } from "./enums.ts";
import { branches } from "./geo.ts";
import { modifications, products } from "./menu.ts";
import { merchantId } from "./tenant.ts";
import { users } from "./users.ts";

/** A staff member bound to a branch; a staff member without any row works at every branch. */
export const staffBranches = pgTable(
  "staff_branches",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    createdDate: createdDate(),
  },
  (t) => [
    uniqueIndex("staff_branches_user_id_branch_id_uq").on(t.userId, t.branchId),
    index("staff_branches_merchant_id_idx").on(t.merchantId),
  ],
);

/**
 * One item a branch has stopped (run out of): a product or a single modifier, never both. The row's
 * presence is the switch; deleting it puts the item back on sale.
 */
export const branchStops = pgTable(
  "branch_stops",
  {
    id: id(),
    merchantId: merchantId(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    productId: uuid().references(() => products.id, { onDelete: "cascade" }),
    modificationId: uuid().references(() => modifications.id, { onDelete: "cascade" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdDate: createdDate(),
  },
  (t) => [
    index("branch_stops_merchant_id_idx").on(t.merchantId),
    uniqueIndex("branch_stops_branch_id_product_id_uq")
      .on(t.branchId, t.productId)
      .where(sql`${t.productId} is not null`),
    uniqueIndex("branch_stops_branch_id_modification_id_uq")
      .on(t.branchId, t.modificationId)
      .where(sql`${t.modificationId} is not null`),
    check("branch_stops_one_item_check", sql`(${t.productId} is null) <> (${t.modificationId} is null)`),
  ],
);

/**
 * A branch's switches for one local day (the brand's time zone): closed for the day (a holiday) and
 * delivery off. Keyed by the date so they lapse on their own at midnight.
 */
export const branchDays = pgTable(
  "branch_days",
  {
    id: id(),
    merchantId: merchantId(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    /** "YYYY-MM-DD", local to the brand. */
    day: date({ mode: "string" }).notNull(),
    closed: boolean().notNull().default(false),
    deliveryOff: boolean().notNull().default(false),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("branch_days_branch_id_day_uq").on(t.branchId, t.day),
    index("branch_days_merchant_id_day_idx").on(t.merchantId, t.day),
  ],
);

/**
 * A service of a branch paused by staff until a moment ("pause for 30 minutes"): closed for it until
 * `until`, open again by itself after (every reader compares with now, so no worker ends it). One
 * row per branch and service; "resume now" deletes it.
 */
export const branchPauses = pgTable(
  "branch_pauses",
  {
    id: id(),
    merchantId: merchantId(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    type: workHourTypeEnum().notNull(),
    until: timestamptz().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    uniqueIndex("branch_pauses_branch_id_type_uq").on(t.branchId, t.type),
    index("branch_pauses_merchant_id_idx").on(t.merchantId),
  ],
);

/**
 * Who changed what in the back office and when (issue 36): one row per saved change, with the
 * fields it changed before and after. Written in the change's own transaction.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** What was changed: "product", later "category", "zone"... */
    entity: text().notNull(),
    entityId: uuid().notNull(),
    action: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>().notNull(),
    after: jsonb().$type<Record<string, unknown>>().notNull(),
    createdDate: createdDate(),
  },
  (t) => [
    index("audit_log_merchant_id_created_date_idx").on(t.merchantId, t.createdDate),
    index("audit_log_entity_id_idx").on(t.entityId),
  ],
);
