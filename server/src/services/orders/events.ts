// Live order updates: every change of an order is announced with pg_notify inside its
// transaction, so PostgreSQL delivers it to every server instance after the commit; each instance
// passes it to the customers' open server-sent-event streams. PGlite has a single process, so there
// the same announcement is also handed over in-process after the commit.
import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { pgNotify } from "../../db/notify.ts";
import { afterCommit } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";

export const ORDER_NOTIFY_CHANNEL = "savat_orders";

export interface OrderChange {
  merchantId: string;
  userId: string | null;
  orderId: string;
  status: string;
  courierStatus: string | null;
}

/** A table booking changed status; it travels the same channel and streams as orders. */
export interface ReservationChange {
  kind: "reservation";
  merchantId: string;
  userId: string;
  reservationId: string;
  /** The booking's branch: the staff stream tells only the staff who work there. */
  branchId: string;
  status: string;
}

export type CustomerChange = OrderChange | ReservationChange;

/** Announces a change from inside the writing transaction (delivered after commit). */
export async function notifyOrderChanged(db: Pick<Db, "execute">, change: CustomerChange): Promise<void> {
  await pgNotify(db, ORDER_NOTIFY_CHANNEL, JSON.stringify(change));
}

/**
 * The process's subscribers of one notification channel's changes (each carrying its merchant),
 * fed by the database's notifications.
 */
export class ChannelEvents<Change extends { merchantId: string }> {
  private readonly emitter = new EventEmitter();
  private stop: (() => Promise<void>) | null = null;
  private readonly local: boolean;
  private readonly database: Database;
  private readonly channel: string;

  constructor(database: Database, channel: string) {
    this.database = database;
    this.channel = channel;
    this.emitter.setMaxListeners(0);
    this.local = !database.listen;
  }

  async start(log: FastifyBaseLogger): Promise<void> {
    if (!this.database.listen) return;
    try {
      this.stop = await this.database.listen(
        this.channel,
        (payload) => {
          try {
            this.emit(JSON.parse(payload) as Change);
          } catch {
            log.warn({ channel: this.channel }, "unreadable notification");
          }
        },
        () => {
          log.warn(
            { channel: this.channel },
            "change listener lost its connection; streams fall back to polling",
          );
        },
      );
    } catch (error) {
      log.error({ err: error, channel: this.channel }, "cannot listen for changes");
    }
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
    this.emitter.removeAllListeners();
  }

  /** After a commit: on PGlite the process tells itself (PostgreSQL's NOTIFY does it otherwise). */
  committed(change: Change): void {
    if (this.local) this.emit(change);
  }

  private emit(change: Change): void {
    this.emitter.emit(`m:${change.merchantId}`, change);
  }

  /** Calls `listener` for every change of the merchant's rows; answers the unsubscribe function. */
  subscribe(merchantId: string, listener: (change: Change) => void): () => void {
    const name = `m:${merchantId}`;
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}

/**
 * What happened to orders in this process, told once it is committed: the metrics count it
 * (server/src/plugins/metrics.ts). Nothing listens unless the app passes a tally.
 */
export interface OrderTally {
  placed(): void;
  paid(): void;
}

const NO_TALLY: OrderTally = { placed: () => undefined, paid: () => undefined };

/** The process's subscribers of order and booking changes, and the tally of orders placed and paid. */
export class OrderEvents extends ChannelEvents<CustomerChange> {
  readonly tally: OrderTally;

  constructor(database: Database, tally: OrderTally = NO_TALLY) {
    super(database, ORDER_NOTIFY_CHANNEL);
    this.tally = tally;
  }
}

/**
 * Announces a change of an order: to other servers with pg_notify inside the transaction, and to this
 * server's streams once it has committed.
 */
export async function announce(tx: Db, events: OrderEvents, change: CustomerChange): Promise<void> {
  await notifyOrderChanged(tx, change);
  afterCommit(tx, () => {
    events.committed(change);
  });
}
