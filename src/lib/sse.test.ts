import { afterEach, describe, expect, it, vi } from "vitest";
import { openSseStream } from "./sse.ts";

/** A response whose body streams `chunks`, then ends. */
function streamed(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { "content-type": "text/event-stream" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the SSE stream helper", () => {
  it("hands each named event its JSON, skips malformed and unknown ones, and says when it is up and down", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        streamed([
          'event: order\ndata: {"id":1}\n\n',
          "event: order\ndata: {broken\n\n",
          'event: other\ndata: {"id":2}\n\nevent: ord',
          'er\ndata: {"id":3}\n\n',
        ]),
      );
    // The reconnect finds the token refused: the stream ends for good.
    fetchMock.mockResolvedValueOnce(streamed([], 401));
    vi.stubGlobal("fetch", fetchMock);
    vi.useFakeTimers();
    const order = vi.fn();
    const states: string[] = [];
    openSseStream<{ order: { id: number } }>({
      request: () => ({ path: "/x/events", headers: { merchant: "m" } }),
      endOn: [401, 403],
      on: { order },
      onOpen: () => states.push("open"),
      onClose: () => states.push("closed"),
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(order.mock.calls).toEqual([[{ id: 1 }], [{ id: 3 }]]);
    expect(states).toEqual(["open", "closed"]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/\/x\/events$/);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      headers: { merchant: "m", accept: "text/event-stream" },
      cache: "no-store",
    });
  });

  it("asks nothing while there is nothing to ask with (signed out, no brand)", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    openSseStream({ request: () => null, endOn: [], on: {} });
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
