// Telegram Bot API `sendMessage` (core.telegram.org/bots/api#sendmessage): POST
// <base>/bot<token>/sendMessage with a JSON body; the answer is {ok: true, result: Message} or
// {ok: false, error_code, description, parameters?: {retry_after}}. The token is part of the URL,
// so no URL or error text that could hold it is ever logged.

export type BotApiFetch = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface InlineButton {
  text: string;
  web_app?: { url: string };
  url?: string;
}

export interface SendMessage {
  chat_id: string;
  text: string;
  reply_markup?: { inline_keyboard: InlineButton[][] };
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
  result?: { message_id?: number };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** Sends one message; answers Telegram's message_id or throws BotApiError. */
export async function sendBotMessage(
  options: { baseUrl: string; token: string; timeoutMs: number; fetch?: BotApiFetch },
  message: SendMessage,
): Promise<number> {
  const doFetch: BotApiFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const url = `${options.baseUrl.replace(/\/+$/, "")}/bot${options.token}/sendMessage`;
  let status: number;
  let text: string;
  try {
    const res = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(message),
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
  if (answer.ok === true && typeof answer.result?.message_id === "number") return answer.result.message_id;
  const code = answer.error_code ?? status;
  const description = (answer.description ?? "no description").slice(0, 300);
  if (code === 429) {
    throw new BotApiError(true, `429 ${description}`, answer.parameters?.retry_after ?? null);
  }
  throw new BotApiError(code >= 500 || code === 0, `${String(code)} ${description}`);
}
