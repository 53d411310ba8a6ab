// A stand-in for the Telegram Bot API (demo and development only; tests serve it behind a local
// HTTP server set as TELEGRAM_API_URL): POST /bot<token>/<method> with a JSON body answers {ok: true,
// result} or {ok: false, error_code, description} like Telegram. What it "sent" is kept in memory
// (the last MAX_LOG messages) for GET /api/dev/telegram-bot/messages; what a customer "wrote" is
// queued by `pushUpdate` (the harness's chat) for getUpdates, or POSTed to the bot's webhook by
// `deliver` once one is set, as Telegram does. Methods: sendMessage,
// answerCallbackQuery, getUpdates, setWebhook, deleteWebhook, getWebhookInfo, setMyCommands, deleteMyCommands,
// setMyDescription, setMyShortDescription, setChatMenuButton. Refused as Telegram refuses:
//   a token that does not look like <bot id>:<secret>   401 Unauthorized
//   an unknown method                                   404 Not Found
//   no chat_id, or an empty text                        400 Bad Request
//   a web_app button or menu button that is not https   400 Bad Request (only HTTPS links)
//   callback_data over 64 bytes                         400 Bad Request: BUTTON_DATA_INVALID
//   setWebhook to a URL that is not https               400 Bad Request: bad webhook
//   a command not of [a-z0-9_]{1,32}                     400 Bad Request: BOT_COMMAND_INVALID
//   getUpdates while a webhook is set                   409 Conflict
//   a 31st message of a bot within a second             429 Too Many Requests, retry_after 1
//   a chat in `blockedChats`                             403 Forbidden: bot was blocked by the user
//   while `failNext(n)` has failures left                500 Internal Server Error (retryable)

const MAX_LOG = 1000;

/** The record without one key (a language's commands or description removed). */
function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

export interface FakeBotMessage {
  /** The bot's id (the token's part before ":"), never the secret. */
  botId: string;
  chatId: string;
  text: string;
  replyMarkup: unknown;
  messageId: number;
  date: number;
  /** When it was taken, in ms of the fake's clock (`useClock`). */
  at: number;
}

/** What a bot was told by its set-up calls, and the updates waiting for its getUpdates. */
export interface FakeBotState {
  webhook: { url: string; secretToken: string | null } | null;
  /** Per language_code ("" for the default): the commands. */
  commands: Record<string, { command: string; description: string }[]>;
  descriptions: Record<string, string>;
  shortDescriptions: Record<string, string>;
  menuButton: unknown;
  pending: Record<string, unknown>[];
  /** Answered callback queries' ids. */
  answeredCallbacks: string[];
  /** The webhook's last refusal, as getWebhookInfo tells it (unix seconds, Telegram's wording). */
  lastError: { date: number; message: string } | null;
}

/** How the fake reaches a webhook (the dev routes and tests send it through the app itself). */
export type FakeBotTransport = (
  url: string,
  init: { headers: Record<string, string>; body: string },
) => Promise<{ status: number }>;

const log: FakeBotMessage[] = [];
const blocked = new Set<string>();
const bots = new Map<string, FakeBotState>();
let failures = 0;
let messageSeq = 1000;
let clock: () => number = () => Date.now();
/** Per bot, the times (ms) of its messages in the last second. */
const recentOfBot = new Map<string, number[]>();
let updateSeq = 500_000;

function botState(botId: string): FakeBotState {
  let state = bots.get(botId);
  if (!state) {
    state = {
      webhook: null,
      commands: {},
      descriptions: {},
      shortDescriptions: {},
      menuButton: null,
      pending: [],
      answeredCallbacks: [],
      lastError: null,
    };
    bots.set(botId, state);
  }
  return state;
}

