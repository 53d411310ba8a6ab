// Table booking (issue 14): the free times of a day, booking a table under the branch's seat
// capacity, the customer's cancel and the staff's decisions. Each change is announced on the
// customers' live stream. The rules themselves live in src/domain/booking.ts.
import {
  bookingDays,
  bookingTimesOn,
  CANCELLABLE_STATUSES,
  checkBookingTime,
  freeSeats,
  maxGuests,
  mayBookAnother,
  OPEN_BOOKING_STATUSES,
  SEAT_HOLDING_STATUSES,
  STAFF_TRANSITIONS,
  type BookingLimits,
  type BookingRules,
  type Capacity,
  type ReservationStatus,
} from "#domain/booking.ts";
import type { BookingDay, Reservation, ReservationRequest } from "#domain/contract/reservations.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import { localDate } from "#domain/hours.ts";
import { localMoment } from "#domain/order-time.ts";
import { parsePhone, phoneCountriesFor } from "#domain/phone.ts";
import { afterCommit, transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { notifyOrderChanged, type OrderEvents, type ReservationChange } from "../orders/events.ts";
import { findBranch, listBranches, type BranchWithHours } from "../../repositories/geo.ts";
import { getWebSettings, type MerchantRow } from "../../repositories/merchants.ts";
import { findTableById } from "../../repositories/tables.ts";
import {
  countUserBookings,
  insertReservation,
  listHallNames,
  listOverlapping,
  listRequested,
  listReservations,
  listTableNames,
  listTableSeats,
  lockBookingBranch,
  lockBookingUser,
  lockReservation as lockRow,
  updateReservation,
  type ReservationRow,
} from "../../repositories/reservations.ts";

export type { ReservationRow };
export { findReservation, listUserReservations } from "../../repositories/reservations.ts";

interface HallSeats {
  id: string;
  name: Multilingual;
  seats: number;
}

/** Where and how a branch takes bookings. */
interface BookingPlace {
  branch: BranchWithHours;
  rules: BookingRules;
  limits: BookingLimits;
  capacity: Capacity;
  halls: HallSeats[];
  timeZone: string;
}

/**
 * The branch's booking setup, or BOOKING_UNAVAILABLE when the brand's booking is off, the branch is
 * unknown, inactive or does not take bookings, or none of its tables is active.
 */
async function bookingPlace(db: Db, merchant: MerchantRow, branchId: string): Promise<BookingPlace> {
  const merchantId = merchant.id;
  const settings = await getWebSettings(db, { merchantId });
  if (!settings.bookingActive) throw new AppError("BOOKING_UNAVAILABLE");
  const branch = await findBranch(db, { merchantId, branchId });
  if (!branch?.isActive || !branch.bookingEnabled) throw new AppError("BOOKING_UNAVAILABLE");
  const rows = await listTableSeats(db, { merchantId, branchId });
  const byHall = new Map<string, HallSeats>();
  for (const r of rows) {
    const hall = byHall.get(r.hallId) ?? { id: r.hallId, name: r.name, seats: 0 };
    hall.seats += r.seats;
    byHall.set(r.hallId, hall);
  }
  const hallList = [...byHall.values()];
  const branchSeats = hallList.reduce((sum, h) => sum + h.seats, 0);
  if (branchSeats === 0) throw new AppError("BOOKING_UNAVAILABLE");
  return {
    branch,
    rules: {
      slotMinutes: settings.bookingSlotMinutes,
      durationMinutes: settings.bookingDurationMinutes,
      daysAhead: settings.bookingDaysAhead,
    },
    limits: { perBranch: settings.bookingOpenPerBranch, total: settings.bookingOpenTotal },
    capacity: { branchSeats, hallSeats: new Map(hallList.map((h) => [h.id, h.seats])) },
    halls: hallList,
    timeZone: merchant.timezone,
  };
}

/** The seat-holding bookings of a branch that overlap [from, to). */
function heldSeats(db: Db, merchantId: string, branchId: string, from: Date, to: Date) {
  return listOverlapping(db, { merchantId, branchId, statuses: SEAT_HOLDING_STATUSES, from, to });
}

/** The customer's open bookings (OPEN_BOOKING_STATUSES, not over at `now`): at the branch and in all. */
async function openBookings(db: Db, merchantId: string, userId: string, branchId: string, now: Date) {
  const rows = await countUserBookings(db, { merchantId, userId, statuses: OPEN_BOOKING_STATUSES, now });
  return {
    atBranch: rows.find((r) => r.branchId === branchId)?.n ?? 0,
    total: rows.reduce((sum, r) => sum + r.n, 0),
  };
}

function checkHall(place: BookingPlace, hallId: string | null | undefined): string | null {
  if (!hallId) return null;
  if (!place.capacity.hallSeats.has(hallId)) throw new AppError("NOT_FOUND");
  return hallId;
}

/** The bookable times of a local day with the guests each can still take. */
export async function bookingDay(
  db: Db,
  merchant: MerchantRow,
  query: { branchId: string; date: string; guests: number; hallId?: string | undefined },
  now: Date = new Date(),
): Promise<BookingDay> {
  const place = await bookingPlace(db, merchant, query.branchId);
  const hallId = checkHall(place, query.hallId);
  const { rules, timeZone } = place;
  const days = bookingDays(now, timeZone, rules);
  const times = days.includes(query.date)
    ? bookingTimesOn(place.branch.workHours, query.date, now, timeZone, rules)
    : [];
  const first = times[0];
  const last = times.at(-1);
  const held =
    first && last
      ? await heldSeats(
          db,
          merchant.id,
          place.branch.id,
          first.at,
          new Date(last.at.getTime() + rules.durationMinutes * 60_000),
        )
      : [];
  return {
    branchId: place.branch.id,
    date: query.date,
    days,
    slotMinutes: rules.slotMinutes,
    durationMinutes: rules.durationMinutes,
    maxGuests: maxGuests(place.capacity, hallId),
    halls: place.halls,
    slots: times.map((t) => {
      const free = freeSeats(place.capacity, held, t.at, rules.durationMinutes, hallId);
      return { time: t.time, at: t.at.toISOString(), free, available: free >= query.guests };
    }),
  };
}

async function announceReservation(tx: Db, events: OrderEvents, row: ReservationRow): Promise<void> {
  const change: ReservationChange = {
    kind: "reservation",
    merchantId: row.merchantId,
    userId: row.userId,
    reservationId: row.id,
    branchId: row.branchId,
    status: row.status,
  };
  await notifyOrderChanged(tx, change);
  afterCommit(tx, () => {
    events.committed(change);
  });
}

/**
 * Books a table. The customer's row and then the branch row are locked for the checks and the
 * insert: one customer's bookings are counted one after another, so parallel requests cannot pass
 * the brand's limits of open bookings (BOOKING_LIMIT), and bookings of one branch are counted one
 * after another: of two customers asking for the last seats, one gets them and the other
 * BOOKING_FULL. Every booking takes the locks in that order (user, then branch), so none waits on
 * another in a circle.
 */
export async function createReservation(
  db: Db,
  events: OrderEvents,
  input: { merchant: MerchantRow; userId: string; now?: Date },
  body: ReservationRequest,
): Promise<ReservationRow> {
  const { merchant, userId } = input;
  const now = input.now ?? new Date();
  const place = await bookingPlace(db, merchant, body.branchId);
  const hallId = checkHall(place, body.hallId);
  const start = new Date(body.time);
  const refusal = checkBookingTime(place.branch.workHours, start, now, place.timeZone, place.rules);
  if (refusal === "PAST") throw new AppError("BOOKING_TIME_PAST");
  if (refusal === "CLOSED") throw new AppError("BOOKING_BRANCH_CLOSED");
  if (refusal) throw new AppError("BOOKING_TIME_INVALID");
  if (body.guests > maxGuests(place.capacity, hallId)) throw new AppError("BOOKING_GUESTS_INVALID");
  const phone = parsePhone(body.phone, { countries: phoneCountriesFor(merchant.currency) });
  if (!phone.ok)
    throw new AppError(phone.problem === "COUNTRY" ? "PHONE_COUNTRY_NOT_SERVED" : "PHONE_INVALID");
  const end = new Date(start.getTime() + place.rules.durationMinutes * 60_000);

  return transaction(db, async (tx) => {
    // Serialises this customer's bookings until the commit (PostgreSQL and PGlite alike).
    await lockBookingUser(tx, { merchantId: merchant.id, userId });
    const open = await openBookings(tx, merchant.id, userId, place.branch.id, now);
    if (!mayBookAnother(open, place.limits)) throw new AppError("BOOKING_LIMIT");
    // Serialises the bookings of this branch until the commit (PostgreSQL and PGlite alike).
    await lockBookingBranch(tx, { merchantId: merchant.id, branchId: place.branch.id });
    const held = await heldSeats(tx, merchant.id, place.branch.id, start, end);
    const free = freeSeats(place.capacity, held, start, place.rules.durationMinutes, hallId);
    if (free < body.guests) throw new AppError("BOOKING_FULL");
    const row = await insertReservation(tx, {
      merchantId: merchant.id,
      userId,
      branchId: place.branch.id,
      hallId,
      name: body.name,
      phone: phone.e164,
      chairs: body.guests,
      time: start,
      endTime: end,
      comment: body.comment?.trim() ? body.comment.trim() : null,
      status: "REQUESTED",
    });
    await announceReservation(tx, events, row);
    return row;
  });
}

/** One row of the brand, locked for a change; only the customer's own when userId is given. */
async function lockReservation(
  tx: Db,
  where: { merchantId: string; id: string; userId?: string },
): Promise<ReservationRow> {
  const row = await lockRow(tx, where);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

export function isCancellable(row: Pick<ReservationRow, "status" | "time">, now: Date): boolean {
  return CANCELLABLE_STATUSES.includes(row.status) && row.time.getTime() > now.getTime();
}

/** The customer cancels their own booking while it is requested or confirmed and still ahead. */
export async function cancelReservation(
  db: Db,
  events: OrderEvents,
  where: { merchantId: string; userId: string; id: string },
  now: Date = new Date(),
): Promise<ReservationRow> {
  return transaction(db, async (tx) => {
    const row = await lockReservation(tx, where);
    if (!isCancellable(row, now)) throw new AppError("RESERVATION_NOT_CANCELLABLE");
    const updated = await updateReservation(tx, { id: row.id, set: { status: "CANCELLED" } });
    if (!updated) throw new AppError("NOT_FOUND");
    await announceReservation(tx, events, updated);
    return updated;
  });
}

/**
 * The table staff give a booking: an active table of the brand (404 otherwise) at the booking's
 * branch (409 RESERVATION_TABLE_OTHER_BRANCH otherwise).
 */
async function checkTable(db: Db, row: ReservationRow, tableId: string): Promise<string> {
  const table = await findTableById(db, { merchantId: row.merchantId, id: tableId });
  if (!table || !table.isActive || !table.hallActive) throw new AppError("NOT_FOUND");
  if (table.branchId !== row.branchId) throw new AppError("RESERVATION_TABLE_OTHER_BRANCH");
  return table.id;
}

/**
 * Staff confirm (giving a table of the branch, when they choose one), decline (with a reason the
 * customer reads) or mark a booking done.
 */
export async function moveReservation(
  db: Db,
  events: OrderEvents,
  where: { merchantId: string; id: string },
  to: ReservationStatus,
  reason: string | null,
  tableId?: string,
): Promise<ReservationRow> {
  return transaction(db, async (tx) => {
    const row = await lockReservation(tx, where);
    if (!STAFF_TRANSITIONS[row.status].includes(to)) throw new AppError("RESERVATION_STATUS_TRANSITION");
    const table = tableId === undefined ? undefined : await checkTable(tx, row, tableId);
    const updated = await updateReservation(tx, {
      id: row.id,
      set: {
        status: to,
        declineReason: to === "DECLINED" ? reason : row.declineReason,
        ...(table === undefined ? {} : { tableId: table }),
      },
    });
    if (!updated) throw new AppError("NOT_FOUND");
    await announceReservation(tx, events, updated);
    return updated;
  });
}

/** Staff give a confirmed booking a table of its branch, another one, or none (null). */
export async function assignReservationTable(
  db: Db,
  events: OrderEvents,
  where: { merchantId: string; id: string },
  tableId: string | null,
): Promise<ReservationRow> {
  return transaction(db, async (tx) => {
    const row = await lockReservation(tx, where);
    if (row.status !== "CONFIRMED") throw new AppError("RESERVATION_NOT_CONFIRMED");
    const table = tableId === null ? null : await checkTable(tx, row, tableId);
    const updated = await updateReservation(tx, { id: row.id, set: { tableId: table } });
    if (!updated) throw new AppError("NOT_FOUND");
    await announceReservation(tx, events, updated);
    return updated;
  });
}

/**
 * The requests waiting for an answer (REQUESTED) from the brand's local today on, of some branches
 * (null = all), the oldest request first: the console's inbox, whatever day it shows.
 */
export function listRequestedReservations(
  db: Db,
  where: { merchantId: string; timeZone: string; branchIds: readonly string[] | null; now?: Date },
) {
  const today = localDate(where.now ?? new Date(), where.timeZone);
  return listRequested(db, {
    merchantId: where.merchantId,
    branchIds: where.branchIds,
    from: localMoment(today, "00:00", where.timeZone),
  });
}

/** The brand's bookings for staff, in time order: of a branch, a local day and a status when given. */
export function listBranchReservations(
  db: Db,
  where: {
    merchantId: string;
    timeZone: string;
    branchId?: string | undefined;
    date?: string | undefined;
    status?: ReservationStatus | undefined;
  },
) {
  let range: { from: Date; to: Date } | undefined;
  if (where.date) {
    const [y, m, d] = where.date.split("-").map(Number) as [number, number, number];
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    range = {
      from: localMoment(where.date, "00:00", where.timeZone),
      to: localMoment(next, "00:00", where.timeZone),
    };
  }
  return listReservations(db, {
    merchantId: where.merchantId,
    branchId: where.branchId,
    status: where.status,
    range,
  });
}

/** What the API answers for bookings: with the branch's and hall's names and the phone to call. */
export async function reservationViews(
  db: Db,
  merchantId: string,
  rows: readonly ReservationRow[],
  now: Date = new Date(),
): Promise<(Reservation & { userId: string })[]> {
  if (rows.length === 0) return [];
  const branchList = await listBranches(db, { merchantId });
  const branchById = new Map(branchList.map((b) => [b.id, b]));
  const hallIds = [...new Set(rows.map((r) => r.hallId).filter((id): id is string => id !== null))];
  const hallRows = await listHallNames(db, { merchantId, hallIds });
  const hallById = new Map(hallRows.map((h) => [h.id, h.name]));
  const tableIds = [...new Set(rows.map((r) => r.tableId).filter((id): id is string => id !== null))];
  const tableRows = await listTableNames(db, { merchantId, tableIds });
  const tableById = new Map(tableRows.map((t) => [t.id, t.name]));
  return rows.map((r) => {
    const branch = branchById.get(r.branchId);
    return {
      id: r.id,
      userId: r.userId,
      branchId: r.branchId,
      branchName: branch?.name ?? {},
      bookingPhone: branch?.bookingPhone ?? branch?.phone ?? null,
      hallId: r.hallId,
      hallName: r.hallId ? (hallById.get(r.hallId) ?? null) : null,
      tableId: r.tableId,
      tableName: r.tableId ? (tableById.get(r.tableId) ?? null) : null,
      name: r.name,
      phone: r.phone,
      guests: r.chairs,
      time: r.time.toISOString(),
      endTime: r.endTime.toISOString(),
      comment: r.comment,
      status: r.status,
      declineReason: r.declineReason,
      cancellable: isCancellable(r, now),
      createdDate: r.createdDate.toISOString(),
      lastModifiedDate: r.lastModifiedDate.toISOString(),
    };
  });
}
