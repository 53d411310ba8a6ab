// iiko Cloud API (iiko Transport, api-ru.iiko.services, version 1): every call is POST <base>/api/1/<method>
// with a JSON body. `access_token` exchanges the brand's API login for a token (about an hour), sent
// as `Authorization: Bearer <token>`; a 401 means the token expired, so it is fetched again once and
// the call repeated. A refusal answers 4xx with `{correlationId, errorDescription, error}`.
// Used (docs/decisions.md, issue 38): organizations, terminal_groups, nomenclature, deliveries/create,
// commands/status, deliveries/by_id, stop_lists, webhooks/update_settings; for dine-in, order/create
// (a table order), order/by_id and reserve/available_restaurant_sections (the halls' tables).
// Table order fields as iiko's published OpenAPI document has them: TableOrder has externalNumber,
// tableIds, phone, customer, items, payments and no order-level comment (only an item has one);
// order/by_id takes organizationIds (a list). Assumed, not confirmed in a public text
// (docs/decisions.md): order/create refuses a known externalNumber as deliveries/create does (I1) and
// an unknown tableIds entry (I2); each by_id call answers only its own kind of order (I4).

export type IikoFetch = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

/**
 * A failed call. UNAVAILABLE: iiko unreachable, slow or 5xx (try again later); AUTH: the API login
 * is refused; REFUSED: iiko refused the request itself (its errorDescription is the reason).
 */
export class IikoError extends Error {
  readonly kind: "UNAVAILABLE" | "AUTH" | "REFUSED";
  /** iiko's own `error` code of a refusal, when it gave one. */
  readonly code: string | undefined;
  constructor(kind: IikoError["kind"], message: string, code?: string) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

export interface IikoOrganization {
  id: string;
  name: string;
}

export interface IikoTerminalGroup {
  id: string;
  organizationId: string;
  name: string;
  address?: string;
}

export interface IikoModifier {
  productId: string;
  amount: number;
  productGroupId?: string;
}

export interface IikoOrderItem {
  type: "Product";
  productId: string;
  /** The size the dish is sold in, for a product the nomenclature sells in sizes. */
  productSizeId?: string;
  amount: number;
  price?: number;
  modifiers?: IikoModifier[];
  comment?: string;
}

export interface IikoPayment {
  paymentTypeKind: "Cash" | "Card" | "External";
  sum: number;
  paymentTypeId: string;
  isProcessedExternally: boolean;
}

export interface IikoDeliveryOrder {
  externalNumber: string;
  phone: string;
  orderServiceType: "DeliveryByCourier" | "DeliveryByClient";
  /** "yyyy-MM-dd HH:mm:ss.fff", the organisation's local time. */
  completeBefore?: string;
  customer: { name: string };
  deliveryPoint?: {
    coordinates?: { latitude: number; longitude: number };
    address?: { street?: { name: string }; house: string; flat?: string; entrance?: string; floor?: string };
    comment?: string;
  };
  comment?: string;
  items: IikoOrderItem[];
  payments?: IikoPayment[];
}

/** A table order (dine-in) as order/create takes it: the delivery order's lines and payments. */
export interface IikoTableOrder {
  externalNumber: string;
  /** iiko's tables the order is served at (none: an order at the counter). */
  tableIds?: string[];
  phone?: string;
  customer?: { name: string };
  items: IikoOrderItem[];
  payments?: IikoPayment[];
}

export interface IikoTable {
  id: string;
  number: number;
  name?: string;
  isDeleted?: boolean;
}

export interface IikoOrderInfo {
  id: string;
  externalNumber?: string | null;
  organizationId?: string;
  creationStatus?: "Success" | "InProgress" | "Error";
  errorInfo?: { code?: string; message?: string; description?: string } | null;
  order?: { status?: string } | null;
}

export interface IikoStopListItem {
  productId: string;
  balance: number;
  sizeId?: string | null;
}

export interface IikoTerminalStopList {
  terminalGroupId: string;
  items: IikoStopListItem[];
}

/** A folder of the nomenclature: a menu folder, or (isGroupModifier) a group of modifiers. */
export interface IikoNomenclatureGroup {
  id: string;
  parentGroup?: string | null;
  name: string;
  description?: string | null;
  order?: number;
  isIncludedInMenu?: boolean;
  isGroupModifier?: boolean;
  isDeleted?: boolean | null;
  imageLinks?: string[];
}

export interface IikoSizePrice {
  /** null: the product's only price (it has no sizes). */
  sizeId?: string | null;
  price: { currentPrice: number; isIncludedInMenu?: boolean };
}

export interface IikoNomenclatureModifier {
  id: string;
  minAmount: number;
  maxAmount: number;
  defaultAmount?: number | null;
  required?: boolean | null;
}

export interface IikoNomenclatureGroupModifier extends IikoNomenclatureModifier {
  childModifiers: IikoNomenclatureModifier[];
}

export interface IikoNomenclatureProduct {
  id: string;
  name: string;
  description?: string | null;
  /** The folder that holds the product. */
  parentGroup?: string | null;
  groupId?: string | null;
  /** Dish, Good, Service or Modifier. */
  type?: string | null;
  order?: number;
  isDeleted?: boolean | null;
  sizePrices?: IikoSizePrice[];
  modifiers?: IikoNomenclatureModifier[];
  groupModifiers?: IikoNomenclatureGroupModifier[];
  imageLinks?: string[];
}

export interface IikoNomenclature {
  groups: IikoNomenclatureGroup[];
  products: IikoNomenclatureProduct[];
  sizes: { id: string; name: string; priority?: number | null; isDefault?: boolean | null }[];
  /** Grows with every change of the organisation's nomenclature. */
  revision: number;
}

export interface IikoClientOptions {
  baseUrl: string;
  apiLogin: string;
  timeoutMs: number;
  fetch?: IikoFetch;
}

interface IikoRefusal {
  errorDescription?: string;
  error?: string;
}

/** One adapter per brand login: keeps its token between calls and refreshes it on a 401. */
export class IikoClient {
  private token: string | null = null;
  private readonly doFetch: IikoFetch;
  private readonly options: IikoClientOptions;

