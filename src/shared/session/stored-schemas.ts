/**
 * What this browser keeps per brand, as zod schemas: the saved session's slices (the customer with
 * its token, the merchant, the order being built, the nearest branch), the basket and a guest's
 * addresses. Values read back from storage are checked here: a slice that does not match (an old
 * format, a hand-edited or corrupt value) is dropped with a log line and the rest is kept.
 *
 * This module is the only one on the client that runs zod (31 KB gzipped), so it is loaded on its
 * own: at boot when something is stored (./checked-storage.ts), never on a first visit. Other
 * modules import its types only.
 */
import { z } from "zod";
import { multilingualSchema } from "../../domain/contract/common.ts";
import { addressInputSchema } from "../../domain/contract/geo.ts";
import { merchantSchema } from "../../domain/contract/merchant.ts";
import { sessionUserSchema } from "../../domain/contract/webbot.ts";
import { tableSessionSchema } from "../../domain/contract/tables.ts";
import { PRODUCT_UNITS } from "../../domain/enums.ts";
import { OFFERED_SERVICE_TYPES } from "../../domain/offer.ts";

const finite = z.number().refine(Number.isFinite);
/** An optional text: anything else reads as "". */
const text = z.string().catch("");
/** An optional id: anything else, or "", reads as null. */
const idOrNull = z
  .string()
  .nullable()
  .catch(null)
  .transform((v) => (v === "" ? null : v));
/** A text per language; a broken one reads as none. */
const names = multilingualSchema.catch({});

/** A delivery address as the order carries it (spec "Address" plus the client-only extras). */
export const draftAddressSchema = z.object({
  /** The saved address's id; a "tmp-" id marks one made from a map point (removed at submit). */
  id: idOrNull,
  name: text,
  streetName: text,
  houseNumber: text,
  description: text,
  comment: text,
  latitude: finite,
  longitude: finite,
  cityId: idOrNull,
  floor: text,
  office: text,
  entrance: text,
  domophone: text,
  /** The customer typed the street and house (no geocoder resolved them). */
  typed: z.boolean().optional().catch(undefined),
});
export type DraftAddress = z.infer<typeof draftAddressSchema>;

/** What the order keeps of a branch. */
export const draftBranchSchema = z.object({
  id: z.string(),
  name: names,
  address: multilingualSchema.nullable().catch(null),
  cityId: idOrNull,
  latitude: finite,
  longitude: finite,
  phone: idOrNull,
});
export type DraftBranch = z.infer<typeof draftBranchSchema>;

export const draftTariffSchema = z.object({
  /** deliveryTariffId of the order. */
  id: z.string(),
  regionName: names,
  basePrice: finite.catch(0),
  free: z.boolean().catch(false),
});
export type DraftTariff = z.infer<typeof draftTariffSchema>;

/**
 * The order being built (spec "Order request (client side)", the geography part). Each field is
 * read on its own: a broken address leaves the service type and the city in place.
 */
export const orderRequestSchema = z.object({
  serviceType: z.enum(OFFERED_SERVICE_TYPES).nullable().catch(null),
  address: draftAddressSchema.nullable().catch(null),
  /** The branch the customer chose for pickup or dine-in. */
  branch: draftBranchSchema.nullable().catch(null),
  /** The city chosen in the pickers. */
  cityId: idOrNull,
  /** Delivery price in so'm; null when unknown (no address, no branch, out of zone). */
  deliveryPrice: finite.nullable().catch(null),
  tariff: draftTariffSchema.nullable().catch(null),
  /** The spec's ids of the chosen branch and tariff, kept beside the objects. */
  branchId: idOrNull,
  deliveryTariffId: idOrNull,
});
export type StoredOrderRequest = z.infer<typeof orderRequestSchema>;

/** The customer signed in, with the token that proves it: one slice, as neither is any use alone. */
const authSchema = z.object({ token: z.string().min(1), user: sessionUserSchema });

/** One brand's saved session (spec section 3, "Stored session per brand"). */
export interface BrandSession {
  token: string | null;
  merchant: z.infer<typeof merchantSchema> | null;
  user: z.infer<typeof sessionUserSchema> | null;
  /** The brand's subdomain key. */
  brand: string | null;
  orderRequest: StoredOrderRequest | null;
  /** The branch closest to the chosen address (the menu and the delivery price follow it). */
  nearestBranch: DraftBranch | null;
}

