// The table's waiter calls: the list (open ones and those just served), pressing a button, and the
// table's live stream, which carries staff answers ("a waiter is coming", served) as they happen.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { WaiterCall } from "../../../domain/contract/tables.ts";
import type { WaiterCallReason } from "../../../domain/waiter-calls.ts";
import { api, apiBaseUrl, unwrap } from "../../../lib/api-client.ts";
import { parseSseBlocks } from "../../../lib/sse.ts";
import { getCurrentBrand } from "../../../shared/brand/current-brand.ts";

const RECONNECT_MS = 3000;
/** While the stream is down, the list is read again this often. */
const POLL_MS = 15_000;

const callsKey = (code: string) => ["waiter-calls", code] as const;

export function useTableCalls(code: string) {
  return useQuery({
    queryKey: callsKey(code),
    queryFn: async () =>
      unwrap(
        await api<WaiterCall[]>("/orders/v1/waiter-calls/WITH_TOKEN", {
          query: { table: code },
          silent: true,
        }),
      ),
    refetchInterval: POLL_MS,
  });
}

function upsert(list: readonly WaiterCall[] | undefined, call: WaiterCall): WaiterCall[] {
  const rest = (list ?? []).filter((c) => c.id !== call.id);
  return [call, ...rest].sort((a, b) => b.createdDate.localeCompare(a.createdDate));
}

export function useCallWaiter(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (reason: WaiterCallReason) =>
      unwrap(
        await api<WaiterCall>("/orders/v1/waiter-calls/WITH_TOKEN", {
          method: "POST",
          body: { tableCode: code, reason },
        }),
      ),
    onSuccess: (call) => {
      client.setQueryData<WaiterCall[]>(callsKey(code), (list) => upsert(list, call));
    },
  });
}

/** Follows the table's stream while mounted; each event updates the list in place. */
export function useTableCallStream(code: string): void {
  const client = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    // This page's own id for its stream: a reconnect replaces its earlier stream on the server.
    const viewer = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, "0"),
    ).join("");
    const state = { stopped: false };
    const stopped = () => state.stopped;
    const run = async (): Promise<void> => {
      while (!stopped()) {
        const brand = getCurrentBrand();
        if (!brand) return;
        try {
          const res = await fetch(
            `${apiBaseUrl()}/orders/v1/waiter-calls/events?table=${encodeURIComponent(code)}&viewer=${viewer}`,
            {
              headers: { merchant: brand.merchantId, accept: "text/event-stream" },
              signal: controller.signal,
              cache: "no-store",
            },
          );
          if (res.status === 404) return;
          if (!res.ok || !res.body) throw new Error(`stream ${String(res.status)}`);
          // What changed while the stream was down is read once it is back.
          void client.invalidateQueries({ queryKey: callsKey(code) });
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buffer = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer = parseSseBlocks(buffer + decoder.decode(value, { stream: true }), (name, data) => {
              if (name !== "call") return;
              try {
                const call = JSON.parse(data) as WaiterCall;
                client.setQueryData<WaiterCall[]>(callsKey(code), (list) => upsert(list, call));
              } catch {
                // A malformed event is skipped; the poll catches up.
              }
            });
          }
        } catch {
          // Network failure or abort: reconnect below unless stopped.
        }
        if (stopped()) return;
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    };
    void run();
    return () => {
      state.stopped = true;
      controller.abort();
    };
  }, [client, code]);
}
