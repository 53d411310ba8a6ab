// The table's waiter calls: the list (open ones and those just served), pressing a button, and the
// table's live stream, which carries staff answers ("a waiter is coming", served) as they happen.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { WaiterCall } from "../../../domain/contract/tables.ts";
import type { WaiterCallReason } from "../../../domain/waiter-calls.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { openSseStream } from "../../../lib/sse.ts";
import { getCurrentBrand } from "../../../shared/brand/current-brand.ts";

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
    // This page's own id for its stream: a reconnect replaces its earlier stream on the server.
    const viewer = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, "0"),
    ).join("");
    return openSseStream<{ call: WaiterCall }>({
      request: () => {
        const brand = getCurrentBrand();
        if (!brand) return null;
        return {
          path: `/orders/v1/waiter-calls/events?table=${encodeURIComponent(code)}&viewer=${viewer}`,
          headers: { merchant: brand.merchantId },
        };
      },
      endOn: [404],
      on: {
        call: (call) => {
          client.setQueryData<WaiterCall[]>(callsKey(code), (list) => upsert(list, call));
        },
      },
      // What changed while the stream was down is read once it is back.
      onOpen: () => {
        void client.invalidateQueries({ queryKey: callsKey(code) });
      },
    });
  }, [client, code]);
}
