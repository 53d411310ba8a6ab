// The whole database schema: enums, tables and relations. drizzle.config.ts and the Drizzle instance
// both read this module.
export * from "./enums.ts";
export * from "./merchants.ts";
export * from "./users.ts";
export * from "./geo.ts";
export * from "./menu.ts";
export * from "./payments.ts";
export * from "./orders.ts";
export * from "./payment-transactions.ts";
export * from "./content.ts";
export * from "./staff.ts";
export * from "./kitchen.ts";
export * from "./delivery.ts";
export * from "./relations.ts";
export * from "./webhooks.ts";
export * from "./fiscal.ts";
