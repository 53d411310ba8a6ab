import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { OfferSettings } from "../../domain/offer.ts";
import {
  checkoutFormReducer,
  INITIAL_CHECKOUT_FORM,
  promoStorageKey,
  useCheckoutForm,
} from "./use-checkout-form.ts";

describe("the checkout form's reducer", () => {
  it("applies the typed promo code trimmed and in capitals", () => {
    const typed = checkoutFormReducer(INITIAL_CHECKOUT_FORM, {
      type: "set",
      patch: { promoInput: " spring " },
    });
    expect(typed.promoCode).toBe("");
    expect(checkoutFormReducer(typed, { type: "applyPromo" }).promoCode).toBe("SPRING");
  });

  it("keeps the state when the quote's balance is unchanged", () => {
    const state = checkoutFormReducer(INITIAL_CHECKOUT_FORM, { type: "cashbackBalance", balance: 5000 });
    expect(state.cashbackBalance).toBe(5000);
    expect(checkoutFormReducer(state, { type: "cashbackBalance", balance: 5000 })).toBe(state);
  });

  it("clears the notes, the code and the cashback choice after a placed order, keeping the rest", () => {
    const filled = checkoutFormReducer(
      { ...INITIAL_CHECKOUT_FORM, promoCode: "SPRING", cashbackBalance: 5000 },
      {
        type: "set",
        patch: {
          paymentType: "TERMINAL",
          later: true,
          comment: "No onions",
          courierComment: "Ring twice",
          promoInput: "spring",
          useCashback: true,
          receiverName: "Aziz",
        },
      },
    );
    expect(checkoutFormReducer(filled, { type: "placed" })).toEqual({
      ...filled,
      comment: "",
      courierComment: "",
      promoInput: "",
      promoCode: "",
      useCashback: false,
    });
  });
});

describe("the promo code across a reload", () => {
  const settings: OfferSettings = {
    deliveryActive: true,
    pickupActive: true,
    dineInActive: false,
    cashActive: true,
    terminalActive: false,
    paymeActive: false,
    clickActive: false,
    uzumActive: false,
    cardActive: false,
  };
  const place = { channel: "WEB" as const, methods: ["CASH" as const] };
  const open = (sub: string) => renderHook(() => useCheckoutForm(settings, "PICK_UP", place, sub));
  /** Types the code and applies it, as the checkout's field and button do. */
  const typeAndApply = (form: ReturnType<typeof open>, code: string) => {
    act(() => {
      form.result.current.set({ promoInput: code });
    });
    act(() => {
      form.result.current.applyPromo();
    });
  };

  afterEach(() => {
    sessionStorage.clear();
  });

  it("comes back applied on the brand's checkout opened again, and not on another brand's", () => {
    const first = open("lavash");
    typeAndApply(first, "lavash10");
    first.unmount();

    const again = open("lavash").result.current.state;
    expect(again.promoInput).toBe("lavash10");
    expect(again.promoCode).toBe("LAVASH10");
    expect(open("plov").result.current.state.promoCode).toBe("");
  });

  it("is gone after the order is placed, and a damaged stored value reads as no code", () => {
    const form = open("lavash");
    typeAndApply(form, "spring");
    expect(sessionStorage.getItem(promoStorageKey("lavash"))).not.toBeNull();
    act(() => {
      form.result.current.placed();
    });
    expect(sessionStorage.getItem(promoStorageKey("lavash"))).toBeNull();

    sessionStorage.setItem(promoStorageKey("sushi"), "{not json");
    expect(open("sushi").result.current.state.promoCode).toBe("");
  });
});
