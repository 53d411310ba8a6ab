// Profile pictures in S3-compatible object storage: two app instances on one database and one
// (fake) bucket, as two API processes behind a load balancer. A picture uploaded through one is
// served by the other, byte for byte; a missing one is a 404; a store that refuses the upload (wrong
// credentials, unknown bucket) is a 5xx in the API's error shape and leaves nothing half-saved. The
// fake checks every request's SigV4 signature, so these tests also prove the SDK is set up right.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { ConfigError, loadConfig } from "../src/config.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { freshPhone, loginWithPhone } from "./support/accounts.ts";
import { startFakeS3, type FakeS3 } from "./support/fake-s3.ts";

const BUCKET = "savat-pictures";
let s3: FakeS3;
let a: TestApp;
let b: TestApp;
let lavash: string;
const dirs: string[] = [];
const others: TestApp[] = [];

function s3Env(overrides: Record<string, string> = {}): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-s3-"));
  dirs.push(dataDir);
  return {
    // Each instance has a data directory of its own: nothing can be shared through the local disk.
    DATA_DIR: dataDir,
    S3_URL: s3.url,
    S3_BUCKET: BUCKET,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ...overrides,
  };
}

/** Another app instance on the first one's database (another process of the same deployment). */
async function sibling(env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: "test",
    DEMO: "1",
    LOG_LEVEL: "silent",
    STATIC_DIR: "/nonexistent",
    ...env,
  });
  const app = await buildApp({
    config,
    database: a.database,
    logger: false,
    serveClient: false,
    rateLimitPerMinute: 100_000,
  });
  await app.ready();
  const t: TestApp = { app, db: a.db, database: a.database, config, close: () => app.close() };
  others.push(t);
  return t;
}

function multipartImage(bytes: Buffer) {
  const boundary = "----savat-s3-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(t: TestApp, token: string, bytes: Buffer) {
  const { body, contentType } = multipartImage(bytes);
  return t.app.inject({
    method: "PUT",
    url: "/api/users/v1/users/image",
    headers: { merchant: lavash, authorization: `Bearer ${token}`, "content-type": contentType },
    payload: body,
  });
}

function me(t: TestApp, token: string) {
  return t.app.inject({
    method: "GET",
    url: "/api/users/v1/users/me",
    headers: { merchant: lavash, authorization: `Bearer ${token}` },
  });
}

const png = (r: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 120, b: 40 } } })
    .png()
    .toBuffer();

const errorShape = {
  status: expect.any(Number) as unknown,
  code: expect.any(String) as unknown,
  description: {
    uz: expect.any(String) as unknown,
    ru: expect.any(String) as unknown,
    eng: expect.any(String) as unknown,
  },
};

