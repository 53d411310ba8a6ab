// The desktop layout's switch: a browser window of 1024 px and more; never a mini app.
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDesktop } from "./desktop.ts";
import { setPlatform } from "./index.ts";
import { createWebHost } from "./web.ts";

function windowWidth(width: number): void {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: query === "(min-width: 1024px)" && width >= 1024,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setPlatform(null);
});

describe("useDesktop", () => {
  it("is on for a website from 1024 px and off below", () => {
    setPlatform(createWebHost());
    windowWidth(1024);
    expect(renderHook(() => useDesktop()).result.current).toBe(true);
    windowWidth(1023);
    expect(renderHook(() => useDesktop()).result.current).toBe(false);
  });

  it("stays off in the Telegram and Click mini apps at any width", () => {
    windowWidth(1920);
    for (const kind of ["telegram", "click"] as const) {
      setPlatform({ ...createWebHost(), kind });
      expect(renderHook(() => useDesktop()).result.current).toBe(false);
    }
  });
});
