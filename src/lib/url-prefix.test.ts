import { describe, expect, it } from "vitest";
import { getCookie } from "./cookies.ts";
import { applyUrlPrefix, parseUrlPrefix } from "./url-prefix.ts";

describe("URL language and page prefixes", () => {
  it("recognises ru, uz, 1 and 2 as a whole first segment only", () => {
    expect(parseUrlPrefix("/ru")).toEqual({ cookie: "lang", value: "ru" });
    expect(parseUrlPrefix("/uz/about")).toEqual({ cookie: "lang", value: "uz" });
    expect(parseUrlPrefix("/2")).toEqual({ cookie: "page", value: "2" });
    expect(parseUrlPrefix("/rules")).toBeNull();
    expect(parseUrlPrefix("/en")).toBeNull();
    expect(parseUrlPrefix("/12")).toBeNull();
  });

  it("stores /ru/... in the lang cookie and rewrites the address to / keeping the query", () => {
    window.history.replaceState(null, "", "/ru/about?vendor=lavash");
    expect(applyUrlPrefix()).toBe(true);
    expect(getCookie("lang")).toBe("ru");
    expect(window.location.pathname).toBe("/");
    expect(window.location.search).toBe("?vendor=lavash");
  });

  it("stores /1 in the page cookie", () => {
    window.history.replaceState(null, "", "/1");
    expect(applyUrlPrefix()).toBe(true);
    expect(getCookie("page")).toBe("1");
  });

  it("leaves other addresses alone", () => {
    window.history.replaceState(null, "", "/about");
    expect(applyUrlPrefix()).toBe(false);
    expect(window.location.pathname).toBe("/about");
  });
});
