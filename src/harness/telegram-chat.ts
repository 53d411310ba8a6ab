// The mocked Telegram's chat with a brand's bot (served by the server in demo and development only,
// never part of the storefront build). The hash names the brand and the customer: brand, id (their
// Telegram id, a harness account), name, lang, phone (what the contact button shares). The bot's
// messages are the fake Bot API's log, polled; what the customer does becomes an update for the
// bot's getUpdates (POST /api/dev/telegram-bot/updates), as Telegram would queue it.
export {};

interface InlineButton {
  text: string;
  url?: string;
  web_app?: { url: string };
  callback_data?: string;
}
interface KeyboardButton {
  text: string;
  request_contact?: boolean;
}
interface BotMessage {
  messageId: number;
  text: string;
  replyMarkup: {
    inline_keyboard?: InlineButton[][];
    keyboard?: KeyboardButton[][];
    remove_keyboard?: boolean;
  } | null;
  at: number;
}

const params = new URLSearchParams(window.location.hash.slice(1));
const brand = params.get("brand") ?? "lavash";
const from = {
  id: Number(params.get("id") ?? "0"),
  first_name: params.get("name") ?? "Tester",
  language_code: params.get("lang") ?? "en",
};
const phone = params.get("phone") ?? "";

function el(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} missing`);
  return found;
}
const log = el("chat-log") as HTMLOListElement;
const keyboard = el("chat-keyboard") as HTMLDivElement;
const form = el("chat-form") as HTMLFormElement;
const input = el("chat-input") as HTMLInputElement;
const start = el("chat-start") as HTMLButtonElement;
el("chat-title").textContent = `${brand} bot`;

/** What the customer wrote, shown as Telegram shows one's own messages (with the time, to merge). */
const mine: { text: string; at: number }[] = [];
let shown = "";

async function send(body: Record<string, unknown>, echo?: string): Promise<void> {
  if (echo) mine.push({ text: echo, at: Date.now() });
  await fetch("/api/dev/telegram-bot/updates", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ brand, from, ...body }),
  });
  render(lastMessages);
}

/** A page button: Telegram opens a t.me link (the mocked Telegram's /open) or the page itself. */
function open(url: string): void {
  window.location.assign(
    url.startsWith("https://t.me/") ? `/api/dev/telegram/open?link=${encodeURIComponent(url)}` : url,
  );
}

function inlineButton(button: InlineButton): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = button.text;
  b.addEventListener("click", () => {
    if (button.callback_data) void send({ callbackData: button.callback_data });
    else if (button.url) open(button.url);
    else if (button.web_app) open(button.web_app.url);
  });
  return b;
}

let lastMessages: BotMessage[] = [];

function render(messages: BotMessage[]): void {
  const items = [
    ...messages.map((m) => ({ at: m.at, text: m.text, own: false, markup: m.replyMarkup })),
    ...mine.map((m) => ({ at: m.at, text: m.text, own: true, markup: null })),
  ].sort((a, b) => a.at - b.at);
  const key = JSON.stringify(items.map((i) => [i.at, i.text]));
  if (key === shown) return;
  shown = key;
  log.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement("li");
      li.className = item.own ? "bubble mine" : "bubble";
      li.textContent = item.text;
      const rows = item.markup?.inline_keyboard;
      if (rows) {
        for (const row of rows) {
          const div = document.createElement("div");
          div.className = "inline";
          div.append(...row.map(inlineButton));
          li.append(div);
        }
      }
      return li;
    }),
  );
  log.scrollTop = log.scrollHeight;
  // The newest reply keyboard stays under the input until one removes it.
  const markup = [...messages]
    .reverse()
    .find((m) => m.replyMarkup?.keyboard || m.replyMarkup?.remove_keyboard)?.replyMarkup;
  const rows = markup?.keyboard ?? [];
  keyboard.hidden = rows.length === 0;
  keyboard.replaceChildren(
    ...rows.flat().map((k) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = k.text;
      b.addEventListener("click", () => {
        if (k.request_contact)
          void send({ contact: { phone_number: phone.replace(/^\+/, ""), user_id: from.id } }, phone);
        else void send({ text: k.text }, k.text);
      });
      return b;
    }),
  );
  const started = messages.length > 0 || mine.length > 0;
  start.hidden = started;
  form.hidden = !started;
}

async function poll(): Promise<void> {
  try {
    const res = await fetch(`/api/dev/telegram-bot/messages?chatId=${String(from.id)}`, {
      cache: "no-store",
    });
    if (res.ok) {
      lastMessages = (await res.json()) as BotMessage[];
      render(lastMessages);
    }
  } finally {
    setTimeout(() => void poll(), 500);
  }
}

start.addEventListener("click", () => void send({ text: "/start" }, "/start"));
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  input.value = "";
  void send({ text }, text);
});
void poll();
