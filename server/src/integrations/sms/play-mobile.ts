// PlayMobile (smsxabar.uz broker API, as its public clients use it):
//   POST /broker-api/send, HTTP Basic auth, JSON
//   {"messages":[{"recipient":"998...","message-id":"<unique>","sms":{"originator":"3700","content":{"text":"..."}}}]}
// 200 means accepted; errors answer 4xx/5xx, usually with {"error-code", "error-description"}.
import { randomBytes } from "node:crypto";
import { callGateway, gatewayDigits, SmsError, type Fetch, type SmsGateway } from "./types.ts";

export const PLAY_MOBILE_DEFAULT_URL = "https://send.smsxabar.uz";

export interface PlayMobileOptions {
  baseUrl: string;
  login: string;
  password: string;
  /** The sender ("originator"), e.g. "3700". */
  originator: string;
  fetch?: Fetch;
  timeoutMs?: number;
}

/** A message id PlayMobile accepts (letters and digits, at most 20 characters) and never repeats. */
function messageId(): string {
  return `sv${Date.now().toString(36)}${randomBytes(4).toString("hex")}`.slice(0, 20);
}

export function createPlayMobileGateway(options: PlayMobileOptions): SmsGateway {
  const fetchImpl = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/broker-api/send`;
  const auth = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString("base64")}`;
  return {
    name: "PLAY_MOBILE",
    async send(message) {
      const body = JSON.stringify({
        messages: [
          {
            recipient: gatewayDigits(message.phone),
            "message-id": messageId(),
            sms: { originator: options.originator, content: { text: message.text } },
          },
        ],
      });
      const answer = await callGateway(
        fetchImpl,
        url,
        { method: "POST", headers: { authorization: auth, "content-type": "application/json" }, body },
        options.timeoutMs,
      );
      if (answer.status >= 200 && answer.status < 300) return;
      if (answer.status === 401 || answer.status === 403) {
        throw new SmsError("AUTH", `send ${answer.status}: ${answer.body}`);
      }
      if (answer.status >= 500) throw new SmsError("UNAVAILABLE", `send ${answer.status}: ${answer.body}`);
      throw new SmsError("REJECTED", `send ${answer.status}: ${answer.body}`);
    },
  };
}
