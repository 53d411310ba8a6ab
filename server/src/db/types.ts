import type { Assume } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.ts";

export type Schema = typeof schema;

/**
 * The part of a raw query result both drivers share: PGlite's `Results` and node-postgres'
 * `QueryResult` both carry `rows`. Lets `db.execute<Row>(sql)` return `{ rows: Row[] }`.
 */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this["row"], Record<string, unknown>>>;
}

export type RowsResult<Row> = { rows: Row[] };

/** A Drizzle database over the schema: PGlite (drizzle-orm/pglite) and node-postgres both fit. */
export type Db = PgDatabase<RowsQueryResultHKT, Schema>;
