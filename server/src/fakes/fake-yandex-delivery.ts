// A stand-in for Yandex Delivery's express claims API v2 (demo and tests only), speaking the calls of
// server/src/integrations/yandex-delivery.ts under /b2b/cargo/integration/v2/:
//   POST check-price                     two route points with coordinates -> {price, currency_rules, distance_meters, eta}
//   POST claims/create?request_id=       a claim (status new, then estimating, then ready_for_approval on the
//                                        next read); refused (400) without request_id, route points with
//                                        coordinates and contacts, or items naming those points; the same
//                                        request_id answers the claim it made before, whatever the body
//   POST claims/info?claim_id=           -> the claim; 404 for another account's or an unknown one
//   POST claims/accept?claim_id=         {version}: only ready_for_approval and the current version (409)
//   POST claims/cancel-info?claim_id=    free before the performer reaches the pickup, paid there, then unavailable
//   POST claims/cancel?claim_id=         {version, cancel_state}: the state cancel-info gives, the current version (409)
//   GET  claims/performer-position?claim_id=  -> {position}; 404 before a performer is found
// Every call needs `Authorization: Bearer <a token the fake knows>` (401 otherwise). Refusals are
// {code, message}. Tests can make it slow or down (503). An accepted claim is driven by `drive` (tests)
// or, with `stepMs` set (the demo, the journeys), by itself: a performer is found, reaches the branch,
// picks the order up, moves along the straight route to the door and delivers it; each status change
// POSTs the claim's callback_url (`?claim_id=&updated_ts=`) as Yandex does.
import { randomUUID } from "node:crypto";
import type { LonLat, YandexClaimRequest } from "../integrations/yandex-delivery.ts";

/** The demo's Yandex Delivery token (README). */
export const DEMO_YANDEX_TOKEN = "DEMO-yandex-delivery-token";

/** The fake's tariff: a base price and a price per kilometre, so'm. */
export const FAKE_YANDEX_BASE_PRICE = 9_000;
export const FAKE_YANDEX_PRICE_PER_KM = 2_000;

/** The statuses an accepted claim walks, in order; `pickuped` repeats while the performer drives. */
export const FAKE_YANDEX_WALK = [
  "performer_lookup",
  "performer_found",
  "pickup_arrived",
  "pickuped",
  "delivery_arrived",
  "delivered",
  "delivered_finish",
] as const;

/** Position reports between the pickup and the door. */
const DRIVE_STEPS = 4;

export interface FakeClaim {
  id: string;
  token: string;
  requestId: string;
  status: string;
  version: number;
  body: YandexClaimRequest;
  from: LonLat;
  to: LonLat;
  price: number;
  /** How far along the drive (0 at the pickup, DRIVE_STEPS at the door). */
  drive: number;
  performer: { courier_name: string; car_model: string; car_number: string } | null;
}

