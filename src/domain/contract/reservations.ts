// Table booking calls (issue 14): the customer's reservations, the free times of a day, and the
// staff's list and decisions. Shared by the server routes and, as types only, by the client.
import { z } from "zod";
import { MAX_GUESTS, RESERVATION_STATUSES } from "../booking.ts";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("A local day of the brand's time zone, YYYY-MM-DD");
const guests = z.number().int().min(1).max(MAX_GUESTS);

export const reservationRequestSchema = z
  .object({
    branchId: uuidSchema,
    time: dateTimeSchema.describe("The start: one of the times GET /reservations/slots offers"),
    guests,
    hallId: uuidSchema.nullish().describe("A hall of the branch; none = any table of the branch"),
    name: z.string().trim().min(1).max(100),
    phone: z.string().trim().min(1).max(40),
    comment: z.string().trim().max(500).nullish(),
  })
  .describe("A table booking as the customer asks for it");
export type ReservationRequest = z.infer<typeof reservationRequestSchema>;

export const reservationSchema = z
  .object({
    id: uuidSchema,
    branchId: uuidSchema,
    branchName: multilingualSchema,
    bookingPhone: z.string().nullable().describe("The branch's booking phone (or its phone) to call"),
    hallId: uuidSchema.nullable(),
    hallName: multilingualSchema.nullable(),
    tableId: uuidSchema.nullable().describe("The table staff gave the booking, once they have"),
    tableName: z.string().nullable().describe("That table's name as guests read it on the table"),
    name: z.string(),
    phone: z.string(),
    guests: z.number().int(),
    time: dateTimeSchema,
    endTime: dateTimeSchema,
    comment: z.string().nullable(),
    status: z.enum(RESERVATION_STATUSES),
    declineReason: z.string().nullable(),
    cancellable: z.boolean().describe("The customer may still cancel it"),
    createdDate: dateTimeSchema,
    lastModifiedDate: dateTimeSchema,
  })
  .meta({ id: "Reservation" });
export type Reservation = z.infer<typeof reservationSchema>;

export const reservationIdParamsSchema = z.object({ id: uuidSchema });

export const slotsQuerySchema = z.object({
  branchId: uuidSchema,
  date: day,
  guests: z.coerce.number().int().min(1).max(MAX_GUESTS).default(1),
  hallId: uuidSchema.optional(),
});

export const bookingSlotSchema = z.object({
  time: z.string().describe("HH:mm local"),
  at: dateTimeSchema,
  free: z.number().int().describe("Guests the time can still take"),
  available: z.boolean().describe("It can take the asked number of guests"),
});

export const bookingDaySchema = z
  .object({
    branchId: uuidSchema,
    date: day,
    days: z.array(day).describe("Every day that can be booked, today first"),
    slotMinutes: z.number().int(),
    durationMinutes: z.number().int(),
    maxGuests: z.number().int().describe("Most guests one booking may name (branch or chosen hall)"),
    halls: z.array(z.object({ id: uuidSchema, name: multilingualSchema, seats: z.number().int() })),
    slots: z.array(bookingSlotSchema),
  })
  .meta({ id: "BookingDay" });
export type BookingDay = z.infer<typeof bookingDaySchema>;

/** The live stream's `reservation` event. */
export interface ReservationEvent {
  reservationId: string;
  status: (typeof RESERVATION_STATUSES)[number];
}

export const staffReservationsQuerySchema = z.object({
  branchId: uuidSchema.optional(),
  date: day.optional(),
  status: z.enum(RESERVATION_STATUSES).optional(),
});

export const staffReservationSchema = reservationSchema
  .extend({ userId: uuidSchema })
  .meta({ id: "StaffReservation" });
export type StaffReservation = z.infer<typeof staffReservationSchema>;

export const staffReservationBodySchema = z
  .object({
    status: z.enum(["CONFIRMED", "DECLINED", "DONE"]),
    reason: z.string().trim().min(1).max(500).optional().describe("Why it is declined (required then)"),
    tableId: uuidSchema
      .optional()
      .describe("When confirming: a table of the booking's branch to give it (404/409 otherwise)"),
  })
  .refine((b) => b.status !== "DECLINED" || b.reason !== undefined, {
    message: "a decline needs a reason",
    path: ["reason"],
  })
  .refine((b) => b.tableId === undefined || b.status === "CONFIRMED", {
    message: "a table is given when confirming",
    path: ["tableId"],
  });

export const staffReservationTableBodySchema = z
  .object({
    tableId: uuidSchema.nullable().describe("A table of the booking's branch; null takes the table away"),
  })
  .describe("The table of a confirmed booking");

export const staffReservationRequestsQuerySchema = z.object({
  branchId: uuidSchema.optional().describe("One branch; left out: every branch the caller works at"),
});
