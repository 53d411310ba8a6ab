// Branches, delivery regions, tariffs, saved addresses, geocoding and the map style (spec sections
// 3 and 7). Shared by the server routes and, as types only, by the client.
import { z } from "zod";
import { ADDRESS_TYPES, PAYMENT_TYPES, WEEK_NAMES, WORK_HOUR_TYPES } from "../enums.ts";
import { OFFERED_SERVICE_TYPES } from "../offer.ts";
import { dateTimeSchema, MONEY_MAX, multilingualSchema, uuidSchema } from "./common.ts";

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const clock = z.string().regex(/^\d{1,2}:\d{2}$/);

export const dayHoursSchema = z.object({
  weekName: z.enum(WEEK_NAMES),
  open: clock.nullable(),
  close: clock.nullable(),
  isDayOff: z.boolean(),
});

export const workHoursSchema = z
  .object({
    type: z.enum(WORK_HOUR_TYPES),
    hours: z.array(dayHoursSchema),
    closedOn: z
      .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/))
      .optional()
      .describe(
        "Local days the branch is closed for this service (a holiday, the staff's closed or delivery-off day)",
      ),
    pausedUntil: dateTimeSchema
      .optional()
      .describe("Paused by the branch's staff: closed for this service until this moment, open again after"),
  })
  .meta({ id: "WorkHours", description: "Hours per weekday of one service type; a missing day is closed" });

export const branchSettingsSchema = z.object({
  bookingEnabled: z.boolean(),
  deliveryEnabled: z.boolean(),
  dineInEnabled: z.boolean(),
  expressEnabled: z.boolean(),
  kitchenEnabled: z.boolean(),
  payOfficeEnabled: z.boolean(),
  pickupEnabled: z.boolean(),
  storageEnabled: z.boolean(),
  thirdPartyDeliveryEnabled: z.boolean(),
  directorId: uuidSchema.nullable(),
});

export const branchSchema = z
  .object({
    id: uuidSchema,
    merchantId: uuidSchema,
    cityId: uuidSchema.nullable(),
    name: multilingualSchema,
    address: multilingualSchema.nullable(),
    phone: z.string().nullable(),
    bookingPhone: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    distance: z.number().nullable().describe("Metres from the asked point (closest branch); null otherwise"),
    isActive: z.boolean(),
    isMain: z.boolean(),
    deleted: z.boolean(),
    open: z.string().nullable(),
    close: z.string().nullable(),
    deliveryPrice: z.number(),
    deliveryStart: z.string().nullable(),
    deliveryEnd: z.string().nullable(),
    workHours: z.array(workHoursSchema),
    paymentTypes: z
      .array(z.enum(PAYMENT_TYPES))
      .nullable()
      .describe("The types of the brand's payment methods the branch takes; null = every one of them"),
    settings: branchSettingsSchema,
  })
  .meta({ id: "Branch" });
export type Branch = z.infer<typeof branchSchema>;

export const branchesQuerySchema = z.object({ cityId: uuidSchema.optional() });

export const closestBranchQuerySchema = z.object({
  lat: z.coerce.number().pipe(latitude),
  lon: z.coerce.number().pipe(longitude),
  type: z
    .enum(OFFERED_SERVICE_TYPES)
    .default("DELIVERY")
    .describe("The service the branch must offer and be open for"),
  at: dateTimeSchema.optional().describe("Open at this moment (a later order); now by default"),
});

export const regionSchema = z
  .object({
    id: uuidSchema,
    merchantId: uuidSchema,
    cityId: uuidSchema.nullable(),
    name: multilingualSchema,
    polygon: z.array(z.tuple([z.number(), z.number()])).describe("[longitude, latitude] pairs"),
    color: z.string().nullable(),
    price: z.number(),
    priority: z.number().int(),
  })
  .meta({ id: "DeliveryRegion" });
export type Region = z.infer<typeof regionSchema>;

/** Spec "Tariff calculation request". */
export const tariffRequestSchema = z
  .object({
    productPrice: z.number().min(0).max(MONEY_MAX),
    latitude,
    longitude,
    branchId: uuidSchema.nullish(),
    cityId: uuidSchema.nullish(),
    distance: z.number().min(0).max(40_075_000).nullish().describe("Metres; at most once round the Earth"),
    address: z.string().max(500).nullish(),
  })
  .describe("Tariff calculation request");
export type TariffRequest = z.infer<typeof tariffRequestSchema>;

