// The built-in offline gazetteer: the streets of the demo cities (Tashkent and Samarkand), answering
// reverse and forward geocoding in Nominatim's own shape, so the demo and the tests need no network.
// The street names are real; their geometry is simplified to a grid around each city centre
// (about every 2 km), which is enough to name the street under a map centre and to find a street
// by name. House numbers run along each street, odd on one side and even on the other.
// Names answer in the first language of Accept-Language the place has a name in, else in Uzbek (the
// local name), as Nominatim answers from `name:<lang>` tags and falls back to `name`: Tashkent's
// places also have Arabic names (the Arabic demo brand delivers there), Samarkand's do not.
import type { NominatimPlace, NominatimReverse } from "#domain/contract/geo.ts";
import { distance, type LatLon } from "#domain/geo.ts";

interface StreetName {
  /** The local name: what a place without a name in the asked language answers. */
  uz: string;
  ru: string;
  ar?: string;
}

interface City {
  key: string;
  name: StreetName;
  state: StreetName;
  postcode: string;
  centre: LatLon;
  /** How far the grid reaches from the centre, km. */
  reachKm: number;
  /** East-west streets, south to north. */
  eastWest: StreetName[];
  /** North-south streets, west to east. */
  northSouth: StreetName[];
  districts: { name: StreetName; at: LatLon }[];
}

const s = (uz: string, ru: string, ar?: string): StreetName => (ar ? { uz, ru, ar } : { uz, ru });

