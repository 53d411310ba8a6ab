import { IncomingMessage, type ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { PreparedBody } from "../services/menu/menu.ts";
import type { MenuCache } from "../repositories/menu-cache.ts";
import type { MerchantRow } from "../repositories/merchants.ts";
import { etagMatchesHeader, etagsOf, preparedEncoding } from "../routes/products/etag.ts";

// The menu call is most of what a storefront asks the server, and once built it is bytes in memory.
// Through Fastify's whole pipeline (routing, the hooks, schema checks, the rate limiter's store)
// it measured 0.30 of a bare Node server sending the same bytes (scripts/bench-menu.ts). This lane
// answers it from the server's request listener when everything it needs is already at hand, with
// what every API answer carries: the security headers, the request id, one log line, the request
// metric. Anything it does not recognise at once goes the ordinary way, which validates, refuses
// and builds: another method, path or query, a malformed or unknown merchant header, a brand not in
// the tenant cache or inactive, a menu not built yet, a draining or closing server.
//
// Not counted by the rate limiter, as the built client's files are not: answering from memory
// costs less than the limiter's own refusal would (docs/decisions.md, "The built menu is answered
// before Fastify").

export const MENU_PATH = "/api/products/v1/overalls";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MenuFastLaneDeps {
  cache: MenuCache;
  /** The merchant of a `merchant` header if the tenant cache holds it fresh, else undefined. */
  cachedTenant(id: string): MerchantRow | undefined;
  /** Every header the API's answers carry (helmet's), as name-value pairs. */
  securityHeaders: readonly (readonly [string, string])[];
  requestId(req: IncomingMessage): string;
  /** The client's address and host as Fastify reports them (its proxy settings). */
  clientIp(req: IncomingMessage): string | undefined;
  clientHost(req: IncomingMessage): string;
  log: FastifyBaseLogger;
  /** The request metric and the menu cache's hit counter. */
  served(statusCode: number, seconds: number): void;
  /** Draining or closing: the ordinary way says so (`connection: close`, 503). */
  open(): boolean;
}

/** The channel and cache key a menu query names, or null for anything else. */
function menuKey(url: string, cache: MenuCache, merchantId: string): string | null {
  if (!url.startsWith(MENU_PATH)) return null;
  if (url.length === MENU_PATH.length) return "WEB|*";
  if (url.charCodeAt(MENU_PATH.length) !== 63 /* ? */) return null;
  let type: string | undefined;
  let branchId: string | undefined;
  for (const pair of url.slice(MENU_PATH.length + 1).split("&")) {
    if ((pair === "type=WEB" || pair === "type=TG") && type === undefined) type = pair.slice(5);
    else if (pair.startsWith("branchId=") && branchId === undefined) branchId = pair.slice(9);
    else return null;
  }
  type ??= "WEB";
  if (branchId === undefined) return `${type}|*`;
  return cache.peekBranchIds(merchantId)?.has(branchId) ? `${type}|${branchId}` : null;
}

type Encoding = "br" | "gzip" | "identity";
/** An answer's kind: the bytes in an encoding, or a 304 naming that encoding's ETag. */
type Kind = Encoding | `304 ${Encoding}`;

/** The fixed part of an answer's headers per prepared menu and kind, made once. */
const headersOf = new WeakMap<PreparedBody, Partial<Record<Kind, string[]>>>();

function answerHeaders(deps: MenuFastLaneDeps, prepared: PreparedBody, kind: Kind): string[] {
  let byEncoding = headersOf.get(prepared);
  if (!byEncoding) {
    byEncoding = {};
    headersOf.set(prepared, byEncoding);
  }
  const made = byEncoding[kind];
  if (made) return made;
  const encoding = kind.startsWith("304 ") ? kind.slice(4) : kind;
  const [plainTag, gzTag, brTag] = etagsOf(prepared);
  const etag = encoding === "br" ? brTag : encoding === "gzip" ? gzTag : plainTag;
  const headers = deps.securityHeaders.flat();
  headers.push("etag", etag, "vary", "accept-encoding", "cache-control", "no-cache");
  const sent =
    kind === "br"
      ? prepared.br
      : kind === "gzip"
        ? prepared.gzip
        : kind === "identity"
          ? prepared.body
          : null;
  if (sent) {
    headers.push("content-type", "application/json; charset=utf-8");
    if (encoding !== "identity") headers.push("content-encoding", encoding);
    headers.push("content-length", String(sent.length));
  }
  byEncoding[kind] = headers;
  return headers;
}

/**
 * The server's request listener calls this first: true when it answered the request, false to hand
 * it to Fastify.
 */
export function menuFastLane(deps: MenuFastLaneDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== "GET" || !req.url?.startsWith(MENU_PATH) || !deps.open()) return false;
    const startedAt = performance.now();
    const header = req.headers.merchant;
    if (typeof header !== "string" || !UUID.test(header)) return false;
    const merchant = deps.cachedTenant(header);
    if (!merchant || merchant.deleted || !merchant.isActive) return false;
    const key = menuKey(req.url, deps.cache, merchant.id);
    if (key === null) return false;
    const prepared = deps.cache.peek(merchant.id, key);
    if (!prepared) return false;

    // As sendPrepared (index.ts): the 304 names the ETag of the encoding the client would be sent.
    const encoding: Encoding = preparedEncoding(req.headers["accept-encoding"], prepared) ?? "identity";
    const statusCode = etagMatchesHeader(req.headers["if-none-match"], etagsOf(prepared)) ? 304 : 200;
    const reqId = deps.requestId(req);
    const kind: Kind = statusCode === 304 ? `304 ${encoding}` : encoding;
    res.writeHead(statusCode, [...answerHeaders(deps, prepared, kind), "x-request-id", reqId]);
    if (statusCode === 304) res.end();
    else res.end(encoding === "br" ? prepared.br : encoding === "gzip" ? prepared.gzip : prepared.body);

    const elapsed = performance.now() - startedAt;
    deps.served(statusCode, elapsed / 1000);
    // The line Fastify's request log writes (OneLinePerRequest in app.ts), through the same serializers.
    deps.log.info(
      {
        reqId,
        req: {
          method: "GET",
          url: req.url,
          ip: deps.clientIp(req),
          host: deps.clientHost(req),
          socket: req.socket,
        },
        res: { statusCode },
        responseTime: elapsed,
      },
      "request completed",
    );
    return true;
  };
}

/** The name-value pairs a Connect-style header middleware (helmet) sets on an answer. */
export function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): [string, string][] {
  const set = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name.toLowerCase(), Array.isArray(value) ? value.join(", ") : String(value));
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
    },
  };
  middleware(new IncomingMessage(new Socket()), recorder as unknown as ServerResponse, () => undefined);
  return [...set];
}
