// The history entry of an order's page opened by placing it. Behind it lie the checkout and the
// basket, both emptied by the order, so the host's Back leaves for the menu instead.
export const AFTER_CHECKOUT_STATE = { savatAfterCheckout: true } as const;

export function isAfterCheckout(state: unknown): boolean {
  return typeof state === "object" && state !== null && "savatAfterCheckout" in state;
}