const CITIES: City[] = [
  {
    key: "tashkent",
    name: s("Toshkent", "Ташкент", "طشقند"),
    state: s("Toshkent", "Ташкент", "طشقند"),
    postcode: "100000",
    centre: { latitude: 41.311081, longitude: 69.240562 },
    reachKm: 16,
    eastWest: [
      s("Sergeli ko'chasi", "улица Сергели", "شارع سيرغيلي"),
      s("Yangi Sergeli ko'chasi", "улица Янги Сергели", "شارع سيرغيلي الجديدة"),
      s("Qo'yliq ko'chasi", "улица Куйлюк", "شارع كويليك"),
      s("Bunyodkor shoh ko'chasi", "проспект Бунёдкор", "جادة بونيودكور"),
      s("Chilonzor ko'chasi", "улица Чиланзар", "شارع تشيلانزار"),
      s("Muqimiy ko'chasi", "улица Мукими", "شارع مقيمي"),
      s("Shota Rustaveli ko'chasi", "улица Шота Руставели", "شارع شوتا روستافيلي"),
      s("Bobur ko'chasi", "улица Бабура", "شارع بابر"),
      s("Nukus ko'chasi", "улица Нукус", "شارع نوكوس"),
      s("Navoiy ko'chasi", "улица Навои", "شارع نوائي"),
      s("Shayxontohur ko'chasi", "улица Шайхантахур", "شارع شيخ خاوند طهور"),
      s("Beruniy ko'chasi", "улица Беруни", "شارع البيروني"),
      s("Qorasaroy ko'chasi", "улица Карасарай", "شارع قره سراي"),
      s("Bog'ishamol ko'chasi", "улица Богишамал", "شارع باغي شمال"),
      s("Yunusobod ko'chasi", "улица Юнусабад", "شارع يونس آباد"),
      s("Shahriston ko'chasi", "улица Шахристан", "شارع شهرستان"),
      s("Qashqar ko'chasi", "улица Кашгар", "شارع كاشغر"),
    ],
    northSouth: [
      s("Farhod ko'chasi", "улица Фарход", "شارع فرهاد"),
      s("Lutfiy ko'chasi", "улица Лутфи", "شارع لطفي"),
      s("Qatortol ko'chasi", "улица Катартал", "شارع قطارتال"),
      s("Gavhar ko'chasi", "улица Гавхар", "شارع جوهر"),
      s("Arnasoy ko'chasi", "улица Арнасай", "شارع أرناساي"),
      s("Furqat ko'chasi", "улица Фурката", "شارع فرقت"),
      s("Abdulla Qodiriy ko'chasi", "улица Абдуллы Кадыри", "شارع عبد الله قادري"),
      s("Islom Karimov ko'chasi", "улица Ислама Каримова", "شارع إسلام كريموف"),
      s("Amir Temur shoh ko'chasi", "проспект Амира Темура", "جادة الأمير تيمور"),
      s("Mirobod ko'chasi", "улица Мирабад", "شارع مير آباد"),
      s("Oybek ko'chasi", "улица Ойбека", "شارع أيبك"),
      s("Taras Shevchenko ko'chasi", "улица Тараса Шевченко", "شارع تاراس شيفتشينكو"),
      s("Mustaqillik shoh ko'chasi", "проспект Мустакиллик", "جادة الاستقلال"),
      s("Buyuk Ipak Yo'li ko'chasi", "улица Буюк Ипак Йули", "شارع طريق الحرير العظيم"),
      s("Mirzo Ulug'bek ko'chasi", "улица Мирзо Улугбека", "شارع ميرزا أولوغ بيك"),
      s("Parkent ko'chasi", "улица Паркентская", "شارع باركنت"),
      s("Qorasuv ko'chasi", "улица Карасу", "شارع قره سو"),
    ],
    districts: [
      { name: s("Chilonzor", "Чиланзар", "تشيلانزار"), at: { latitude: 41.275, longitude: 69.205 } },
      { name: s("Yunusobod", "Юнусабад", "يونس آباد"), at: { latitude: 41.365, longitude: 69.285 } },
      { name: s("Mirobod", "Мирабад", "مير آباد"), at: { latitude: 41.292, longitude: 69.275 } },
      { name: s("Yakkasaroy", "Яккасарай", "يكه سراي"), at: { latitude: 41.285, longitude: 69.245 } },
      {
        name: s("Shayxontohur", "Шайхантахур", "شيخ خاوند طهور"),
        at: { latitude: 41.325, longitude: 69.23 },
      },
      { name: s("Olmazor", "Алмазар", "ألمازار"), at: { latitude: 41.35, longitude: 69.21 } },
      {
        name: s("Mirzo Ulug'bek", "Мирзо-Улугбек", "ميرزا أولوغ بيك"),
        at: { latitude: 41.335, longitude: 69.335 },
      },
      { name: s("Yashnobod", "Яшнабад", "ياشن آباد"), at: { latitude: 41.29, longitude: 69.33 } },
      { name: s("Sergeli", "Сергели", "سيرغيلي"), at: { latitude: 41.225, longitude: 69.22 } },
      { name: s("Uchtepa", "Учтепа", "أوتشتيبا"), at: { latitude: 41.29, longitude: 69.17 } },
      { name: s("Bektemir", "Бектемир", "بيكتيمير"), at: { latitude: 41.21, longitude: 69.335 } },
    ],
  },
  {
    key: "samarkand",
    name: s("Samarqand", "Самарканд"),
    state: s("Samarqand viloyati", "Самаркандская область"),
    postcode: "140100",
    centre: { latitude: 39.654167, longitude: 66.959722 },
    reachKm: 10,
    eastWest: [
      s("Spitamen ko'chasi", "улица Спитамен"),
      s("Ibn Sino ko'chasi", "улица Ибн Сино"),
      s("Gagarin ko'chasi", "улица Гагарина"),
      s("Rudakiy xiyoboni", "бульвар Рудаки"),
      s("Registon ko'chasi", "улица Регистан"),
      s("Toshkent ko'chasi", "Ташкентская улица"),
      s("Shohruh ko'chasi", "улица Шахрух"),
      s("Bo'stonsaroy ko'chasi", "улица Бустансарай"),
      s("Suzangaron ko'chasi", "улица Сузангаран"),
      s("Ali Qushchi ko'chasi", "улица Али Кушчи"),
      s("Umar Hayyom ko'chasi", "улица Омара Хайяма"),
    ],
    northSouth: [
      s("Mahmud Qoshg'ariy ko'chasi", "улица Махмуда Кашгари"),
      s("Beruniy ko'chasi", "улица Беруни"),
      s("Forobiy ko'chasi", "улица Фараби"),
      s("Bobur ko'chasi", "улица Бабура"),
      s("Universitet xiyoboni", "Университетский бульвар"),
      s("Dahbed ko'chasi", "улица Дагбитская"),
      s("Amir Temur ko'chasi", "улица Амира Темура"),
      s("Mirzo Ulug'bek ko'chasi", "улица Мирзо Улугбека"),
      s("Buyuk Ipak Yo'li ko'chasi", "улица Буюк Ипак Йули"),
      s("Abdurahmon Jomiy ko'chasi", "улица Абдурахмана Джами"),
      s("Islom Karimov ko'chasi", "улица Ислама Каримова"),
    ],
    districts: [
      { name: s("Registon", "Регистан"), at: { latitude: 39.6548, longitude: 66.9758 } },
      { name: s("Siyob", "Сиаб"), at: { latitude: 39.668, longitude: 66.985 } },
      { name: s("Bog'ishamol", "Богишамал"), at: { latitude: 39.672, longitude: 66.93 } },
      { name: s("Sattepo", "Саттепо"), at: { latitude: 39.64, longitude: 66.92 } },
      { name: s("Kimyogarlar", "Кимёгарлар"), at: { latitude: 39.63, longitude: 66.99 } },
    ],
  },
];

