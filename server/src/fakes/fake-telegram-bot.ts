// A stand-in for the Telegram Bot API's sendMessage (demo and development only; tests serve it
// behind a local HTTP server set as TELEGRAM_API_URL): POST /bot<token>/sendMessage with a JSON body
// answers {ok: true, result: Message} or {ok: false, error_code, description} like Telegram. What it
// "sent" is kept in memory (the last MAX_LOG messages) for GET /api/dev/telegram-bot/messages.
//   a token that does not look like <bot id>:<secret>   401 Unauthorized
//   no chat_id, or an empty text                        400 Bad Request
//   a chat in `blockedChats`                             403 Forbidden: bot was blocked by the user
//   while `failNext(n)` has failures left                500 Internal Server Error (retryable)

const MAX_LOG = 1000;

export interface FakeBotMessage {
  /** The bot's id (the token's part before ":"), never the secret. */
  botId: string;
  chatId: string;
  text: string;
  replyMarkup: unknown;
  messageId: number;
  date: number;
}

const log: FakeBotMessage[] = [];
const blocked = new Set<string>();
let failures = 0;
let messageSeq = 1000;

export const fakeBotApi = {
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

/** One Bot API call; `path` is what follows the base URL, e.g. "/bot123:abc/sendMessage". */
export function handleFakeBotApi(path: string, body: string): FakeBotReply {
  const match = /^\/bot(\d+):([\w-]+)\/(\w+)$/.exec(path);
  if (!match) return refuse(401, "Unauthorized");
  const [, botId = "", , method] = match;
  if (method !== "sendMessage") return refuse(404, "Not Found");
  if (failures > 0) {
    failures -= 1;
    return refuse(500, "Internal Server Error");
  }
  let input: { chat_id?: unknown; text?: unknown; reply_markup?: unknown };
  try {
    input = JSON.parse(body) as typeof input;
  } catch {
    return refuse(400, "Bad Request: can't parse JSON");
  }
  const chatId =
    typeof input.chat_id === "string" || typeof input.chat_id === "number" ? String(input.chat_id) : "";
  if (!chatId) return refuse(400, "Bad Request: chat_id is empty");
  if (typeof input.text !== "string" || input.text.trim() === "")
    return refuse(400, "Bad Request: message text is empty");
  if (blocked.has(chatId)) return refuse(403, "Forbidden: bot was blocked by the user");
  messageSeq += 1;
  const date = Math.floor(Date.now() / 1000);
  if (log.length >= MAX_LOG) log.shift();
  log.push({
    botId,
    chatId,
    text: input.text,
    replyMarkup: input.reply_markup ?? null,
    messageId: messageSeq,
    date,
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
