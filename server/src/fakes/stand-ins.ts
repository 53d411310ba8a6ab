// The fakes as the services' StandIns (server/src/services/stand-ins.ts): each is called in-process
// through the same protocol text a real endpoint would get, so the adapters in integrations/ run as
// they do in production.
import type { StandIns } from "../services/stand-ins.ts";
import { DEMO_CLICK_TOKEN, handleFakeClickRpc } from "./fake-click.ts";
import { fakeIiko } from "./fake-iiko.ts";
import { handleFakeClickMerchant } from "./fake-click-merchant.ts";
import { handleFakeSubscribeRpc } from "./fake-payme-subscribe.ts";
import { handleFakeBotApi } from "./fake-telegram-bot.ts";
import { handleFakeUzumCheckout } from "./fake-uzum-checkout.ts";
import { handleFakeUzumFiscal } from "./fake-uzum-fiscal.ts";
import { fakeYandexDelivery } from "./fake-yandex-delivery.ts";

export const fakeStandIns: StandIns = {
  paymeSubscribe: {
    url: "internal:fake-payme",
    fetch: async (_url, init) => {
      const answer = handleFakeSubscribeRpc(init.headers, init.body);
      return { status: answer.status, text: async () => answer.body };
    },
  },
  clickMerchant: (userId, secretKey) => ({
    url: "internal:fake-click",
    fetch: async (url, init) => {
      const answer = handleFakeClickMerchant(
        {
          method: init.method,
          path: url.replace(/^internal:fake-click\/?/, ""),
          headers: init.headers,
          body: init.body ?? "",
        },
        (id) => (id === userId ? secretKey : undefined),
      );
      return { status: answer.status, text: async () => answer.body };
    },
  }),
  uzumCheckout: (terminalId, apiKey) => ({
    url: "internal:fake-uzum",
    fetch: async (url, init) => {
      const answer = handleFakeUzumCheckout(
        { path: url.replace(/^internal:fake-uzum/, ""), headers: init.headers, body: init.body },
        (id) => (id === terminalId ? apiKey : undefined),
      );
      return { status: answer.status, text: async () => answer.body };
    },
  }),
  uzumFiscal: (apiKey) => ({
    url: "internal:fake-uzum-fiscal",
    fetch: async (url, init) => {
      const answer = handleFakeUzumFiscal(
        {
          method: init.method,
          path: url.replace(/^internal:fake-uzum-fiscal/, ""),
          headers: init.headers,
          body: init.body ?? "",
        },
        (key) => key === apiKey,
      );
      return { status: answer.status, text: async () => answer.body };
    },
  }),
  telegramBotApi: {
    url: "internal:fake-telegram",
    fetch: async (url, init) => {
      const answer = handleFakeBotApi(url.replace(/^internal:fake-telegram/, ""), init.body);
      return { status: answer.status, text: async () => answer.body };
    },
  },
  clickUser: {
    url: "internal:fake-click",
    defaultToken: DEMO_CLICK_TOKEN,
    fetch: async (_url, init) => {
      const answer = handleFakeClickRpc(init.headers, init.body);
      return { status: answer.status, text: async () => answer.body };
    },
  },
  iiko: {
    url: "internal:fake-iiko",
    fetch: async (url, init) => {
      // A slow fake times out as a slow iiko would: the adapter's signal aborts the wait.
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        init.signal.addEventListener("abort", () => {
          reject(init.signal.reason as Error);
        });
        fakeIiko
          .handle(url.replace(/^internal:fake-iiko/, ""), init.headers, init.body)
          .then(resolve, reject);
      });
      return { status: answer.status, text: async () => answer.body };
    },
  },
  yandexDelivery: {
    url: "internal:fake-yandex",
    fetch: async (url, init) => {
      // A slow fake times out as a slow Yandex would: the adapter's signal aborts the wait.
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        init.signal.addEventListener("abort", () => {
          reject(init.signal.reason as Error);
        });
        fakeYandexDelivery
          .handle({
            method: init.method,
            path: url.replace(/^internal:fake-yandex/, ""),
            headers: init.headers,
            ...(init.body === undefined ? {} : { body: init.body }),
          })
          .then(resolve, reject);
      });
      return { status: answer.status, text: async () => answer.body };
    },
  },
};
