// Server-sent events read with fetch (EventSource cannot send the merchant header or a token).
import { apiBaseUrl } from "./api-client.ts";

/** Parses complete SSE blocks out of `buffer`; answers the rest that is not complete yet. */
export function parseSseBlocks(buffer: string, onEvent: (name: string, data: string) => void): string {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let name = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) name = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) onEvent(name, data.join("\n"));
  }
  return rest;
}

const RECONNECT_MS = 3000;

export interface SseStreamOptions<Events extends Record<string, unknown>> {
  /** The path and headers of each (re)connection, or null to stop following (signed out, no brand). */
  request: () => { path: string; headers: Record<string, string> } | null;
  /** Answers with these statuses end the stream for good (the token refused, no such table). */
  endOn: readonly number[];
  /** A handler per event name, given the event's JSON; other events, and malformed ones, are skipped. */
  on: { [Name in keyof Events]?: (data: Events[Name]) => void };
  /** A connection is up: what changed while it was down may need reading again. */
  onOpen?: () => void;
  /** A connection ended (its owner polls until the next one is up). */
  onClose?: () => void;
}

/**
 * Follows an SSE stream of the API, reconnecting 3 s after each failure or end until stopped;
 * answers the function that stops it. The one reconnect-and-parse loop of the client's live views.
 */
export function openSseStream<Events extends Record<string, unknown>>(
  options: SseStreamOptions<Events>,
): () => void {
  const controller = new AbortController();
  const state = { stopped: false };
  // A function, so the checks after an await are not narrowed away.
  const stopped = () => state.stopped;
  const dispatch = (name: string, data: string) => {
    if (!Object.hasOwn(options.on, name)) return;
    const handler = options.on[name] as ((data: unknown) => void) | undefined;
    try {
      handler?.(JSON.parse(data));
    } catch {
      // A malformed event is skipped; the next one or the owner's poll catches up.
    }
  };
  const run = async (): Promise<void> => {
    while (!stopped()) {
      const request = options.request();
      if (!request) return;
      try {
        const res = await fetch(`${apiBaseUrl()}${request.path}`, {
          headers: { ...request.headers, accept: "text/event-stream" },
          signal: controller.signal,
          cache: "no-store",
        });
        if (options.endOn.includes(res.status)) return;
        if (!res.ok || !res.body) throw new Error(`stream ${String(res.status)}`);
        options.onOpen?.();
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer = parseSseBlocks(buffer + decoder.decode(value, { stream: true }), dispatch);
        }
      } catch {
        // Network failure or abort: reconnect below unless stopped.
      }
      options.onClose?.();
      if (stopped()) return;
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  };
  void run();
  return () => {
    state.stopped = true;
    controller.abort();
  };
}
