// The staff console's one query-key factory: the board's and the sections' cache entries all start
// with "staff", so signing out (queryClient.clear) and invalidations see one tree.
export const staffKeys = {
  board: (merchantId: string, branchId: string | null) => ["staff", merchantId, "board", branchId] as const,
  couriers: (merchantId: string) => ["staff", merchantId, "couriers"] as const,
  me: (merchantId: string) => ["staff", merchantId, "me"] as const,
  stopList: (branchId: string) => ["staff", "stop-list", branchId] as const,
  /** Every branch's stop-list (an item switched at every branch shows in each). */
  allStopLists: ["staff", "stop-list"] as const,
  today: (branchId: string) => ["staff", "today", branchId] as const,
  /** A branch's calls, or "all" the caller's branches. */
  calls: (branchId: string | null) => ["staff", "waiter-calls", branchId ?? "all"] as const,
  allCalls: ["staff", "waiter-calls"] as const,
  /** Every list of bookings: the days' and the inbox of requests. */
  allBookings: ["staff", "bookings"] as const,
  /** The requests waiting for an answer, of a branch or of "all" the caller's branches. */
  bookingRequests: (branchId: string | null) => ["staff", "bookings", "requests", branchId ?? "all"] as const,
  bookings: (branchId: string, date: string) => ["staff", "bookings", branchId, date] as const,
  tables: (branchId: string) => ["staff", "tables", branchId] as const,
  /** The caller's role and the parts of the back office they may open. */
  access: (merchantId: string) => ["staff", merchantId, "access"] as const,
  products: ["staff", "back-office", "products"] as const,
  /** What the phone-order screen reads: the brand's menu and web settings, a caller by phone. */
  phoneMenu: ["staff", "phone-order", "menu"] as const,
  phoneSettings: ["staff", "phone-order", "settings"] as const,
  phoneCustomer: (phone: string) => ["staff", "phone-order", "customer", phone] as const,
  phoneQuote: (call: string) => ["staff", "phone-order", "quote", call] as const,
  audit: ["staff", "back-office", "audit"] as const,
  report: (from: string, to: string, branchId: string | null) =>
    ["staff", "back-office", "report", from, to, branchId ?? "all"] as const,
};
