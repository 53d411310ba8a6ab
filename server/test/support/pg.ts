import pg from "pg";

/** The PostgreSQL server the tests use: SAVAT_TEST_PG_URL, or the local one of the machine. */
export const ADMIN_URL = process.env.SAVAT_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery("select 1");
    return true;
  } catch {
    return false;
  }
}
