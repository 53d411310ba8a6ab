// The baseline of bench-orders.ts on PostgreSQL (issue 43), run by it as a separate process: the
// rows one placed order writes (its number, the order, its line, its history entry), copied from a
// sample order, written by one statement per order at the benchmark's concurrency, with nothing
// else in this process. Prints one JSON line: {"seconds": s, "latencies": [ms, ...]}.
//   node scripts/bench-orders-baseline.ts <database url> <sample order id> <count> <concurrency> <user ids, comma-separated> <key prefix>
import pg from "pg";

const [url, sampleId, countText, concurrencyText, userList, prefix] = process.argv.slice(2);
if (!url || !sampleId || !countText || !concurrencyText || !userList || !prefix) {
  throw new Error(
    "usage: bench-orders-baseline.ts <url> <sample order id> <count> <concurrency> <user ids> <prefix>",
  );
}
const count = Number(countText);
const concurrency = Number(concurrencyText);
const users = userList.split(",");

/** One order's rows in one statement: the number taken, then the order, its line and its history. */
const ONE_ORDER = `
WITH n AS (
  INSERT INTO order_number_counters (merchant_id, last_number) VALUES ($1, 1)
  ON CONFLICT (merchant_id) DO UPDATE SET last_number = order_number_counters.last_number + 1
  RETURNING last_number
), o AS (
  INSERT INTO orders
  SELECT (jsonb_populate_record(null::orders, $2::jsonb || jsonb_build_object(
    'id', gen_random_uuid(), 'number', n.last_number, 'user_id', $3::uuid, 'idempotency_key', $4::text))).*
  FROM n
  RETURNING id
), i AS (
  INSERT INTO order_items
  SELECT (jsonb_populate_record(null::order_items, $5::jsonb || jsonb_build_object(
    'id', gen_random_uuid(), 'order_id', o.id))).*
  FROM o
), h AS (
  INSERT INTO order_history (id, merchant_id, order_id, status, reason)
  SELECT gen_random_uuid(), $1, o.id, 'CREATED', 'CHANGE_STATUS' FROM o
)
SELECT id FROM o`;

const db = new pg.Pool({ connectionString: url, max: concurrency });
try {
  const sample = await db.query<{ merchant_id: string; row: object }>(
    "SELECT merchant_id, to_jsonb(o.*) AS row FROM orders o WHERE id = $1",
    [sampleId],
  );
  const item = await db.query<{ row: object }>(
    "SELECT to_jsonb(i.*) AS row FROM order_items i WHERE order_id = $1 LIMIT 1",
    [sampleId],
  );
  const order = sample.rows[0];
  const line = item.rows[0];
  if (!order || !line) throw new Error("the sample order or its line is missing");
  // Connections opened before the clock starts, as the API's pool has them.
  await Promise.all(Array.from({ length: concurrency }, () => db.query("SELECT 1")));
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        await db.query(ONE_ORDER, [
          order.merchant_id,
          JSON.stringify(order.row),
          users[worker % users.length],
          `${prefix}-${String(i)}`,
          JSON.stringify(line.row),
        ]);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - started) / 1000, latencies })}\n`);
} finally {
  await db.end();
}
