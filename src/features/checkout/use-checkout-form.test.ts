import { describe, expect, it } from "vitest";
import { checkoutFormReducer, INITIAL_CHECKOUT_FORM } from "./use-checkout-form.ts";

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