  constructor(options: IikoClientOptions) {
    this.options = options;
    this.doFetch = options.fetch ?? ((url, init) => fetch(url, init));
  }

  private async post(
    method: string,
    body: unknown,
    bearer: string | null,
  ): Promise<{ status: number; json: unknown }> {
    const url = `${this.options.baseUrl.replace(/\/+$/, "")}/api/1/${method}`;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let status: number;
    let text: string;
    try {
      const res = await this.doFetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      throw new IikoError(
        "UNAVAILABLE",
        `iiko ${method}: ${error instanceof Error ? error.name : "unreachable"}`,
      );
    }
    if (status >= 500 || status === 429 || status === 408) {
      throw new IikoError("UNAVAILABLE", `iiko ${method}: HTTP ${String(status)}`);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new IikoError(
        "UNAVAILABLE",
        `iiko ${method}: HTTP ${String(status)} with a body that is not JSON`,
      );
    }
    return { status, json };
  }

  private static reason(json: unknown, fallback: string): string {
    const r = (json ?? {}) as IikoRefusal;
    return (r.errorDescription ?? r.error ?? fallback).slice(0, 500);
  }

  /** A fresh token for the API login; AUTH when iiko refuses the login. */
  async accessToken(): Promise<string> {
    const { status, json } = await this.post("access_token", { apiLogin: this.options.apiLogin }, null);
    const token = (json as { token?: unknown } | null)?.token;
    if (status === 200 && typeof token === "string" && token) {
      this.token = token;
      return token;
    }
    throw new IikoError(
      status === 401 || status === 400 ? "AUTH" : "REFUSED",
      IikoClient.reason(json, `HTTP ${String(status)}`),
    );
  }

  /** An authorised call: the token is fetched when missing and once more after a 401. */
  async call<T>(method: string, body: unknown): Promise<T> {
    const token = this.token ?? (await this.accessToken());
    let answer = await this.post(method, body, token);
    if (answer.status === 401) {
      answer = await this.post(method, body, await this.accessToken());
      if (answer.status === 401) throw new IikoError("AUTH", IikoClient.reason(answer.json, "unauthorized"));
    }
    if (answer.status !== 200) {
      const code = (answer.json as IikoRefusal | null)?.error;
      throw new IikoError("REFUSED", IikoClient.reason(answer.json, `HTTP ${String(answer.status)}`), code);
    }
    return answer.json as T;
  }

  async organizations(): Promise<IikoOrganization[]> {
    const r = await this.call<{ organizations?: IikoOrganization[] }>("organizations", {
      returnAdditionalInfo: false,
      includeDisabled: false,
    });
    return r.organizations ?? [];
  }