export const tariffSchema = z
  .object({
    price: z.number().describe("What the customer pays for delivery"),
    basePrice: z.number().describe("The region's price before the fee-free threshold"),
    free: z.boolean().describe("The product total reached the fee-free threshold"),
    feeFreeThreshold: z.number().nullable(),
    deliveryTariffId: uuidSchema.describe("The region that priced it"),
    regionId: uuidSchema,
    regionName: multilingualSchema,
    cityId: uuidSchema.nullable(),
  })
  .meta({ id: "Tariff" });
export type Tariff = z.infer<typeof tariffSchema>;

/** The client-only extra fields, kept as a JSON string in `details`. */
export const addressDetailsSchema = z.object({
  floor: z.string().max(50).optional(),
  office: z.string().max(50).optional(),
  entrance: z.string().max(50).optional(),
  domophone: z.string().max(50).optional(),
});
export type AddressDetails = z.infer<typeof addressDetailsSchema>;

const text = (max: number) => z.string().max(max).nullish();

export const addressInputSchema = z
  .object({
    type: z.enum(ADDRESS_TYPES).nullish(),
    name: text(200),
    streetName: text(200),
    houseNumber: text(50),
    details: text(1000).describe("JSON string of floor, office, entrance, domophone"),
    description: text(500),
    comment: text(500),
    latitude,
    longitude,
    cityId: uuidSchema.nullish(),
    typed: z
      .boolean()
      .nullish()
      .describe(
        "The customer typed the street and house (no geocoder resolved them); then both are required",
      ),
  })
  .describe("A saved address as the customer sends it");
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressSchema = z
  .object({
    id: uuidSchema,
    createdDate: dateTimeSchema,
    lastModifiedDate: dateTimeSchema,
    type: z.enum(ADDRESS_TYPES).nullable(),
    name: z.string().nullable(),
    streetName: z.string().nullable(),
    houseNumber: z.string().nullable(),
    details: z.string().nullable(),
    description: z.string().nullable(),
    comment: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    cityId: uuidSchema.nullable(),
    typed: z.boolean().describe("The customer typed the street and house (no geocoder resolved them)"),
  })
  .meta({ id: "Address" });
export type Address = z.infer<typeof addressSchema>;

/** Nominatim's address parts the storefront reads (the proxy passes the others through). */
export const nominatimAddressSchema = z.looseObject({
  house_number: z.string().optional(),
  road: z.string().optional(),
  residential: z.string().optional(),
  neighbourhood: z.string().optional(),
  suburb: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string().optional(),
  country_code: z.string().optional(),
});

export const nominatimPlaceSchema = z
  .looseObject({
    place_id: z.number().optional(),
    osm_type: z.string().optional(),
    osm_id: z.number().optional(),
    lat: z.string(),
    lon: z.string(),
    name: z.string().optional(),
    display_name: z.string(),
    address: nominatimAddressSchema.optional(),
  })
  .meta({ id: "NominatimPlace" });
export type NominatimPlace = z.infer<typeof nominatimPlaceSchema>;

/** Reverse geocoding: a place, or Nominatim's own `{error: "Unable to geocode"}` when nothing is near. */
export const nominatimReverseSchema = z.union([nominatimPlaceSchema, z.object({ error: z.string() })]);
export type NominatimReverse = z.infer<typeof nominatimReverseSchema>;

export const nominatimReverseQuerySchema = z.object({
  format: z.enum(["json", "jsonv2"]).default("jsonv2"),
  lat: z.coerce.number().pipe(latitude),
  lon: z.coerce.number().pipe(longitude),
});

export const nominatimSearchQuerySchema = z.object({
  format: z.enum(["json", "jsonv2"]).default("jsonv2"),
  q: z.string().trim().min(1).max(200),
});

/** How the client shows maps: the configured style, or the server's offline style of the brand. */
export const mapConfigSchema = z
  .object({
    styleUrl: z.string().describe("MapLibre style URL (MAP_STYLE_URL, or the built-in offline style)"),
    offline: z.boolean().describe("The built-in offline style: regions, demo streets and branches"),
    addressSearch: z
      .boolean()
      .describe(
        "Address search and reverse geocoding answer: false in production without NOMINATIM_URL, where " +
          "the customer places the pin and types the street and house",
      ),
  })
  .meta({ id: "MapConfig" });
export type MapConfig = z.infer<typeof mapConfigSchema>;