export const fakeBotApi = {
  /** Who carries a webhook call; null: nobody can be reached, so updates wait as for getUpdates. */
  transport: null as FakeBotTransport | null,
  messages(chatId?: string): FakeBotMessage[] {
    return chatId === undefined ? [...log] : log.filter((m) => m.chatId === chatId);
  },
  /** The next `n` calls answer 500. */
  failNext(n: number): void {
    failures = n;
  },
  block(chatId: string): void {
    blocked.add(chatId);
  },
  /** The clock the fake measures Telegram's limits by (tests drive it); null for the real one. */
  useClock(next: (() => number) | null): void {
    clock = next ?? (() => Date.now());
    recentOfBot.clear();
  },
  /** The bot's state (set-up calls, waiting updates). */
  bot(botId: string): FakeBotState {
    return botState(botId);
  },
  /** Queues an update for the bot's getUpdates, numbered as Telegram numbers them; answers it. */
  pushUpdate(botId: string, update: Record<string, unknown>): Record<string, unknown> {
    updateSeq += 1;
    const numbered = { update_id: updateSeq, ...update };
    botState(botId).pending.push(numbered);
    return numbered;
  },
  /**
   * Delivers a bot's waiting updates to its webhook as Telegram does: POSTed one at a time, in
   * order, with the secret in X-Telegram-Bot-Api-Secret-Token; an update is dropped once answered
   * 2xx, and an answer otherwise keeps it (and the rest) waiting with the error getWebhookInfo shows.
   * Answers how many were delivered.
   */
  async deliver(botId: string): Promise<number> {
    const state = botState(botId);
    let delivered = 0;
    for (let update = state.pending[0]; update; update = state.pending[0]) {
      if (!state.webhook || !fakeBotApi.transport) break;
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (state.webhook.secretToken) headers["x-telegram-bot-api-secret-token"] = state.webhook.secretToken;
      const { status } = await fakeBotApi.transport(state.webhook.url, {
        headers,
        body: JSON.stringify(update),
      });
      if (status < 200 || status > 299) {
        state.lastError = {
          date: Math.floor(clock() / 1000),
          message: `Wrong response from the webhook: ${String(status)}`,
        };
        break;
      }
      state.pending.shift();
      delivered += 1;
    }
    return delivered;
  },
};

export interface FakeBotReply {
  status: number;
  body: string;
}

const answer = (status: number, data: Record<string, unknown>): FakeBotReply => ({
  status,
  body: JSON.stringify(data),
});
const refuse = (code: number, description: string) =>
  answer(code, { ok: false, error_code: code, description });

/** Telegram's refusal of a button that opens a page: only https for web_app. */
function badMarkup(markup: unknown): FakeBotReply | null {
  if (!markup || typeof markup !== "object") return null;
  const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (!Array.isArray(rows)) return null;
  for (const row of rows as unknown[]) {
    if (!Array.isArray(row)) return refuse(400, "Bad Request: inline keyboard rows must be arrays");
    for (const button of row as { text?: unknown; web_app?: { url?: unknown }; callback_data?: unknown }[]) {
      if (typeof button.text !== "string" || button.text === "")
        return refuse(400, "Bad Request: inline keyboard button text is empty");
      const url = button.web_app?.url;
      if (url !== undefined && (typeof url !== "string" || !url.startsWith("https://")))
        return refuse(
          400,
          `Bad Request: inline keyboard button Web App URL '${typeof url === "string" ? url : ""}' is invalid: Only HTTPS links are allowed`,
        );
      if (typeof button.callback_data === "string" && Buffer.byteLength(button.callback_data) > 64)
        return refuse(400, "Bad Request: BUTTON_DATA_INVALID");
    }
  }
  return null;
}

type Input = Record<string, unknown>;

