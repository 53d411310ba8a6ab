// Shared building blocks of the demo brand generator: texts, prices, hours, polygons, payments.
import type { BrandFileInput } from "../../server/src/import/brand-file.ts";
import type { WeekName, WorkHourType } from "#domain/enums.ts";
import { WEEK_NAMES } from "#domain/enums.ts";

export type Brand = BrandFileInput;
export type Text = Partial<Record<"uz" | "ru" | "eng" | "ar" | "kz" | "tr" | "zh", string>>;
type BranchInput = NonNullable<Brand["branches"]>[number];
type RegionInput = NonNullable<Brand["deliveryRegions"]>[number];
type PaymentInput = NonNullable<Brand["paymentMethods"]>[number];
export type WorkHoursInput = NonNullable<BranchInput["workHours"]>[number];

/** Promo windows: fixed dates so the generated files never change from run to run. */
export const ALWAYS_FROM = "2025-01-01T00:00:00+05:00";
export const ALWAYS_TO = "2099-12-31T23:59:00+05:00";
export const EXPIRED_FROM = "2024-01-01T00:00:00+05:00";
export const EXPIRED_TO = "2024-12-31T23:59:00+05:00";
export const FUTURE_FROM = "2099-01-01T00:00:00+05:00";

export const TASHKENT = { latitude: 41.311081, longitude: 69.240562 };
export const SAMARKAND = { latitude: 39.654167, longitude: 66.959722 };

/** A price in whole hundreds of so'm within [5 000, 95 000]. */
export function price(value: number): number {
  return Math.min(95_000, Math.max(5_000, Math.round(value / 100) * 100));
}

/** A small deterministic generator (mulberry32) for the few choices that should look irregular. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Same hours every day, except the given days off. */
export function hours(
  type: WorkHourType,
  open: string,
  close: string,
  daysOff: WeekName[] = [],
): WorkHoursInput {
  return {
    type,
    hours: WEEK_NAMES.map((weekName) =>
      daysOff.includes(weekName) ? { weekName, isDayOff: true } : { weekName, open, close },
    ),
  };
}

/** Every day, the whole day: demo and tests never depend on the hour. */
export function aroundTheClock(types: WorkHourType[]): WorkHoursInput[] {
  return types.map((type) => hours(type, "00:00", "23:59"));
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function point(centre: { latitude: number; longitude: number }, km: number, angle: number): [number, number] {
  const dLat = (km / 111.32) * Math.sin(angle);
  const dLon = (km / (111.32 * Math.cos((centre.latitude * Math.PI) / 180))) * Math.cos(angle);
  return [round6(centre.longitude + dLon), round6(centre.latitude + dLat)];
}

/** An irregular closed ring of [longitude, latitude] points around a centre (radius in km). */
export function ring(
  centre: { latitude: number; longitude: number },
  radiusKm: number,
  seed: number,
  points = 12,
): [number, number][] {
  const rnd = seeded(seed);
  const out: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const angle = (2 * Math.PI * i) / points;
    out.push(point(centre, radiusKm * (0.85 + 0.3 * rnd()), angle));
  }
  out.push(out[0] as [number, number]);
  return out;
}

/**
 * The centre zone and the outer ring of a city: the ring is split into four quarters (a polygon of the
 * file has no holes), each from the centre radius out to the outer radius.
 */
export function cityZones(options: {
  cityKey: string;
  keyPrefix: string;
  centre: { latitude: number; longitude: number };
  innerKm: number;
  outerKm: number;
  innerPrice: number;
  outerPrice: number;
  name: Text;
  quarterNames: [Text, Text, Text, Text];
}): RegionInput[] {
  const { centre, innerKm, outerKm } = options;
  const steps = 4;
  const regions: RegionInput[] = [
    {
      key: `${options.keyPrefix}-centre`,
      cityKey: options.cityKey,
      name: options.name,
      polygon: Array.from({ length: 4 * steps + 1 }, (_, i) =>
        point(centre, innerKm, (Math.PI * 2 * i) / (4 * steps)),
      ),
      color: "#2E7D32",
      price: options.innerPrice,
      priority: 10,
    },
  ];
  options.quarterNames.forEach((name, q) => {
    const from = (Math.PI / 2) * q;
    const arc = (km: number) =>
      Array.from({ length: steps + 1 }, (_, i) => point(centre, km, from + ((Math.PI / 2) * i) / steps));
    const outer = arc(outerKm);
    const inner = arc(innerKm).reverse();
    const polygon = [...outer, ...inner];
    polygon.push(polygon[0] as [number, number]);
    regions.push({
      key: `${options.keyPrefix}-outer-${q + 1}`,
      cityKey: options.cityKey,
      name,
      polygon,
      color: "#F9A825",
      price: options.outerPrice,
      priority: 5,
    });
  });
  return regions;
}

export function paymentMethods(
  types: ("CASH" | "TERMINAL" | "PAYME" | "CLICK" | "UZUM" | "CARD")[],
): PaymentInput[] {
  return types.map((type, i) => ({
    type,
    name: { CASH: "Cash", TERMINAL: "Terminal", PAYME: "Payme", CLICK: "Click", UZUM: "Uzum", CARD: "Card" }[
      type
    ],
    // No title: the storefront's own words say how each is paid ("Pay on Payme's page").
    title: null,
    priority: i,
    webEnabled: true,
    // Payme's checkout page opens from the website and from the Telegram mini app (Telegram's link
    // opener); the Click mini app pays with Click (its CLICK_MINI_APP choice is the CLICK method on
    // the app channel). Uzum's checkout likewise is not offered inside the Click app.
    botEnabled: true,
    appEnabled: type !== "PAYME" && type !== "UZUM" && type !== "CARD",
    operatorEnabled: type !== "PAYME" && type !== "UZUM" && type !== "CARD",
  }));
}

/** Picks the given languages of a text. */
export function only(text: Text, langs: (keyof Text)[]): Text {
  return Object.fromEntries(langs.flatMap((l) => (text[l] === undefined ? [] : [[l, text[l]]])));
}