beforeAll(async () => {
  s3 = await startFakeS3({ buckets: [BUCKET] });
  a = await createTestApp({ env: s3Env() });
  b = await sibling(s3Env());
  lavash = await merchantId(a, "lavash");
});
afterAll(async () => {
  for (const t of others) await t.close();
  await a.close();
  await s3.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("profile pictures in S3", () => {
  it("serves a picture uploaded through one instance from the other, byte-identical", async () => {
    const { token } = await loginWithPhone(a, lavash, freshPhone());
    const uploaded = await upload(a, token, await png(250));
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json<{ image: string }>().image;
    // The URL the client sees is the same as with the local directory.
    expect(url).toMatch(/^\/api\/users\/v1\/users\/images\/[\w-]+\.webp$/);
    const name = url.split("/").pop() ?? "";
    const stored = s3.objects.get(`${BUCKET}/profile-images/${name}`);
    expect(stored?.contentType).toBe("image/webp");

    const fromB = await b.app.inject({ method: "GET", url });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers["content-type"]).toBe("image/webp");
    expect(fromB.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(fromB.headers["content-length"])).toBe(stored?.bytes.length);
    expect(fromB.rawPayload.equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);
    const fromA = await a.app.inject({ method: "GET", url });
    expect(fromA.rawPayload.equals(fromB.rawPayload)).toBe(true);
    expect(await sharp(fromB.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 512,
      height: 512,
    });

    // A new picture through B replaces it: the old object is gone from the bucket, for both.
    const replaced = await upload(b, token, await png(10));
    expect(replaced.statusCode).toBe(200);
    const url2 = replaced.json<{ image: string }>().image;
    expect(url2).not.toBe(url);
    expect(s3.objects.has(`${BUCKET}/profile-images/${name}`)).toBe(false);
    expect((await a.app.inject({ method: "GET", url })).statusCode).toBe(404);
    expect((await a.app.inject({ method: "GET", url: url2 })).statusCode).toBe(200);

    // Deleting through A removes the object; B answers 404.
    const removed = await a.app.inject({
      method: "DELETE",
      url: "/api/users/v1/users/image",
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
    });
    expect(removed.json()).toMatchObject({ image: null });
    expect((await b.app.inject({ method: "GET", url: url2 })).statusCode).toBe(404);
  });

  it("answers a missing picture with 404 in the error shape", async () => {
    const res = await b.app.inject({
      method: "GET",
      url: "/api/users/v1/users/images/NoSuchPicture_123.webp",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ...errorShape, status: 404, code: "NOT_FOUND" });
    expect(s3.requests.at(-1)).toMatchObject({ method: "GET", error: "NoSuchKey" });
  });

  it.each([
    ["a wrong secret", { S3_SECRET_ACCESS_KEY: "not-the-secret-of-this-store" }, "SignatureDoesNotMatch"],
    ["an unknown key id", { S3_ACCESS_KEY_ID: "AKIAUNKNOWNKEY" }, "InvalidAccessKeyId"],
    ["a bucket the store does not have", { S3_BUCKET: "someone-elses-bucket" }, "NoSuchBucket"],
  ])("fails the upload with a 5xx and saves nothing with %s", async (_case, env, s3Code) => {
    const broken = await sibling(s3Env(env));
    const { token } = await loginWithPhone(a, lavash, freshPhone());
    // The customer already has a picture (stored through the working instance).
    const first = (await upload(a, token, await png(200))).json<{ image: string }>().image;
    const objectsBefore = [...s3.objects.keys()].sort();
    const seen = s3.requests.length;

    const res = await upload(broken, token, await png(90));
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json()).toEqual({ ...errorShape, status: res.statusCode, code: "SERVICE_UNAVAILABLE" });
    // Nothing of the store's answer reaches the customer.
    expect(res.body).not.toMatch(/S3|bucket|Signature|AccessKey|amz|127\.0\.0\.1/i);
    expect(s3.requests.slice(seen).map((r) => r.error)).toContain(s3Code);

    // Nothing half-saved: the profile still names the first picture, which still serves, and the
    // bucket holds exactly what it held.
    expect((await me(a, token)).json<{ image: string }>().image).toBe(first);
    expect((await b.app.inject({ method: "GET", url: first })).statusCode).toBe(200);
    expect([...s3.objects.keys()].sort()).toEqual(objectsBefore);
    // Serving through the broken instance is a 5xx in the error shape too, not a 404 or a crash.
    const served = await broken.app.inject({ method: "GET", url: first });
    expect(served.statusCode).toBe(503);
    expect(served.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  });
});

describe("the fake S3", () => {
  it("refuses requests without a SigV4 Authorization header naming its key", async () => {
    const unsigned = await fetch(`${s3.url}/${BUCKET}/profile-images/x.webp`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain("<Code>AccessDenied</Code>");
    const otherKey = await fetch(`${s3.url}/${BUCKET}/profile-images/x.webp`, {
      headers: {
        authorization:
          "AWS4-HMAC-SHA256 Credential=AKIAOTHER/20260101/us-east-1/s3/aws4_request, " +
          `SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${"0".repeat(64)}`,
      },
    });
    expect(otherKey.status).toBe(403);
    expect(await otherKey.text()).toContain("<Code>InvalidAccessKeyId</Code>");
  });
});

describe("object storage configuration", () => {
  it("refuses a bucket without credentials, naming the variables", () => {
    expect(() => loadConfig({ S3_BUCKET: "pictures" })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: "pictures", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toThrow(
      /S3_BUCKET="pictures": object storage needs credentials: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY \(or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY\)/,
    );
    expect(() => loadConfig({ S3_URL: "http://127.0.0.1:9000" })).toThrow(/S3_URL=.*needs S3_BUCKET/);
    // A bad secret is named, never repeated.
    expect(() =>
      loadConfig({ S3_BUCKET: "pictures", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "short" }),
    ).toThrow(/S3_SECRET_ACCESS_KEY="\(hidden\)": must be 8 to 256/);
  });

  it("takes the usual AWS variables, and path style by default only with an endpoint", () => {
    const aws = loadConfig({
      S3_BUCKET: "pictures",
      AWS_ACCESS_KEY_ID: "AKIAEXAMPLE",
      AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG",
    });
    expect(aws.s3).toEqual({
      endpoint: undefined,
      bucket: "pictures",
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG",
      forcePathStyle: false,
    });
    const minio = loadConfig({
      S3_URL: "http://127.0.0.1:9000/",
      S3_BUCKET: "pictures",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "minio",
      S3_SECRET_ACCESS_KEY: "minio-secret",
    });
    expect(minio.s3).toMatchObject({
      endpoint: "http://127.0.0.1:9000",
      region: "eu-central-1",
      forcePathStyle: true,
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });
});
