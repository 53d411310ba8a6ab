// The bots' inbox (issue 41). Updates come in from the webhook route or from long polling and are
// kept once per (brand, update_id): Telegram delivers again when unsure, and a duplicate is dropped
// by the unique index. A worker then answers each in one transaction with marking it DONE, its
// answers written to the bot outbox; so the webhook answers Telegram at once, a slow answer never
// makes Telegram retry, and a crash mid-answer leaves the update to the next run, answered once.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { startIntervalWorker, type IntervalWorker } from "../../lib/interval-worker.ts";
import { BotApiError, callBotApi } from "../../integrations/telegram-bot-api.ts";
import {
  claimBotUpdate,
  insertBotUpdate,
  listDueBotUpdates,
  newestBotUpdateId,
  updateBotUpdate,
} from "../../repositories/bot.ts";
import { findMerchantById, findMerchantBySub, listLiveMerchants } from "../../repositories/merchants.ts";
import { botTokenFor } from "../accounts/telegram.ts";
import type { BotOutbox } from "../notifications/bot-outbox.ts";
import { botApi } from "./links.ts";
import type { Outside } from "../stand-ins.ts";
import { answerUpdate, telegramUpdateSchema, type TelegramUpdate } from "./conversation.ts";

/** Waits after the 1st, 2nd, ... failed answer; after the last the update is FAILED. */
const BACKOFF_MS = [1_000, 10_000, 60_000];
const LEASE_MS = 60_000;

