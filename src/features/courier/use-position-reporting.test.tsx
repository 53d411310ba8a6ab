// Inside Telegram the courier's position comes from Telegram's LocationManager (the host's
// `location`), asked every few seconds; the batch reaches the courier API as from the browser's own
// geolocation. A courier who does not allow it is told so.
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POSITION_SAMPLE_MS, POSITION_SEND_INTERVAL_MS } from "../../domain/courier-app.ts";
import { getPlatform, setPlatform } from "../../platform/index.ts";
import type { DevicePosition } from "../../platform/types.ts";
import { usePositionReporting } from "./use-position-reporting.ts";

const sent: { url: string; body: unknown }[] = [];

function inTelegram(answers: (DevicePosition | null)[]) {
  const web = getPlatform();
  const current = vi.fn(() => Promise.resolve(answers.shift() ?? null));
  setPlatform({ ...web, kind: "telegram", location: { current } });
  return current;
}

beforeEach(() => {
  vi.useFakeTimers();
  sent.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      const body = typeof init?.body === "string" ? init.body : "null";
      sent.push({ url, body: JSON.parse(body) as unknown });
      return Promise.resolve(
        new Response(JSON.stringify({ accepted: true, dropped: 0 }), {
          headers: { "content-type": "application/json" },
        }),
      );
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setPlatform(null);
});

describe("the courier's position inside Telegram", () => {
  it("is read from Telegram's LocationManager every few seconds and sent in one batch", async () => {
    const current = inTelegram([
      { latitude: 41.3005, longitude: 69.2301, accuracy: 12 },
      { latitude: 41.3042, longitude: 69.2344, accuracy: null },
    ]);
    const { result } = renderHook(() => usePositionReporting("courier-token", true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POSITION_SAMPLE_MS);
    });
    expect(current).toHaveBeenCalledTimes(2);
    expect(result.current).toBe("watching");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POSITION_SEND_INTERVAL_MS - POSITION_SAMPLE_MS);
    });
    const batch = sent.find((s) => s.url.endsWith("/courier/v1/positions"));
    expect(batch?.body).toMatchObject([
      { lat: 41.3005, lon: 69.2301, accuracy: 12 },
      { lat: 41.3042, lon: 69.2344, accuracy: null },
    ]);
  });

  it("says the position is not allowed when Telegram gives none, and sends nothing", async () => {
    inTelegram([null]);
    const { result } = renderHook(() => usePositionReporting("courier-token", true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POSITION_SEND_INTERVAL_MS);
    });
    expect(result.current).toBe("denied");
    expect(sent.filter((s) => s.url.endsWith("/courier/v1/positions"))).toHaveLength(0);
  });

  it("asks nothing while the courier carries no order", async () => {
    const current = inTelegram([{ latitude: 41.3, longitude: 69.2, accuracy: 5 }]);
    const { result } = renderHook(() => usePositionReporting("courier-token", false));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POSITION_SEND_INTERVAL_MS);
    });
    expect(result.current).toBe("off");
    expect(current).not.toHaveBeenCalled();
  });
});
