// A local stand-in for S3-compatible object storage, speaking enough of S3's REST protocol for the
// AWS SDK v3: path-style PUT, GET, HEAD and DELETE of an object (`/<bucket>/<key>`), errors as S3's
// XML (NoSuchKey and NoSuchBucket 404; AccessDenied, InvalidAccessKeyId and SignatureDoesNotMatch
// 403). Every request must carry an AWS Signature Version 4 `Authorization` header made with the
// fake's own key pair: the signature is computed again here and compared, as S3 does, so a client
// with a wrong secret is refused like a real store would refuse it. Only the buckets it was told
// about exist.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3Object {
  bytes: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Request {
  method: string;
  path: string;
  /** The S3 error code answered, or null for a success. */
  error: string | null;
}

export interface FakeS3 {
  /** The endpoint, for S3_URL. */
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Objects by "<bucket>/<key>". */
  objects: Map<string, FakeS3Object>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

export interface FakeS3Options {
  buckets: string[];
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it for the canonical query string. */
function strictEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(rawQuery: string): string {
  if (rawQuery === "") return "";
  return rawQuery
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const eq = part.indexOf("=");
      const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      const value = eq < 0 ? "" : decodeURIComponent(part.slice(eq + 1));
      return [strictEncode(key), strictEncode(value)] as const;
    })
    .sort(([ka, va], [kb, vb]) => (ka === kb ? (va < vb ? -1 : 1) : ka < kb ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

function xmlEscape(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

const MESSAGES: Record<string, string> = {
  AccessDenied: "Access Denied",
  InvalidAccessKeyId: "The AWS Access Key Id you provided does not exist in our records.",
  SignatureDoesNotMatch:
    "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
  XAmzContentSHA256Mismatch: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  NoSuchBucket: "The specified bucket does not exist",
  NoSuchKey: "The specified key does not exist.",
  NotImplemented: "A header or operation you provided implies functionality that is not implemented",
  RequestTimeTooSkewed: "The difference between the request time and the current time is too large.",
};

type Check = { ok: true } | { ok: false; status: number; code: string };

/**
 * Checks the request's SigV4 signature as S3 does: the same canonical request built from what
 * arrived, signed with the fake's secret, compared in constant time.
 */
function checkSignature(
  req: http.IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): Check {
  const auth = req.headers.authorization;
  const match =
    auth === undefined
      ? null
      : /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([\w-]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
          auth,
        );
  if (!match) return { ok: false, status: 403, code: "AccessDenied" };
  const [, keyId = "", date = "", region = "", signedHeaderList = "", signature = ""] = match;
  if (keyId !== keys.accessKeyId) return { ok: false, status: 403, code: "InvalidAccessKeyId" };
  const amzDate = req.headers["x-amz-date"];
  const payloadHash = req.headers["x-amz-content-sha256"];
  const signedHeaders = signedHeaderList.split(";");
  if (
    typeof amzDate !== "string" ||
    !/^\d{8}T\d{6}Z$/.test(amzDate) ||
    !amzDate.startsWith(date) ||
    typeof payloadHash !== "string" ||
    !signedHeaders.includes("host") ||
    !signedHeaders.includes("x-amz-date") ||
    !signedHeaders.includes("x-amz-content-sha256") ||
    region !== keys.region
  ) {
    return { ok: false, status: 403, code: "AccessDenied" };
  }
  const at = Date.UTC(
    Number(amzDate.slice(0, 4)),
    Number(amzDate.slice(4, 6)) - 1,
    Number(amzDate.slice(6, 8)),
    Number(amzDate.slice(9, 11)),
    Number(amzDate.slice(11, 13)),
    Number(amzDate.slice(13, 15)),
  );
  if (Math.abs(Date.now() - at) > 15 * 60_000)
    return { ok: false, status: 403, code: "RequestTimeTooSkewed" };
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) {
    return { ok: false, status: 400, code: "XAmzContentSHA256Mismatch" };
  }
  const rawUrl = req.url ?? "/";
  const q = rawUrl.indexOf("?");
  const headerLines = signedHeaders.map((name) => {
    const value = req.headers[name];
    const text = Array.isArray(value) ? value.join(",") : (value ?? "");
    return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
  });
  const canonicalRequest = [
    req.method ?? "GET",
    q < 0 ? rawUrl : rawUrl.slice(0, q),
    canonicalQuery(q < 0 ? "" : rawUrl.slice(q + 1)),
    headerLines.join(""),
    signedHeaderList,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date), region), "s3"),
    "aws4_request",
  );
  const expected = createHmac("sha256", signingKey).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) {
    return { ok: false, status: 403, code: "SignatureDoesNotMatch" };
  }
  return { ok: true };
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const buckets = new Set(options.buckets);
  const keys = {
    accessKeyId: options.accessKeyId ?? `FAKEKEY${randomBytes(6).toString("hex").toUpperCase()}`,
    secretAccessKey: options.secretAccessKey ?? randomBytes(24).toString("base64url"),
    region: options.region ?? "us-east-1",
  };
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? "GET";
      const rawUrl = req.url ?? "/";
      const rawPath = rawUrl.split("?")[0] ?? "/";
      const requestId = randomBytes(8).toString("hex").toUpperCase();
      const record = (error: string | null) => requests.push({ method, path: rawPath, error });
      const fail = (status: number, code: string, resource: string) => {
        record(code);
        const xml =
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code>` +
          `<Message>${xmlEscape(MESSAGES[code] ?? code)}</Message>` +
          `<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
        res.writeHead(status, {
          "content-type": "application/xml",
          "x-amz-request-id": requestId,
          ...(method === "HEAD" ? {} : { "content-length": Buffer.byteLength(xml) }),
        });
        res.end(method === "HEAD" ? undefined : xml);
      };

      const signed = checkSignature(req, body, keys);
      if (!signed.ok) {
        fail(signed.status, signed.code, rawPath);
        return;
      }
      const slash = rawPath.indexOf("/", 1);
      const bucket = decodeURIComponent(slash < 0 ? rawPath.slice(1) : rawPath.slice(1, slash));
      const key = slash < 0 ? "" : decodeURIComponent(rawPath.slice(slash + 1));
      if (!buckets.has(bucket)) {
        fail(404, "NoSuchBucket", `/${bucket}`);
        return;
      }
      const query = rawUrl.includes("?") ? new URLSearchParams(rawUrl.slice(rawUrl.indexOf("?") + 1)) : null;
      const subresource = query && [...query.keys()].some((k) => k !== "x-id");
      if (key === "" || subresource) {
        fail(501, "NotImplemented", rawPath);
        return;
      }
      const id = `${bucket}/${key}`;
      const found = objects.get(id);
      switch (method) {
        case "PUT": {
          const etag = `"${createHash("md5").update(body).digest("hex")}"`;
          const contentType = req.headers["content-type"] ?? "binary/octet-stream";
          objects.set(id, { bytes: body, contentType, etag, lastModified: new Date() });
          record(null);
          res.writeHead(200, { etag, "x-amz-request-id": requestId, "content-length": 0 });
          res.end();
          return;
        }
        case "GET":
        case "HEAD": {
          if (!found) {
            fail(404, "NoSuchKey", rawPath);
            return;
          }
          record(null);
          res.writeHead(200, {
            "content-type": found.contentType,
            "content-length": found.bytes.length,
            etag: found.etag,
            "last-modified": found.lastModified.toUTCString(),
            "accept-ranges": "bytes",
            "x-amz-request-id": requestId,
          });
          res.end(method === "HEAD" ? undefined : found.bytes);
          return;
        }
        case "DELETE": {
          // S3 answers 204 whether or not the key existed.
          objects.delete(id);
          record(null);
          res.writeHead(204, { "x-amz-request-id": requestId });
          res.end();
          return;
        }
        default:
          fail(501, "NotImplemented", rawPath);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...keys,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
