// A stand-in for iiko Cloud API (iiko Transport v1, demo and tests only), speaking the calls of
// server/src/integrations/iiko.ts: POST /api/1/<method> with JSON.
//   access_token              {apiLogin} -> {token}; an unknown login is 401 {errorDescription}
//   organizations             -> {organizations: [{id, name}]}
//   terminal_groups           {organizationIds} -> {terminalGroups: [{organizationId, items}]}
//   nomenclature              {organizationId} -> {groups, productCategories, products, sizes, revision}
//   deliveries/create         {organizationId, terminalGroupId, order} -> {correlationId, orderInfo};
//                             refused (400) for an unknown product, modifier or size id, an unknown
//                             terminal group, or an externalNumber the organisation already has
//   order/create              {organizationId, terminalGroupId, order} (a table order, dine-in): refused
//                             as deliveries/create is, and for a tableIds entry not among the
//                             terminal group's tables
//   reserve/available_restaurant_sections {terminalGroupIds} -> {restaurantSections}: one hall per
//                             terminal group with tables numbered 1-20
//   order/by_id               {organizationIds, orderIds} -> {orders} (table orders)
//   commands/status           {organizationId, correlationId} -> {state: Success}
//   deliveries/by_id          {organizationId, orderIds} -> {orders}
//   stop_lists                {organizationIds} -> {terminalGroupStopLists}
//   webhooks/update_settings  {organizationId, webHooksUri, authToken}
// Every call but access_token needs `Authorization: Bearer <token>`: a missing, unknown or expired
// token is 401, as iiko answers. A refusal is iiko's shape {correlationId, errorDescription, error}.
// Tests can make it slow or down (HTTP 503). Once an order is taken it "cooks" it when `cookStepMs`
// is set (the demo): DeliveryOrderUpdate webhooks to the organisation's webHooksUri with its authToken,
// a few seconds apart (TableOrderUpdate for a table order). Tests send single updates with
// `fakeIiko.push`.
import { createHash, randomUUID } from "node:crypto";
import type {
  IikoDeliveryOrder,
  IikoNomenclature,
  IikoStopListItem,
  IikoTableOrder,
  IikoWebhookEvent,
} from "../integrations/iiko.ts";

/** The demo brand's iiko account (scripts/demo-brands and the README). */
export const DEMO_IIKO_API_LOGIN = "DEMO-iiko-api-login";
export const DEMO_IIKO_ORGANIZATION_ID = "7bc05553-4b68-44e8-b7bc-37be63c6d9e9";
export const DEMO_IIKO_TERMINAL_GROUPS = [
  { id: "4fab19a5-203c-4bf5-94eb-f572aa8b117b", name: "Kitchen 1" },
  { id: "5e1b5a43-3c8d-4a66-9f1d-d7a1b3f2c001", name: "Kitchen 2" },
];
/**
 * A second account, for a journey that connects a brand of its own from the console while the
 * demo's kitchen brand keeps the first (one organisation has one webhook address, as in iiko).
 */
export const DEMO_IIKO_SECOND_API_LOGIN = "DEMO-iiko-api-login-2";
const DEMO_IIKO_SECOND = {
  organization: { id: "8cd16664-5c1f-49f9-8cd1-48cf74a7e0fa", name: "Savat demo kitchen 2" },
  terminalGroups: [
    { id: "6f2c6b54-4d2b-4b7e-a0c2-e8c2b4f3d002", name: "Kitchen 1" },
    { id: "7a3d7c65-5e3c-4c8f-b1d3-f9d3c5a4e003", name: "Kitchen 2" },
  ],
};
/** How long a token lives (iiko: about an hour). */
const TOKEN_TTL_MS = 60 * 60_000;

interface Account {
  organization: { id: string; name: string };
  terminalGroups: { id: string; name: string }[];
  /** The nomenclature's product and modifier ids the account sells. */
  products: Set<string>;
  /** The size ids each sized product is sold in. */
  sizes: Map<string, Set<string>>;
  nomenclature: IikoNomenclature;
}

