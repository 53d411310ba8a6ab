import { sql } from "drizzle-orm";
import type { Db } from "./types.ts";

/** pg_notify inside the caller's transaction: PostgreSQL delivers it only if, and after, it commits. */
export async function pgNotify(db: Pick<Db, "execute">, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