/** Told about every part of a stored value that is left out (./checked-storage.ts logs it). */
export type DropLog = (what: string, issues: z.core.$ZodIssue[] | string) => void;

function record(data: unknown): Record<string, unknown> | null {
  return typeof data === "object" && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : null;
}

/** A slice of a stored object: its value when it matches, null (logged) when it is there and does not. */
function slice<T>(schema: z.ZodType<T>, value: unknown, what: string, log: DropLog): T | null {
  if (value === undefined || value === null) return null;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  log(what, result.error.issues);
  return null;
}

/** A stored session, slice by slice. */
export function parseSession(data: unknown, log: DropLog): BrandSession {
  const stored = record(data) ?? {};
  if (record(data) === null && data !== null && data !== undefined) log("session", "not an object");
  const auth =
    stored.token === null || stored.token === undefined
      ? null
      : slice(authSchema, { token: stored.token, user: stored.user }, "sign-in", log);
  return {
    token: auth?.token ?? null,
    user: auth?.user ?? null,
    merchant: slice(merchantSchema, stored.merchant, "merchant", log),
    brand: slice(z.string(), stored.brand, "brand key", log),
    orderRequest: slice(orderRequestSchema, stored.orderRequest, "order request", log),
    nearestBranch: slice(draftBranchSchema, stored.nearestBranch, "nearest branch", log),
  };
}

export const basketModificationSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  name: names,
  price: finite,
});
export type BasketModification = z.infer<typeof basketModificationSchema>;

export const basketItemSchema = z.object({
  /** productId + sorted modification ids. */
  key: z.string(),
  productId: z.string(),
  name: names,
  image: text,
  costPrice: finite,
  discount: finite.catch(0),
  unit: z.enum(PRODUCT_UNITS),
  count: finite.refine((n) => n > 0),
  modifications: z.array(z.unknown()).catch([]),
});

/**
 * Stored basket lines, line by line: a broken line (or a broken option of a line) is dropped, never
 * the whole basket. The count is returned as stored; the basket rounds it to its unit's step.
 */
export function parseBasket(data: unknown, log: DropLog): BasketLine[] {
  if (!Array.isArray(data)) {
    if (data !== null && data !== undefined) log("basket", "not a list");
    return [];
  }
  return data.flatMap((value) => {
    const line = slice(basketItemSchema, value, "basket line", log);
    if (!line) return [];
    const modifications = line.modifications.flatMap((m) => {
      const parsed = slice(basketModificationSchema, m, "basket option", log);
      return parsed ? [parsed] : [];
    });
    return [{ ...line, modifications }];
  });
}
export type BasketLine = Omit<z.infer<typeof basketItemSchema>, "modifications"> & {
  modifications: BasketModification[];
};

export const guestAddressSchema = addressInputSchema.extend({
  /** "local-<random>": never sent to the server. */
  id: z.string(),
  createdDate: z.string(),
});
export type GuestAddress = z.infer<typeof guestAddressSchema>;

/** A guest's stored addresses, one by one. */
export function parseGuestAddresses(data: unknown, log: DropLog): GuestAddress[] {
  if (!Array.isArray(data)) {
    if (data !== null && data !== undefined) log("address list", "not a list");
    return [];
  }
  return data.flatMap((value) => {
    const address = slice(guestAddressSchema, value, "guest address", log);
    return address ? [address] : [];
  });
}

/** The table this browser sits at (its QR code's answer), or null when it is not at one. */
export const storedTableSchema = tableSessionSchema.extend({ startedAt: z.string() });
export type StoredTable = z.infer<typeof storedTableSchema>;

export function parseTable(data: unknown, log: DropLog): StoredTable | null {
  if (data === null || data === undefined) return null;
  return slice(storedTableSchema, data, "table", log) ?? null;
}

/** The ids of the stories watched here: the texts of a stored list (anything else: none watched). */
export function parseSeenStories(data: unknown, log: DropLog): string[] {
  if (!Array.isArray(data)) {
    if (data !== null && data !== undefined) log("list of watched stories", "not a list");
    return [];
  }
  return data.filter((v): v is string => typeof v === "string");
}
