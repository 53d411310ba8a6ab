// The calls the console's sections make (issue 18), through the storefront's API client: it sends
// the brand's `merchant` header and, for /WITH_TOKEN paths, the signed-in staff member's token.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StaffReservation } from "../../domain/contract/reservations.ts";
import type { AuditEntry, EditorProduct, EditorProductBody } from "../../domain/contract/back-office.ts";
import type { BranchToday, StaffMe, StaffTable, StopList } from "../../domain/contract/staff.ts";
import type { OrderReportAnswer } from "../../domain/contract/reports.ts";
import type { WaiterCall } from "../../domain/contract/tables.ts";
import type { WorkHourType } from "../../domain/enums.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { staffKeys } from "../query-keys.ts";

/**
 * How often the waiter calls refresh while the live stream is down (a guest waits for an answer in
 * seconds); with it up, each call arrives on the stream and this is only a safety net.
 */
export const CALLS_POLL_MS = 5_000;
const CALLS_POLL_LIVE_MS = 60_000;
/** Bookings and the day's totals change less often. */
const SLOW_POLL_MS = 30_000;

const branchPath = (branchId: string) => `/staff/v1/branches/${encodeURIComponent(branchId)}`;

/** A branch's stop-list, or (null) what any of the caller's branches sells. */
export function useStopList(branchId: string | null) {
  return useQuery({
    queryKey: staffKeys.stopList(branchId ?? "all"),
    queryFn: async ({ signal }) =>
      unwrap(
        await api<StopList>(
          branchId === null
            ? "/staff/v1/stop-list/WITH_TOKEN"
            : `${branchPath(branchId)}/stop-list/WITH_TOKEN`,
          { signal },
        ),
      ),
  });
}

export interface StopChange {
  /** A product, or an option (named by one of its modifier ids: it stops under every product). */
  kind: "product" | "modifier";
  id: string;
  stopped: boolean;
  /** At every branch the staff member works at, rather than this branch only. */
  everywhere: boolean;
}

/** The item as it will be once the change is saved, counted over the branches the list shows. */
function applyStop<T extends { id: string; stopped: boolean; soldAt: string[]; stoppedAt: string[] }>(
  item: T,
  change: StopChange,
  branchId: string | null,
): T {
  if (item.id !== change.id) return item;
  if (change.everywhere)
    return { ...item, stopped: change.stopped, stoppedAt: change.stopped ? [...item.soldAt] : [] };
  const stoppedAt = item.soldAt.filter((b) => (b === branchId ? change.stopped : item.stoppedAt.includes(b)));
  return { ...item, stopped: change.stopped, stoppedAt };
}

/**
 * Switches an item at this branch or at every branch; the list shows the new state at once and
 * goes back if the server refuses. Every branch's list is read again after it (they share items).
 */
export function useSetStop(branchId: string | null) {
  const client = useQueryClient();
  const key = staffKeys.stopList(branchId ?? "all");
  return useMutation({
    mutationFn: async ({ kind, id, stopped, everywhere }: StopChange) =>
      unwrap(
        await api<{ id: string; stopped: boolean; branchIds: string[] }>(
          everywhere || branchId === null
            ? `/staff/v1/stop-list/${kind}s/${id}/WITH_TOKEN`
            : `${branchPath(branchId)}/stop-list/${kind}s/${id}/WITH_TOKEN`,
          { method: "PUT", body: { stopped } },
        ),
      ),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<StopList>(key);
      client.setQueryData<StopList>(key, (list) =>
        list
          ? change.kind === "product"
            ? { ...list, products: list.products.map((p) => applyStop(p, change, branchId)) }
            : { ...list, options: list.options.map((o) => applyStop(o, change, branchId)) }
          : list,
      );
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.allStopLists }),
  });
}

export function useBranchToday(branchId: string) {
  return useQuery({
    queryKey: staffKeys.today(branchId),
    queryFn: async ({ signal }) =>
      unwrap(await api<BranchToday>(`${branchPath(branchId)}/today/WITH_TOKEN`, { signal })),
    refetchInterval: SLOW_POLL_MS,
  });
}

/** Pauses services of the branch for a short while, or resumes them. */
export function useSetPause(branchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { services: WorkHourType[]; paused: boolean }) =>
      unwrap(await api<BranchToday>(`${branchPath(branchId)}/pause/WITH_TOKEN`, { method: "PUT", body })),
    onSuccess: (today) => client.setQueryData(staffKeys.today(branchId), today),
  });
}

export function useSetToday(branchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { closed?: boolean; deliveryOff?: boolean }) =>
      unwrap(await api<BranchToday>(`${branchPath(branchId)}/today/WITH_TOKEN`, { method: "PUT", body })),
    onSuccess: (today) => client.setQueryData(staffKeys.today(branchId), today),
  });
}

/** Open waiter calls of a branch or of all the caller's branches (null). */
export function useWaiterCalls(branchId: string | null, live = false, enabled = true) {
  return useQuery({
    enabled,
    queryKey: staffKeys.calls(branchId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api<WaiterCall[]>("/staff/v1/waiter-calls/WITH_TOKEN", {
          query: branchId ? { branchId } : {},
          signal,
        }),
      ),
    refetchInterval: live ? CALLS_POLL_LIVE_MS : CALLS_POLL_MS,
  });
}

