import { describe, expect, it, vi } from "vitest";
import { getCookie, setCookie } from "../../lib/cookies.ts";
import { setCurrentBrand } from "../brand/current-brand.ts";
import { brandSessionAtom, sessionAtom } from "./session-atom.ts";
import {
  clearStorageForLogout,
  getSession,
  sessionKey,
  setSession,
  storedSessionBrands,
  subscribeSession,
} from "./session.ts";
import { sessionUser } from "../../test/fixtures.ts";
import { orderRequestSchema } from "./stored-schemas.ts";
import { appStore } from "../../lib/app-store.ts";

describe("saved session per brand", () => {
  it("keeps each brand under its own key", () => {
    setSession("lavash", { token: "t1", brand: "lavash" });
    setSession("plov", { token: "t2" });
    expect(sessionKey("lavash")).toBe("savat:lavash:session");
    expect(getSession("lavash").token).toBe("t1");
    expect(getSession("plov").token).toBe("t2");
    expect(storedSessionBrands().sort()).toEqual(["lavash", "plov"]);
  });

  it("reads broken or foreign values as an empty session", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    localStorage.setItem(sessionKey("lavash"), "{not json");
    expect(getSession("lavash").token).toBeNull();
    localStorage.setItem(sessionKey("lavash"), '{"token": 5, "user": {"name": "x"}}');
    expect(getSession("lavash")).toMatchObject({ token: null, user: null });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("drops a stored slice of an older format with a log line and keeps the others", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const branch = { id: "b1", name: { eng: "Chilonzor" }, latitude: 41.3, longitude: 69.2 };
    localStorage.setItem(
      sessionKey("lavash"),
      JSON.stringify({
        token: "t1",
        user: { id: "0190a0a0-0000-7000-8000-000000000001", name: "from an old version" },
        brand: "lavash",
        nearestBranch: branch,
        orderRequest: { serviceType: "TELEPORT", cityId: "c1" },
      }),
    );
    const session = getSession("lavash");
    // A token is no use without its customer: both go, so the customer signs in again.
    expect(session).toMatchObject({ token: null, user: null, brand: "lavash" });
    expect(session.nearestBranch).toMatchObject({ id: "b1", address: null, phone: null });
    expect(session.orderRequest).toMatchObject({ serviceType: null, cityId: "c1", address: null });
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain("sign-in");
  });

  it("tells subscribers about changes", () => {
    const listener = vi.fn();
    const stop = subscribeSession("lavash", listener);
    setSession("lavash", { token: "t" });
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ token: "t" }));
    stop();
    setSession("lavash", { token: "u" });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("is the same data for jotai and for plain code", () => {
    setCurrentBrand({ sub: "lavash", merchantId: "m" });
    const store = appStore();
    const unsubscribe = store.sub(sessionAtom, () => undefined);
    setSession("lavash", { token: "from-boot" });
    expect(store.get(sessionAtom).token).toBe("from-boot");
    store.set(sessionAtom, { user: sessionUser({ id: "0190a0a0-0000-7000-8000-000000000001" }) });
    expect(getSession("lavash")).toMatchObject({
      token: "from-boot",
      user: { id: "0190a0a0-0000-7000-8000-000000000001" },
    });
    expect(store.get(brandSessionAtom("plov")).token).toBeNull();
    unsubscribe();
  });

  it("logout blanks this brand's token and user and keeps the rest that must survive", () => {
    setSession("lavash", {
      token: "t1",
      user: sessionUser({ id: "0190a0a0-0000-7000-8000-000000000001" }),
      brand: "lavash",
      orderRequest: orderRequestSchema.parse({ serviceType: "PICK_UP" }),
    });
    setSession("plov", { token: "t2", user: sessionUser({ id: "0190a0a0-0000-7000-8000-000000000002" }) });
    localStorage.setItem("savat:vendor", "lavash");
    localStorage.setItem("something-else", "x");
    sessionStorage.setItem("savat:platform:click-web-session", "abc12345");
    sessionStorage.setItem("scratch", "y");
    setCookie("merchant", "m-1", 365);
    setCookie("token", "t1");

    clearStorageForLogout("lavash");

    expect(getSession("lavash")).toMatchObject({ token: null, user: null, brand: "lavash" });
    expect(getSession("plov")).toMatchObject({
      token: "t2",
      user: { id: "0190a0a0-0000-7000-8000-000000000002" },
    });
    expect(localStorage.getItem("savat:vendor")).toBe("lavash");
    expect(localStorage.getItem("something-else")).toBeNull();
    expect(sessionStorage.getItem("savat:platform:click-web-session")).toBe("abc12345");
    expect(sessionStorage.getItem("scratch")).toBeNull();
    expect(getCookie("merchant")).toBe("m-1");
    expect(getCookie("token")).toBeNull();
  });
});
