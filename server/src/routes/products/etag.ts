import { negotiate } from "@fastify/accept-negotiator";
import type { PreparedBody } from "../../services/menu/menu.ts";

/** True when an If-None-Match list names one of `etags` (weak comparison, as RFC 9110 asks for GET). */
export function etagMatchesHeader(header: string | string[] | undefined, etags: readonly string[]): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value.trim() === "*") return true;
  return value
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => etags.includes(t));
}

/** Brotli (once made), else gzip, else the plain bytes, as the client's Accept-Encoding allows. */
export function preparedEncoding(
  acceptEncoding: string | undefined,
  prepared: PreparedBody,
): "br" | "gzip" | undefined {
  const chosen = negotiate(acceptEncoding ?? "", prepared.br ? ["br", "gzip"] : ["gzip"]);
  return chosen === "br" || chosen === "gzip" ? chosen : undefined;
}

/** The ETags of prepared bytes: plain, gzip and Brotli (each a strong validator of its bytes). */
export function etagsOf(prepared: PreparedBody): [string, string, string] {
  const stem = prepared.etag.slice(0, -1);
  return [prepared.etag, `${stem}-gz"`, `${stem}-br"`];
}
