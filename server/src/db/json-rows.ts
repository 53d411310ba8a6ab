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

interface ColumnEntry {
  key: string;
  name: string;
  column: Column;
  json: boolean;
}

// Each table's columns with their database names, worked out once: an order is read and written
// through these on every placement (docs/decisions.md, "Placing an order at half a bare insert").
const entriesOf = new WeakMap<Table, ColumnEntry[]>();

function columnEntries(table: Table): ColumnEntry[] {
  let entries = entriesOf.get(table);
  if (!entries) {
    entries = (Object.entries(getTableColumns(table)) as [string, Column][]).map(([key, column]) => ({
      key,
      name: casing.getColumnCasing(column),
      column,
      json: isJsonColumn(column),
    }));
    entriesOf.set(table, entries);
  }
  return entries;
}

/**
 * The JSON object that inserts `values` into `table` with jsonb_populate_record: database column
 * names, driver values (JSON columns as they are), application defaults ($defaultFn) filled in and
 * absent columns left out (the database's defaults apply).
 */
export function jsonForInsert<T extends Table>(table: T, values: T["$inferInsert"]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const given = values as Record<string, unknown>;
  for (const { key, name, column, json } of columnEntries(table)) {
    let value = given[key];
    if (value === undefined && column.defaultFn) value = column.defaultFn();
    if (value === undefined) continue;
    out[name] = value === null || json ? value : column.mapToDriverValue(value);
  }
  return out;
}

/** The row of `table` that `to_jsonb(row)` describes, as a Drizzle select would answer it. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const out: Record<string, unknown> = {};
  for (const { key, name, column } of columnEntries(table)) {
    const value = json[name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out;
}
