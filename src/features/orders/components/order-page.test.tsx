import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { App } from "../../../app/app.tsx";
import type { BootResult } from "../../../app/boot.ts";
import type { Order } from "../../../domain/contract/orders.ts";
import { appStore } from "../../../lib/app-store.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { setCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { brandSessionAtom } from "../../../shared/session/session-atom.ts";
import { json, LAVASH_ID, merchant, serveApi, sessionUser, settings } from "../../../test/fixtures.ts";

const ORDER_ID = "0190c0de-0000-7000-8000-0000000000f2";

function order(over: Partial<Order>): Order {
  return {
    id: ORDER_ID,
    number: 57,
    status: "CANCELED",
    serviceType: "PICK_UP",
    orderDevice: "CLIENT_WEB",
    paymentType: "CASH",
    isPaid: false,
    userId: sessionUser().id,
    merchantId: LAVASH_ID,
    receiver: null,
    address: null,
    branch: null,
    branchId: null,
    hallId: null,
    tableId: null,
    courierId: null,
    courierStatus: null,
    deliveryType: null,
    deliveryByTaximeter: false,
    deliveryTariffId: null,
    comment: null,
    courierComment: null,
    promoId: null,
    promoCode: null,
    cashback: 0,
    cashbackEarned: 0,
    productPrice: 40_000,
    productDiscount: 0,
    deliveryPrice: 0,
    deliveryDiscount: 0,
    totalProductPrice: 40_000,
    totalProductDiscount: 0,
    totalPrice: 40_000,
    totalDiscount: 0,
    servicePrice: 0,
    productCount: 1,
    atTime: null,
    cookingAt: null,
    readyAt: null,
    deliveredAt: null,
    estimatedFrom: null,
    estimatedTo: null,
    cartItems: [],
    history: [],
    cancellable: false,
    changeable: false,
    pendingPayment: null,
    cancelReason: null,
    cancelComment: null,
    refundState: null,
    fiscalReceiptUrl: null,
    gradeable: false,
    review: null,
    createdDate: "2026-11-25T09:00:00.000Z",
    lastModifiedDate: "2026-11-25T09:05:00.000Z",
    ...over,
  };
}

function renderOrder(body: Order) {
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  appStore().set(brandSessionAtom("lavash"), {
    token: "token-1",
    merchant: null,
    user: sessionUser(),
    brand: "lavash",
    orderRequest: null,
    nearestBranch: null,
  });
  serveApi({ [`/api/orders/v1/orders/${ORDER_ID}`]: () => json(200, body) });
  const boot: BootResult = {
    status: "ready",
    tenant: { sub: "lavash", merchant: merchant(), settings: settings({}) },
    locale: "en",
  };
  window.history.replaceState(null, "", `/profile/orders/${ORDER_ID}`);
  return render(<App boot={boot} queryClient={createQueryClient()} />);
}

describe("a cancelled order's page", () => {
  it("shows the reason the restaurant's staff gave, as they typed it", async () => {
    renderOrder(order({ cancelComment: "Нет теста, простите" }));
    const reason = await screen.findByTestId("order-cancel-comment", undefined, { timeout: 10_000 });
    expect(reason.textContent).toBe("The restaurant's reason: Нет теста, простите");
  });

  it("shows no reason line when staff gave none", async () => {
    renderOrder(order({ cancelComment: null }));
    expect(await screen.findByText("Order #57", undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId("order-cancel-comment")).toBeNull();
  });
});

describe("a paid online order's page", () => {
  const RECEIPT = "https://ofd.soliq.uz/check?t=EP000000000025&r=57&c=ab12";

  it("shows the fiscal receipt: the tax authority's link and its QR code", async () => {
    renderOrder(order({ status: "CREATED", paymentType: "PAYME", isPaid: true, fiscalReceiptUrl: RECEIPT }));
    const link = await screen.findByTestId("order-receipt-link", undefined, { timeout: 10_000 });
    expect(link.getAttribute("href")).toBe(RECEIPT);
    expect(await screen.findByRole("img", { name: "QR code of the fiscal receipt" })).toBeTruthy();
  });

  it("shows no receipt before the provider registered one", async () => {
    renderOrder(order({ status: "CREATED", paymentType: "PAYME", isPaid: true, fiscalReceiptUrl: null }));
    expect(await screen.findByText("Order #57", undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId("order-receipt")).toBeNull();
  });
});

describe("a delivered order's page", () => {
  const delivery = { status: "CREATED", serviceType: "DELIVERY", deliveryPrice: 12_000 } as const;

  it("says the delivery is by taximeter in a taximeter city, not a price", async () => {
    renderOrder(order({ ...delivery, deliveryByTaximeter: true, deliveryPrice: 0 }));
    const price = await screen.findByTestId("order-delivery-price", undefined, { timeout: 10_000 });
    expect(price.textContent).toBe("By taximeter");
  });

  it("shows the delivery price elsewhere", async () => {
    renderOrder(order({ ...delivery, deliveryByTaximeter: false }));
    const price = await screen.findByTestId("order-delivery-price", undefined, { timeout: 10_000 });
    expect(price.textContent).toMatch(/^12\s000/);
  });
});

describe("changing an order from its page", () => {
  it("offers the change while the order is changeable", async () => {
    renderOrder(order({ status: "CREATED", changeable: true }));
    expect(await screen.findByRole("button", { name: "Change the order" }, { timeout: 10_000 })).toBeTruthy();
  });

  it("says why once the kitchen has accepted it, and offers no change", async () => {
    renderOrder(order({ status: "COOKING", changeable: false }));
    expect(
      await screen.findByText(
        "The kitchen has accepted the order, so it can no longer be changed. Call the restaurant if something is wrong.",
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Change the order" })).toBeNull();
  });

  it("says why a paid order cannot be changed before the kitchen has it", async () => {
    renderOrder(order({ status: "CREATED", paymentType: "PAYME", isPaid: true, changeable: false }));
    expect(
      await screen.findByText(
        "The order is paid, so it can no longer be changed here. Call the restaurant, or cancel it: the payment comes back.",
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});
