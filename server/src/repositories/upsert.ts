// The statements a brand import is made of: upserts by derived id that never take over another
// merchant's row, and the removal of the merchant's rows a file no longer has.
import { and, eq, getTableColumns, notInArray, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { IndexColumn, PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/transaction.ts";

export type { Tx } from "../db/transaction.ts";
export type Row = Record<string, unknown>;

/** Rows per statement; keeps every statement far below the 65,535 bind parameters of the protocol. */
const CHUNK = 400;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** `SET col = excluded.col` for every given property; names follow the instance's snake_case casing. */
export function excludedSet(table: PgTable, keys: string[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const set: Record<string, SQL> = {};
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
    set[key] = sql`excluded.${sql.identifier(name)}`;
  }
  return set;
}

export interface TenantTable extends PgTable {
  id: PgColumn;
  merchantId: PgColumn;
}

/**
 * Inserts or updates rows by `target` and returns the ids of the rows now holding them. A row with the
 * same id that belongs to another merchant is never taken over: the import fails instead.
 */
export async function upsert(
  tx: Tx,
  table: TenantTable,
  rows: Row[],
  target: IndexColumn | IndexColumn[] = table.id,
): Promise<string[]> {
  const first = rows[0];
  if (!first) return [];
  const targetColumns = new Set(Array.isArray(target) ? target : [target]);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first).filter((k) => k !== "id" && !targetColumns.has(columns[k] as IndexColumn));
  const set = excludedSet(table, keys);
  const ids: string[] = [];
  for (const chunk of chunks(rows)) {
    const merchantId = chunk[0]?.merchantId as string;
    const written = (await tx
      .insert(table)
      .values(chunk as never)
      .onConflictDoUpdate({ target, set, setWhere: eq(table.merchantId, merchantId) })
      .returning({ id: table.id })) as { id: string }[];
    if (written.length !== chunk.length) {
      throw new Error(
        `${tableName(table)}: ${chunk.length - written.length} row id(s) already belong to another merchant`,
      );
    }
    ids.push(...written.map((w) => w.id));
  }
  return ids;
}

function tableName(table: PgTable): string {
  return (table as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")] ?? "table";
}

export async function deleteMissing(
  tx: Tx,
  table: TenantTable,
  merchantId: string,
  keep: string[],
): Promise<number> {
  const deleted = await tx
    .delete(table)
    .where(and(eq(table.merchantId, merchantId), notInArray(table.id, keep)))
    .returning({ id: table.id });
  return deleted.length;
}

export async function deactivateMissing(
  tx: Tx,
  table: TenantTable,
  merchantId: string,
  keep: string[],
  set: Row,
  activeColumn: PgColumn,
): Promise<number> {
  const changed = await tx
    .update(table)
    .set(set as never)
    .where(and(eq(table.merchantId, merchantId), notInArray(table.id, keep), eq(activeColumn, true)))
    .returning({ id: table.id });
  return changed.length;
}
