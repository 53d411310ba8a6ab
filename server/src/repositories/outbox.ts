// The outboxes: rows written with a change and sent later by a worker, with retries (bot_messages,
// sent by server/src/services/notifications/bot-outbox.ts; payment_refunds, by server/src/services/payments/refunds.ts;
// webhook_deliveries, by server/src/services/webhooks/worker.ts; kitchen_orders, by
// server/src/services/kitchen/iiko-outbox.ts). Their depth is what the metrics show at each scrape.
import { sql } from "drizzle-orm";
import { botMessages, kitchenOrders, paymentRefunds, webhookDeliveries } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export interface OutboxDepth {
  /** bot_messages, refunds, webhooks or kitchen_orders. */
  outbox: string;
  /** To send or being sent (PENDING, SENDING). */
  waiting: number;
  /** Given up after their tries or refused (FAILED): a person settles them. */
  givenUp: number;
}

/**
 * Every outbox's waiting and given-up rows, in one query. Delivered rows (SENT, DONE) are never read:
 * the state index keeps the count to the rows still of interest.
 */
export async function outboxDepths(db: Db): Promise<OutboxDepth[]> {
  const result = await db.execute<{ outbox: string; waiting: number; given_up: number }>(sql`
    select 'bot_messages' as outbox,
      count(*) filter (where ${botMessages.state} <> 'FAILED')::int as waiting,
      count(*) filter (where ${botMessages.state} = 'FAILED')::int as given_up
    from ${botMessages}
    where ${botMessages.state} in ('PENDING', 'SENDING', 'FAILED')
    union all
    select 'refunds',
      count(*) filter (where ${paymentRefunds.state} <> 'FAILED')::int,
      count(*) filter (where ${paymentRefunds.state} = 'FAILED')::int
    from ${paymentRefunds}
    where ${paymentRefunds.state} in ('PENDING', 'SENDING', 'FAILED')
    union all
    select 'webhooks',
      count(*) filter (where ${webhookDeliveries.state} <> 'FAILED')::int,
      count(*) filter (where ${webhookDeliveries.state} = 'FAILED')::int
    from ${webhookDeliveries}
    where ${webhookDeliveries.state} in ('PENDING', 'SENDING', 'FAILED')
    union all
    select 'kitchen_orders',
      count(*) filter (where ${kitchenOrders.state} <> 'FAILED')::int,
      count(*) filter (where ${kitchenOrders.state} = 'FAILED')::int
    from ${kitchenOrders}
    where ${kitchenOrders.state} in ('PENDING', 'SENDING', 'FAILED')
  `);
  return result.rows.map((row) => ({ outbox: row.outbox, waiting: row.waiting, givenUp: row.given_up }));
}