interface Street {
  id: number;
  name: StreetName;
  city: City;
  from: LatLon;
  to: LatLon;
}

const KM_PER_DEGREE = 111.32;

function gridStreets(city: City, firstId: number): Street[] {
  const { centre, reachKm } = city;
  const dLat = reachKm / KM_PER_DEGREE;
  const dLon = reachKm / (KM_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180));
  const line = (i: number, n: number) => (n === 1 ? 0 : -1 + (2 * i) / (n - 1));
  const out: Street[] = [];
  city.eastWest.forEach((name, i) => {
    const lat = centre.latitude + dLat * line(i, city.eastWest.length);
    out.push({
      id: firstId + out.length,
      name,
      city,
      from: { latitude: lat, longitude: centre.longitude - dLon },
      to: { latitude: lat, longitude: centre.longitude + dLon },
    });
  });
  city.northSouth.forEach((name, i) => {
    const lon = centre.longitude + dLon * line(i, city.northSouth.length);
    out.push({
      id: firstId + out.length,
      name,
      city,
      from: { latitude: centre.latitude - dLat, longitude: lon },
      to: { latitude: centre.latitude + dLat, longitude: lon },
    });
  });
  return out;
}

const STREETS: Street[] = CITIES.flatMap((city, i) => gridStreets(city, 1_000 * (i + 1)));

/** A street farther than this from the point is not "the street of" the point. */
const MAX_STREET_DISTANCE_M = 1_200;
/** Closer than this to the street, the point gets a house number. */
const MAX_HOUSE_DISTANCE_M = 250;
/** Metres of street frontage per house on one side. */
const HOUSE_SPACING_M = 40;
/** A point farther than this from every demo city is outside the gazetteer. */
const CITY_REACH_MARGIN_KM = 4;

type Language = keyof StreetName;
const LANGUAGES = new Set<string>(["uz", "ru", "ar"] satisfies Language[]);

/** The asked languages in order (Accept-Language, "ar,uz"), the ones the gazetteer has names in. */
function languagesOf(acceptLanguage: string | undefined): Language[] {
  return (acceptLanguage ?? "")
    .split(",")
    .map((part) => part.split(";")[0]?.trim().toLowerCase().split("-")[0] ?? "")
    .filter((code): code is Language => LANGUAGES.has(code));
}

/** A name in the first asked language the place has one in, else its local (Uzbek) name. */
function nameIn(names: StreetName, langs: readonly Language[]): string {
  for (const lang of langs) {
    const name = names[lang];
    if (name) return name;
  }
  return names.uz;
}

const COUNTRY: StreetName = s("O'zbekiston", "Узбекистан", "أوزبكستان");

/** Local metres of a point relative to an origin (equirectangular; fine at city scale). */
function toMetres(origin: LatLon, p: LatLon): { x: number; y: number } {
  const k = KM_PER_DEGREE * 1000;
  return {
    x: (p.longitude - origin.longitude) * k * Math.cos((origin.latitude * Math.PI) / 180),
    y: (p.latitude - origin.latitude) * k,
  };
}

