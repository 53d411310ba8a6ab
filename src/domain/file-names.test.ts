import { describe, expect, it } from "vitest";
import { fileNamePart, tableQrFileBase } from "./file-names.ts";

describe("a QR sheet's file name", () => {
  it("is named by the brand and the branch, not by an id", () => {
    expect(tableQrFileBase("plov", "Beshyog'och", "0190b0b0-0000-7000-8000-000000000001")).toBe(
      "table-qr-plov-beshyogoch",
    );
    expect(tableQrFileBase("lavash", "Chilonzor 2", "x")).toBe("table-qr-lavash-chilonzor-2");
  });

  it("drops accents and the Uzbek apostrophes, and falls back to the id for a name with no Latin letters", () => {
    expect(fileNamePart("Oʻzbekiston Ünü")).toBe("ozbekiston-unu");
    expect(tableQrFileBase("plov", "Юнусабад", "0190b0b0-0000-7000-8000-000000000002")).toBe(
      "table-qr-plov-0190b0b0-0000-7000-8000-000000000002",
    );
  });
});
