// A local PlayMobile broker API (smsxabar.uz): POST /broker-api/send with HTTP Basic auth and the
// {"messages":[{recipient, message-id, sms:{originator, content:{text}}}]} body. 200 "Request is
// received" when accepted; 401 for bad credentials; 400 with error-code/error-description for a
// bad message; failures can be forced.
import { startFake, type FakeServer } from "./http.ts";

export interface PlayMobileSent {
  recipient: string;
  messageId: string;
  originator: string;
  text: string;
}

export interface FakePlayMobile extends FakeServer {
  sent: PlayMobileSent[];
  failSends(status: number, body: string, times?: number): void;
}

export async function startFakePlayMobile(account: {
  login: string;
  password: string;
}): Promise<FakePlayMobile> {
  const sent: PlayMobileSent[] = [];
  const seenIds = new Set<string>();
  let failures: { status: number; body: string; times: number } | null = null;
  const expected = `Basic ${Buffer.from(`${account.login}:${account.password}`).toString("base64")}`;
  const error = (status: number, code: string, description: string) =>
    new Response(JSON.stringify({ "error-code": code, "error-description": description }), {
      status,
      headers: { "content-type": "application/json" },
    });

  const server = await startFake(async (request) => {
    const { pathname } = new URL(request.url);
    if (request.method !== "POST" || pathname !== "/broker-api/send") return error(404, "404", "Not found");
    if (request.headers.get("authorization") !== expected)
      return new Response("Unauthorized", { status: 401 });
    if (failures && failures.times > 0) {
      failures.times -= 1;
      return new Response(failures.body, { status: failures.status });
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return error(400, "100", "Invalid JSON");
    }
    const messages = (body as { messages?: unknown }).messages;
    if (!Array.isArray(messages) || messages.length === 0) return error(400, "101", "messages is required");
    for (const m of messages as Record<string, unknown>[]) {
      const sms = m.sms as { originator?: unknown; content?: { text?: unknown } } | undefined;
      const recipient = m.recipient;
      const messageId = m["message-id"];
      if (typeof recipient !== "string" || !/^\d{12}$/.test(recipient))
        return error(400, "102", "Invalid recipient");
      if (typeof messageId !== "string" || messageId === "" || seenIds.has(messageId)) {
        return error(400, "103", "Invalid or repeated message-id");
      }
      if (typeof sms?.originator !== "string" || typeof sms.content?.text !== "string") {
        return error(400, "104", "Invalid sms");
      }
      seenIds.add(messageId);
      sent.push({ recipient, messageId, originator: sms.originator, text: sms.content.text });
    }
    return new Response("Request is received", { status: 200 });
  });

  return {
    ...server,
    sent,
    failSends(status, body, times = 1) {
      failures = { status, body, times };
    },
  };
}
