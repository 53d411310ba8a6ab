import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";

describe("configuration from the environment", () => {
  it("uses the documented defaults on an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe("127.0.0.1");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.demo).toBe(true);
    expect(config.smsGateway).toBe("console");
    expect(config.logLevel).toBe("info");
  });

  it("turns demo mode off by default when a PostgreSQL URL is given", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db.example:5432/savat" });
    expect(config.demo).toBe(false);
    expect(config.smsGateway).toBe("merchant");
    expect(loadConfig({ DATABASE_URL: "postgresql://u@h/db", DEMO: "1" }).demo).toBe(true);
  });

  it("names every bad variable with its value and what is expected", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        LOG_LEVEL: "loud",
        DEMO: "maybe",
        NOMINATIM_URL: "ftp://x",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="eighty": must be a number');
    expect(message).toContain('DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL');
    expect(message).toContain('LOG_LEVEL="loud"');
    expect(message).toContain('DEMO="maybe"');
    expect(message).toContain('NOMINATIM_URL="ftp://x": must be an http(s) URL');
  });

  it("refuses a port out of range and a malformed bot token", () => {
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT="70000": must be between 0 and 65535/);
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: "secret" })).toThrow(/TELEGRAM_BOT_TOKEN="secret"/);
  });

  it("keeps the console SMS gateway out of production without demo mode", () => {
    expect(() =>
      loadConfig({ DATABASE_URL: "postgres://u@h/db", SMS_GATEWAY: "console", NODE_ENV: "production" }),
    ).toThrow(/console gateway exists only/);
  });

  it("chooses the geocoder, and refuses the invented gazetteer streets in production", () => {
    // Demo mode and tests answer from the gazetteer unless a Nominatim is configured.
    expect(loadConfig({})).toMatchObject({ geocoder: "gazetteer", gazetteerAllowed: true });
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db", NODE_ENV: "test" })).toMatchObject({
      geocoder: "gazetteer",
      gazetteerAllowed: true,
    });
    expect(loadConfig({ NOMINATIM_URL: "http://127.0.0.1:8088" }).geocoder).toBe("nominatim");
    // Production: Nominatim, with or without its URL, and never the gazetteer, not even as a fallback.
    const production = { DATABASE_URL: "postgres://u@h/db", NODE_ENV: "production" };
    expect(loadConfig(production)).toMatchObject({ geocoder: "nominatim", gazetteerAllowed: false });
    expect(() => loadConfig({ ...production, GEOCODER: "gazetteer" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, GEOCODER: "gazetteer" })).toThrow(
      /GEOCODER="gazetteer": the gazetteer invents the streets of the demo cities/,
    );
    // The embedded database with demo mode off is production too.
    expect(() => loadConfig({ DEMO: "0", GEOCODER: "gazetteer" })).toThrow(/GEOCODER="gazetteer"/);
    // Development may choose it; a demo in production mode keeps it.
    expect(loadConfig({ ...production, NODE_ENV: "development", GEOCODER: "gazetteer" }).geocoder).toBe(
      "gazetteer",
    );
    expect(loadConfig({ NODE_ENV: "production", GEOCODER: "gazetteer" }).geocoder).toBe("gazetteer");
    expect(() => loadConfig({ GEOCODER: "google" })).toThrow(
      /GEOCODER="google": must be nominatim or gazetteer/,
    );
  });

  it("points Payme's checkout at paycom.uz, at the built-in fake in demo mode, or where told", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }).paymeCheckoutUrl).toBe(
      "https://checkout.paycom.uz",
    );
    expect(loadConfig({}).paymeCheckoutUrl).toBe("/api/dev/payme/checkout");
    expect(loadConfig({ PAYME_CHECKOUT_URL: "https://test.paycom.uz/" }).paymeCheckoutUrl).toBe(
      "https://test.paycom.uz",
    );
    expect(() => loadConfig({ PAYME_CHECKOUT_URL: "checkout.paycom.uz" })).toThrow(/PAYME_CHECKOUT_URL=/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).port).toBe(8080);
  });
});
