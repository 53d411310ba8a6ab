// The SMS adapters against local stand-ins speaking Eskiz's and PlayMobile's protocols: what goes
// over the wire, Eskiz's token refresh and re-login, and how gateway failures are classified.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createConsoleGateway } from "../src/integrations/sms/console.ts";
import { createEskizGateway, forgetEskizTokens } from "../src/integrations/sms/eskiz.ts";
import { codeMessage } from "../src/integrations/sms/index.ts";
import { createPlayMobileGateway } from "../src/integrations/sms/play-mobile.ts";
import { SmsError } from "../src/integrations/sms/types.ts";
import { startFakeEskiz, type FakeEskiz } from "./fakes/eskiz.ts";
import { startFakePlayMobile, type FakePlayMobile } from "./fakes/play-mobile.ts";

const ESKIZ_ACCOUNT = { email: "shop@example.uz", password: "eskiz-secret" };
const PM_ACCOUNT = { login: "shop", password: "pm-secret" };

async function failure(promise: Promise<unknown>): Promise<SmsError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SmsError) return error;
    throw error;
  }
  throw new Error("expected an SmsError");
}

describe("Eskiz", () => {
  let eskiz: FakeEskiz;
  beforeAll(async () => {
    eskiz = await startFakeEskiz(ESKIZ_ACCOUNT);
  });
  afterAll(async () => {
    await eskiz.close();
  });
  afterEach(() => {
    forgetEskizTokens();
  });
  const gateway = (password = ESKIZ_ACCOUNT.password) =>
    createEskizGateway({ baseUrl: eskiz.url, email: ESKIZ_ACCOUNT.email, password, from: "4546" });

  it("logs in once and sends the message to the number without its plus", async () => {
    const before = eskiz.logins;
    await gateway().send({ phone: "+998901234567", text: "Lavash: 123456" });
    await gateway().send({ phone: "+998901234568", text: "Lavash: 654321" });
    expect(eskiz.logins - before).toBe(1);
    expect(eskiz.sent.slice(-2)).toMatchObject([
      { mobilePhone: "998901234567", message: "Lavash: 123456", from: "4546" },
      { mobilePhone: "998901234568", message: "Lavash: 654321", from: "4546" },
    ]);
  });

  it("refreshes an expired token and sends again", async () => {
    await gateway().send({ phone: "+998901234567", text: "first" });
    const { logins, refreshes } = eskiz;
    eskiz.expireTokens();
    await gateway().send({ phone: "+998901234567", text: "after refresh" });
    expect(eskiz.refreshes).toBe(refreshes + 1);
    expect(eskiz.logins).toBe(logins);
    expect(eskiz.sent.at(-1)?.message).toBe("after refresh");
  });

  it("logs in again when the refresh is refused too", async () => {
    await gateway().send({ phone: "+998901234567", text: "first" });
    const { logins } = eskiz;
    eskiz.expireTokens({ refusable: true });
    await gateway().send({ phone: "+998901234567", text: "after login" });
    expect(eskiz.logins).toBe(logins + 1);
    expect(eskiz.sent.at(-1)?.message).toBe("after login");
  });

  it("reports refused credentials, refused messages and outages apart", async () => {
    expect((await failure(gateway("wrong").send({ phone: "+998901234567", text: "x" }))).failure).toBe(
      "AUTH",
    );
    expect((await failure(gateway().send({ phone: "+77011234567", text: "x" }))).failure).toBe("REJECTED");
    eskiz.failSends(500, { message: "Internal error" });
    const outage = await failure(gateway().send({ phone: "+998901234567", text: "x" }));
    expect(outage.failure).toBe("UNAVAILABLE");
    expect(outage.detail).toContain("Internal error");
    const down = createEskizGateway({ baseUrl: "http://127.0.0.1:9", ...ESKIZ_ACCOUNT, from: "4546" });
    expect((await failure(down.send({ phone: "+998901234567", text: "x" }))).failure).toBe("UNAVAILABLE");
  });
});

describe("PlayMobile", () => {
  let pm: FakePlayMobile;
  beforeAll(async () => {
    pm = await startFakePlayMobile(PM_ACCOUNT);
  });
  afterAll(async () => {
    await pm.close();
  });
  const gateway = (password = PM_ACCOUNT.password) =>
    createPlayMobileGateway({ baseUrl: pm.url, login: PM_ACCOUNT.login, password, originator: "3700" });

  it("sends with Basic auth, a fresh message id each time and the originator", async () => {
    await gateway().send({ phone: "+998901234567", text: "Plov: 111111" });
    await gateway().send({ phone: "+998901234567", text: "Plov: 222222" });
    const [a, b] = pm.sent.slice(-2);
    expect(a).toMatchObject({ recipient: "998901234567", originator: "3700", text: "Plov: 111111" });
    expect(b?.text).toBe("Plov: 222222");
    expect(a?.messageId).not.toBe(b?.messageId);
  });

  it("reports refused credentials, refused messages and outages apart", async () => {
    expect((await failure(gateway("wrong").send({ phone: "+998901234567", text: "x" }))).failure).toBe(
      "AUTH",
    );
    expect((await failure(gateway().send({ phone: "+7701123456", text: "x" }))).failure).toBe("REJECTED");
    pm.failSends(503, "Service Unavailable");
    expect((await failure(gateway().send({ phone: "+998901234567", text: "x" }))).failure).toBe(
      "UNAVAILABLE",
    );
  });
});

describe("console gateway and the message", () => {
  it("writes one JSON line with the phone and the text", async () => {
    const lines: string[] = [];
    await createConsoleGateway({ write: (l) => lines.push(l) }).send({
      phone: "+998901234567",
      text: "code 1",
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith("\n")).toBe(true);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ phone: "+998901234567", text: "code 1" });
  });

  it("uses the brand's SMS text when it has a {code} placeholder", () => {
    expect(codeMessage("123456", { uz: "Lavash" }, "lavash", "uz", "Lavash kodingiz: {code}")).toBe(
      "Lavash kodingiz: 123456",
    );
    expect(codeMessage("123456", { uz: "Lavash" }, "lavash", "uz", "")).toContain("123456");
  });
});