export interface FakeYandexCall {
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** How the fake reaches our callback: demo and tests hand in the app. */
export type YandexCallbackTransport = (url: string) => Promise<{ status: number }>;

const reply = (status: number, data: unknown) => ({ status, body: JSON.stringify(data) });
const refusal = (status: number, code: string, message: string) => reply(status, { code, message });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lonLat(v: unknown): LonLat | null {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [lon, lat] = v as unknown[];
  if (typeof lon !== "number" || typeof lat !== "number") return null;
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return null;
  return [lon, lat];
}

function kilometres(a: LonLat, b: LonLat): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export class FakeYandexDelivery {
  private readonly tokens = new Set<string>([DEMO_YANDEX_TOKEN]);
  private readonly claims = new Map<string, FakeClaim>();
  readonly calls: FakeYandexCall[] = [];
  mode: "up" | "down" = "up";
  slowMs = 0;
  /** The demo's performer: milliseconds between two steps of an accepted claim (0: tests drive it). */
  stepMs = 0;
  transport: YandexCallbackTransport | null = null;

  addToken(token: string): void {
    this.tokens.add(token);
  }

  /** The price the fake asks for a route, so'm (rounded to 100). */
  static priceOf(from: LonLat, to: LonLat): number {
    const raw = FAKE_YANDEX_BASE_PRICE + FAKE_YANDEX_PRICE_PER_KM * kilometres(from, to);
    return Math.round(raw / 100) * 100;
  }

  claim(id: string): FakeClaim | undefined {
    return this.claims.get(id);
  }

  claimsOf(token: string): FakeClaim[] {
    return [...this.claims.values()].filter((c) => c.token === token);
  }

  /** Where the performer is now: at the pickup until it leaves, then along the straight route. */
  position(c: FakeClaim): { lat: number; lon: number } {
    const f = Math.min(1, c.drive / DRIVE_STEPS);
    return { lon: c.from[0] + (c.to[0] - c.from[0]) * f, lat: c.from[1] + (c.to[1] - c.from[1]) * f };
  }

  async handle(request: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string;
  }): Promise<{ status: number; body: string }> {
    if (this.slowMs > 0) await sleep(this.slowMs);
    if (this.mode === "down") return { status: 503, body: "Service Unavailable" };
    const url = new URL(request.path, "http://fake");
    const path = url.pathname.replace(/^\/?b2b\/cargo\/integration\/v2\//, "");
    const query = Object.fromEntries(url.searchParams);
    let input: Record<string, unknown> = {};
    if (request.method === "POST") {
      try {
        input = (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>;
      } catch {
        return refusal(400, "bad_request", "Request body is not valid JSON");
      }
    }
    this.calls.push({ path, query, body: input });
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!this.tokens.has(token)) return refusal(401, "unauthorized", "Not authorized");
    if (path === "check-price" && request.method === "POST") return this.checkPrice(input);
    if (path === "claims/create" && request.method === "POST") return this.create(token, query, input);
    const claim = this.claims.get(query.claim_id ?? "");
    if (!claim || claim.token !== token) return refusal(404, "not_found", "Claim not found");
    if (request.method === "GET" && path === "claims/performer-position") {
      if (!claim.performer) return refusal(404, "performer_not_found", "No performer for the claim");
      return reply(200, { position: { ...this.position(claim), timestamp: Math.floor(Date.now() / 1000) } });
    }
    if (request.method !== "POST") return refusal(404, "not_found", "Unknown method");
    switch (path) {
      case "claims/info":
        // Estimating takes one read here: a new claim is ready for approval the next time it is read.
        if (claim.status === "new") claim.status = "estimating";
        else if (claim.status === "estimating") this.set(claim, "ready_for_approval");
        return reply(200, this.info(claim));
      case "claims/accept":
        if (claim.status === "estimating") this.set(claim, "ready_for_approval");
        if (claim.status !== "ready_for_approval")
          return refusal(409, "state_mismatch", `Claim is ${claim.status}`);
        if (input.version !== claim.version) return refusal(409, "old_version", "Claim version is old");
        this.set(claim, "accepted");
        if (this.stepMs > 0) this.walk(claim);
        return reply(200, { id: claim.id, status: claim.status, version: claim.version });
      case "claims/cancel-info":
        return reply(200, { cancel_state: this.cancelState(claim) });
      case "claims/cancel": {
        const state = this.cancelState(claim);
        if (input.version !== claim.version) return refusal(409, "old_version", "Claim version is old");
        if (state === "unavailable" || input.cancel_state !== state) {
          return refusal(
            409,
            "inappropriate_status",
            `Claim cannot be cancelled as ${String(input.cancel_state)}`,
          );
        }
        this.set(claim, state === "free" ? "cancelled" : "cancelled_with_payment");
        void this.notify(claim);
        return reply(200, { id: claim.id, status: claim.status, version: claim.version });
      }
      default:
        return refusal(404, "not_found", `Unknown method ${path}`);
    }
  }

  private checkPrice(input: Record<string, unknown>) {
    const points = Array.isArray(input.route_points)
      ? (input.route_points as { coordinates?: unknown }[])
      : [];
    const from = lonLat(points[0]?.coordinates);
    const to = lonLat(points[points.length - 1]?.coordinates);
    if (points.length < 2 || !from || !to) {
      return refusal(400, "bad_request", "route_points need coordinates");
    }
    const km = kilometres(from, to);
    return reply(200, {
      price: FakeYandexDelivery.priceOf(from, to).toFixed(2),
      currency_rules: { code: "UZS", sign: "сум", template: "$VALUE$ $SIGN$$CURRENCY$" },
      distance_meters: Math.round(km * 1000),
      eta: Math.round(10 + km * 3),
      zone_id: "tashkent",
    });
  }

  private create(token: string, query: Record<string, string>, input: Record<string, unknown>) {
    const requestId = query.request_id ?? "";
    if (!requestId || requestId.length > 128) return refusal(400, "bad_request", "request_id is required");
    const earlier = [...this.claims.values()].find((c) => c.token === token && c.requestId === requestId);
    if (earlier) return reply(200, this.info(earlier));
    // What arrives is not trusted to have the claim's shape: every field is checked as Yandex would.
    const points = (Array.isArray(input.route_points) ? input.route_points : []) as {
      point_id?: unknown;
      type?: unknown;
      contact?: { name?: unknown; phone?: unknown };
      address?: { coordinates?: unknown };
    }[];
    const source = points.find((p) => p.type === "source");
    const destination = points.find((p) => p.type === "destination");
    const from = lonLat(source?.address?.coordinates);
    const to = lonLat(destination?.address?.coordinates);
    if (!source || !destination || !from || !to) {
      return refusal(400, "bad_request", "route_points need a source and a destination with coordinates");
    }
    for (const p of points) {
      const phone = typeof p.contact?.phone === "string" ? p.contact.phone : "";
      if (typeof p.contact?.name !== "string" || !p.contact.name || !/^\+?\d{7,20}$/.test(phone)) {
        return refusal(
          400,
          "bad_request",
          `route_points[${String(p.point_id)}].contact needs a name and a phone`,
        );
      }
    }
    const ids = new Set(points.map((p) => p.point_id));
    const items = (Array.isArray(input.items) ? input.items : []) as {
      pickup_point?: unknown;
      droppof_point?: unknown;
    }[];
    if (items.length === 0 || items.some((i) => !ids.has(i.pickup_point) || !ids.has(i.droppof_point))) {
      return refusal(400, "bad_request", "items must name the route's points");
    }
    const claim: FakeClaim = {
      id: randomUUID().replaceAll("-", ""),
      token,
      requestId,
      status: "new",
      version: 1,
      body: input as unknown as YandexClaimRequest,
      from,
      to,
      price: FakeYandexDelivery.priceOf(from, to),
      drive: 0,
      performer: null,
    };
    this.claims.set(claim.id, claim);
    return reply(200, this.info(claim));
  }

  private info(c: FakeClaim) {
    return {
      id: c.id,
      status: c.status,
      version: c.version,
      pricing:
        c.status === "new" || c.status === "estimating"
          ? {}
          : { offer: { price: c.price.toFixed(2) }, currency: "UZS" },
      performer_info: c.performer ? { ...c.performer, legal_name: "Yandex.Delivery demo fleet" } : undefined,
      route_points: c.body.route_points,
      updated_ts: new Date().toISOString(),
    };
  }

  private cancelState(c: FakeClaim): "free" | "paid" | "unavailable" {
    const i = FAKE_YANDEX_WALK.indexOf(c.status as (typeof FAKE_YANDEX_WALK)[number]);
    if (["new", "estimating", "ready_for_approval", "accepted"].includes(c.status)) return "free";
    if (i >= 0 && i <= FAKE_YANDEX_WALK.indexOf("performer_found")) return "free";
    if (c.status === "pickup_arrived") return "paid";
    return "unavailable";
  }

  private set(c: FakeClaim, status: string): void {
    if (c.status === status) return;
    c.status = status;
    c.version += 1;
  }

  /**
   * One step of an accepted claim (tests call it; the demo's timer too): the next status of the walk,
   * or one more stretch of the drive while picked up. Tells our callback. Answers the new status.
   */
  async drive(claimId: string): Promise<string> {
    const c = this.claims.get(claimId);
    if (!c) throw new Error(`fake Yandex Delivery: no claim ${claimId}`);
    if (c.status.startsWith("cancelled") || c.status === "delivered_finish") return c.status;
    if (c.status === "pickuped" && c.drive < DRIVE_STEPS) {
      c.drive += 1;
      if (c.drive < DRIVE_STEPS) return c.status;
    }
    const i = FAKE_YANDEX_WALK.indexOf(c.status as (typeof FAKE_YANDEX_WALK)[number]);
    const next = c.status === "accepted" ? FAKE_YANDEX_WALK[0] : FAKE_YANDEX_WALK[i + 1];
    if (!next) return c.status;
    this.set(c, next);
    if (next === "performer_found") {
      c.performer = {
        courier_name: "Aziz Karimov",
        car_model: "Chevrolet Cobalt",
        car_number: "01 A 777 AA",
      };
    }
    if (next === "delivery_arrived") c.drive = DRIVE_STEPS;
    await this.notify(c);
    return c.status;
  }

  /** The demo's performer: drives the claim to the door one step every `stepMs`. */
  private walk(c: FakeClaim): void {
    const step = () => {
      setTimeout(() => {
        void this.drive(c.id)
          .then((status) => {
            if (!status.startsWith("cancelled") && status !== "delivered_finish") step();
          })
          .catch(() => undefined);
      }, this.stepMs).unref();
    };
    step();
  }

  /** Yandex's callback: a POST to the claim's callback_url naming the claim; answers our HTTP status. */
  private async notify(c: FakeClaim): Promise<number | null> {
    const url = c.body.callback_properties?.callback_url;
    if (!url || !this.transport) return null;
    const u = new URL(url, "http://localhost");
    u.searchParams.set("claim_id", c.id);
    u.searchParams.set("updated_ts", new Date().toISOString());
    try {
      return (await this.transport(`${u.pathname}${u.search}`)).status;
    } catch {
      return null;
    }
  }
}

/** The process's fake Yandex Delivery (the stand-in and the demo share it). */
export const fakeYandexDelivery = new FakeYandexDelivery();
