import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { extractCode } from "../../components/otp-code-field.tsx";
import type { User } from "../../domain/contract/users.ts";
import { logout, safeRedirect, saveLogin, saveUser, sessionUserOf } from "./auth.ts";
import { getSession, markAuthNotice, setSession, takeAuthNotice } from "./session.ts";
import { queryKeys } from "../query-keys.ts";
import { sessionUser } from "../../test/fixtures.ts";

const user: User = sessionUser();

describe("login and logout of a brand", () => {
  it("stores the token and the customer in the brand's session only", () => {
    setSession("plov", {
      token: "plov-token",
      user: sessionUser({ id: "0190a0a0-0000-7000-8000-000000000009" }),
    });
    saveLogin("lavash", { token: "lavash-token", user });
    expect(sessionUserOf("lavash")?.phone).toBe("+998901234567");
    saveUser("lavash", { ...user, firstName: "Aziza" });
    expect(getSession("lavash").user).toMatchObject({ firstName: "Aziza" });
    expect(getSession("plov").token).toBe("plov-token");
  });

  it("logs out of one brand: its customer's cached answers go, the brand's and other brands' stay", async () => {
    setSession("plov", {
      token: "plov-token",
      user: sessionUser({ id: "0190a0a0-0000-7000-8000-000000000009" }),
    });
    saveLogin("lavash", { token: "lavash-token", user });
    const queryClient = new QueryClient();
    const kept = [
      queryKeys.webSettings("m1"),
      queryKeys.menu("m1", "WEB", null),
      queryKeys.orders("m2", "other"),
    ];
    const dropped = [
      queryKeys.me("m1"),
      queryKeys.favourites("m1", user.id),
      queryKeys.orders("m1", user.id),
      queryKeys.addresses("m1", user.id),
      queryKeys.promos("m1", user.id),
    ];
    for (const key of [...kept, ...dropped]) queryClient.setQueryData(key, { ok: true });
    await logout({ sub: "lavash", merchantId: "m1", queryClient, callServer: false });
    expect(getSession("lavash")).toMatchObject({ token: null, user: null });
    expect(sessionUserOf("lavash")).toBeNull();
    expect(getSession("plov").token).toBe("plov-token");
    for (const key of dropped) expect(queryClient.getQueryData(key), key.join("/")).toBeUndefined();
    for (const key of kept) expect(queryClient.getQueryData(key), key.join("/")).toEqual({ ok: true });
  });

  it("shows the 'out of date' notice once after an automatic logout", () => {
    markAuthNotice("expired");
    expect(takeAuthNotice()).toBe("expired");
    expect(takeAuthNotice()).toBeNull();
  });

  it("returns only to paths of this site after login", () => {
    expect(safeRedirect("/checkout?step=2")).toBe("/checkout?step=2");
    expect(safeRedirect("//evil.example/x")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect("/login/confirm")).toBe("/");
    expect(safeRedirect(null)).toBe("/");
  });
});

describe("one-time code input", () => {
  it("keeps the six digits of a pasted SMS or a spaced code", () => {
    expect(extractCode("123 456")).toBe("123456");
    expect(extractCode("12-34-56")).toBe("123456");
    expect(extractCode("1234567")).toBe("123456");
    expect(extractCode("abc")).toBe("");
  });
});
