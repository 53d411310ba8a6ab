import { describe, expect, it, vi } from "vitest";
import type { Branch, Tariff } from "../../domain/contract/geo.ts";
import { orderRequestSchema } from "../session/stored-schemas.ts";
import {
  addressFlowPath,
  draftAfterOrder,
  draftOf,
  recalculateDelivery,
  type DraftAddress,
  type RecalculationDeps,
} from "./order-draft.ts";

const address: DraftAddress = {
  id: "tmp-1",
  name: "Home",
  streetName: "Chilonzor ko'chasi",
  houseNumber: "12",
  description: "",
  comment: "",
  latitude: 41.3,
  longitude: 69.2,
  cityId: "c1",
  floor: "",
  office: "",
  entrance: "",
  domophone: "",
};

const branch = {
  id: "b1",
  name: { eng: "Chilonzor" },
  address: null,
  cityId: "c1",
  latitude: 41.28,
  longitude: 69.2,
  phone: null,
} as unknown as Branch;

const tariff: Tariff = {
  price: 10_000,
  basePrice: 10_000,
  free: false,
  feeFreeThreshold: 150_000,
  deliveryTariffId: "r1",
  regionId: "r1",
  regionName: { eng: "Centre" },
  cityId: "c1",
};

function deps(
  closest: Branch | null,
  priced: Tariff | null,
): RecalculationDeps & {
  closestCalls: number;
  tariffCalls: number;
} {
  const d = {
    closestCalls: 0,
    tariffCalls: 0,
    closest: vi.fn(() => {
      d.closestCalls += 1;
      return Promise.resolve(closest);
    }),
    tariff: vi.fn(() => {
      d.tariffCalls += 1;
      return Promise.resolve(priced);
    }),
  };
  return d;
}

describe("delivery recalculation (spec section 4)", () => {
  it("looks up the nearest branch first, then the price", async () => {
    const d = deps(branch, tariff);
    const patch = await recalculateDelivery({ merchantId: "m", address, productTotal: 50_000 }, d);
    expect(patch?.nearestBranch?.id).toBe("b1");
    expect(patch?.draft).toMatchObject({ deliveryPrice: 10_000, tariff: { id: "r1", free: false } });
    expect(d.tariff).toHaveBeenCalledWith(
      { productPrice: 50_000, latitude: 41.3, longitude: 69.2, branchId: "b1", cityId: "c1" },
      undefined,
    );
  });

  it("clears tariff and price for a zero product total, without a tariff call", async () => {
    const d = deps(branch, tariff);
    const patch = await recalculateDelivery({ merchantId: "m", address, productTotal: 0 }, d);
    expect(patch?.draft).toEqual({ deliveryPrice: null, tariff: null });
    expect(d.tariffCalls).toBe(0);
  });

  it("clears the tariff when the address has no coordinates", async () => {
    const d = deps(branch, tariff);
    const broken = { ...address, latitude: Number.NaN };
    expect(await recalculateDelivery({ merchantId: "m", address: broken, productTotal: 1 }, d)).toEqual({
      draft: { tariff: null },
    });
    expect(d.closestCalls).toBe(0);
  });

  it("has no price without a branch", async () => {
    const d = deps(null, tariff);
    const patch = await recalculateDelivery({ merchantId: "m", address, productTotal: 50_000 }, d);
    expect(patch).toEqual({ nearestBranch: null, draft: { deliveryPrice: null, tariff: null } });
    expect(d.tariffCalls).toBe(0);
  });

  it("leaves the price unchanged when the tariff call fails", async () => {
    const patch = await recalculateDelivery(
      { merchantId: "m", address, productTotal: 50_000 },
      deps(branch, null),
    );
    expect(patch).toEqual({ nearestBranch: expect.objectContaining({ id: "b1" }) });
  });

  it("does nothing without an address", async () => {
    const d = deps(branch, tariff);
    expect(await recalculateDelivery({ merchantId: "m", address: null, productTotal: 1 }, d)).toBeNull();
    expect(d.closestCalls).toBe(0);
  });
});

describe("opening the address flow (spec section 4)", () => {
  const base = { loggedIn: false, savedAddresses: 0, inMiniApp: false };
  it("goes to the branches for pickup and dine-in", () => {
    expect(addressFlowPath({ ...base, serviceType: "PICK_UP", loggedIn: true })).toBe("/address/pickup");
    expect(addressFlowPath({ ...base, serviceType: "DINE_IN" })).toBe("/address/pickup2");
  });
  it("goes to the list for a logged-in customer or saved addresses", () => {
    expect(addressFlowPath({ ...base, serviceType: "DELIVERY", loggedIn: true })).toBe("/choose-address");
    expect(addressFlowPath({ ...base, serviceType: null, savedAddresses: 2 })).toBe("/choose-address");
  });
  it("otherwise opens the map, asking for the location outside a mini app", () => {
    expect(addressFlowPath({ ...base, serviceType: "DELIVERY" })).toBe("/address/delivery?locate=1");
    expect(addressFlowPath({ ...base, serviceType: "DELIVERY", inMiniApp: true })).toBe("/address/delivery");
  });
});

describe("the stored draft", () => {
  it("is read leniently and keeps what it understands", () => {
    const parseDraft = (stored: unknown) => draftOf(orderRequestSchema.parse(stored));
    expect(draftOf(null)).toMatchObject({ serviceType: null, address: null, deliveryPrice: null });
    const draft = parseDraft({
      serviceType: "PICK_UP",
      address: { ...address, floor: 3 },
      branch: { id: "b1", latitude: 1, longitude: 2, name: { eng: "X" } },
      deliveryPrice: "12",
      tariff: { id: "r1", basePrice: 5 },
      comment: "kept by checkout",
    });
    expect(draft.serviceType).toBe("PICK_UP");
    expect(draft.address).toMatchObject({ name: "Home", floor: "" });
    expect(draft.branch).toMatchObject({ id: "b1", address: null, cityId: null });
    expect(draft.deliveryPrice).toBeNull();
    expect(draft.tariff).toEqual({ id: "r1", regionName: {}, basePrice: 5, free: false });
    expect(parseDraft({ serviceType: "TELEPORT", address: { latitude: "x" } })).toMatchObject({
      serviceType: null,
      address: null,
    });
  });
});

describe("the draft after a placed order", () => {
  it("keeps the address and the city but not the floor, flat, entrance or intercom, and resets the rest", () => {
    const placed = {
      ...draftOf(null),
      serviceType: "DELIVERY" as const,
      address: { ...address, floor: "7", office: "42", entrance: "3", domophone: "42K", comment: "Gate" },
      cityId: "c1",
      tariff: { id: "r1", regionName: {}, basePrice: 5, free: false },
    };
    const next = draftAfterOrder(placed);
    expect(next.address).toEqual({ ...placed.address, floor: "", office: "", entrance: "", domophone: "" });
    expect(next.address?.comment).toBe("Gate");
    expect(next.cityId).toBe("c1");
    expect(next.serviceType).toBeNull();
    expect(next.tariff).toBeNull();
    expect(draftAfterOrder(draftOf(null)).address).toBeNull();
  });
});
