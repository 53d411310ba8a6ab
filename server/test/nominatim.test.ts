import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { redisSlots } from "../src/lib/slots.ts";
import type { NominatimPlace } from "#domain/contract/geo.ts";
import { gazetteerReverse, gazetteerSearch } from "../src/integrations/gazetteer.ts";
import {
  Geocoder,
  GeocoderNotConfiguredError,
  GeocoderUnavailableError,
} from "../src/integrations/nominatim.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { startFakeNominatim, type FakeNominatim } from "./support/fake-nominatim.ts";

const TASHKENT = { latitude: 41.311081, longitude: 69.240562 };

const REDIS_URL = process.env.SAVAT_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** Redis for the shared-slot case; skipped (with vitest's note) when none answers. */
const redisUp = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();

describe("the built-in gazetteer", () => {
  it("names the street, house and neighbourhood of a point in a demo city, in Nominatim's shape", () => {
    const place = gazetteerReverse(TASHKENT, "uz");
    expect("error" in place).toBe(false);
    const p = place as NominatimPlace;
    expect(p.address?.road).toMatch(/ko'chasi|xiyoboni/);
    expect(p.address?.neighbourhood).toBeTruthy();
    expect(p.address?.residential).toBeTruthy();
    expect(p.display_name).toContain("Toshkent");
    expect(Number(p.lat)).toBeCloseTo(TASHKENT.latitude, 5);
    expect((gazetteerReverse(TASHKENT, "ru") as NominatimPlace).display_name).toContain("Ташкент");
  });

  it("answers 'Unable to geocode' far from the demo cities", () => {
    expect(gazetteerReverse({ latitude: 51.5, longitude: -0.12 })).toEqual({ error: "Unable to geocode" });
  });

  it("finds streets by name in either language, and a house by number", () => {
    const streets = gazetteerSearch("Chilonzor");
    expect(streets.length).toBeGreaterThan(0);
    expect(streets[0]?.address?.road).toBe("Chilonzor ko'chasi");
    expect(gazetteerSearch("улица чиланзар", "ru")[0]?.address?.road).toBe("улица Чиланзар");
    const house = gazetteerSearch("Chilonzor ko‘chasi 25")[0];
    expect(house?.address?.house_number).toBe("25");
    // Reverse geocoding the found house gives the same street and number back.
    const back = gazetteerReverse({
      latitude: Number(house?.lat),
      longitude: Number(house?.lon),
    }) as NominatimPlace;
    expect(back.address).toMatchObject({ road: "Chilonzor ko'chasi", house_number: "25" });
    expect(gazetteerSearch("Samarqand Registon").every((p) => p.address?.city === "Samarqand")).toBe(true);
    expect(gazetteerSearch("no such street anywhere")).toEqual([]);
  });
});

describe("the Nominatim adapter", () => {
  let fake: FakeNominatim;
  beforeAll(async () => {
    fake = await startFakeNominatim();
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.requests.length = 0;
    fake.failWith = null;
  });

  it("sends its own User-Agent and Nominatim's parameters", async () => {
    const g = new Geocoder({ url: fake.url, gazetteer: "fallback", userAgent: "Savat-test/1.0" });
    const { source, body } = await g.reverse({ latitude: 41.31108149, longitude: 69.2405 }, "uz,ru");
    expect(source).toBe("upstream");
    expect(body).toMatchObject({ address: { road: "Upstream ko'chasi" } });
    const [req] = fake.requests;
    expect(req?.userAgent).toBe("Savat-test/1.0");
    expect(req?.path).toBe("/reverse");
    expect(Object.fromEntries(req?.query ?? [])).toMatchObject({
      lat: "41.311081",
      lon: "69.2405",
      format: "jsonv2",
      addressdetails: "1",
      "accept-language": "uz,ru",
    });
  });

  it("keeps to one upstream request per interval and answers repeats from its cache", async () => {
    const g = new Geocoder({ url: fake.url, gazetteer: "fallback", userAgent: "t", minIntervalMs: 200 });
    const points = [0, 1, 2].map((i) => ({ latitude: 41.3 + i / 100, longitude: 69.2 }));
    const start = Date.now();
    const results = await Promise.all(points.map((p) => g.reverse(p, "uz")));
    expect(results.map((r) => r.source)).toEqual(["upstream", "upstream", "upstream"]);
    // The i-th request cannot arrive before it was sent, i intervals after the start; gaps between
    // arrivals alone would vary with how busy the machine is.
    const times = fake.requests.map((r) => r.at);
    for (const [i, at] of times.entries()) expect(at - start).toBeGreaterThanOrEqual(i * 200 - 5);
    const again = await g.reverse(points[1] ?? TASHKENT, "uz");
    expect(again.source).toBe("cache");
    expect(fake.requests).toHaveLength(3);
  });

  it.skipIf(!redisUp)(
    "keeps to one upstream request per interval across two processes sharing Redis",
    async () => {
      // Two geocoders on two Redis connections stand for two API processes.
      const prefix = `savat-test-${randomBytes(4).toString("hex")}:`;
      const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
      try {
        const [g1, g2] = connections.map(
          (redis) =>
            new Geocoder({
              url: fake.url,
              gazetteer: "fallback",
              userAgent: "t",
              minIntervalMs: 200,
              slots: redisSlots(redis, {
                prefix,
                onError: (error) => {
                  throw error;
                },
              }),
            }),
        ) as [Geocoder, Geocoder];
        const points = [0, 1, 2, 3].map((i) => ({ latitude: 40.3 + i / 100, longitude: 69.2 }));
        const start = Date.now();
        await Promise.all(points.map((p, i) => (i % 2 === 0 ? g1 : g2).reverse(p, "uz")));
        const times = fake.requests.map((r) => r.at).sort((a, b) => a - b);
        expect(times).toHaveLength(4);
        for (const [i, at] of times.entries()) expect(at - start).toBeGreaterThanOrEqual(i * 200 - 5);
      } finally {
        for (const redis of connections) redis.disconnect();
      }
    },
  );

  it("falls back to the gazetteer when the upstream fails, and fails only when that has no answer", async () => {
    fake.failWith = 503;
    const g = new Geocoder({ url: fake.url, gazetteer: "fallback", userAgent: "t", minIntervalMs: 0 });
    const near = await g.reverse(TASHKENT, "uz");
    expect(near.source).toBe("gazetteer");
    expect(near.body).toMatchObject({ address: { city: "Toshkent" } });
    await expect(g.reverse({ latitude: 51.5, longitude: -0.12 }, "uz")).rejects.toThrow(/gazetteer/);
    const found = await g.search("Navoiy", "uz");
    expect(found.source).toBe("gazetteer");
    await expect(g.search("Baker Street", "uz")).rejects.toThrow();
  });

  it("never answers from the gazetteer where it is off: a failed upstream or none is an error", async () => {
    fake.failWith = 503;
    const g = new Geocoder({ url: fake.url, gazetteer: "off", userAgent: "t", minIntervalMs: 0 });
    // Tashkent's centre, where the gazetteer would name an invented street and house.
    await expect(g.reverse(TASHKENT, "uz")).rejects.toBeInstanceOf(GeocoderUnavailableError);
    await expect(g.search("Navoiy", "uz")).rejects.toBeInstanceOf(GeocoderUnavailableError);
    expect(fake.requests).toHaveLength(2);
    fake.failWith = null;
    expect((await g.reverse(TASHKENT, "uz")).source).toBe("upstream");

    const none = new Geocoder({ url: undefined, gazetteer: "off", userAgent: "t" });
    expect(none.available).toBe(false);
    await expect(none.reverse(TASHKENT, "uz")).rejects.toBeInstanceOf(GeocoderNotConfiguredError);
    await expect(none.search("Navoiy", "uz")).rejects.toBeInstanceOf(GeocoderNotConfiguredError);
  });

  it("answers only from the gazetteer when it is the geocoder, even with an upstream configured", async () => {
    const g = new Geocoder({ url: fake.url, gazetteer: "primary", userAgent: "t", minIntervalMs: 0 });
    expect((await g.reverse(TASHKENT, "uz")).source).toBe("gazetteer");
    expect((await g.search("Navoiy", "uz")).source).toBe("gazetteer");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the geocoding proxy routes", () => {
  let fake: FakeNominatim;
  let upstream: TestApp;
  let offline: TestApp;
  let lavash: string;
  beforeAll(async () => {
    fake = await startFakeNominatim();
    // No gap between upstream requests: the 1 s policy is the Geocoder's own test above.
    upstream = await createTestApp({ env: { NOMINATIM_URL: fake.url, NOMINATIM_MIN_INTERVAL_MS: "0" } });
    offline = await createTestApp();
    lavash = await merchantId(offline, "lavash");
  });
  afterAll(async () => {
    await Promise.all([upstream.close(), offline.close(), fake.close()]);
  });

  const get = (t: TestApp, url: string, language = "uz") =>
    t.app.inject({
      method: "GET",
      url: `/api${url}`,
      headers: { merchant: lavash, "accept-language": language },
    });

  it("answers from the gazetteer when no Nominatim is configured", async () => {
    const res = await get(
      offline,
      `/notifications/v1/nominatim/reverse?format=json&lat=${TASHKENT.latitude}&lon=${TASHKENT.longitude}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-geocoder"]).toBe("gazetteer");
    expect(res.json<NominatimPlace>().address?.road).toBeTruthy();
    const search = await get(
      offline,
      `/notifications/v1/nominatim/search?format=json&q=${encodeURIComponent("Amir Temur")}`,
      "ru",
    );
    expect(search.statusCode).toBe(200);
    expect(search.json<NominatimPlace[]>()[0]).toMatchObject({ address: { road: "проспект Амира Темура" } });
    expect(search.json<NominatimPlace[]>()[0]?.display_name).toContain("Ташкент");
  });

  it("proxies the configured Nominatim, limited to the brand's cities", async () => {
    const res = await get(upstream, `/notifications/v1/nominatim/search?format=json&q=Upstream`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-geocoder"]).toBe("upstream");
    const req = fake.requests.at(-1);
    expect(req?.query.get("bounded")).toBe("1");
    expect(req?.query.get("countrycodes")).toBe("uz");
    const [west, south, east, north] = (req?.query.get("viewbox") ?? "").split(",").map(Number);
    // Tashkent and Samarkand both lie inside the box.
    expect(west).toBeLessThan(66.96);
    expect(east).toBeGreaterThan(69.24);
    expect(south).toBeLessThan(39.66);
    expect(north).toBeGreaterThan(41.31);
    expect(req?.userAgent).toMatch(/^Savat-storefront\//);
  });

  it("answers 503 NOMINATIM_FAILED when the upstream fails and the gazetteer knows nothing", async () => {
    fake.failWith = 500;
    const res = await get(upstream, "/notifications/v1/nominatim/reverse?format=json&lat=51.5&lon=-0.12");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: "NOMINATIM_FAILED" });
    const fallback = await get(
      upstream,
      `/notifications/v1/nominatim/reverse?format=json&lat=41.3&lon=69.25`,
    );
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers["x-geocoder"]).toBe("gazetteer");
    fake.failWith = null;
  });

  it("answers an Arabic page in Arabic where the place has an Arabic name, else in its local name", async () => {
    // Nukus ko'chasi, the ninth east-west street of the demo Tashkent grid.
    const nukus = { latitude: 41.311081, longitude: 69.2 };
    const arabic = await get(
      offline,
      `/notifications/v1/nominatim/reverse?lat=${nukus.latitude}&lon=${nukus.longitude}`,
      "ar",
    );
    expect(arabic.json<NominatimPlace>().address).toMatchObject({ road: "شارع نوكوس", city: "طشقند" });
    expect(arabic.json<NominatimPlace>().display_name).not.toMatch(/[()]/);
    const russian = await get(
      offline,
      `/notifications/v1/nominatim/reverse?lat=${nukus.latitude}&lon=${nukus.longitude}`,
      "ru",
    );
    expect(russian.json<NominatimPlace>().address).toMatchObject({ road: "улица Нукус" });
    // Samarkand's demo streets have no Arabic names: the local (Uzbek) one, as Nominatim falls back to `name`.
    const samarkand = await get(
      offline,
      "/notifications/v1/nominatim/reverse?lat=39.654167&lon=66.959722",
      "ar",
    );
    expect(samarkand.json<NominatimPlace>().address?.road).toMatch(/ko'chasi|xiyoboni/);
    // A street is found by its Arabic name too.
    const found = await get(
      offline,
      `/notifications/v1/nominatim/search?q=${encodeURIComponent("شارع نوكوس 12")}`,
      "ar",
    );
    expect(found.json<NominatimPlace[]>()[0]?.address).toMatchObject({
      road: "شارع نوكوس",
      house_number: "12",
    });
  });

  it("asks the upstream in the page's language first", async () => {
    for (const [page, asked] of [
      ["ar", "ar,uz"],
      ["ru", "ru,uz"],
      ["kz", "kk,ru"],
      ["uz", "uz,ru"],
      ["zh-CN,zh;q=0.9", "zh,uz"],
    ] as const) {
      await get(
        upstream,
        `/notifications/v1/nominatim/search?q=${encodeURIComponent(`Upstream ${page}`)}`,
        page,
      );
      expect(fake.requests.at(-1)?.query.get("accept-language")).toBe(asked);
    }
    // The stand-in answers like Nominatim: the Arabic name where it has one, else the local one.
    const reverse = (language: string) =>
      get(upstream, `/notifications/v1/nominatim/reverse?lat=41.32&lon=69.26`, language);
    expect((await reverse("ar")).json<NominatimPlace>().address?.road).toBe("شارع أبستريم");
    expect((await reverse("zh")).json<NominatimPlace>().address?.road).toBe("Upstream ko'chasi");
  });

  it("validates its query", async () => {
    expect((await get(offline, "/notifications/v1/nominatim/reverse?lat=x&lon=1")).statusCode).toBe(400);
    expect((await get(offline, "/notifications/v1/nominatim/search?q=")).statusCode).toBe(400);
  });
});

describe("the geocoding proxy in production (demo mode off)", () => {
  let fake: FakeNominatim;
  let none: TestApp;
  let upstream: TestApp;
  let demo: TestApp;
  let lavash: string;
  const PRODUCTION = { NODE_ENV: "production", DEMO: "0" };
  beforeAll(async () => {
    fake = await startFakeNominatim();
    // The demo brands are imported into the database, as an importer would; the server is not a demo.
    [none, upstream, demo] = await Promise.all([
      createTestApp({ env: PRODUCTION }),
      createTestApp({ env: { ...PRODUCTION, NOMINATIM_URL: fake.url, NOMINATIM_MIN_INTERVAL_MS: "0" } }),
      // A demo started with NODE_ENV=production keeps the gazetteer.
      createTestApp({ env: { NODE_ENV: "production", DEMO: "1" } }),
    ]);
    lavash = await merchantId(none, "lavash");
  });
  afterAll(async () => {
    await Promise.all([none.close(), upstream.close(), demo.close(), fake.close()]);
  });
  afterEach(() => {
    fake.failWith = null;
    fake.requests.length = 0;
  });

  const get = async (t: TestApp, url: string) =>
    t.app.inject({
      method: "GET",
      url: `/api${url}`,
      headers: { merchant: await merchantId(t, "lavash"), "accept-language": "uz" },
    });
  const reverseAt = (p: { latitude: number; longitude: number }) =>
    `/notifications/v1/nominatim/reverse?format=json&lat=${p.latitude}&lon=${p.longitude}`;
  const searchFor = (q: string) =>
    `/notifications/v1/nominatim/search?format=json&q=${encodeURIComponent(q)}`;
  /** Every street name the gazetteer has near Tashkent's centre and for "Navoiy". */
  const inventedStreets = [
    (gazetteerReverse(TASHKENT, "uz") as NominatimPlace).address?.road ?? "",
    ...gazetteerSearch("Navoiy", "uz").map((p) => p.address?.road ?? ""),
  ];
  const expectNoInventedStreet = (body: string) => {
    for (const road of inventedStreets) expect(body).not.toContain(road);
  };

  it("without NOMINATIM_URL, answers GEOCODER_UNAVAILABLE in every language, not gazetteer streets", async () => {
    expect(lavash).toBeTruthy();
    for (const url of [reverseAt(TASHKENT), searchFor("Navoiy")]) {
      const res = await get(none, url);
      expect(res.statusCode).toBe(503);
      expect(res.headers["x-geocoder"]).toBeUndefined();
      const body = res.json<{ status: number; code: string; description: Record<string, string> }>();
      expect(body).toMatchObject({ status: 503, code: "GEOCODER_UNAVAILABLE" });
      expect(body.description.eng).toMatch(/place the pin on your building and type the street and house/);
      expect(body.description.uz).toBeTruthy();
      expect(body.description.ru).toBeTruthy();
      expectNoInventedStreet(res.body);
    }
    // The client learns it with the map configuration and goes straight to the typed address.
    const config = await get(none, "/users/v1/map/config");
    expect(config.json()).toMatchObject({ addressSearch: false });
  });

  it("with NOMINATIM_URL, answers from that Nominatim (the local stand-in)", async () => {
    const reverse = await get(upstream, reverseAt(TASHKENT));
    expect(reverse.statusCode).toBe(200);
    expect(reverse.headers["x-geocoder"]).toBe("upstream");
    expect(reverse.json<NominatimPlace>().address).toMatchObject({
      road: "Upstream ko'chasi",
      house_number: "7",
    });
    const search = await get(upstream, searchFor("Navoiy"));
    expect(search.statusCode).toBe(200);
    expect(search.json<NominatimPlace[]>()[0]?.display_name).toBe("Navoiy, Toshkent, O'zbekiston");
    expect(fake.requests.map((r) => r.path)).toEqual(["/reverse", "/search"]);
    expect((await get(upstream, "/users/v1/map/config")).json()).toMatchObject({ addressSearch: true });
  });

  it("when that Nominatim fails, answers NOMINATIM_FAILED, never the gazetteer", async () => {
    fake.failWith = 500;
    // Points and words not asked before (the cache would answer those), where the gazetteer knows streets.
    const point = { latitude: 41.2856, longitude: 69.2039 };
    for (const url of [reverseAt(point), searchFor("Chilonzor")]) {
      const res = await get(upstream, url);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, code: "NOMINATIM_FAILED" });
      expect(res.body).not.toContain("Chilonzor ko'chasi");
      expectNoInventedStreet(res.body);
    }
  });

  it("a demo keeps answering from the gazetteer", async () => {
    const res = await get(demo, reverseAt(TASHKENT));
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-geocoder"]).toBe("gazetteer");
    expect((await get(demo, "/users/v1/map/config")).json()).toMatchObject({ addressSearch: true });
  });
});

describe("the map configuration", () => {
  let t: TestApp;
  let withStyle: TestApp;
  let lavash: string;
  beforeAll(async () => {
    t = await createTestApp();
    withStyle = await createTestApp({
      env: { MAP_STYLE_URL: "https://tiles.openfreemap.org/styles/liberty" },
    });
    lavash = await merchantId(t, "lavash");
  });
  afterAll(async () => {
    await Promise.all([t.close(), withStyle.close()]);
  });

  it("points the demo at the brand's offline style: regions, demo streets and branches, no network", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/users/v1/map/config",
      headers: { merchant: lavash },
    });
    expect(res.json()).toMatchObject({ offline: true });
    const url = new URL(res.json<{ styleUrl: string }>().styleUrl);
    const style = await t.app.inject({ method: "GET", url: url.pathname });
    expect(style.statusCode).toBe(200);
    const body = style.json<{
      sources: Record<string, { data: { features: unknown[] } }>;
      glyphs?: string;
      sprite?: string;
    }>();
    expect(body.sources.regions?.data.features).toHaveLength(6);
    expect(body.sources.branches?.data.features).toHaveLength(4);
    expect(body.sources.streets?.data.features.length).toBeGreaterThan(30);
    expect(JSON.stringify(body)).not.toMatch(/https?:/);
  });

  it("uses MAP_STYLE_URL when set", async () => {
    const id = await merchantId(withStyle, "lavash");
    const res = await withStyle.app.inject({
      method: "GET",
      url: "/api/users/v1/map/config",
      headers: { merchant: id },
    });
    expect(res.json()).toEqual({
      styleUrl: "https://tiles.openfreemap.org/styles/liberty",
      offline: false,
      addressSearch: true,
    });
  });
});
