import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { AppRoot } from "@telegram-apps/telegram-ui";
import { Provider } from "jotai";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Product } from "../../../domain/contract/menu.ts";
import { appStore } from "../../../lib/app-store.ts";
import { activateLocale, i18n } from "../../../lib/i18n.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { setCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { TenantContext } from "../../../shared/brand/tenant.ts";
import { useBasket } from "../../../shared/basket/basket.ts";
import { json, LAVASH_ID, merchant, serveApi, settings } from "../../../test/fixtures.ts";
import { ProductDetails } from "./product-details.tsx";

const SIZE = "0190c0de-0000-7000-8000-0000000000b1";
const MINI = "0190c0de-0000-7000-8000-0000000000b2";
const STANDARD = "0190c0de-0000-7000-8000-0000000000b3";
const EXTRAS = "0190c0de-0000-7000-8000-0000000000b4";
const CHEESE = "0190c0de-0000-7000-8000-0000000000b5";

const lavash: Product = {
  id: "0190c0de-0000-7000-8000-0000000000b0",
  categoryId: "0190c0de-0000-7000-8000-0000000000bf",
  name: { eng: "Classic lavash" },
  description: null,
  image: null,
  gallery: [],
  labels: [],
  tags: [],
  calorie: null,
  timeCookingMin: null,
  timeCookingMax: null,
  costPrice: 29000,
  discount: 0,
  additionalPrice: 0,
  unit: "COUNT",
  type: "MODIFICATION",
  isAvailable: true,
  stock: null,
  count: 1,
  amount: 1,
  priority: 0,
  deliveryEnabled: true,
  isCartRecommendation: false,
  modificationGroups: [
    {
      id: SIZE,
      name: { eng: "Size" },
      minSelect: 1,
      maxSelect: 1,
      priority: 0,
      modifications: [
        { id: MINI, name: { eng: "Mini" }, image: null, price: 0, priority: 0 },
        { id: STANDARD, name: { eng: "Standard" }, image: null, price: 5000, priority: 1 },
      ],
    },
    {
      id: EXTRAS,
      name: { eng: "Extras" },
      minSelect: 0,
      maxSelect: 2,
      priority: 1,
      modifications: [{ id: CHEESE, name: { eng: "Cheese" }, image: null, price: 4000, priority: 0 }],
    },
  ],
};

function renderProduct(product: Product) {
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  serveApi({ "/api/products/v1/grade": () => json(200, []) });
  const tenant = { sub: "lavash", merchant: merchant(), settings: settings() };
  return render(
    <Provider store={appStore()}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>
          <TenantContext.Provider value={tenant}>
            <AppRoot>
              <ProductDetails product={product} withoutCart={false} />
              <BasketLines />
            </AppRoot>
          </TenantContext.Provider>
        </QueryClientProvider>
      </I18nProvider>
    </Provider>,
  );
}

/** The basket as the app sees it: each line's product and chosen option ids. */
function BasketLines() {
  const { items } = useBasket();
  return (
    <output data-testid="basket">
      {JSON.stringify(
        items.map((i) => ({ productId: i.productId, modifications: i.modifications.map((m) => m.id) })),
      )}
    </output>
  );
}

function basketLines(): { productId: string; modifications: string[] }[] {
  return JSON.parse(screen.getByTestId("basket").textContent || "[]") as never;
}

describe("ProductDetails choices", () => {
  it("opens with the first size chosen, so the first Add puts the product in the basket", () => {
    renderProduct(lavash);
    const size = screen.getByRole("group", { name: /Size/ });
    expect(within(size).getByRole<HTMLInputElement>("radio", { name: /Mini/ }).checked).toBe(true);
    expect(within(size).getByRole<HTMLInputElement>("radio", { name: /Standard/ }).checked).toBe(false);
    const extras = screen.getByRole("group", { name: /Extras/ });
    expect(within(extras).getByRole<HTMLInputElement>("checkbox", { name: /Cheese/ }).checked).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: /Add to basket/ }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(basketLines()).toEqual([{ productId: lavash.id, modifications: [MINI] }]);
  });

  it("asks for a required choice of several by its count", () => {
    const pickTwo: Product = {
      ...lavash,
      modificationGroups: lavash.modificationGroups.map((g) =>
        g.id === EXTRAS ? { ...g, minSelect: 1, name: { eng: "Sauces" } } : g,
      ),
    };
    renderProduct(pickTwo);
    fireEvent.click(screen.getByRole("button", { name: /Add to basket/ }));
    expect(screen.getByRole("alert").textContent).toBe("Sauces: choose at least 1");
    expect(basketLines()).toEqual([]);
  });
});

describe("ProductDetails cooking time", () => {
  async function cookingIn(
    locale: "ar" | "ru" | "en",
    min: number | null,
    max: number | null,
  ): Promise<string> {
    await activateLocale(locale);
    const view = renderProduct({ ...lavash, timeCookingMin: min, timeCookingMax: max });
    // The facts list's own name is translated too: found by its place rather than its name.
    const text = view.container.querySelector(".product-details__facts")?.textContent ?? "";
    view.unmount();
    await activateLocale("en");
    return text;
  }

  it("counts minutes by each language's plural rules, a range by its upper end", async () => {
    expect(await cookingIn("en", 1, 1)).toBe("Cooking 1 minute");
    expect(await cookingIn("en", 10, 15)).toBe("Cooking 10–15 minutes");
    expect(await cookingIn("ru", 2, 5)).toBe("Готовится 2–5 минут");
    expect(await cookingIn("ru", 20, 22)).toBe("Готовится 20–22 минуты");
    expect(await cookingIn("ru", null, 21)).toBe("Готовится 21 минуту");
    // Arabic's dual, its 3–10 plural and its 11–99 singular.
    expect(await cookingIn("ar", 2, 2)).toBe("التحضير دقيقتان");
    expect(await cookingIn("ar", 5, 10)).toContain("دقائق");
    expect(await cookingIn("ar", 15, 20)).toMatch(/دقيقة$/);
  });
});

describe("ProductDetails stock", () => {
  const lastPiece: Product = { ...lavash, stock: 1, modificationGroups: [] };

  function tapMore(times: number) {
    for (let i = 0; i < times; i++) fireEvent.click(screen.getByRole("button", { name: "More" }));
  }

  it("stops at the pieces left", () => {
    localStorage.removeItem("savat:lavash:order-change");
    renderProduct(lastPiece);
    tapMore(2);
    expect(screen.getByRole("alert").textContent).toBe("Insufficient number of products. Maximum: 1");
  });

  it("while an order is changed, counts the pieces that order holds as the customer's", () => {
    // The order being changed took two; one more is left: three are the customer's to have.
    const change = {
      orderId: "0190c0de-0000-7000-8000-0000000000c1",
      number: 7,
      promoCode: null,
      previous: [],
      paymentType: "CASH",
      comment: "",
      courierComment: "",
      cashback: 0,
      atTime: null,
      held: { [lastPiece.id]: 2 },
    };
    localStorage.setItem("savat:lavash:order-change", JSON.stringify(change));
    renderProduct(lastPiece);
    tapMore(2);
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Add to basket/ }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(basketLines()).toEqual([{ productId: lastPiece.id, modifications: [] }]);
    tapMore(1);
    expect(screen.getByRole("alert").textContent).toBe("Insufficient number of products. Maximum: 0");
    localStorage.removeItem("savat:lavash:order-change");
  });
});
