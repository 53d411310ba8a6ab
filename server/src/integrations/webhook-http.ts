// The HTTP side of signed webhooks (issue 38): checks a receiver's address and POSTs a delivery to it.
// A brand's owner types the URL, so the server must not become a way into its own network (SSRF): in
// production only https, and every address the name resolves to must be public; the check runs again
// at each send, inside the connection's own DNS lookup, so a name that later resolves to a private
// address (DNS rebinding) is refused too. Redirects are not followed. Demo and tests (`allowLocal`)
// may also use http, to a loopback address only.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Addresses no production webhook may reach: private, loopback, link-local, shared, reserved. */
const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, "ipv6");

function family(address: string): "ipv4" | "ipv6" {
  return net.isIPv4(address) ? "ipv4" : "ipv6";
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

export function isLoopbackAddress(address: string): boolean {
  const a = unmapped(address);
  return LOOPBACK.check(a, family(a));
}

export function isPublicAddress(address: string): boolean {
  const a = unmapped(address);
  return !NOT_PUBLIC.check(a, family(a));
}

export type WebhookTargetKind =
  "invalid" | "scheme" | "credentials" | "unresolved" | "private" | "http-remote";

/** Why an address may not be called: its kind (for the caller's own words) and an English detail. */
export interface WebhookTargetProblem {
  kind: WebhookTargetKind;
  detail: string;
}

/** Why the resolved address may not be called, or null. */
function addressProblem(address: string, protocol: string, allowLocal: boolean): WebhookTargetProblem | null {
  if (allowLocal) {
    if (protocol === "http:" && !isLoopbackAddress(address))
      return {
        kind: "http-remote",
        detail: `http is allowed only to this machine, not ${address}; use https`,
      };
    return null;
  }
  if (!isPublicAddress(address))
    return {
      kind: "private",
      detail: `${address} is a private, loopback or link-local address, which webhooks may not call`,
    };
  return null;
}

export class WebhookTargetError extends Error {}

/** Why a receiver's URL may not be used, or null. Resolves its name (the system resolver). */
export async function webhookTargetProblem(
  url: string,
  allowLocal: boolean,
): Promise<WebhookTargetProblem | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: "invalid", detail: "not an address" };
  }
  if (parsed.protocol !== "https:" && !(allowLocal && parsed.protocol === "http:"))
    return { kind: "scheme", detail: "the address must start with https://" };
  if (parsed.username || parsed.password)
    return { kind: "credentials", detail: "the address may not carry a user name or password" };
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, order: "verbatim" })).map((a) => a.address);
    } catch {
      return { kind: "unresolved", detail: `the name ${host} does not resolve` };
    }
  }
  for (const address of addresses) {
    const problem = addressProblem(address, parsed.protocol, allowLocal);
    if (problem) return problem;
  }
  return null;
}

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowLocal: boolean;
}

export interface WebhookAnswer {
  status: number;
  /** The first bytes of the answer's body, as text. */
  bodyStart: string;
}

const BODY_KEPT_BYTES = 1024;

/** POSTs the body; answers the status and the first bytes, or throws with why nothing came back. */
export async function postWebhook(post: WebhookPost): Promise<WebhookAnswer> {
  const url = new URL(post.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // An address in the URL is not looked up, so it is checked here; a name is checked at its lookup.
  if (net.isIP(host)) {
    const problem = addressProblem(host, url.protocol, post.allowLocal);
    if (problem) throw new WebhookTargetError(problem.detail);
  }
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, order: "verbatim" }, (error, found) => {
      if (error) {
        callback(error, "", 4);
        return;
      }
      const list = found;
      for (const a of list) {
        const problem = addressProblem(a.address, url.protocol, post.allowLocal);
        if (problem) {
          callback(new WebhookTargetError(problem.detail), "", 4);
          return;
        }
      }
      const first = list[0];
      if (!first) {
        callback(new Error(`the name ${hostname} has no address`), "", 4);
        return;
      }
      if ((options as { all?: boolean }).all)
        (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      else callback(null, first.address, first.family);
    });
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        lookup,
        headers: { ...post.headers, "content-length": Buffer.byteLength(post.body).toString() },
        timeout: post.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < BODY_KEPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on("end", () => {
          resolve({
            status: response.statusCode ?? 0,
            bodyStart: Buffer.concat(chunks).subarray(0, BODY_KEPT_BYTES).toString("utf8"),
          });
        });
        response.on("error", reject);
      },
    );
    // The whole try, not only a silent socket, is held to the time-out.
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${String(post.timeoutMs / 1000)} s`));
    }, post.timeoutMs);
    request.on("close", () => {
      clearTimeout(timer);
    });
    request.on("timeout", () => {
      request.destroy(new Error(`no answer within ${String(post.timeoutMs / 1000)} s`));
    });
    request.on("error", reject);
    request.end(post.body);
  });
}
