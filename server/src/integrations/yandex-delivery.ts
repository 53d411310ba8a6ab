// Yandex Delivery's express claims API ("cargo" integration, version 2), docs/decisions.md (issue 39).
// Base https://b2b.taxi.yandex.net, every call under /b2b/cargo/integration/v2/, JSON, with the branch's
// OAuth token as `Authorization: Bearer <token>` and `Accept-Language`. Used:
//   POST check-price                         {items, route_points[{coordinates:[lon,lat]}], requirements}
//                                            -> {price (decimal string), currency_rules, distance_meters, eta}
//   POST claims/create?request_id=<uuid>     the claim; the same request_id answers the claim made by an
//                                            earlier try instead of a second one -> {id, status, version, ...}
//   POST claims/info?claim_id=               -> {id, status, version, pricing, performer_info}
//   POST claims/accept?claim_id=             {version} -> {id, status, version}
//   POST claims/cancel-info?claim_id=        -> {cancel_state: free | paid | unavailable}
//   POST claims/cancel?claim_id=             {version, cancel_state} -> {id, status, version}
//   GET  claims/performer-position?claim_id= -> {position: {lat, lon, timestamp}}
// A refusal is 4xx with {code, message}; 5xx, 429 and a timeout are "try again" (claims/create with the
// same request_id, as Yandex asks).

export type YandexFetch = (
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

/**
 * A failed call. UNAVAILABLE: Yandex unreachable, slow, 5xx or 429 (try again later); AUTH: the token
 * is refused; REFUSED: Yandex refused the request itself (`code` and `message` say why).
 */
export class YandexDeliveryError extends Error {
  readonly kind: "UNAVAILABLE" | "AUTH" | "REFUSED";
  readonly code: string | undefined;
  readonly status: number | undefined;
  constructor(kind: YandexDeliveryError["kind"], message: string, code?: string, status?: number) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.status = status;
  }
}

/** [longitude, latitude], as Yandex takes coordinates. */
export type LonLat = [number, number];

export interface YandexContact {
  name: string;
  phone: string;
}

export interface YandexRoutePoint {
  point_id: number;
  visit_order: number;
  type: "source" | "destination";
  contact: YandexContact;
  address: {
    fullname: string;
    coordinates: LonLat;
    porch?: string;
    sfloor?: string;
    sflat?: string;
    door_code?: string;
    comment?: string;
  };
  skip_confirmation?: boolean;
  external_order_id?: string;
  payment_on_delivery?: { customer: { phone: string }; payment_method: "cash" | "card" };
}

export interface YandexItem {
  extra_id?: string;
  pickup_point: number;
  droppof_point: number;
  title: string;
  cost_value: string;
  cost_currency: string;
  quantity: number;
  weight?: number;
  size?: { length: number; width: number; height: number };
}

export interface YandexClaimRequest {
  items: YandexItem[];
  route_points: YandexRoutePoint[];
  client_requirements?: { taxi_class: "courier" | "express" | "cargo" };
  callback_properties?: { callback_url: string };
  comment?: string;
  emergency_contact?: YandexContact;
  skip_client_notify?: boolean;
}

export interface YandexPerformerInfo {
  courier_name?: string;
  legal_name?: string;
  car_model?: string;
  car_number?: string;
}

/** Claims/info's answer as far as it is read here. */
export interface YandexClaim {
  id: string;
  status: string;
  version: number;
  pricing?: { offer?: { price?: string }; final_price?: string; currency?: string };
  performer_info?: YandexPerformerInfo | null;
  error_messages?: { code?: string; message?: string }[];
}

export interface YandexPosition {
  lat: number;
  lon: number;
  /** Unix seconds of the GPS fix. */
  timestamp?: number;
}

export interface YandexDeliveryOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** Accept-Language of the answers (their messages reach staff). */
  language?: string;
  fetch?: YandexFetch;
}

/** The branch's Yandex Delivery account: one per token. */
export class YandexDeliveryClient {
  private readonly doFetch: YandexFetch;
  private readonly options: YandexDeliveryOptions;

  constructor(options: YandexDeliveryOptions) {
    this.options = options;
    this.doFetch = options.fetch ?? ((url, init) => fetch(url, init));
  }

