import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { Provider } from "jotai";
import { describe, expect, it } from "vitest";
import { appStore } from "../../lib/app-store.ts";
import { activateLocale, i18n } from "../../lib/i18n.ts";
import { setCurrentBrand } from "../../shared/brand/current-brand.ts";
import { basketStorageKey } from "../../shared/basket/basket.ts";
import { TenantContext } from "../../shared/brand/tenant.ts";
import { LAVASH_ID, merchant, settings } from "../../test/fixtures.ts";
import { FloatingBasket } from "./basket-bar.tsx";

function basketOf(count: number) {
  localStorage.setItem(
    basketStorageKey("sushi"),
    JSON.stringify([
      {
        key: "0190c0de-0000-7000-8000-0000000000f1",
        productId: "0190c0de-0000-7000-8000-0000000000f1",
        name: { eng: "Philadelphia" },
        image: "",
        costPrice: 50000,
        discount: 0,
        unit: "COUNT",
        count,
        modifications: [],
      },
    ]),
  );
}

async function basketLabel(locale: "ar" | "ru" | "en", count: number): Promise<string> {
  basketOf(count);
  setCurrentBrand({ sub: "sushi", merchantId: LAVASH_ID });
  await activateLocale(locale);
  const tenant = { sub: "sushi", merchant: merchant(), settings: settings() };
  const view = render(
    <Provider store={appStore()}>
      <I18nProvider i18n={i18n}>
        <TenantContext.Provider value={tenant}>
          <FloatingBasket />
        </TenantContext.Provider>
      </I18nProvider>
    </Provider>,
  );
  const label = screen.getByRole("link").getAttribute("aria-label") ?? "";
  view.unmount();
  return label;
}

describe("the floating basket's count", () => {
  it("says two items in Arabic with the dual, and one with the singular", async () => {
    expect(await basketLabel("ar", 2)).toContain("منتجان");
    expect(await basketLabel("ar", 1)).toContain("منتج واحد");
    expect(await basketLabel("ar", 5)).toContain("5 منتجات");
  });

  it("follows Russian and English plural rules", async () => {
    expect(await basketLabel("ru", 2)).toContain("2 товара");
    expect(await basketLabel("ru", 5)).toContain("5 товаров");
    expect(await basketLabel("en", 1)).toContain("1 item,");
    expect(await basketLabel("en", 2)).toContain("2 items,");
  });
});