interface TakenOrder {
  id: string;
  organizationId: string;
  terminalGroupId: string;
  externalNumber: string;
  status: string;
  /** A delivery order (deliveries/create) or a table order (order/create, dine-in). */
  kind: "delivery" | "table";
  order: IikoDeliveryOrder | IikoTableOrder;
}

/** The tables of a terminal group's hall, numbered 1-20, with ids that stay the same for the group. */
export function fakeIikoTables(terminalGroupId: string): { id: string; number: number; name: string }[] {
  return Array.from({ length: 20 }, (_, i) => {
    const h = createHash("sha256")
      .update(`${terminalGroupId}/table/${String(i + 1)}`)
      .digest("hex");
    return {
      id: `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`,
      number: i + 1,
      name: `Table ${String(i + 1)}`,
    };
  });
}

export interface FakeIikoCall {
  method: string;
  body: unknown;
}

/** How the fake reaches our webhook: demo and tests hand in the app (server/src/fakes/index.ts). */
export type WebhookTransport = (
  uri: string,
  init: { headers: Record<string, string>; body: string },
) => Promise<{ status: number }>;

const reply = (status: number, data: unknown) => ({ status, body: JSON.stringify(data) });
const refusal = (status: number, errorDescription: string, error = "BAD_REQUEST") =>
  reply(status, { correlationId: randomUUID(), errorDescription, error });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FakeIiko {
  private readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, { apiLogin: string; expiresAt: number }>();
  private readonly orders = new Map<string, TakenOrder>();
  private readonly webhooks = new Map<string, { uri: string; authToken: string }>();
  private readonly stops = new Map<string, IikoStopListItem[]>();
  /** Every call taken, oldest first (tests count deliveries/create). */
  readonly calls: FakeIikoCall[] = [];
  mode: "up" | "down" = "up";
  /** Milliseconds each call waits before answering. */
  slowMs = 0;
  /** The demo's kitchen: milliseconds between the statuses of a taken order (0: it does not cook). */
  cookStepMs = 0;
  transport: WebhookTransport | null = null;

  constructor() {
    this.addAccount(DEMO_IIKO_API_LOGIN, {
      organization: { id: DEMO_IIKO_ORGANIZATION_ID, name: "Savat demo kitchen" },
      terminalGroups: DEMO_IIKO_TERMINAL_GROUPS,
    });
    this.addAccount(DEMO_IIKO_SECOND_API_LOGIN, DEMO_IIKO_SECOND);
  }

  addAccount(apiLogin: string, input: Pick<Account, "organization" | "terminalGroups">): void {
    if (!this.accounts.has(apiLogin))
      this.accounts.set(apiLogin, {
        ...input,
        products: new Set(),
        sizes: new Map(),
        nomenclature: { groups: [], products: [], sizes: [], revision: 0 },
      });
  }

  /**
   * Replaces the account's nomenclature (what `nomenclature` answers, with a revision that grows as
   * iiko's does); its products, modifiers and sizes become what deliveries/create accepts.
   */
  setNomenclature(apiLogin: string, nomenclature: Omit<IikoNomenclature, "revision">): number {
    const account = this.accounts.get(apiLogin);
    if (!account) throw new Error(`fake iiko: no account ${apiLogin}`);
    const revision = Math.max(account.nomenclature.revision + 1, Date.now());
    account.nomenclature = structuredClone({ ...nomenclature, revision });
    for (const p of nomenclature.products) {
      if (p.isDeleted) continue;
      account.products.add(p.id);
      const sized = (p.sizePrices ?? []).flatMap((sp) => (sp.sizeId ? [sp.sizeId] : []));
      if (sized.length > 0) account.sizes.set(p.id, new Set(sized));
    }
    return revision;
  }

  nomenclatureOf(apiLogin: string): IikoNomenclature | undefined {
    return this.accounts.get(apiLogin)?.nomenclature;
  }

  /** The products and modifiers the account's nomenclature has (what deliveries/create accepts). */
  addProducts(apiLogin: string, ids: Iterable<string>): void {
    const account = this.accounts.get(apiLogin);
    if (!account) throw new Error(`fake iiko: no account ${apiLogin}`);
    for (const id of ids) account.products.add(id);
  }

  /** Forgets the orders and calls taken (a benchmark's next round in the same process). */
  forgetOrders(): void {
    this.orders.clear();
    this.calls.length = 0;
  }

  /** Makes every token taken so far expire (the next call is 401 until a new access_token). */
  expireTokens(): void {
    for (const t of this.tokens.values()) t.expiresAt = 0;
  }

  ordersOf(organizationId: string): TakenOrder[] {
    return [...this.orders.values()].filter((o) => o.organizationId === organizationId);
  }

  /** The deliveries/create calls taken, of one organisation when named (tests share the fake). */
  createCalls(organizationId?: string): IikoDeliveryOrder[] {
    return this.createsOf("deliveries/create", organizationId) as IikoDeliveryOrder[];
  }

  tableCreateCalls(organizationId?: string): IikoTableOrder[] {
    return this.createsOf("order/create", organizationId) as IikoTableOrder[];
  }

  private createsOf(method: string, organizationId: string | undefined): unknown[] {
    return this.calls
      .filter((c) => c.method === method)
      .map((c) => c.body as { organizationId?: unknown; order: unknown })
      .filter((b) => organizationId === undefined || b.organizationId === organizationId)
      .map((b) => b.order);
  }

  async handle(
    path: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<{ status: number; body: string }> {
    if (this.slowMs > 0) await sleep(this.slowMs);
    if (this.mode === "down") return { status: 503, body: "Service Unavailable" };
    const method = path.replace(/^\/?api\/1\//, "");
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return refusal(400, "Request body is not valid JSON");
    }
    this.calls.push({ method, body: input });
    if (method === "access_token") {
      const login = typeof input.apiLogin === "string" ? input.apiLogin : "";
      if (!this.accounts.has(login)) return refusal(401, "Login is not authorized", "UNAUTHORIZED");
      const token = randomUUID();
      this.tokens.set(token, { apiLogin: login, expiresAt: Date.now() + TOKEN_TTL_MS });
      return reply(200, { correlationId: randomUUID(), token });
    }
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1] ?? "";
    const session = this.tokens.get(bearer);
    if (!session || session.expiresAt <= Date.now()) {
      return refusal(401, "Token is expired or invalid", "UNAUTHORIZED");
    }
    const account = this.accounts.get(session.apiLogin);
    if (!account) return refusal(401, "Login is not authorized", "UNAUTHORIZED");
    return this.call(method, input, account);
  }

  private orgOk(account: Account, id: unknown): boolean {
    return id === account.organization.id;
  }

  private call(method: string, input: Record<string, unknown>, account: Account) {
    const org = account.organization;
    switch (method) {
      case "organizations":
        return reply(200, { correlationId: randomUUID(), organizations: [org] });
      case "terminal_groups": {
        const ids = Array.isArray(input.organizationIds) ? input.organizationIds : [];
        if (!ids.includes(org.id)) return refusal(400, "Organization not found or access denied");
        return reply(200, {
          correlationId: randomUUID(),
          terminalGroups: [
            {
              organizationId: org.id,
              items: account.terminalGroups.map((t) => ({ ...t, organizationId: org.id })),
            },
          ],
        });
      }
      case "nomenclature": {
        if (!this.orgOk(account, input.organizationId)) return refusal(400, "Organization not found");
        const n = account.nomenclature;
        return reply(200, { correlationId: randomUUID(), ...n, productCategories: [] });
      }
      case "deliveries/create":
        return this.create(input, account, "delivery");
      case "order/create":
        return this.create(input, account, "table");
      case "reserve/available_restaurant_sections": {
        const ids = Array.isArray(input.terminalGroupIds) ? input.terminalGroupIds : [];
        const sections = account.terminalGroups
          .filter((t) => ids.includes(t.id))
          .map((t) => ({
            id: createHash("sha256").update(`${t.id}/hall`).digest("hex").slice(0, 32),
            terminalGroupId: t.id,
            name: "Main hall",
            tables: fakeIikoTables(t.id).map((tb) => ({ ...tb, seatingCapacity: 4, isDeleted: false })),
          }));
        return reply(200, { correlationId: randomUUID(), restaurantSections: sections, revision: 1 });
      }
      case "order/by_id": {
        const orgs = Array.isArray(input.organizationIds) ? input.organizationIds : [];
        if (!orgs.includes(org.id)) return refusal(400, "Organization not found");
        const ids = Array.isArray(input.orderIds) ? input.orderIds : [];
        const orders = [...this.orders.values()]
          .filter((o) => o.kind === "table" && ids.includes(o.id))
          .map((o) => this.info(o));
        return reply(200, { correlationId: randomUUID(), orders });
      }
      case "commands/status":
        if (!this.orgOk(account, input.organizationId)) return refusal(400, "Organization not found");
        return reply(200, { state: "Success", exception: null });
      case "deliveries/by_id": {
        if (!this.orgOk(account, input.organizationId)) return refusal(400, "Organization not found");
        const ids = Array.isArray(input.orderIds) ? input.orderIds : [];
        const orders = [...this.orders.values()].filter((o) => ids.includes(o.id)).map((o) => this.info(o));
        return reply(200, { correlationId: randomUUID(), orders });
      }
      case "stop_lists": {
        const ids = Array.isArray(input.organizationIds) ? input.organizationIds : [];
        if (!ids.includes(org.id)) return refusal(400, "Organization not found or access denied");
        return reply(200, {
          correlationId: randomUUID(),
          terminalGroupStopLists: [
            {
              organizationId: org.id,
              items: account.terminalGroups.map((t) => ({
                terminalGroupId: t.id,
                items: this.stops.get(t.id) ?? [],
              })),
            },
          ],
        });
      }
      case "webhooks/update_settings": {
        if (!this.orgOk(account, input.organizationId)) return refusal(400, "Organization not found");
        if (typeof input.webHooksUri !== "string" || typeof input.authToken !== "string") {
          return refusal(400, "webHooksUri and authToken are required");
        }
        this.webhooks.set(org.id, { uri: input.webHooksUri, authToken: input.authToken });
        return reply(200, { correlationId: randomUUID() });
      }
      default:
        return refusal(404, `Unknown method ${method}`, "NOT_FOUND");
    }
  }

  private create(input: Record<string, unknown>, account: Account, kind: TakenOrder["kind"]) {
    if (!this.orgOk(account, input.organizationId)) return refusal(400, "Organization not found");
    if (!account.terminalGroups.some((t) => t.id === input.terminalGroupId)) {
      return refusal(400, `Terminal group ${String(input.terminalGroupId)} not found`);
    }
    const order = input.order as (IikoDeliveryOrder & IikoTableOrder) | undefined;
    if (
      !order ||
      typeof order.externalNumber !== "string" ||
      !Array.isArray(order.items) ||
      order.items.length === 0
    ) {
      return refusal(400, "order.externalNumber and order.items are required");
    }
    // A delivery needs a phone to call; a table order may go without one (a guest at a table).
    const phone: unknown = order.phone;
    if (
      (kind === "delivery" || phone !== undefined) &&
      (typeof phone !== "string" || !/^\+?\d{8,40}$/.test(phone))
    ) {
      return refusal(400, "order.phone is required");
    }
    if (kind === "table") {
      const known = new Set(fakeIikoTables(String(input.terminalGroupId)).map((t) => t.id));
      const unknown = (order.tableIds ?? []).find((id) => !known.has(id));
      if (unknown) return refusal(400, `Table ${unknown} not found`);
    }
    if (this.ordersOf(account.organization.id).some((o) => o.externalNumber === order.externalNumber)) {
      return refusal(
        400,
        `Order with external number ${order.externalNumber} already exists`,
        "DUPLICATE_EXTERNAL_NUMBER",
      );
    }
    for (const item of order.items) {
      for (const id of [item.productId, ...(item.modifiers ?? []).map((m) => m.productId)]) {
        if (!account.products.has(id)) return refusal(400, `Product ${id} not found in the nomenclature`);
      }
      if (item.productSizeId && !account.sizes.get(item.productId)?.has(item.productSizeId)) {
        return refusal(400, `Size ${item.productSizeId} not found for product ${item.productId}`);
      }
    }
    const taken: TakenOrder = {
      id: randomUUID(),
      organizationId: account.organization.id,
      terminalGroupId: String(input.terminalGroupId),
      externalNumber: order.externalNumber,
      status: kind === "table" ? "New" : "Unconfirmed",
      kind,
      order,
    };
    this.orders.set(taken.id, taken);
    if (this.cookStepMs > 0) this.cook(taken);
    return reply(200, {
      correlationId: randomUUID(),
      orderInfo: { ...this.info(taken), creationStatus: "InProgress" },
    });
  }

  private info(o: TakenOrder) {
    return {
      id: o.id,
      externalNumber: o.externalNumber,
      organizationId: o.organizationId,
      timestamp: Date.now(),
      creationStatus: "Success",
      errorInfo: null,
      order: { status: o.status, phone: o.order.phone },
    };
  }

  /** The demo's kitchen: walks the order to the door (or the counter) a step at a time. */
  private cook(o: TakenOrder): void {
    const steps =
      o.kind === "table"
        ? ["New", "Bill", "Closed"]
        : (o.order as IikoDeliveryOrder).orderServiceType === "DeliveryByCourier"
          ? ["WaitCooking", "CookingStarted", "CookingCompleted", "OnWay", "Delivered"]
          : ["WaitCooking", "CookingStarted", "CookingCompleted", "Closed"];
    steps.forEach((status, i) => {
      setTimeout(
        () => {
          void this.push(o.id, status).catch(() => undefined);
        },
        (i + 1) * this.cookStepMs,
      ).unref();
    });
  }

  /** Moves a taken order to `status` in iiko and sends its DeliveryOrderUpdate; answers our HTTP status. */
  async push(orderId: string, status: string): Promise<number | null> {
    const o = this.orders.get(orderId);
    if (!o) throw new Error(`fake iiko: no order ${orderId}`);
    o.status = status;
    return this.send(o.organizationId, {
      eventType: o.kind === "table" ? "TableOrderUpdate" : "DeliveryOrderUpdate",
      eventTime: new Date().toISOString(),
      organizationId: o.organizationId,
      correlationId: randomUUID(),
      eventInfo: this.info(o),
    });
  }

  /** Moves a taken order in iiko without telling anyone (a webhook lost on the way; tests). */
  setStatusQuietly(orderId: string, status: string): void {
    const o = this.orders.get(orderId);
    if (!o) throw new Error(`fake iiko: no order ${orderId}`);
    o.status = status;
  }

  /** Replaces a terminal group's stop list and sends StopListUpdate; answers our HTTP status. */
  async setStopList(
    organizationId: string,
    terminalGroupId: string,
    items: IikoStopListItem[],
  ): Promise<number | null> {
    this.stops.set(terminalGroupId, items);
    return this.send(organizationId, {
      eventType: "StopListUpdate",
      eventTime: new Date().toISOString(),
      organizationId,
      correlationId: randomUUID(),
      eventInfo: { terminalGroupsStopListsUpdates: [{ terminalGroupId, isFull: true }] },
    });
  }

  private async send(organizationId: string, event: IikoWebhookEvent): Promise<number | null> {
    const hook = this.webhooks.get(organizationId);
    if (!hook || !this.transport) return null;
    const res = await this.transport(hook.uri, {
      headers: { "content-type": "application/json", authorization: hook.authToken },
      body: JSON.stringify([event]),
    });
    return res.status;
  }

  /** Sends a webhook as iiko would, with a given token (tests: a forged call). */
  async sendRaw(uri: string, authToken: string, events: IikoWebhookEvent[]): Promise<number | null> {
    if (!this.transport) return null;
    const res = await this.transport(uri, {
      headers: { "content-type": "application/json", authorization: authToken },
      body: JSON.stringify(events),
    });
    return res.status;
  }

  webhookOf(organizationId: string): { uri: string; authToken: string } | undefined {
    return this.webhooks.get(organizationId);
  }
}

/** The process's fake iiko (the stand-in and the demo's kitchen share it). */
export const fakeIiko = new FakeIiko();
