import { describe, expect, it, vi } from "vitest";
import {
  APP_VERSION,
  APP_VERSION_KEY,
  BUILD_ID,
  checkAppVersion,
  checkDeployedBuild,
  isChunkLoadError,
  mayReloadForChunkError,
} from "./deploy.ts";

describe("version and deployment checks", () => {
  it("is version 2.2.7", () => {
    expect(APP_VERSION).toBe("2.2.7");
  });

  it("stores the version on a first visit without reloading", () => {
    expect(checkAppVersion()).toBe(false);
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe("2.2.7");
    expect(checkAppVersion()).toBe(false);
  });

  it("updates another stored version and asks for a reload", () => {
    localStorage.setItem(APP_VERSION_KEY, "2.2.6");
    expect(checkAppVersion()).toBe(true);
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe("2.2.7");
  });

  it("notices a deployed build that differs from the running one", async () => {
    const same = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ buildId: BUILD_ID }))));
    expect(await checkDeployedBuild("latest-build.json", same)).toBe(false);
    const failing = vi.fn(() => Promise.resolve(new Response("nope", { status: 404 })));
    expect(await checkDeployedBuild("latest-build.json", failing)).toBe(false);
    const newer = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ buildId: "next" }))));
    expect(await checkDeployedBuild("latest-build.json", newer)).toBe(true);
    expect(newer).toHaveBeenCalledWith("/latest-build.json", expect.objectContaining({ cache: "no-store" }));
  });

  it("reloads for a failed chunk at most once per 10 seconds per path", () => {
    expect(mayReloadForChunkError("/about", 1_000)).toBe(true);
    expect(mayReloadForChunkError("/about", 5_000)).toBe(false);
    expect(mayReloadForChunkError("/privacy", 5_000)).toBe(true);
    expect(mayReloadForChunkError("/about", 11_001)).toBe(true);
  });

  it("recognises chunk load failures", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("x is undefined"))).toBe(false);
  });
});
