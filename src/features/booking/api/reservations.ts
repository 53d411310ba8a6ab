// The table-booking calls (issue 14): the free times of a day, the customer's bookings, booking
// and cancelling. Booking changes arrive on the live order stream, which refreshes these queries.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BookingDay, Reservation, ReservationRequest } from "../../../domain/contract/reservations.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** How often the list refreshes while a booking awaits the restaurant, should the stream be down. */
const WAITING_POLL_MS = 30_000;

export interface DayQuery {
  branchId: string;
  date: string;
  guests: number;
  hallId: string | null;
}

/** GET /orders/v1/reservations/slots: each time of the day and whether it can take the guests. */
export function useBookingDay(userId: string, query: DayQuery | null) {
  const { merchant } = useRequiredTenant();
  const q = query ?? { branchId: "", date: "", guests: 1, hallId: null };
  return useQuery({
    queryKey: queryKeys.bookingDay(merchant.id, userId, q),
    queryFn: async ({ signal }) =>
      unwrap(
        await api<BookingDay>("/orders/v1/reservations/slots/WITH_TOKEN", {
          query: { branchId: q.branchId, date: q.date, guests: q.guests, hallId: q.hallId ?? undefined },
          signal,
        }),
      ),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /orders/v1/reservations: the customer's bookings, the latest time first. */
export function useReservations(userId: string) {
  const { merchant } = useRequiredTenant();
  return useQuery({
    queryKey: queryKeys.reservations(merchant.id, userId),
    queryFn: async ({ signal }) =>
      unwrap(await api<Reservation[]>("/orders/v1/reservations/WITH_TOKEN", { signal })),
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === "REQUESTED") ? WAITING_POLL_MS : false),
  });
}

/** POST /orders/v1/reservations. */
export function useBookTable(userId: string) {
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  return useMutation({
    mutationFn: async (body: ReservationRequest) =>
      unwrap(await api<Reservation>("/orders/v1/reservations/WITH_TOKEN", { method: "POST", body })),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.reservations(merchant.id, userId) }),
  });
}

/** POST /orders/v1/reservations/{id}/cancel. */
export function useCancelReservation(userId: string) {
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        await api<Reservation>(`/orders/v1/reservations/${encodeURIComponent(id)}/cancel/WITH_TOKEN`, {
          method: "POST",
          body: {},
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.reservations(merchant.id, userId) }),
  });
}