  private async call<T>(
    method: "GET" | "POST",
    path: string,
    query: Record<string, string>,
    body: unknown,
    timeoutMs = this.options.timeoutMs,
  ): Promise<T> {
    const qs = new URLSearchParams(query).toString();
    const url = `${this.options.baseUrl.replace(/\/+$/, "")}/b2b/cargo/integration/v2/${path}${qs ? `?${qs}` : ""}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.token}`,
      "accept-language": this.options.language ?? "ru",
    };
    if (method === "POST") headers["content-type"] = "application/json";
    let status: number;
    let text: string;
    try {
      const res = await this.doFetch(url, {
        method,
        headers,
        ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      throw new YandexDeliveryError(
        "UNAVAILABLE",
        `Yandex Delivery ${path}: ${error instanceof Error ? error.name : "unreachable"}`,
      );
    }
    if (status >= 500 || status === 429 || status === 408) {
      throw new YandexDeliveryError("UNAVAILABLE", `Yandex Delivery ${path}: HTTP ${String(status)}`);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new YandexDeliveryError(
        "UNAVAILABLE",
        `Yandex Delivery ${path}: HTTP ${String(status)} with a body that is not JSON`,
      );
    }
    if (status === 401 || status === 403) {
      throw new YandexDeliveryError("AUTH", `Yandex Delivery refused the token (${path})`, undefined, status);
    }
    if (status !== 200) {
      const r = (json ?? {}) as { code?: unknown; message?: unknown };
      const code = typeof r.code === "string" ? r.code : undefined;
      const message = typeof r.message === "string" ? r.message : `HTTP ${String(status)}`;
      throw new YandexDeliveryError("REFUSED", message.slice(0, 500), code, status);
    }
    return json as T;
  }

  /** Yandex's price for the route (the branch to the customer), so'm; `timeoutMs` bounds the checkout's wait. */
  async checkPrice(
    input: { from: LonLat; to: LonLat; items: { quantity: number }[] },
    timeoutMs?: number,
  ): Promise<{ price: number; currency: string | null; etaMinutes: number | null }> {
    const r = await this.call<{ price?: unknown; currency_rules?: { code?: string }; eta?: unknown }>(
      "POST",
      "check-price",
      {},
      {
        items: input.items,
        route_points: [{ coordinates: input.from }, { coordinates: input.to }],
        requirements: { taxi_class: "courier" },
      },
      timeoutMs,
    );
    const price = Number(r.price);
    if (typeof r.price !== "string" || !Number.isFinite(price) || price < 0) {
      throw new YandexDeliveryError("UNAVAILABLE", "Yandex Delivery check-price: no price in the answer");
    }
    return {
      price,
      currency: r.currency_rules?.code ?? null,
      etaMinutes: typeof r.eta === "number" ? r.eta : null,
    };
  }

  createClaim(requestId: string, claim: YandexClaimRequest): Promise<YandexClaim> {
    return this.call("POST", "claims/create", { request_id: requestId }, claim);
  }

  claimInfo(claimId: string): Promise<YandexClaim> {
    return this.call("POST", "claims/info", { claim_id: claimId }, {});
  }

  acceptClaim(claimId: string, version: number): Promise<YandexClaim> {
    return this.call("POST", "claims/accept", { claim_id: claimId }, { version });
  }

  async cancelInfo(claimId: string): Promise<string> {
    const r = await this.call<{ cancel_state?: string }>(
      "POST",
      "claims/cancel-info",
      { claim_id: claimId },
      {},
    );
    return r.cancel_state ?? "unavailable";
  }

  cancelClaim(claimId: string, version: number, cancelState: "free" | "paid"): Promise<YandexClaim> {
    return this.call("POST", "claims/cancel", { claim_id: claimId }, { version, cancel_state: cancelState });
  }

  async performerPosition(claimId: string): Promise<YandexPosition | null> {
    const r = await this.call<{ position?: YandexPosition }>(
      "GET",
      "claims/performer-position",
      { claim_id: claimId },
      undefined,
    );
    const p = r.position;
    return p && Number.isFinite(p.lat) && Number.isFinite(p.lon) ? p : null;
  }
}
