// The Telegram Bot API (core.telegram.org/bots/api): POST <base>/bot<token>/<method> with a JSON
// body; the answer is {ok: true, result} or {ok: false, error_code, description, parameters?:
// {retry_after}}. The token is part of the URL, so no URL or error text that could hold it is ever
// logged. Used: sendMessage and answerCallbackQuery (the outbox), getUpdates (long polling), and the
// bot's set-up: setWebhook, deleteWebhook, getWebhookInfo, setMyCommands, deleteMyCommands, setChatMenuButton,
// setMyDescription, setMyShortDescription.

export type BotApiFetch = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface InlineButton {
  text: string;
  web_app?: { url: string };
  url?: string;
  callback_data?: string;
}

/** A button of the keyboard under the chat's input; `request_contact` sends the user's own contact. */
export interface KeyboardButton {
  text: string;
  request_contact?: boolean;
}

export type ReplyMarkup =
  | { inline_keyboard: InlineButton[][] }
  | { keyboard: KeyboardButton[][]; resize_keyboard?: boolean; one_time_keyboard?: boolean }
  | { remove_keyboard: true };

export interface SendMessage {
  chat_id: string;
  text: string;
  reply_markup?: ReplyMarkup;
}

/**
 * A failed call: `retry` when trying again later may work (Telegram unreachable, 5xx, 429 flood
 * control with its `retryAfterS`), not for a refusal (400 chat not found, 403 bot blocked, 401).
 */
export class BotApiError extends Error {
  readonly retry: boolean;
  readonly retryAfterS: number | null;
  constructor(retry: boolean, message: string, retryAfterS: number | null = null) {
    super(message);
    this.retry = retry;
    this.retryAfterS = retryAfterS;
  }
}

interface BotApiAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export interface BotApiOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  fetch?: BotApiFetch;
}

/** One Bot API call; answers its `result` or throws BotApiError. */
export async function callBotApi(
  options: BotApiOptions,
  method: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  const doFetch: BotApiFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const url = `${options.baseUrl.replace(/\/+$/, "")}/bot${options.token}/${method}`;
  let status: number;
  let text: string;
  try {
    const res = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    throw new BotApiError(true, name === "TimeoutError" ? "Bot API timed out" : "Bot API unreachable");
  }
  let answer: BotApiAnswer;
  try {
    answer = JSON.parse(text) as BotApiAnswer;
  } catch {
    throw new BotApiError(true, `Bot API answered ${String(status)} without JSON`);
  }
  if (answer.ok === true && answer.result !== undefined) return answer.result;
  const code = answer.error_code ?? status;
  const description = (answer.description ?? "no description").slice(0, 300);
  if (code === 429) {
    throw new BotApiError(true, `429 ${description}`, answer.parameters?.retry_after ?? null);
  }
  throw new BotApiError(code >= 500 || code === 0, `${String(code)} ${description}`);
}

/** Sends one message; answers Telegram's message_id or throws BotApiError. */
export async function sendBotMessage(options: BotApiOptions, message: SendMessage): Promise<number> {
  const result = (await callBotApi(options, "sendMessage", { ...message })) as { message_id?: unknown };
  if (typeof result.message_id !== "number")
    throw new BotApiError(true, "sendMessage answered no message_id");
  return result.message_id;
}
