import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BootResult } from "../../../app/boot.ts";
import { App } from "../../../app/app.tsx";
import type { WebSettings } from "../../../domain/contract/merchant.ts";
import type { SessionUser } from "../../../domain/contract/webbot.ts";
import { brandBasketAtom, type BasketItem } from "../../../shared/basket/basket.ts";
import { setCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { EMPTY_DRAFT, type DraftBranch } from "../../../shared/order-draft/order-draft.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { brandSessionAtom } from "../../../shared/session/session-atom.ts";
import { json, LAVASH_ID, merchant, serveApi, sessionUser, settings } from "../../../test/fixtures.ts";
import { appStore } from "../../../lib/app-store.ts";
import { setPlatform } from "../../../platform/index.ts";
import { createWebHost } from "../../../platform/web.ts";

const BRANCH: DraftBranch = {
  id: "0190c0de-0000-7000-8000-0000000000b1",
  name: { eng: "Chilonzor" },
  address: { eng: "Bunyodkor 1" },
  cityId: null,
  latitude: 41.28,
  longitude: 69.2,
  phone: null,
};

const ITEM: BasketItem = {
  key: "0190c0de-0000-7000-8000-000000000001",
  productId: "0190c0de-0000-7000-8000-000000000001",
  name: { eng: "Classic lavash" },
  image: "",
  costPrice: 29000,
  discount: 0,
  unit: "COUNT",
  count: 2,
  modifications: [],
};

/** The page is a lazy route: its first load in a test run takes a while. */
const LAZY = { timeout: 10_000 };

const ORDER_ID = "0190c0de-0000-7000-8000-0000000000f1";

const QUOTE = {
  totals: {
    productCount: 2,
    productPrice: 58000,
    productDiscount: 0,
    promoProductDiscount: 0,
    totalProductDiscount: 0,
    totalProductPrice: 58000,
    deliveryPrice: 0,
    deliveryDiscount: 0,
    servicePrice: 0,
    promo: 0,
    cashback: 0,
    totalDiscount: 0,
    totalPrice: 58000,
  },
  branchId: BRANCH.id,
  deliveryTariffId: null,
  promoId: null,
  cashbackBalance: 0,
  cashbackEarned: 0,
  arrival: { from: "2026-11-28T14:20:00.000Z", to: "2026-11-28T14:35:00.000Z" },
};

/** A signed-in customer (a guest with `user` null) with two lavash in the basket and a pickup branch chosen, on /checkout. */
function renderCheckout(overrides: Partial<WebSettings>, user: Partial<SessionUser> | null = {}) {
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  const store = appStore();
  store.set(brandSessionAtom("lavash"), {
    token: user ? "token-1" : null,
    merchant: null,
    user: user ? sessionUser({ id: "0190c0de-0000-7000-8000-0000000000c1", ...user }) : null,
    brand: "lavash",
    orderRequest: {
      ...EMPTY_DRAFT,
      serviceType: "PICK_UP",
      branch: BRANCH,
      branchId: BRANCH.id,
      deliveryTariffId: null,
    },
    nearestBranch: null,
  });
  store.set(brandBasketAtom("lavash"), [ITEM]);
  const boot: BootResult = {
    status: "ready",
    tenant: { sub: "lavash", merchant: merchant(), settings: settings(overrides) },
    locale: "en",
  };
  window.history.replaceState(null, "", "/checkout");
  return render(<App boot={boot} queryClient={createQueryClient()} />);
}

/** The POSTs to the place-order call: body and Idempotency-Key of each. */
function placeCalls() {
  return vi
    .mocked(fetch)
    .mock.calls.filter(
      ([input]) =>
        new URL(input instanceof Request ? input.url : input, "http://localhost").pathname ===
        "/api/orders/v1/orders",
    )
    .map(([, init]) => ({
      body: JSON.parse(typeof init?.body === "string" ? init.body : "null") as Record<string, unknown>,
      key: new Headers(init?.headers).get("idempotency-key"),
    }));
}

function mainButton() {
  return screen.findByRole("button", { name: /^Place the order/ });
}

describe("the checkout page", () => {
  it("lists the service and payment types the brand's settings switch on", async () => {
    serveApi({});
    renderCheckout({
      deliveryActive: true,
      pickupActive: false,
      dineInActive: true,
      cashActive: false,
      terminalActive: true,
    });
    expect(await screen.findByRole("radio", { name: "Delivery" }, LAZY)).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Dine-in" })).toBeTruthy();
    expect(screen.queryByRole("radio", { name: "Pickup" })).toBeNull();
    expect(screen.getByRole("radio", { name: "Card via terminal" })).toBeTruthy();
    expect(screen.queryByRole("radio", { name: "Cash" })).toBeNull();
    // The draft's pickup is switched off, so the first offered service applies.
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Delivery" }).checked).toBe(true);
    expect(screen.getByTestId("checkout-place").textContent).toBe("No address chosen");
  });

  it("lists only the service types switched on for the channel: no delivery inside the Click app", async () => {
    serveApi({});
    setPlatform(createWebHost("click"));
    try {
      renderCheckout({
        deliveryActive: true,
        pickupActive: true,
        dineInActive: true,
        cashActive: true,
        channelServiceTypes: {
          WEB: ["DELIVERY", "PICK_UP", "DINE_IN"],
          BOT: ["DELIVERY", "PICK_UP", "DINE_IN"],
          APP: ["PICK_UP", "DINE_IN"],
          QR: [],
          OPERATOR: [],
        },
      });
      expect(await screen.findByRole("radio", { name: "Pickup" }, LAZY)).toBeTruthy();
      expect(screen.getByRole("radio", { name: "Dine-in" })).toBeTruthy();
      expect(screen.queryByRole("radio", { name: "Delivery" })).toBeNull();
    } finally {
      setPlatform(null);
    }
  });

  it("takes a guest straight to the login form, which returns to the checkout", async () => {
    serveApi({});
    renderCheckout({ cashActive: true }, null);
    expect(await screen.findByRole("button", { name: "Get the code" }, LAZY)).toBeTruthy();
    expect(window.location.pathname).toBe("/login");
    expect(new URLSearchParams(window.location.search).get("redirect")).toBe("/checkout");
    expect(screen.queryByRole("link", { name: "Log in" })).toBeNull();
  });

  it("asks a customer signed in without a phone to add one before ordering", async () => {
    serveApi({});
    renderCheckout({ cashActive: true }, { phone: null });
    const link = await screen.findByRole("link", { name: "Add a phone number" }, LAZY);
    expect(link.getAttribute("href")).toBe("/login?redirect=%2Fcheckout");
    expect(screen.queryByRole("button", { name: /^Place the order/ })).toBeNull();
  });

  it("lists Click, with its mark, when the brand switched clickActive on", async () => {
    serveApi({});
    renderCheckout({ pickupActive: true, cashActive: true, clickActive: true });
    const click = await screen.findByRole("radio", { name: "Click" }, LAZY);
    expect(click.closest("label")?.querySelector("svg[aria-hidden='true']")).not.toBeNull();
    // On the website cash, listed first, stays the starting choice.
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Cash" }).checked).toBe(true);
    expect(screen.queryByRole("radio", { name: "Pay on Payme's page" })).toBeNull();
  });

  it("lists Uzum Bank, with its mark, when the brand switched uzumActive on for the web", async () => {
    serveApi({});
    renderCheckout({ pickupActive: true, cashActive: true, uzumActive: true });
    const uzum = await screen.findByRole("radio", { name: "Uzum Bank" }, LAZY);
    expect(uzum.closest("label")?.querySelector("svg[aria-hidden='true']")).not.toBeNull();
    expect(screen.getByRole("radio", { name: "Cash" })).toBeTruthy();
  });

  it("lists only the types whose method is on for this channel: no Payme or Uzum inside the Click app", async () => {
    serveApi({});
    setPlatform(createWebHost("click"));
    try {
      renderCheckout({
        pickupActive: true,
        cashActive: true,
        paymeActive: true,
        clickActive: true,
        uzumActive: true,
        channelPaymentTypes: {
          WEB: ["CASH", "PAYME", "CLICK", "UZUM"],
          BOT: ["CASH", "PAYME", "CLICK", "UZUM"],
          APP: ["CASH", "CLICK"],
          QR: [],
          OPERATOR: [],
        },
      });
      // Click's own app starts on Click, though cash is listed first.
      const click = await screen.findByRole<HTMLInputElement>("radio", { name: "Click" }, LAZY);
      expect(click.checked).toBe(true);
      expect(screen.getByRole<HTMLInputElement>("radio", { name: "Cash" }).checked).toBe(false);
      expect(screen.queryByRole("radio", { name: "Pay on Payme's page" })).toBeNull();
      expect(screen.queryByRole("radio", { name: "Uzum Bank" })).toBeNull();
    } finally {
      setPlatform(null);
    }
  });

  it("lists the brand's other way (OTHER) by its method's title, and a method's own icon in place of the mark", async () => {
    serveApi({});
    renderCheckout({
      pickupActive: true,
      cashActive: true,
      channelPaymentTypes: { WEB: ["CASH", "OTHER"], BOT: [], APP: [], QR: [], OPERATOR: [] },
      paymentMethodLooks: [
        { type: "CASH", title: null, icon: "/uploads/cash-coins.png" },
        { type: "OTHER", title: { eng: "Card transfer on pickup", ru: "Перевод на карту" }, icon: null },
      ],
    });
    const other = await screen.findByRole("radio", { name: "Card transfer on pickup" }, LAZY);
    expect(other.closest(".choice-row")?.querySelector("svg.payment-mark")).not.toBeNull();
    const cash = screen.getByRole("radio", { name: "Cash" });
    expect(cash.closest(".choice-row")?.querySelector("img.payment-mark")?.getAttribute("src")).toBe(
      "/uploads/cash-coins.png",
    );
  });

  it("names the other way in the storefront's words when its method has no title", async () => {
    serveApi({});
    renderCheckout({
      pickupActive: true,
      cashActive: false,
      channelPaymentTypes: { WEB: ["OTHER"], BOT: [], APP: [], QR: [], OPERATOR: [] },
    });
    const other = await screen.findByRole<HTMLInputElement>(
      "radio",
      { name: "Another way, on receipt" },
      LAZY,
    );
    expect(other.checked).toBe(true);
  });

  it("hides a type switched on in the web settings whose method is off for the web", async () => {
    serveApi({});
    renderCheckout({
      pickupActive: true,
      cashActive: true,
      terminalActive: true,
      uzumActive: true,
      channelPaymentTypes: {
        WEB: ["CASH"],
        BOT: ["CASH", "TERMINAL", "UZUM"],
        APP: [],
        QR: [],
        OPERATOR: [],
      },
    });
    expect(await screen.findByRole("radio", { name: "Cash" }, LAZY)).toBeTruthy();
    expect(screen.queryByRole("radio", { name: "Card via terminal" })).toBeNull();
    expect(screen.queryByRole("radio", { name: "Uzum Bank" })).toBeNull();
  });

  it("pays a Card order with the chosen saved card at once", async () => {
    const CARD_ID = "0190c0de-0000-7000-8000-0000000000d1";
    serveApi({
      "/api/orders/v1/orders/quote": () => json(200, QUOTE),
      "/api/orders/v1/orders": () =>
        json(200, { id: ORDER_ID, paymentType: "CARD", isPaid: false, status: "OPEN" }),
      "/api/payments/v1/cards": () =>
        json(200, [
          {
            id: CARD_ID,
            number: "8600 **** **** 6311",
            expireMonth: 3,
            expireYear: 2099,
            type: "UZCARD",
            isVerified: true,
          },
        ]),
      [`/api/payments/v1/cards/${CARD_ID}/pay`]: () =>
        json(200, { orderId: ORDER_ID, isPaid: true, status: "CREATED" }),
    });
    renderCheckout({ cashActive: true, cardActive: true });
    // The one saved card is the payment row itself, named by its mask (not a second "Card" beside Payme).
    const saved = await screen.findByRole("radio", { name: /8600 \*{4} \*{4} 6311/ }, LAZY);
    expect(screen.queryByRole("radio", { name: "Card" })).toBeNull();
    fireEvent.click(saved);
    expect((saved as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("link", { name: "Add a card" }).getAttribute("href")).toBe(
      "/profile/cards/create?redirect=%2Fcheckout",
    );
    await waitFor(() => {
      expect(screen.getByTestId("checkout-total").textContent).not.toBe("—");
    });
    fireEvent.click(await mainButton());
    await waitFor(() => {
      const pays = vi
        .mocked(fetch)
        .mock.calls.filter(([input]) =>
          new URL(input instanceof Request ? input.url : input, "http://localhost").pathname.endsWith("/pay"),
        );
      expect(pays).toHaveLength(1);
      const body = pays[0]?.[1]?.body;
      expect(JSON.parse(typeof body === "string" ? body : "null")).toEqual({ orderId: ORDER_ID });
    });
    expect(placeCalls()[0]?.body.paymentType).toBe("CARD");
  });

  it("shows a discount line only when the server's totals have a discount", async () => {
    serveApi({ "/api/orders/v1/orders/quote": () => json(200, QUOTE) });
    const first = renderCheckout({ cashActive: true });
    await waitFor(() => {
      expect(screen.getByTestId("checkout-total").textContent).not.toBe("—");
    }, LAZY);
    expect(screen.queryByText("Discounts")).toBeNull();
    // The pickup's promised window, on the brand's clock (Tashkent, UTC+5).
    expect(screen.getByTestId("checkout-arrival").textContent).toMatch(/^Ready (28\.11 )?19:20–19:35$/);
    first.unmount();
    const discounted = { ...QUOTE, totals: { ...QUOTE.totals, productDiscount: 5000, totalPrice: 53000 } };
    serveApi({ "/api/orders/v1/orders/quote": () => json(200, discounted) });
    renderCheckout({ cashActive: true });
    await waitFor(() => {
      expect(screen.getByTestId("checkout-total").textContent).toContain("53");
    }, LAZY);
    expect(screen.getByText("Discounts").nextElementSibling?.textContent).toMatch(/^−5\s000/);
  });

  it("places the order built from the form and opens it", async () => {
    serveApi({
      "/api/orders/v1/orders/quote": () => json(200, QUOTE),
      "/api/orders/v1/orders": () => json(200, { id: ORDER_ID }),
    });
    renderCheckout({ cashActive: true, terminalActive: true });
    expect((await screen.findByTestId("checkout-place", {}, LAZY)).textContent).toBe(
      "Chilonzor, Bunyodkor 1",
    );
    fireEvent.click(screen.getByRole("radio", { name: "Card via terminal" }));
    fireEvent.change(screen.getByLabelText("Comment"), { target: { value: "  No onions " } });
    await waitFor(() => {
      expect(screen.getByTestId("checkout-total").textContent).not.toBe("—");
    });
    fireEvent.click(await mainButton());
    await waitFor(() => {
      expect(window.location.pathname).toBe(`/profile/orders/${ORDER_ID}`);
    });
    const [call, ...more] = placeCalls();
    expect(more).toHaveLength(0);
    expect(call?.body).toEqual({
      cartItems: [{ productId: ITEM.productId, count: 2, modifications: [] }],
      serviceType: "PICK_UP",
      paymentType: "TERMINAL",
      branchId: BRANCH.id,
      address: null,
      comment: "No onions",
      courierComment: null,
      promoCode: null,
      cashback: 0,
      receiver: null,
      orderDevice: expect.stringMatching(/^CLIENT_WEB_(DESKTOP|MOBILE)$/) as unknown,
    });
    expect(call?.key).toMatch(/^[\w-]{8,}$/);
    // The placed order leaves an empty basket behind.
    expect(appStore().get(brandBasketAtom("lavash"))).toEqual([]);
  });

  it("shows a refused order's reason and retries the same body with the same key", async () => {
    let answer = () =>
      json(409, { status: 409, code: "BRANCH_CLOSED", description: { eng: "The branch is closed" } });
    serveApi({
      "/api/orders/v1/orders/quote": () => json(200, QUOTE),
      "/api/orders/v1/orders": () => answer(),
    });
    renderCheckout({ cashActive: true });
    await screen.findByTestId("checkout-place", {}, LAZY);
    await waitFor(() => {
      expect(screen.getByTestId("checkout-total").textContent).not.toBe("—");
    });
    fireEvent.click(await mainButton());
    expect((await screen.findByTestId("submit-error")).textContent).toBe("The branch is closed");

    // The same body again: the key of the first try, so the server can answer with the first order.
    fireEvent.click(await mainButton());
    await waitFor(() => {
      expect(placeCalls()).toHaveLength(2);
    });
    // An edited order is another body: a new key.
    fireEvent.change(screen.getByLabelText("Comment"), { target: { value: "Extra sauce" } });
    answer = () => json(200, { id: ORDER_ID });
    await act(async () => {
      fireEvent.click(await mainButton());
    });
    await waitFor(() => {
      expect(window.location.pathname).toBe(`/profile/orders/${ORDER_ID}`);
    });
    const [first, second, third] = placeCalls();
    expect(second?.key).toBe(first?.key);
    expect(third?.key).not.toBe(first?.key);
    expect(third?.body.comment).toBe("Extra sauce");
  });

  it("names the basket line a refusal is about, from the live menu, when a dish was stopped at the branch", async () => {
    const product = {
      id: ITEM.productId,
      categoryId: "0190c0de-0000-7000-8000-000000000100",
      name: ITEM.name,
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
      type: "NONE",
      // Stopped at the branch: the menu shows it unavailable.
      isAvailable: false,
      stock: null,
      count: 1,
      amount: 1,
      priority: 0,
      deliveryEnabled: true,
      isCartRecommendation: false,
      modificationGroups: [],
    };
    const category = {
      id: product.categoryId,
      groupId: null,
      name: { eng: "Lavash" },
      image: null,
      priority: 0,
      textColor: null,
      viewType: "MEDIUM",
      scrollType: "VERTICAL",
      navigationType: "SHEET",
      isWithoutCart: false,
    };
    serveApi({
      "/api/products/v1/overalls": () =>
        json(200, { groups: [], categories: [category], products: [product] }),
      // The server's words name the product by its id here: the page says which line it is.
      "/api/orders/v1/orders/quote": () =>
        json(400, {
          status: 400,
          code: "PRODUCT_NOT_AVAILABLE",
          description: { uz: "-", ru: "-", eng: `This product is not available: ${ITEM.productId}` },
        }),
    });
    renderCheckout({ cashActive: true });
    await waitFor(() => {
      expect(screen.getByTestId("quote-error").textContent).toBe(
        "Classic lavash is not available now. Remove it from the basket to place the order.",
      );
    }, LAZY);
  });
});
