// A local stand-in for Nominatim speaking its HTTP protocol (GET /reverse and /search, jsonv2), for
// the proxy's tests: it records every request (path, query, User-Agent, time) and can be told to
// fail, so the tests check the rate limit, the cache, the User-Agent and the fallback. It honours
// accept-language as Nominatim does: a localized name where it has one, else the local name.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  at: number;
}

export interface FakeNominatim {
  url: string;
  requests: FakeRequest[];
  /** Answer every request with this HTTP status (null = answer normally). */
  failWith: number | null;
  close(): Promise<void>;
}

/** The stand-in's one street in the languages it has names in; `name` (Uzbek) answers the others. */
const STREET: Record<string, string> = {
  uz: "Upstream ko'chasi",
  ru: "улица Апстрим",
  ar: "شارع أبستريم",
};
const CITY: Record<string, string> = { uz: "Toshkent", ru: "Ташкент", ar: "طشقند" };

/** As Nominatim reads accept-language: the first listed language the place has a name in, else its `name`. */
function localised(names: Record<string, string>, acceptLanguage: string | null): string {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const code = part.split(";")[0]?.trim().toLowerCase().split("-")[0] ?? "";
    const name = names[code];
    if (name) return name;
  }
  return names.uz ?? "";
}

function reverseBody(lat: string, lon: string, acceptLanguage: string | null = null) {
  const road = localised(STREET, acceptLanguage);
  const city = localised(CITY, acceptLanguage);
  return {
    place_id: 4242,
    licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
    osm_type: "way",
    osm_id: 777,
    lat,
    lon,
    category: "building",
    type: "yes",
    place_rank: 30,
    addresstype: "building",
    name: "",
    display_name: `7, ${road}, Yakkasaroy, ${city}, 100000, O'zbekiston`,
    address: {
      house_number: "7",
      road,
      residential: "Yakkasaroy",
      neighbourhood: "Yakkasaroy",
      city,
      country: "O'zbekiston",
      country_code: "uz",
    },
  };
}

export async function startFakeNominatim(): Promise<FakeNominatim> {
  const fake: Omit<FakeNominatim, "url" | "close"> = { requests: [], failWith: null };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    fake.requests.push({
      path: url.pathname,
      query: url.searchParams,
      userAgent: req.headers["user-agent"],
      at: Date.now(),
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (fake.failWith !== null) {
      send(fake.failWith, { error: { code: fake.failWith, message: "fake failure" } });
      return;
    }
    if (url.pathname === "/reverse") {
      const lat = url.searchParams.get("lat") ?? "0";
      const lon = url.searchParams.get("lon") ?? "0";
      if (Math.abs(Number(lat)) < 1) {
        send(200, { error: "Unable to geocode" });
        return;
      }
      send(200, reverseBody(lat, lon, url.searchParams.get("accept-language")));
      return;
    }
    if (url.pathname === "/search") {
      const q = url.searchParams.get("q") ?? "";
      send(200, [
        {
          ...reverseBody("41.3", "69.25", url.searchParams.get("accept-language")),
          name: q,
          display_name: `${q}, Toshkent, O'zbekiston`,
        },
      ]);
      return;
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  });
}