function project(street: Street, p: LatLon): { along: number; offset: number; side: 1 | -1; length: number } {
  const b = toMetres(street.from, street.to);
  const q = toMetres(street.from, p);
  const length = Math.hypot(b.x, b.y);
  const t = Math.max(0, Math.min(1, (q.x * b.x + q.y * b.y) / (length * length)));
  const along = t * length;
  const offset = Math.hypot(q.x - b.x * t, q.y - b.y * t);
  const side = b.x * q.y - b.y * q.x >= 0 ? 1 : -1;
  return { along, offset, side, length };
}

function pointAlong(street: Street, along: number): LatLon {
  const b = toMetres(street.from, street.to);
  const t = Math.max(0, Math.min(1, along / Math.hypot(b.x, b.y)));
  return {
    latitude: street.from.latitude + (street.to.latitude - street.from.latitude) * t,
    longitude: street.from.longitude + (street.to.longitude - street.from.longitude) * t,
  };
}

function houseNumberAt(along: number, side: 1 | -1): number {
  const n = Math.floor(along / HOUSE_SPACING_M);
  return side === 1 ? 2 * n + 1 : 2 * n + 2;
}

function nearestDistrict(city: City, p: LatLon) {
  let best = city.districts[0];
  for (const d of city.districts) if (best && distance(d.at, p) < distance(best.at, p)) best = d;
  return best;
}

function cityOf(p: LatLon): City | undefined {
  return CITIES.find((c) => distance(c.centre, p) <= (c.reachKm * Math.SQRT2 + CITY_REACH_MARGIN_KM) * 1000);
}

const fmt = (v: number) => v.toFixed(7);

function place(
  street: Street,
  at: LatLon,
  house: string | undefined,
  langs: readonly Language[],
  rank: "building" | "street",
): NominatimPlace {
  const city = street.city;
  const district = nearestDistrict(city, at);
  const road = nameIn(street.name, langs);
  const districtName = district ? nameIn(district.name, langs) : undefined;
  const parts = [
    house,
    road,
    districtName,
    nameIn(city.name, langs),
    city.postcode,
    nameIn(COUNTRY, langs),
  ].filter((x): x is string => Boolean(x));
  return {
    place_id: street.id * 100_000 + (house ? Number.parseInt(house, 10) : 0),
    osm_type: "way",
    osm_id: street.id,
    lat: fmt(at.latitude),
    lon: fmt(at.longitude),
    category: "highway",
    type: rank === "building" ? "house" : "residential",
    addresstype: rank === "building" ? "building" : "road",
    name: rank === "building" ? "" : road,
    display_name: parts.join(", "),
    address: {
      ...(house ? { house_number: house } : {}),
      road,
      ...(districtName ? { residential: districtName, neighbourhood: districtName } : {}),
      suburb: districtName,
      city: nameIn(city.name, langs),
      state: nameIn(city.state, langs),
      postcode: city.postcode,
      country: nameIn(COUNTRY, langs),
      country_code: "uz",
    },
  };
}

/** Reverse geocoding from the built-in street list; Nominatim's "Unable to geocode" far from the demo cities. */
export function gazetteerReverse(point: LatLon, acceptLanguage?: string): NominatimReverse {
  const langs = languagesOf(acceptLanguage);
  const city = cityOf(point);
  if (!city) return { error: "Unable to geocode" };
  let best: { street: Street; along: number; offset: number; side: 1 | -1 } | undefined;
  for (const street of STREETS) {
    if (street.city !== city) continue;
    const p = project(street, point);
    if (!best || p.offset < best.offset) best = { street, ...p };
  }
  if (!best || best.offset > MAX_STREET_DISTANCE_M) {
    // No street near: the district only, as Nominatim answers for a field or a park.
    const district = nearestDistrict(city, point);
    const name = nameIn(district?.name ?? city.name, langs);
    return {
      place_id: 1,
      osm_type: "relation",
      osm_id: 1,
      lat: fmt(point.latitude),
      lon: fmt(point.longitude),
      name,
      display_name: [name, nameIn(city.name, langs), nameIn(COUNTRY, langs)].join(", "),
      address: {
        ...(district ? { neighbourhood: name, suburb: name } : {}),
        city: nameIn(city.name, langs),
        country_code: "uz",
      },
    };
  }
  const house =
    best.offset <= MAX_HOUSE_DISTANCE_M ? String(houseNumberAt(best.along, best.side)) : undefined;
  return place(best.street, point, house, langs, house ? "building" : "street");
}

