import { describe, expect, it } from "vitest";
import { brandHref, isDevHost, resolveBrandSub, usesDevelopmentApi } from "./brand-host.ts";

const at = (hostname: string, search = "") => ({ hostname, search });

describe("brand from the address", () => {
  it("reads the subdomain of a production host", () => {
    expect(resolveBrandSub(at("lavash.savat.uz"), null)).toEqual({ sub: "lavash", source: "subdomain" });
  });

  it("ignores ?vendor= on a production host", () => {
    expect(resolveBrandSub(at("lavash.savat.uz", "?vendor=plov"), null)?.sub).toBe("lavash");
  });

  it("reads ?vendor= on localhost, *.localhost and private addresses", () => {
    expect(resolveBrandSub(at("localhost", "?vendor=plov"), null)).toEqual({ sub: "plov", source: "vendor" });
    expect(resolveBrandSub(at("lavash.localhost", "?vendor=sushi"), null)?.sub).toBe("sushi");
    expect(resolveBrandSub(at("192.168.1.20", "?vendor=sushi"), null)?.sub).toBe("sushi");
    expect(resolveBrandSub(at("10.0.0.5", "?vendor=lavash"), null)?.sub).toBe("lavash");
  });

  it("reads the subdomain of *.localhost", () => {
    expect(resolveBrandSub(at("plov.localhost"), null)).toEqual({
      sub: "plov",
      source: "localhost-subdomain",
    });
  });

  it("maps a custom domain through the fixed host-keyword table", () => {
    expect(resolveBrandSub(at("www.plov-xona.uz"), null)).toEqual({ sub: "plov", source: "host-keyword" });
  });

  it("falls back to the stored merchant value", () => {
    expect(resolveBrandSub(at("localhost"), "lavash")).toEqual({ sub: "lavash", source: "stored" });
    expect(resolveBrandSub(at("savat.uz"), "sushi")).toEqual({ sub: "sushi", source: "stored" });
    expect(resolveBrandSub(at("www.savat.uz"), null)).toBeNull();
  });

  it("rejects brand keys that are not subdomain labels", () => {
    expect(resolveBrandSub(at("localhost", "?vendor=../etc"), null)).toBeNull();
    expect(resolveBrandSub(at("localhost", "?vendor=%3Cscript%3E"), "bad key")).toBeNull();
  });

  it("knows development hosts", () => {
    for (const host of ["localhost", "a.localhost", "127.0.0.1", "172.20.1.1", "192.168.0.9", "[::1]"]) {
      expect(isDevHost(host), host).toBe(true);
    }
    for (const host of ["lavash.savat.uz", "172.32.0.1", "8.8.8.8", "fdomain.uz"]) {
      expect(isDevHost(host), host).toBe(false);
    }
    expect(usesDevelopmentApi("lavash.dev.savat.uz", null)).toBe(true);
    expect(usesDevelopmentApi("savat.uz", "mim")).toBe(true);
    expect(usesDevelopmentApi("lavash.savat.uz", null)).toBe(false);
  });
});

describe("brand switcher links", () => {
  const loc = (hostname: string, port = "") => ({ protocol: "https:", hostname, port, search: "" });

  it("swaps the *.localhost subdomain, keeping the port", () => {
    expect(
      brandHref({ sub: "plov", domainUrl: null }, { ...loc("lavash.localhost", "4318"), protocol: "http:" }),
    ).toBe("http://plov.localhost:4318/");
  });

  it("uses ?vendor= on other development hosts", () => {
    expect(brandHref({ sub: "plov", domainUrl: "plov.uz" }, loc("192.168.1.4", "5173"))).toBe(
      "/?vendor=plov",
    );
  });

  it("prefers the brand's own domain in production, else a sibling subdomain", () => {
    expect(brandHref({ sub: "plov", domainUrl: "plov.uz" }, loc("lavash.savat.uz"))).toBe("https://plov.uz");
    expect(brandHref({ sub: "plov", domainUrl: null }, loc("lavash.savat.uz"))).toBe(
      "https://plov.savat.uz/",
    );
    expect(brandHref({ sub: null, domainUrl: null }, loc("lavash.savat.uz"))).toBeNull();
  });
});
