// The checkout form's state in one reducer. What follows from other values (the service type the
// brand offers, the payment type still on) is derived at render, never copied into state.
import { useEffect, useMemo, useReducer } from "react";
import type { PaymentType } from "../../domain/enums.ts";
import {
  offeredPaymentTypes,
  offeredServiceTypes,
  type ChannelServiceTypes,
  type OfferSettings,
  preselectedPaymentType,
  type PaymentPlace,
  type StorefrontPaymentType,
} from "../../domain/offer.ts";
import { readSession, removeSession, writeSession } from "../../lib/storage.ts";
import type { DraftServiceType } from "../../shared/order-draft/order-draft.ts";

export interface CheckoutFormState {
  /** The customer's pick; null until they pick one (the first offered then applies). */
  paymentType: PaymentType | null;
  later: boolean;
  /** The picked day and time; a value no longer listed falls back to the first listed slot. */
  day: string;
  time: string;
  /** What is typed in the promo field. */
  promoInput: string;
  /** The applied code, sent with the order. */
  promoCode: string;
  useCashback: boolean;
  /** The balance of the last quote that came back: a failed quote must not hide the choice. */
  cashbackBalance: number;
  comment: string;
  courierComment: string;
  receiverName: string;
  receiverPhone: string;
}

/** The fields the customer edits directly. */
export type CheckoutField = Exclude<keyof CheckoutFormState, "promoCode" | "cashbackBalance">;

export type CheckoutFormAction =
  | { type: "set"; patch: Partial<Pick<CheckoutFormState, CheckoutField>> }
  | { type: "applyPromo" }
  | { type: "cashbackBalance"; balance: number }
  | { type: "placed" };

export const INITIAL_CHECKOUT_FORM: Readonly<CheckoutFormState> = Object.freeze({
  paymentType: null,
  later: false,
  day: "",
  time: "",
  promoInput: "",
  promoCode: "",
  useCashback: false,
  cashbackBalance: 0,
  comment: "",
  courierComment: "",
  receiverName: "",
  receiverPhone: "",
});

export function checkoutFormReducer(state: CheckoutFormState, action: CheckoutFormAction): CheckoutFormState {
  switch (action.type) {
    case "set":
      return { ...state, ...action.patch };
    case "applyPromo":
      return { ...state, promoCode: state.promoInput.trim().toUpperCase() };
    case "cashbackBalance":
      return state.cashbackBalance === action.balance ? state : { ...state, cashbackBalance: action.balance };
    case "placed":
      // The next order starts without this one's notes, code and cashback; the choices of service,
      // payment, time and receiver stay as they were.
      return {
        ...state,
        comment: "",
        courierComment: "",
        promoCode: "",
        promoInput: "",
        useCashback: false,
      };
  }
}

/**
 * The promo code outlives a reload of the checkout (spec: "the promo code kept across a reload"):
 * what is typed and what was applied, per brand, in this tab's session storage. A placed order
 * clears it with the rest of its notes.
 */
export function promoStorageKey(sub: string): string {
  return `savat:${sub}:promo`;
}

function storedPromo(sub: string): Pick<CheckoutFormState, "promoInput" | "promoCode"> {
  const raw = readSession(promoStorageKey(sub));
  try {
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    if (
      typeof value === "object" &&
      value !== null &&
      "input" in value &&
      "code" in value &&
      typeof value.input === "string" &&
      typeof value.code === "string"
    )
      return { promoInput: value.input, promoCode: value.code };
  } catch {
    // a damaged value is no code
  }
  return { promoInput: "", promoCode: "" };
}

export interface CheckoutForm {
  state: CheckoutFormState;
  /** What the brand offers, in the order the page lists them. */
  services: DraftServiceType[];
  payments: StorefrontPaymentType[];
  /** The draft's service type when offered, else the first offered. */
  serviceType: DraftServiceType;
  /** The picked payment type when still offered, else the host's own (Click in Click) or the first offered. */
  paymentType: PaymentType;
  set: (patch: Partial<Pick<CheckoutFormState, CheckoutField>>) => void;
  applyPromo: () => void;
  setCashbackBalance: (balance: number) => void;
  placed: () => void;
}

/** The draft's service type when the brand offers it, else the first it offers. */
export function chosenServiceType(
  services: readonly DraftServiceType[],
  draftServiceType: DraftServiceType | null,
): DraftServiceType {
  return draftServiceType && services.includes(draftServiceType)
    ? draftServiceType
    : (services[0] ?? "DELIVERY");
}

export function useCheckoutForm(
  /** The brand's switches, and per channel its service types (absent: every type on every channel). */
  settings: OfferSettings & { channelServiceTypes?: ChannelServiceTypes },
  draftServiceType: DraftServiceType | null,
  place: PaymentPlace,
  brandSub: string,
  /** Where the form starts instead (a placed order being changed starts from its own choices). */
  initial?: Partial<CheckoutFormState>,
): CheckoutForm {
  const [state, dispatch] = useReducer(checkoutFormReducer, brandSub, (sub) =>
    initial ? { ...INITIAL_CHECKOUT_FORM, ...initial } : { ...INITIAL_CHECKOUT_FORM, ...storedPromo(sub) },
  );
  const { promoInput, promoCode } = state;
  // A change's promo is its order's, not the one kept for the next order.
  const keepsPromo = initial === undefined;
  useEffect(() => {
    if (!keepsPromo) return;
    const key = promoStorageKey(brandSub);
    if (promoInput === "" && promoCode === "") removeSession(key);
    else writeSession(key, JSON.stringify({ input: promoInput, code: promoCode }));
  }, [brandSub, promoInput, promoCode, keepsPromo]);
  const { channel, methods, branchMethods } = place;
  const services = useMemo(
    () => offeredServiceTypes(settings, settings.channelServiceTypes?.[channel]),
    [settings, channel],
  );
  const payments = useMemo(
    () => offeredPaymentTypes(settings, { channel, methods, branchMethods }),
    [settings, channel, methods, branchMethods],
  );
  const actions = useMemo(
    () => ({
      set: (patch: Partial<Pick<CheckoutFormState, CheckoutField>>) => {
        dispatch({ type: "set", patch });
      },
      applyPromo: () => {
        dispatch({ type: "applyPromo" });
      },
      setCashbackBalance: (balance: number) => {
        dispatch({ type: "cashbackBalance", balance });
      },
      placed: () => {
        dispatch({ type: "placed" });
      },
    }),
    [],
  );
  const serviceType = chosenServiceType(services, draftServiceType);
  const paymentType: PaymentType =
    state.paymentType && (payments as readonly PaymentType[]).includes(state.paymentType)
      ? state.paymentType
      : (preselectedPaymentType(payments, channel) ?? "CASH");
  return { state, services, payments, serviceType, paymentType, ...actions };
}
