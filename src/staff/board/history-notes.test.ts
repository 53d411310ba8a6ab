// History notes the server writes as English codes read in the staff member's language; a person's
// own words (a cancel reason) stay as they were written.
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, i18n } from "../../lib/i18n.ts";
import { historyNote } from "./history-notes.ts";

describe("an order's history notes", () => {
  afterEach(async () => {
    await activateLocale("en");
  });

  it("are translated from their codes, with the provider's name kept", async () => {
    await activateLocale("ru");
    expect(historyNote("placed", i18n)).not.toBe("placed");
    expect(historyNote("demo simulator", i18n)).toBe("Переведён демо-симулятором");
    expect(historyNote("cash collected", i18n)).toBe("Наличные получены");
    expect(historyNote("paid with Payme", i18n)).toBe("Оплачен через Payme");
    expect(historyNote("refunded through Click", i18n)).toBe("Возврат через Click");
    await activateLocale("uz");
    expect(historyNote("demo simulator", i18n)).toBe("Demo simulyator o'tkazdi");
  });

  it("leave a staff member's own words as written", async () => {
    await activateLocale("ru");
    expect(historyNote("Нет теста, простите", i18n)).toBe("Нет теста, простите");
    expect(historyNote("paid with a smile!", i18n)).toBe("paid with a smile!");
  });
});