/** Lower case, one kind of apostrophe, no punctuation: "Amir-Temur  ko‘chasi" ~ "amir temur ko'chasi". */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ʻʼ`’‘´]/g, "'")
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim();
}

// Words that only say "street": a query of "chilonzor ko'chasi" matches on "chilonzor".
const STREET_WORDS = new Set([
  "ko'chasi",
  "ko'cha",
  "kochasi",
  "улица",
  "ул",
  "проспект",
  "пр",
  "street",
  "st",
  "shoh",
  "xiyoboni",
  "бульвар",
  "avenue",
  "ave",
  "شارع",
  "جادة",
]);

/** Forward geocoding from the built-in street list: streets (and houses when a number is given). */
export function gazetteerSearch(query: string, acceptLanguage?: string, limit = 10): NominatimPlace[] {
  const langs = languagesOf(acceptLanguage);
  const words = normalise(query).split(" ").filter(Boolean);
  const number = words.find((w) => /^\d{1,4}$/.test(w));
  const terms = words.filter((w) => w !== number && !STREET_WORDS.has(w));
  if (terms.length === 0) return [];
  const cityTerms = new Set(
    CITIES.flatMap((c) => [c.name.uz, c.name.ru, c.name.ar ?? ""].filter(Boolean).map(normalise)),
  );
  const inCity = CITIES.find((c) =>
    [c.name.uz, c.name.ru, c.name.ar ?? ""].some((n) => n !== "" && terms.includes(normalise(n))),
  );
  const streetTerms = terms.filter((t) => !cityTerms.has(t));
  if (streetTerms.length === 0) return [];
  const results: NominatimPlace[] = [];
  for (const street of STREETS) {
    if (inCity && street.city !== inCity) continue;
    const haystack = [street.name.uz, street.name.ru, street.name.ar ?? ""].map(normalise).join(" ");
    if (!streetTerms.every((t) => haystack.includes(t))) continue;
    const length = project(street, street.to).length;
    if (number) {
      const n = Number(number);
      const side: 1 | -1 = n % 2 === 1 ? 1 : -1;
      const along = Math.min(length, (Math.ceil(n / 2) - 0.5) * HOUSE_SPACING_M);
      const onStreet = pointAlong(street, along);
      // Houses stand a few metres off the street, on their side.
      const b = toMetres(street.from, street.to);
      const norm = Math.hypot(b.x, b.y);
      const k = KM_PER_DEGREE * 1000;
      const at = {
        latitude: onStreet.latitude + ((side * b.x) / norm) * (15 / k),
        longitude:
          onStreet.longitude -
          ((side * b.y) / norm) * (15 / (k * Math.cos((onStreet.latitude * Math.PI) / 180))),
      };
      results.push(place(street, at, String(houseNumberAt(along, side)), langs, "building"));
    } else {
      results.push(place(street, pointAlong(street, length / 2), undefined, langs, "street"));
    }
    if (results.length >= limit) break;
  }
  return results;
}

/** The demo streets as GeoJSON lines, for the offline map style. */
export function gazetteerStreetsGeoJson(): {
  type: "FeatureCollection";
  features: {
    type: "Feature";
    id: number;
    properties: { name: string; city: string };
    geometry: { type: "LineString"; coordinates: [number, number][] };
  }[];
} {
  return {
    type: "FeatureCollection",
    features: STREETS.map((street) => ({
      type: "Feature",
      id: street.id,
      properties: { name: street.name.uz, city: street.city.key },
      geometry: {
        type: "LineString",
        coordinates: [
          [street.from.longitude, street.from.latitude],
          [street.to.longitude, street.to.latitude],
        ],
      },
    })),
  };
}
