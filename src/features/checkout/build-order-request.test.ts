import { describe, expect, it } from "vitest";
import type { BasketItem } from "../../shared/basket/basket.ts";
import type { DraftAddress } from "../../shared/order-draft/order-draft.ts";
import {
  buildOrderRequest,
  orderBranchId,
  type CheckoutDraft,
  type CheckoutFormInput,
} from "./build-order-request.ts";

const NEAREST = "0190c0de-0000-7000-8000-0000000000b1";
const CHOSEN = "0190c0de-0000-7000-8000-0000000000b2";

const item: BasketItem = {
  key: "p1:m1",
  productId: "0190c0de-0000-7000-8000-000000000001",
  name: { eng: "Classic lavash" },
  image: "",
  costPrice: 29000,
  discount: 0,
  unit: "COUNT",
  count: 2,
  modifications: [
    { id: "0190c0de-0000-7000-8000-0000000000m1", groupId: "g", name: { eng: "Cheese" }, price: 3000 },
  ],
};
const basket = { items: [item] };

const address: DraftAddress = {
  id: "0190c0de-0000-7000-8000-0000000000a1",
  name: "Home",
  streetName: "Amir Temur",
  houseNumber: "1",
  description: "",
  comment: "",
  latitude: 41.3,
  longitude: 69.2,
  cityId: null,
  floor: "",
  office: "",
  entrance: "",
  domophone: "",
};

const delivery: CheckoutDraft = {
  serviceType: "DELIVERY",
  address,
  branch: { id: CHOSEN },
  nearestBranch: { id: NEAREST },
};
const pickup: CheckoutDraft = {
  serviceType: "PICK_UP",
  address,
  branch: { id: CHOSEN },
  nearestBranch: null,
};

const form: CheckoutFormInput = {
  paymentType: "CASH",
  later: false,
  day: "2026-11-26",
  time: "12:30",
  comment: "",
  courierComment: "",
  promoCode: "",
  useCashback: false,
  cashbackBalance: 0,
  receiverName: "",
  receiverPhone: "",
  settings: { cashbackActive: true, receiverActive: true },
  orderDevice: "CLIENT_WEB_MOBILE",
};

describe("the checkout's order body", () => {
  it("sends a delivery with the address and the nearest branch", () => {
    expect(buildOrderRequest(delivery, basket, form)).toEqual({
      cartItems: [
        {
          productId: item.productId,
          count: 2,
          modifications: [{ id: "0190c0de-0000-7000-8000-0000000000m1" }],
        },
      ],
      serviceType: "DELIVERY",
      paymentType: "CASH",
      branchId: NEAREST,
      // An empty description is the address's name.
      address: { ...address, description: "Home" },
      comment: null,
      courierComment: null,
      promoCode: null,
      cashback: 0,
      receiver: null,
      orderDevice: "CLIENT_WEB_MOBILE",
    });
  });

  it("sends a map point's address without its temporary id", () => {
    const body = buildOrderRequest(
      { ...delivery, address: { ...address, id: "tmp-1", description: "Gate 2" } },
      basket,
      form,
    );
    expect(body?.address).toMatchObject({ id: null, description: "Gate 2" });
  });

  it("sends a pickup for the chosen branch, with no address and no courier comment", () => {
    const body = buildOrderRequest(pickup, basket, {
      ...form,
      paymentType: "TERMINAL",
      courierComment: "Ring twice",
    });
    expect(body).toMatchObject({
      serviceType: "PICK_UP",
      paymentType: "TERMINAL",
      branchId: CHOSEN,
      address: null,
      courierComment: null,
    });
    expect(orderBranchId(pickup)).toBe(CHOSEN);
  });

  it("adds the day and time only for a later order", () => {
    expect(buildOrderRequest(pickup, basket, form)).not.toHaveProperty("day");
    expect(buildOrderRequest(pickup, basket, { ...form, later: true })).toMatchObject({
      day: "2026-11-26",
      time: "12:30",
    });
  });

  it("sends the applied promo code and the cashback balance when chosen", () => {
    const chosen = { ...form, promoCode: "SPRING", useCashback: true, cashbackBalance: 5000 };
    expect(buildOrderRequest(delivery, basket, chosen)).toMatchObject({
      promoCode: "SPRING",
      cashback: 5000,
    });
    expect(buildOrderRequest(delivery, basket, { ...chosen, useCashback: false })?.cashback).toBe(0);
    const off = { ...chosen, settings: { cashbackActive: false, receiverActive: true } };
    expect(buildOrderRequest(delivery, basket, off)?.cashback).toBe(0);
  });

  it("trims the comments and the receiver, and drops what is blank", () => {
    const typed = {
      ...form,
      comment: "  No onions ",
      courierComment: " Ring twice ",
      receiverName: " Aziz ",
      receiverPhone: " +998 90 123 45 67 ",
    };
    expect(buildOrderRequest(delivery, basket, typed)).toMatchObject({
      comment: "No onions",
      courierComment: "Ring twice",
      receiver: { name: "Aziz", phone: "+998 90 123 45 67" },
    });
    const blank = { ...form, comment: "   ", courierComment: " ", receiverName: "Aziz", receiverPhone: "  " };
    expect(buildOrderRequest(delivery, basket, blank)).toMatchObject({
      comment: null,
      courierComment: null,
      receiver: null,
    });
    const receiverOff = { ...typed, settings: { cashbackActive: true, receiverActive: false } };
    expect(buildOrderRequest(delivery, basket, receiverOff)?.receiver).toBeNull();
  });

  it("is not ready without an address for delivery or a branch for pickup", () => {
    expect(buildOrderRequest({ ...delivery, address: null }, basket, form)).toBeNull();
    expect(buildOrderRequest({ ...pickup, branch: null }, basket, form)).toBeNull();
    expect(buildOrderRequest({ ...delivery, serviceType: "DINE_IN", branch: null }, basket, form)).toBeNull();
  });

  it("sends the table and its hall for an order at a table, and nothing of a table otherwise", () => {
    const atTable = { ...pickup, serviceType: "DINE_IN" as const, table: { id: "t-1", hallId: "h-1" } };
    expect(buildOrderRequest(atTable, basket, form)).toMatchObject({
      serviceType: "DINE_IN",
      tableId: "t-1",
      hallId: "h-1",
      address: null,
    });
    const body = buildOrderRequest(pickup, basket, form);
    expect(body).not.toHaveProperty("tableId");
    expect(body).not.toHaveProperty("hallId");
  });
});