/** Keeps an update; false when this brand already has it (a redelivery). */
export async function receiveUpdate(
  db: Db,
  { merchantId, update }: { merchantId: string; update: TelegramUpdate },
): Promise<boolean> {
  return insertBotUpdate(db, { merchantId, updateId: update.update_id, update });
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * An update from the webhook of the brand `brand`, with the secret Telegram sent back: refused
 * (401 TELEGRAM_WEBHOOK_SECRET_INVALID) unless it is the brand's; kept once. True when it is new.
 */
export async function receiveWebhookUpdate(
  db: Db,
  { brand, secret, update }: { brand: string; secret: string; update: TelegramUpdate },
): Promise<boolean> {
  const merchant = await findMerchantBySub(db, brand);
  const expected = merchant?.telegramWebhookSecret;
  // Compared as digests in constant time; a brand without a secret takes no webhook at all.
  if (!merchant || !expected || !timingSafeEqual(digest(secret), digest(expected))) {
    throw new AppError("TELEGRAM_WEBHOOK_SECRET_INVALID");
  }
  return receiveUpdate(db, { merchantId: merchant.id, update });
}

export interface BotUpdateDeps extends Outside {
  db: Db;
  log: (level: "info" | "warn", message: string, detail: Record<string, unknown>) => void;
}

/** Answers the updates due at `now`; answers how many were answered. */
export async function answerDueUpdates(deps: BotUpdateDeps, now = new Date()): Promise<number> {
  const due = await listDueBotUpdates(deps.db, { now, limit: 50 });
  let answered = 0;
  for (const { id } of due) {
    const row = await claimBotUpdate(deps.db, { id, now, leaseUntil: new Date(now.getTime() + LEASE_MS) });
    if (!row) continue;
    try {
      const merchant = await findMerchantById(deps.db, row.merchantId);
      const parsed = telegramUpdateSchema.safeParse(row.update);
      await deps.db.transaction(async (tx) => {
        if (merchant && parsed.success)
          await answerUpdate({ tx, merchant, config: deps.config }, parsed.data);
        await updateBotUpdate(tx, { id: row.id, set: { state: "DONE", lastError: null } });
      });
      answered += 1;
    } catch (error) {
      const final = row.attempts > BACKOFF_MS.length;
      const wait = BACKOFF_MS[row.attempts - 1] ?? 1_000;
      const message = error instanceof Error ? error.message.slice(0, 500) : "unexpected failure";
      await updateBotUpdate(deps.db, {
        id: row.id,
        set: {
          state: final ? "FAILED" : "PENDING",
          nextAttemptAt: new Date(now.getTime() + wait),
          lastError: message,
        },
      });
      deps.log("warn", final ? "bot update failed; not retried" : "bot update not answered; retried", {
        botUpdateId: row.id,
        updateId: row.updateId,
        error: message,
      });
    }
  }
  return answered;
}

/**
 * One round of long polling for every brand with a bot of its own (a token shared by several
 * brands, as the demo's TELEGRAM_BOT_TOKEN, could not tell whose customer wrote): getUpdates from
 * the update after the newest kept. Answers how many updates were new.
 */
export async function pollUpdates(deps: BotUpdateDeps, options: { timeoutS: number }): Promise<number> {
  const api = botApi(deps);
  if (!api) return 0;
  const merchants = await listLiveMerchants(deps.db);
  const byToken = new Map<string, string[]>();
  for (const merchant of merchants) {
    const token = botTokenFor(merchant, deps.config);
    if (token) byToken.set(token, [...(byToken.get(token) ?? []), merchant.id]);
  }
  let received = 0;
  for (const [token, [merchantId, ...others]] of byToken) {
    if (!merchantId || others.length > 0) continue;
    const newest = await newestBotUpdateId(deps.db, { merchantId });
    const offset = newest === null ? undefined : newest + 1;
    try {
      const updates = (await callBotApi(
        {
          baseUrl: api.baseUrl,
          token,
          timeoutMs: (options.timeoutS + 10) * 1000,
          ...(api.fetch ? { fetch: api.fetch } : {}),
        },
        "getUpdates",
        {
          ...(offset === undefined ? {} : { offset }),
          timeout: options.timeoutS,
          allowed_updates: ["message", "callback_query"],
        },
      )) as unknown[];
      for (const raw of updates) {
        const parsed = telegramUpdateSchema.safeParse(raw);
        if (parsed.success && (await receiveUpdate(deps.db, { merchantId, update: parsed.data })))
          received += 1;
      }
    } catch (error) {
      // A brand whose bot has a webhook answers 409 here: it hears its customers that way.
      if (!(error instanceof BotApiError) || error.retry || !error.message.startsWith("409")) {
        deps.log("warn", "getUpdates failed; the next round tries again", {
          merchantId,
          error: error instanceof Error ? error.message : "unexpected failure",
        });
      }
    }
  }
  return received;
}

export interface BotUpdatesWorker {
  /** Answers what came in now (the webhook kicks it). */
  kick(): void;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Answers kept updates (kicked by the webhook, and on the outbox's clock for retries) and, with
 * TELEGRAM_UPDATES=polling, asks Telegram for new ones every second. After each answer round the
 * outbox is kicked, so a reply leaves at once.
 */
export function startBotUpdates(app: FastifyInstance, outbox: BotOutbox): BotUpdatesWorker {
  const deps: BotUpdateDeps = {
    db: app.database.db,
    config: app.config,
    standIns: app.standIns,
    log: (level, message, detail) => {
      app.log[level](detail, message);
    },
  };
  const answering: IntervalWorker = startIntervalWorker({
    work: async () => {
      if ((await answerDueUpdates(deps)) > 0) outbox.kick();
    },
    everyMs: app.config.botMessagesSweepMs,
    failed: (error) => {
      app.log.warn({ err: error }, "bot updates run failed; the next run tries again");
    },
    rerunWhenBusy: true,
  });
  const polling =
    app.config.telegramUpdates === "polling"
      ? startIntervalWorker({
          work: async () => {
            // The stand-in answers at once; Telegram holds the request up to 25 s for news.
            if ((await pollUpdates(deps, { timeoutS: app.standIns ? 0 : 25 })) > 0) answering.kick();
          },
          everyMs: 1_000,
          failed: (error) => {
            app.log.warn({ err: error }, "bot polling failed; the next round tries again");
          },
          rerunWhenBusy: false,
        })
      : null;
  return {
    kick: () => {
      answering.kick();
    },
    /** Resolves when nothing is being heard, answered, or sent (tests). */
    async idle() {
      await polling?.idle();
      await answering.idle();
      await outbox.idle();
    },
    async stop() {
      await polling?.stop();
      await answering.stop();
    },
  };
}
