import { uuid } from "drizzle-orm/pg-core";
import { merchants } from "./merchants.ts";

/** The tenant column every tenant-owned table carries: the owning merchant, deleted with it. */
export function merchantId() {
  return uuid()
    .notNull()
    .references(() => merchants.id, { onDelete: "cascade" });
}