function setUp(botId: string, method: string, input: Input): FakeBotReply | null {
  const state = botState(botId);
  const language = typeof input.language_code === "string" ? input.language_code : "";
  switch (method) {
    case "setWebhook": {
      const url = typeof input.url === "string" ? input.url : "";
      if (url === "") {
        state.webhook = null;
        return answer(200, { ok: true, result: true, description: "Webhook was deleted" });
      }
      if (!url.startsWith("https://"))
        return refuse(400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook");
      const secret = input.secret_token;
      if (secret !== undefined && (typeof secret !== "string" || !/^[\w-]{1,256}$/.test(secret)))
        return refuse(400, "Bad Request: secret token contains unallowed characters");
      state.webhook = { url, secretToken: typeof secret === "string" ? secret : null };
      return answer(200, { ok: true, result: true, description: "Webhook was set" });
    }
    case "deleteWebhook":
      state.webhook = null;
      return answer(200, { ok: true, result: true, description: "Webhook was deleted" });
    case "getWebhookInfo":
      return answer(200, {
        ok: true,
        result: {
          url: state.webhook?.url ?? "",
          has_custom_certificate: false,
          pending_update_count: state.pending.length,
          ...(state.lastError
            ? { last_error_date: state.lastError.date, last_error_message: state.lastError.message }
            : {}),
        },
      });
    case "setMyCommands": {
      const commands = input.commands;
      if (!Array.isArray(commands) || commands.length > 100)
        return refuse(400, "Bad Request: commands must be an array of at most 100");
      for (const c of commands as { command?: unknown; description?: unknown }[]) {
        if (typeof c.command !== "string" || !/^[a-z0-9_]{1,32}$/.test(c.command))
          return refuse(400, "Bad Request: BOT_COMMAND_INVALID");
        if (typeof c.description !== "string" || c.description.length < 1 || c.description.length > 256)
          return refuse(400, "Bad Request: command description must be 1-256 characters");
      }
      state.commands[language] = commands as { command: string; description: string }[];
      return answer(200, { ok: true, result: true });
    }
    case "deleteMyCommands":
      state.commands = without(state.commands, language);
      return answer(200, { ok: true, result: true });
    case "setMyDescription":
    case "setMyShortDescription": {
      const long = method === "setMyDescription";
      const text = input[long ? "description" : "short_description"] ?? "";
      if (typeof text !== "string" || text.length > (long ? 512 : 120))
        return refuse(400, `Bad Request: ${long ? "description" : "short description"} is too long`);
      // An empty text removes the language's own (Telegram then shows the default).
      const texts = long ? state.descriptions : state.shortDescriptions;
      const next = text === "" ? without(texts, language) : { ...texts, [language]: text };
      if (long) state.descriptions = next;
      else state.shortDescriptions = next;
      return answer(200, { ok: true, result: true });
    }
    case "setChatMenuButton": {
      const button = input.menu_button as
        { type?: unknown; text?: unknown; web_app?: { url?: unknown } } | undefined;
      if (button?.type === "web_app") {
        const url = button.web_app?.url;
        if (typeof button.text !== "string" || typeof url !== "string" || !url.startsWith("https://"))
          return refuse(400, "Bad Request: BUTTON_URL_INVALID");
      }
      state.menuButton = button ?? { type: "default" };
      return answer(200, { ok: true, result: true });
    }
    case "answerCallbackQuery": {
      if (typeof input.callback_query_id !== "string" || input.callback_query_id === "")
        return refuse(
          400,
          "Bad Request: query is too old and response timeout expired or query ID is invalid",
        );
      state.answeredCallbacks.push(input.callback_query_id);
      return answer(200, { ok: true, result: true });
    }
    case "getUpdates": {
      if (state.webhook)
        return refuse(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      // Asking from an offset confirms every update before it, as Telegram does.
      const offset = typeof input.offset === "number" ? input.offset : 0;
      state.pending = state.pending.filter((u) => (u.update_id as number) >= offset);
      return answer(200, { ok: true, result: state.pending.slice(0, 100) });
    }
    default:
      return null;
  }
}

/** One Bot API call; `path` is what follows the base URL, e.g. "/bot123:abc/sendMessage". */
export function handleFakeBotApi(path: string, body: string): FakeBotReply {
  const match = /^\/bot(\d+):([\w-]+)\/(\w+)$/.exec(path);
  if (!match) return refuse(401, "Unauthorized");
  const [, botId = "", , method = ""] = match;
  if (failures > 0) {
    failures -= 1;
    return refuse(500, "Internal Server Error");
  }
  let input: Input;
  try {
    input = (JSON.parse(body) ?? {}) as Input;
  } catch {
    return refuse(400, "Bad Request: can't parse JSON");
  }
  if (method !== "sendMessage") return setUp(botId, method, input) ?? refuse(404, "Not Found");
  const chatId =
    typeof input.chat_id === "string" || typeof input.chat_id === "number" ? String(input.chat_id) : "";
  if (!chatId) return refuse(400, "Bad Request: chat_id is empty");
  if (typeof input.text !== "string" || input.text.trim() === "")
    return refuse(400, "Bad Request: message text is empty");
  const bad = badMarkup(input.reply_markup);
  if (bad) return bad;
  if (blocked.has(chatId)) return refuse(403, "Forbidden: bot was blocked by the user");
  const at = clock();
  const recent = (recentOfBot.get(botId) ?? []).filter((t) => t > at - 1_000);
  if (recent.length >= 30) {
    recentOfBot.set(botId, recent);
    return answer(429, {
      ok: false,
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
  }
  recentOfBot.set(botId, [...recent, at]);
  messageSeq += 1;
  const date = Math.floor(at / 1000);
  if (log.length >= MAX_LOG) log.shift();
  log.push({
    botId,
    chatId,
    text: input.text,
    replyMarkup: input.reply_markup ?? null,
    messageId: messageSeq,
    date,
    at,
  });
  return answer(200, {
    ok: true,
    result: {
      message_id: messageSeq,
      from: { id: Number(botId), is_bot: true, first_name: "Savat demo bot" },
      chat: { id: Number(chatId), type: "private" },
      date,
      text: input.text,
      ...(input.reply_markup ? { reply_markup: input.reply_markup } : {}),
    },
  });
}
