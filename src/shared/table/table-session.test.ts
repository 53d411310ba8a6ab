import { describe, expect, it } from "vitest";
import { isTableCurrent, TABLE_SESSION_HOURS, tableCodeFromLaunch } from "./table-session.ts";

describe("a table's launch", () => {
  it("reads the web's ?table= and Telegram's table_ start parameter", () => {
    expect(tableCodeFromLaunch("?table=plov-Kq7mT2", undefined)).toBe("plov-Kq7mT2");
    expect(tableCodeFromLaunch("", "table_plov-Kq7mT2")).toBe("plov-Kq7mT2");
    // The address bar wins over a stale start parameter.
    expect(tableCodeFromLaunch("?table=plov-A", "table_plov-B")).toBe("plov-A");
  });

  it("ignores other start parameters and codes that cannot be a table's", () => {
    expect(tableCodeFromLaunch("", "promo_SUMMER")).toBeNull();
    expect(tableCodeFromLaunch("?table=", undefined)).toBeNull();
    expect(tableCodeFromLaunch("?table=a%20b", undefined)).toBeNull();
    expect(tableCodeFromLaunch("?sheet=basket", undefined)).toBeNull();
  });

  it("forgets a table after the customer has surely left", () => {
    const table = {
      code: "c",
      branch: { id: "b", name: {}, address: null },
      hall: { id: "h", name: {} },
      table: { id: "t", name: "1", seats: 4 },
      startedAt: new Date(0).toISOString(),
    };
    expect(isTableCurrent(table, 1000)).toBe(true);
    expect(isTableCurrent(table, TABLE_SESSION_HOURS * 3_600_000 + 1)).toBe(false);
    expect(isTableCurrent(null)).toBe(false);
  });
});
