// Rows as JSON, both ways, for the statements that read or write several tables at once in one round
// trip (the order check's read, savat_place_order): a table's values become a JSON object keyed by
// the database's column names, and `to_jsonb(row)` becomes the row Drizzle would have answered, each
// column through its own driver mapping (numeric to number, timestamptz to Date, ...).
import { getTableColumns, type Column, type Table } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";

// The same casing the Drizzle instances and drizzle-kit use (server/src/db/client.ts).
const casing = new CasingCache("snake_case");

function isJsonColumn(column: Column): boolean {
  const type = column.getSQLType();
  return type === "jsonb" || type === "json";
}

/**
 * The JSON object that inserts `values` into `table` with jsonb_populate_record: database column
 * names, driver values (JSON columns as they are), application defaults ($defaultFn) filled in and
 * absent columns left out (the database's defaults apply).
 */
export function jsonForInsert<T extends Table>(table: T, values: T["$inferInsert"]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const given = values as Record<string, unknown>;
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    let value = given[key];
    if (value === undefined && column.defaultFn) value = column.defaultFn();
    if (value === undefined) continue;
    out[casing.getColumnCasing(column)] =
      value === null || isJsonColumn(column) ? value : column.mapToDriverValue(value);
  }
  return out;
}

/** The row of `table` that `to_jsonb(row)` describes, as a Drizzle select would answer it. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    const value = json[casing.getColumnCasing(column)];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out;
}