  async terminalGroups(organizationId: string): Promise<IikoTerminalGroup[]> {
    const r = await this.call<{ terminalGroups?: { organizationId: string; items: IikoTerminalGroup[] }[] }>(
      "terminal_groups",
      { organizationIds: [organizationId], includeDisabled: false },
    );
    return (r.terminalGroups ?? []).flatMap((g) => g.items);
  }

  /** The organisation's whole nomenclature: folders, products, modifiers, sizes and its revision. */
  async nomenclature(organizationId: string): Promise<IikoNomenclature> {
    const r = await this.call<Partial<IikoNomenclature>>("nomenclature", { organizationId });
    return {
      groups: r.groups ?? [],
      products: r.products ?? [],
      sizes: r.sizes ?? [],
      revision: r.revision ?? 0,
    };
  }

  /** Sends a delivery order; answers iiko's order id and the correlation id of the creation. */
  async createDelivery(input: {
    organizationId: string;
    terminalGroupId: string;
    order: IikoDeliveryOrder;
  }): Promise<{ correlationId: string; orderInfo: IikoOrderInfo }> {
    return this.call("deliveries/create", input);
  }

  /** Sends a table order (dine-in); answers as createDelivery does. */
  async createTableOrder(input: {
    organizationId: string;
    terminalGroupId: string;
    order: IikoTableOrder;
  }): Promise<{ correlationId: string; orderInfo: IikoOrderInfo }> {
    return this.call("order/create", input);
  }

  /** The tables of the terminal groups' halls (restaurant sections). */
  async tables(terminalGroupIds: string[]): Promise<(IikoTable & { terminalGroupId: string })[]> {
    const r = await this.call<{
      restaurantSections?: { terminalGroupId: string; tables?: IikoTable[] }[];
    }>("reserve/available_restaurant_sections", { terminalGroupIds, returnSchema: false });
    return (r.restaurantSections ?? []).flatMap((s) =>
      (s.tables ?? []).map((t) => ({ ...t, terminalGroupId: s.terminalGroupId })),
    );
  }

  /** Table orders by iiko's ids (the webhook's fallback for dine-in). */
  async tableOrdersById(organizationId: string, orderIds: string[]): Promise<IikoOrderInfo[]> {
    const r = await this.call<{ orders?: IikoOrderInfo[] }>("order/by_id", {
      organizationIds: [organizationId],
      orderIds,
    });
    return r.orders ?? [];
  }

  /** Whether iiko took a command (a creation): InProgress, Success or Error with its reason. */
  async commandStatus(
    organizationId: string,
    correlationId: string,
  ): Promise<{ state: string; exception?: { message?: string } | null }> {
    return this.call("commands/status", { organizationId, correlationId });
  }

  async deliveriesById(organizationId: string, orderIds: string[]): Promise<IikoOrderInfo[]> {
    const r = await this.call<{ orders?: IikoOrderInfo[] }>("deliveries/by_id", {
      organizationId,
      orderIds,
    });
    return r.orders ?? [];
  }

  async stopLists(organizationId: string, terminalGroupIds?: string[]): Promise<IikoTerminalStopList[]> {
    const r = await this.call<{
      terminalGroupStopLists?: { organizationId: string; items: IikoTerminalStopList[] }[];
    }>("stop_lists", {
      organizationIds: [organizationId],
      ...(terminalGroupIds ? { terminalGroupsIds: terminalGroupIds } : {}),
    });
    return (r.terminalGroupStopLists ?? []).flatMap((o) => o.items);
  }

  /** Points iiko's webhooks at `uri`; iiko then sends `authToken` in Authorization on each call. */
  async updateWebhookSettings(input: {
    organizationId: string;
    webHooksUri: string;
    authToken: string;
  }): Promise<void> {
    await this.call("webhooks/update_settings", {
      ...input,
      webHooksFilter: {
        deliveryOrderFilter: {
          orderStatuses: [
            "Unconfirmed",
            "WaitCooking",
            "ReadyForCooking",
            "CookingStarted",
            "CookingCompleted",
            "Waiting",
            "OnWay",
            "Delivered",
            "Closed",
            "Cancelled",
          ],
          errors: true,
        },
        tableOrderFilter: { orderStatuses: ["New", "Bill", "Closed", "Deleted"], errors: true },
        stopListUpdateFilter: { updates: true },
      },
    });
  }
}

/** The iiko webhook body: a list of events. */
export interface IikoWebhookEvent {
  eventType: string;
  eventTime?: string;
  organizationId: string;
  correlationId?: string | null;
  eventInfo?: unknown;
}