export function useMoveCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, to }: { id: string; to: "acknowledge" | "close" }) =>
      unwrap(await api<WaiterCall>(`/staff/v1/waiter-calls/${id}/${to}/WITH_TOKEN`, { method: "PUT" })),
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.allCalls }),
  });
}

export function useBookings(branchId: string, date: string) {
  return useQuery({
    queryKey: staffKeys.bookings(branchId, date),
    queryFn: async ({ signal }) =>
      unwrap(
        await api<StaffReservation[]>("/staff/v1/reservations/WITH_TOKEN", {
          query: { branchId, date },
          signal,
        }),
      ),
    refetchInterval: SLOW_POLL_MS,
  });
}

/**
 * The inbox: requests waiting for an answer from today on, of a branch or of all the caller's
 * branches (null); kept fresh by the staff stream, polled quickly only while it is down.
 */
export function useBookingRequests(branchId: string | null, live = false, enabled = true) {
  return useQuery({
    enabled,
    queryKey: staffKeys.bookingRequests(branchId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api<StaffReservation[]>("/staff/v1/reservations/requests/WITH_TOKEN", {
          query: branchId ? { branchId } : {},
          signal,
        }),
      ),
    refetchInterval: live ? SLOW_POLL_MS : CALLS_POLL_MS,
  });
}

export interface BookingMove {
  id: string;
  status: "CONFIRMED" | "DECLINED" | "DONE";
  reason?: string;
  /** When confirming: the table given. */
  tableId?: string;
}

export function useMoveBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: BookingMove) =>
      unwrap(
        await api<StaffReservation>(`/staff/v1/reservations/${id}/status/WITH_TOKEN`, {
          method: "PUT",
          body: {
            status: body.status,
            ...(body.reason ? { reason: body.reason } : {}),
            ...(body.tableId ? { tableId: body.tableId } : {}),
          },
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.allBookings }),
  });
}

/** Gives a confirmed booking a table of its branch, or none (null). */
export function useAssignTable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, tableId }: { id: string; tableId: string | null }) =>
      unwrap(
        await api<StaffReservation>(`/staff/v1/reservations/${id}/table/WITH_TOKEN`, {
          method: "PUT",
          body: { tableId },
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.allBookings }),
  });
}

export function useTables(branchId: string) {
  return useQuery({
    queryKey: staffKeys.tables(branchId),
    queryFn: async ({ signal }) =>
      unwrap(await api<StaffTable[]>(`${branchPath(branchId)}/tables/WITH_TOKEN`, { signal })),
  });
}

/** The printable QR sheet as HTML text (the call needs the token, so it cannot be a plain link). */
export async function fetchQrSheet(branchId: string, lang: string): Promise<string> {
  return unwrap(
    await api<string>(`${branchPath(branchId)}/table-qr/WITH_TOKEN`, {
      query: { lang },
      headers: { accept: "text/html" },
    }),
  );
}

/** The brand as a brand file, for the owner's download (the call needs the token: not a link). */
export async function fetchBrandFile(): Promise<unknown> {
  return unwrap(await api<unknown>("/staff/v1/brand-file/WITH_TOKEN", { silent: true }));
}

/** The caller's role at the brand and the parts of the back office they may open. */
export function useStaffAccess(merchantId: string) {
  return useQuery({
    queryKey: staffKeys.access(merchantId),
    queryFn: async ({ signal }) =>
      unwrap(await api<StaffMe>("/staff/v1/me/WITH_TOKEN", { signal, silent: true })),
    staleTime: 5 * 60_000,
  });
}

export function useEditorProducts() {
  return useQuery({
    queryKey: staffKeys.products,
    queryFn: async ({ signal }) =>
      unwrap(await api<EditorProduct[]>("/staff/v1/products/WITH_TOKEN", { signal })),
  });
}

/** Saves a product; the list and the log take the saved state. A refusal is the caller's to show. */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: EditorProductBody }) =>
      unwrap(
        await api<EditorProduct>(`/staff/v1/products/${encodeURIComponent(id)}/WITH_TOKEN`, {
          method: "PUT",
          body,
          silent: true,
        }),
      ),
    onSuccess: (saved) => {
      client.setQueryData<EditorProduct[]>(staffKeys.products, (list) =>
        list?.map((p) => (p.id === saved.id ? saved : p)),
      );
      void client.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

export function useAudit() {
  return useQuery({
    queryKey: staffKeys.audit,
    queryFn: async ({ signal }) =>
      unwrap(await api<AuditEntry[]>("/staff/v1/audit/WITH_TOKEN", { signal, query: { limit: 200 } })),
  });
}

/** The orders and revenue of a period (both days included), of one branch or of all the caller sees. */
export function useOrderReport(period: { from: string; to: string }, branchId: string | null) {
  return useQuery({
    queryKey: staffKeys.report(period.from, period.to, branchId),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ from: period.from, to: period.to });
      if (branchId) query.set("branchId", branchId);
      return unwrap(
        await api<OrderReportAnswer>(`/staff/v1/reports/WITH_TOKEN?${query.toString()}`, { signal }),
      );
    },
    placeholderData: (previous) => previous,
  });
}
