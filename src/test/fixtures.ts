import { vi } from "vitest";
import type { Brand, Merchant, WebSettings } from "../domain/contract/merchant.ts";
import { defaultWebSettings } from "../shared/brand/get-web-settings.ts";
import type { SessionUser } from "../domain/contract/webbot.ts";

export const LAVASH_ID = "0193a3c4-0000-7000-8000-00000000000a";

export function merchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
    id: LAVASH_ID,
    name: { uz: "Lavash Markazi", ru: "Лаваш Маркази", eng: "Lavash Center" },
    logo: null,
    color: "#FCE000",
    sub: "lavash",
    appId: null,
    isActive: true,
    deleted: false,
    mainCityId: null,
    domainUrl: null,
    latitude: 41.32,
    longitude: 69.24,
    timezone: "Asia/Tashkent",
    currency: "UZS",
    createdDate: "2026-01-01T00:00:00.000Z",
    lastModifiedDate: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function settings(overrides: Partial<WebSettings> = {}): WebSettings {
  return {
    ...defaultWebSettings(merchant()),
    mainColor: "#FCE000",
    title: "Lavash Markazi",
    mainLanguage: "ru",
    uzLangActive: true,
    ruLangActive: true,
    engLangActive: true,
    aboutMerchantActive: true,
    deliveryActive: true,
    pickupActive: true,
    phone: "998712000000",
    phoneActive: true,
    // Every method on every channel: the switches above decide unless a test says otherwise.
    channelPaymentTypes: {
      WEB: ["CASH", "TERMINAL", "PAYME", "CLICK", "UZUM", "CARD"],
      BOT: ["CASH", "TERMINAL", "PAYME", "CLICK", "UZUM", "CARD"],
      APP: ["CASH", "TERMINAL", "PAYME", "CLICK", "UZUM", "CARD"],
      QR: ["CASH", "TERMINAL", "PAYME", "CLICK", "UZUM", "CARD"],
      OPERATOR: ["CASH", "TERMINAL", "PAYME", "CLICK", "UZUM", "CARD"],
    },
    paymentMethodLooks: [],
    channelServiceTypes: {
      WEB: ["DELIVERY", "PICK_UP", "DINE_IN"],
      BOT: ["DELIVERY", "PICK_UP", "DINE_IN"],
      APP: ["DELIVERY", "PICK_UP", "DINE_IN"],
      QR: ["DELIVERY", "PICK_UP", "DINE_IN"],
      OPERATOR: ["DELIVERY", "PICK_UP", "DINE_IN"],
    },
    ...overrides,
  };
}

export function brand(overrides: Partial<Brand> = {}): Brand {
  return {
    id: "0193a3c4-0000-7000-8000-0000000000b1",
    merchantId: LAVASH_ID,
    sub: "lavash",
    name: { ru: "Лаваш", uz: "Lavash", eng: "Lavash" },
    domainUrl: null,
    color: "#FCE000",
    image: null,
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Answers fetch calls by path ("/api/..." without the query); unknown paths answer 404. */
export function serveApi(routes: Record<string, () => Response | Promise<Response>>) {
  const seen: string[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    seen.push(url.pathname + url.search);
    const handler = routes[url.pathname];
    return Promise.resolve(
      handler
        ? handler()
        : json(404, { status: 404, code: "ROUTE_NOT_FOUND", description: { uz: "-", ru: "-", eng: "-" } }),
    );
  });
  vi.stubGlobal("fetch", fetchMock);
  return seen;
}

/** A customer as login answers it; ids are valid UUIDs (the stored session checks the shape). */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: "0190a0a0-0000-7000-8000-000000000001",
    merchantId: LAVASH_ID,
    firstName: null,
    lastName: null,
    phone: "+998901234567",
    email: null,
    image: null,
    birthday: null,
    gender: null,
    role: "CUSTOMER",
    cashback: 0,
    isActive: true,
    language: null,
    telegramId: null,
    createdDate: "2026-01-01T00:00:00.000Z",
    lastModifiedDate: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
