// Phone orders (issue 42): an operator takes a caller's order. The caller is found by the phone they
// call from (a returning one's last orders repeat with one key, their saved addresses are listed),
// the dishes are added by typing part of a name, and the order is placed as the caller's own on the
// OPERATOR channel, checked by the storefront's rules (the quote answers as placing would).
// Keyboard-first: Enter finds the caller and adds the first dish found, Ctrl+Enter places the order.
import { useLingui } from "@lingui/react/macro";
import { useId, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import type { Product } from "../../domain/contract/menu.ts";
import type { Order, OrderRequest } from "../../domain/contract/orders.ts";
import type { PhoneCustomer } from "../../domain/contract/phone-orders.ts";
import {
  isPaidOnReceipt,
  offeredPaymentTypes,
  offeredServiceTypes,
  paymentPlace,
} from "../../domain/offer.ts";
import type { PaymentType } from "../../domain/enums.ts";
import { ApiError, errorText } from "../../lib/api-client.ts";
import { PAYMENT_TYPE_LABELS, SERVICE_TYPE_LABELS } from "../../shared/orders/status-labels.ts";
import { MenuPicker, type ChosenOption } from "./phone-order-menu.tsx";
import { AddressSearch, type PickedPlace } from "./phone-order-address.tsx";
import {
  placePhoneOrder,
  usePhoneCustomer,
  usePhoneMenu,
  usePhoneQuote,
  usePhoneSettings,
  type PhoneOrderCall,
} from "./phone-order-api.ts";
import { Failed, Loading, SectionFrame, moneyOf, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./phone-order.css";

export default function PhoneOrderSection(props: StaffSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame
      title={t`Phone order`}
      lead={t`Find the caller by phone, add the dishes and place the order: the caller follows it like any order of theirs.`}
    >
      <PhoneOrder branches={props.branches ?? []} />
    </SectionFrame>
  );
}

interface Line {
  key: string;
  product: Product;
  count: number;
  options: ChosenOption[];
}

type Service = "DELIVERY" | "PICK_UP";

/** The address the order goes to: a saved one of the caller's, or a place found and its house. */
type Destination = { saved: string } | { place: PickedPlace } | null;

function lineKey(product: Product, options: readonly ChosenOption[]): string {
  return `${product.id}:${options
    .map((o) => o.id)
    .sort()
    .join(",")}`;
}

function PhoneOrder({ branches }: { branches: NonNullable<StaffSectionProps["branches"]> }) {
  const { t } = useLingui();
  const menu = usePhoneMenu();
  const settings = usePhoneSettings();
  const [phone, setPhone] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const caller = usePhoneCustomer(asked);
  const [name, setName] = useState("");
  const [lines, setLines] = useState<Line[]>([]);
  const [service, setService] = useState<Service>("DELIVERY");
  const [destination, setDestination] = useState<Destination>(null);
  const [branchId, setBranchId] = useState<string>("");
  const [payment, setPayment] = useState<PaymentType>("CASH");
  const [comment, setComment] = useState("");
  const [extras, setExtras] = useState<Extras>(NO_EXTRAS);
  const [placed, setPlaced] = useState<Order | null>(null);
  const basketId = useId();

  const products = useMemo(() => menu.data?.products ?? [], [menu.data]);
  const { services, payments } = operatorOffer(settings.data);

  const call = useMemo(
    () =>
      caller.data
        ? callOf(caller.data, { lines, destination, service, branchId, payment, comment, name, extras })
        : null,
    [caller.data, lines, destination, service, branchId, payment, comment, name, extras],
  );
  const quote = usePhoneQuote(call);

  const find = () => {
    const typed = phone.trim();
    if (typed === "") return;
    setAsked(typed);
    setPlaced(null);
  };
  const add = (product: Product, options: ChosenOption[]) => {
    const k = lineKey(product, options);
    setLines((old) =>
      old.some((l) => l.key === k)
        ? old.map((l) => (l.key === k ? { ...l, count: l.count + 1 } : l))
        : [...old, { key: k, product, count: 1, options }],
    );
  };
  const repeat = (order: Order) => {
    const again = repeatOf(order, products, caller.data?.addresses ?? []);
    setLines(again.lines);
    if (again.service) setService(again.service);
    if (again.branchId !== undefined) setBranchId(again.branchId);
    if (again.destination !== undefined) setDestination(again.destination);
    const paid = again.payment;
    if (paid && isPaidOnReceipt(paid) && payments.includes(paid)) setPayment(paid);
  };
  const placing = usePlacing(call, isMoving(destination), (order) => {
    setPlaced(order);
    setPhone("");
    setAsked(null);
    setName("");
    setLines([]);
    setDestination(null);
    setComment("");
    setExtras(NO_EXTRAS);
  });
  const changeDestination = (d: Destination) => {
    setDestination(d);
    if (!isMoving(d) && caller.data)
      placing.pinStill(
        callOf(caller.data, { lines, destination: d, service, branchId, payment, comment, name, extras }),
      );
  };

  if (menu.isPending || settings.isPending) return <Loading />;
  if (menu.isError || settings.isError)
    return (
      <Failed
        onRetry={() => {
          void menu.refetch();
          void settings.refetch();
        }}
        error={menu.error ?? settings.error}
      />
    );

  return (
    <form
      className="phone-order"
      aria-label={t`Phone order`}
      onSubmit={(e) => {
        e.preventDefault();
        placing.place();
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          placing.place();
        }
      }}
    >
      {placed && (
        <p className="phone-order__placed" role="status" data-testid="phone-order-placed">
          {t`Order #${placed.number} is placed.`} <Link href="/">{t`Open the board`}</Link>
        </p>
      )}
      <CallerPanel
        phone={phone}
        onPhone={setPhone}
        onFind={find}
        caller={caller}
        name={name}
        onName={setName}
        onRepeat={repeat}
      />
      <section className="phone-order__panel" aria-labelledby={basketId}>
        <h2 id={basketId} className="phone-order__title">
          {t`Order`}
        </h2>
        <MenuPicker products={products} onAdd={add} />
        <Basket lines={lines} onLines={setLines} />
      </section>

      <DetailsPanel
        services={services}
        service={service}
        onService={setService}
        saved={caller.data?.addresses ?? []}
        destination={destination}
        onDestination={changeDestination}
        branches={branches}
        branchId={branchId}
        onBranch={setBranchId}
        payments={payments}
        payment={payment}
        onPayment={setPayment}
        comment={comment}
        onComment={setComment}
        extras={extras}
        onExtras={setExtras}
      />
      <SummaryPanel call={call} quote={quote} failure={placing.failure} placing={placing.busy} />
    </form>
  );
}

/** Whether the map's pin is still gliding to a stop after the operator's drag. */
function isMoving(destination: Destination): boolean {
  return destination !== null && "place" in destination && destination.place.moving === true;
}

/**
 * Placing the order, once per idempotency key. Ctrl+Enter comes fast after a drag of the map: an
 * order placed while the pin still glides waits for it to rest (`pinStill`) and goes there.
 */
function usePlacing(call: PhoneOrderCall | null, moving: boolean, onPlaced: (order: Order) => void) {
  const [sending, setSending] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const send = async (c: PhoneOrderCall) => {
    setSending(true);
    setFailure(null);
    const [error, order] = await placePhoneOrder(c, key.current);
    setSending(false);
    if (error) {
      setFailure(errorText(error));
      return;
    }
    key.current = crypto.randomUUID();
    onPlaced(order);
  };
  return {
    busy: sending || waiting,
    failure,
    place: () => {
      if (!call || sending || waiting) return;
      if (moving) setWaiting(true);
      else void send(call);
    },
    /** The pin came to rest: an order waiting for it goes now, with the call it makes. */
    pinStill: (next: PhoneOrderCall | null) => {
      if (!waiting) return;
      setWaiting(false);
      if (next) void send(next);
    },
  };
}

function CallerPanel({
  phone,
  onPhone,
  onFind,
  caller,
  name,
  onName,
  onRepeat,
}: {
  phone: string;
  onPhone: (phone: string) => void;
  onFind: () => void;
  caller: ReturnType<typeof usePhoneCustomer>;
  name: string;
  onName: (name: string) => void;
  onRepeat: (order: Order) => void;
}) {
  const { t } = useLingui();
  const ids = { phone: useId(), name: useId() };
  const setPhone = onPhone;
  const find = onFind;
  const setName = onName;
  const repeat = onRepeat;
  return (
    <section className="phone-order__panel" aria-labelledby={`${ids.phone}-title`}>
      <h2 id={`${ids.phone}-title`} className="phone-order__title">
        {t`Caller`}
      </h2>
      <label htmlFor={ids.phone} className="staff-label">
        {t`Phone`}
      </label>
      <div className="phone-order__row">
        <input
          id={ids.phone}
          type="tel"
          className="staff-input"
          autoComplete="off"
          value={phone}
          onChange={(e) => {
            setPhone(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.ctrlKey && !e.metaKey) {
              e.preventDefault();
              find();
            }
          }}
        />
        <button type="button" className="staff-button" onClick={find}>
          {t`Find`}
        </button>
      </div>
      {caller.isFetching && <p className="staff-note">{t`Looking for the caller…`}</p>}
      {caller.isError && (
        <p className="staff-error" role="alert">
          {errorText(
            caller.error instanceof ApiError
              ? caller.error
              : new ApiError(String(caller.error), { status: 0 }),
          )}
        </p>
      )}
      {caller.data && (
        <CallerCard data={caller.data} name={name} nameId={ids.name} onName={setName} onRepeat={repeat} />
      )}
    </section>
  );
}

function DetailsPanel(p: {
  services: Service[];
  service: Service;
  onService: (s: Service) => void;
  saved: PhoneCustomer["addresses"];
  destination: Destination;
  onDestination: (d: Destination) => void;
  branches: NonNullable<StaffSectionProps["branches"]>;
  branchId: string;
  onBranch: (id: string) => void;
  payments: PaymentType[];
  payment: PaymentType;
  onPayment: (p: PaymentType) => void;
  comment: string;
  onComment: (c: string) => void;
  extras: Extras;
  onExtras: (e: Extras) => void;
}) {
  const { t, i18n } = useLingui();
  const ids = { branch: useId(), comment: useId() };
  const { services, service, destination, branches, branchId, payments, payment, comment } = p;
  const [setService, setDestination, setBranchId, setPayment, setComment] = [
    p.onService,
    p.onDestination,
    p.onBranch,
    p.onPayment,
    p.onComment,
  ];
  return (
    <section className="phone-order__panel" aria-labelledby={`${ids.branch}-details`}>
      <h2 id={`${ids.branch}-details`} className="phone-order__title">
        {t`Delivery and payment`}
      </h2>
      <fieldset className="phone-order__choices">
        <legend className="staff-label">{t`Service`}</legend>
        {services.map((x) => (
          <label key={x} className="staff-check">
            <input
              type="radio"
              name="service"
              checked={service === x}
              onChange={() => {
                setService(x);
              }}
            />
            {i18n._(SERVICE_TYPE_LABELS[x])}
          </label>
        ))}
      </fieldset>
      {service === "DELIVERY" ? (
        <Destinations saved={p.saved} value={destination} onChange={setDestination} />
      ) : null}
      <label htmlFor={ids.branch} className="staff-label">
        {t`Branch`}
      </label>
      <select
        id={ids.branch}
        className="staff-input"
        value={branchId}
        onChange={(e) => {
          setBranchId(e.target.value);
        }}
      >
        <option value="">{service === "DELIVERY" ? t`The nearest open branch` : t`Choose a branch`}</option>
        {branches.map((b) => (
          <option key={b.id} value={b.id}>
            {textOf(b.name)}
          </option>
        ))}
      </select>
      <fieldset className="phone-order__choices">
        <legend className="staff-label">{t`Payment on receipt`}</legend>
        {payments.map((x) => (
          <label key={x} className="staff-check">
            <input
              type="radio"
              name="payment"
              checked={payment === x}
              onChange={() => {
                setPayment(x);
              }}
            />
            {i18n._(PAYMENT_TYPE_LABELS[x])}
          </label>
        ))}
      </fieldset>
      <ExtrasFields extras={p.extras} onExtras={p.onExtras} />
      <label htmlFor={ids.comment} className="staff-label">
        {t`Comment for the kitchen`}
      </label>
      <textarea
        id={ids.comment}
        className="staff-textarea"
        rows={2}
        value={comment}
        onChange={(e) => {
          setComment(e.target.value);
        }}
      />
    </section>
  );
}

function SummaryPanel({
  call,
  quote,
  failure,
  placing,
}: {
  call: PhoneOrderCall | null;
  quote: ReturnType<typeof usePhoneQuote>;
  failure: string | null;
  placing: boolean;
}) {
  const { t } = useLingui();
  return (
    <section className="phone-order__panel phone-order__summary" aria-label={t`Total`}>
      <Summary call={call} quote={quote} />
      {failure && (
        <p className="staff-error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="staff-button staff-button--primary phone-order__place"
        disabled={!call || placing || quote.isError}
        aria-keyshortcuts="Control+Enter"
      >
        {placing ? t`Placing…` : t`Place the order`}
      </button>
      <p className="staff-note">{t`Ctrl+Enter places the order from anywhere on this screen.`}</p>
    </section>
  );
}

/** What the operator adds beyond the basics: the caller's promo code, and a time for a later order. */
interface Extras {
  promo: string;
  later: boolean;
  /** The brand's local day (YYYY-MM-DD) and time (HH:MM) of a later order. */
  day: string;
  time: string;
}

const NO_EXTRAS: Extras = { promo: "", later: false, day: "", time: "" };

/** The service and payment types the brand takes by phone (paid on receipt only). */
function operatorOffer(s: ReturnType<typeof usePhoneSettings>["data"]) {
  return {
    services: s
      ? offeredServiceTypes(s, s.channelServiceTypes.OPERATOR).filter((x): x is Service => x !== "DINE_IN")
      : [],
    payments: s
      ? offeredPaymentTypes(s, paymentPlace("OPERATOR", s.channelPaymentTypes)).filter(isPaidOnReceipt)
      : [],
  };
}

function ExtrasFields({ extras, onExtras }: { extras: Extras; onExtras: (e: Extras) => void }) {
  const { t } = useLingui();
  const ids = { promo: useId(), day: useId(), time: useId() };
  const set = (patch: Partial<Extras>) => {
    onExtras({ ...extras, ...patch });
  };
  return (
    <>
      <label htmlFor={ids.promo} className="staff-label">
        {t`Promo code`}
      </label>
      <input
        id={ids.promo}
        className="staff-input"
        autoComplete="off"
        value={extras.promo}
        onChange={(e) => {
          set({ promo: e.target.value.toUpperCase() });
        }}
      />
      <label className="staff-check">
        <input
          type="checkbox"
          checked={extras.later}
          onChange={(e) => {
            set({ later: e.target.checked });
          }}
        />
        {t`At a set time`}
      </label>
      {extras.later && (
        <div className="phone-order__later">
          <label htmlFor={ids.day} className="staff-label">
            {t`Day`}
          </label>
          <input
            id={ids.day}
            type="date"
            className="staff-input"
            value={extras.day}
            onChange={(e) => {
              set({ day: e.target.value });
            }}
          />
          <label htmlFor={ids.time} className="staff-label">
            {t`Time`}
          </label>
          <input
            id={ids.time}
            type="time"
            step={300}
            className="staff-input"
            value={extras.time}
            onChange={(e) => {
              set({ time: e.target.value });
            }}
          />
        </div>
      )}
    </>
  );
}

interface Draft {
  lines: Line[];
  destination: Destination;
  service: Service;
  branchId: string;
  payment: PaymentType;
  comment: string;
  name: string;
  extras: Extras;
}

/** The call the form says, once it says enough: dishes, and where the order goes. */
function callOf(data: PhoneCustomer, d: Draft): PhoneOrderCall | null {
  if (d.lines.length === 0) return null;
  const address = addressOf(d.destination, data);
  if (d.service === "DELIVERY" && !address) return null;
  if (d.service === "PICK_UP" && !d.branchId) return null;
  const order: OrderRequest = {
    cartItems: d.lines.map((l) => ({
      productId: l.product.id,
      count: l.count,
      modifications: l.options.map((o) => ({ id: o.id, count: o.count })),
    })),
    serviceType: d.service,
    paymentType: d.payment,
    branchId: d.branchId || null,
    address: d.service === "DELIVERY" ? address : null,
    comment: d.comment.trim() || null,
    promoCode: d.extras.promo.trim() || null,
    ...(d.extras.later ? { day: d.extras.day, time: d.extras.time } : {}),
  };
  if (d.extras.later && (!d.extras.day || !d.extras.time)) return null;
  const customer = { phone: data.phone, name: d.name.trim() || null };
  return { customer, order, later: d.extras.later };
}

/** A past order as the form: its dishes still on sale, its service, branch or address, its payment. */
function repeatOf(
  order: Order,
  products: readonly Product[],
  saved: PhoneCustomer["addresses"],
): Partial<Omit<Draft, "lines">> & { lines: Line[] } {
  const lines: Line[] = [];
  for (const item of order.cartItems) {
    const product = products.find((p) => p.id === item.productId && p.isAvailable);
    if (!product) continue;
    const options = item.modifications.map((m) => ({ id: m.id, count: m.count }));
    lines.push({ key: lineKey(product, options), product, count: item.count, options });
  }
  const payment = isPaidOnReceipt(order.paymentType) ? order.paymentType : undefined;
  if (order.serviceType === "PICK_UP")
    return { lines, service: "PICK_UP", branchId: order.branchId ?? "", payment };
  const a = order.address;
  if (order.serviceType !== "DELIVERY" || !a) return { lines, payment };
  const same = saved.find((x) => x.latitude === a.latitude && x.longitude === a.longitude);
  const destination: Destination = same
    ? { saved: same.id }
    : {
        place: {
          name: a.streetName ?? a.name ?? "",
          latitude: a.latitude,
          longitude: a.longitude,
          house: a.houseNumber ?? "",
        },
      };
  return { lines, service: "DELIVERY", destination, payment };
}

/** The request's address: the saved one chosen, or the place found with the house the caller said. */
function addressOf(destination: Destination, data: PhoneCustomer): OrderRequest["address"] {
  if (!destination) return null;
  if ("saved" in destination) {
    const a = data.addresses.find((x) => x.id === destination.saved);
    return a ? { ...a, id: null } : null;
  }
  const p = destination.place;
  if (!p.house.trim()) return null;
  return {
    name: `${p.name}, ${p.house.trim()}`,
    streetName: p.name,
    houseNumber: p.house.trim(),
    latitude: p.latitude,
    longitude: p.longitude,
  };
}

function CallerCard({
  data,
  name,
  nameId,
  onName,
  onRepeat,
}: {
  data: PhoneCustomer;
  name: string;
  nameId: string;
  onName: (name: string) => void;
  onRepeat: (order: Order) => void;
}) {
  const { t } = useLingui();
  const c = data.customer;
  if (!c)
    return (
      <div className="phone-order__caller" data-testid="phone-caller">
        <p className="staff-note">{t`A new caller: the order makes their account.`}</p>
        <label htmlFor={nameId} className="staff-label">
          {t`Name`}
        </label>
        <input
          id={nameId}
          className="staff-input"
          value={name}
          onChange={(e) => {
            onName(e.target.value);
          }}
        />
      </div>
    );
  const who = [c.firstName, c.lastName].filter(Boolean).join(" ") || t`Customer`;
  return (
    <div className="phone-order__caller" data-testid="phone-caller">
      <p className="phone-order__who">{who}</p>
      {data.lastOrders.length === 0 ? (
        <p className="staff-note">{t`No orders yet.`}</p>
      ) : (
        <ul className="phone-order__history" aria-label={t`Last orders`}>
          {data.lastOrders.map((o) => (
            <li key={o.id}>
              <span>
                #{o.number} · {o.cartItems.map((i) => `${textOf(i.name)} ×${String(i.count)}`).join(", ")} ·{" "}
                {moneyOf(o.totalPrice)}
              </span>
              <button
                type="button"
                className="staff-button"
                onClick={() => {
                  onRepeat(o);
                }}
              >
                {t`Repeat #${o.number}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Basket({ lines, onLines }: { lines: Line[]; onLines: (lines: Line[]) => void }) {
  const { t } = useLingui();
  if (lines.length === 0) return <p className="staff-note">{t`Nothing added yet.`}</p>;
  const change = (key: string, by: number) => {
    onLines(
      lines.flatMap((l) => (l.key !== key ? [l] : l.count + by <= 0 ? [] : [{ ...l, count: l.count + by }])),
    );
  };
  return (
    <ul className="phone-order__lines" aria-label={t`Dishes in the order`} data-testid="phone-order-lines">
      {lines.map((l) => {
        const name = textOf(l.product.name);
        const options = l.options
          .map((o) => l.product.modificationGroups.flatMap((g) => g.modifications).find((m) => m.id === o.id))
          .map((m) => (m ? textOf(m.name) : ""))
          .filter(Boolean);
        return (
          <li key={l.key}>
            <span className="phone-order__line-name">
              {name}
              {options.length > 0 && <span className="staff-note"> · {options.join(", ")}</span>}
            </span>
            <span className="phone-order__count">
              <button
                type="button"
                className="staff-button staff-button--icon"
                aria-label={t`One less ${name}`}
                onClick={() => {
                  change(l.key, -1);
                }}
              >
                −
              </button>
              <span aria-label={t`Count`}>{l.count}</span>
              <button
                type="button"
                className="staff-button staff-button--icon"
                aria-label={t`One more ${name}`}
                onClick={() => {
                  change(l.key, 1);
                }}
              >
                +
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Destinations({
  saved,
  value,
  onChange,
}: {
  saved: PhoneCustomer["addresses"];
  value: Destination;
  onChange: (d: Destination) => void;
}) {
  const { t } = useLingui();
  const other = value !== null && "place" in value ? value.place : null;
  return (
    <fieldset className="phone-order__choices">
      <legend className="staff-label">{t`Address`}</legend>
      {saved.map((a) => (
        <label key={a.id} className="staff-check">
          <input
            type="radio"
            name="destination"
            checked={value !== null && "saved" in value && value.saved === a.id}
            onChange={() => {
              onChange({ saved: a.id });
            }}
          />
          {a.name ?? [a.streetName, a.houseNumber].filter(Boolean).join(" ")}
        </label>
      ))}
      <AddressSearch
        value={other}
        onPick={(place) => {
          onChange(place ? { place } : null);
        }}
      />
    </fieldset>
  );
}

function Summary({ call, quote }: { call: PhoneOrderCall | null; quote: ReturnType<typeof usePhoneQuote> }) {
  const { t } = useLingui();
  if (!call)
    return <p className="staff-note">{t`Add dishes and say where the order goes to see its total.`}</p>;
  if (quote.isError)
    return (
      <p className="staff-error" role="alert" data-testid="phone-order-refused">
        {errorText(
          quote.error instanceof ApiError ? quote.error : new ApiError(String(quote.error), { status: 0 }),
        )}
      </p>
    );
  const q = quote.data;
  if (!q) return <p className="staff-note">{t`Counting…`}</p>;
  return (
    <dl className="phone-order__totals" aria-busy={quote.isFetching} data-testid="phone-order-totals">
      <div>
        <dt>{t`Dishes`}</dt>
        <dd>{moneyOf(q.totals.productPrice - q.totals.productDiscount)}</dd>
      </div>
      {call.order.serviceType === "DELIVERY" && (
        <div>
          <dt>{t`Delivery`}</dt>
          <dd>{q.deliveryPriceSource === "TAXIMETER" ? t`By taximeter` : moneyOf(q.totals.deliveryPrice)}</dd>
        </div>
      )}
      {q.totals.promo > 0 && (
        <div>
          <dt>{t`Promo code`}</dt>
          <dd>−{moneyOf(q.totals.promo)}</dd>
        </div>
      )}
      <div className="phone-order__total">
        <dt>{t`Total`}</dt>
        <dd data-testid="phone-order-total">{moneyOf(q.totals.totalPrice)}</dd>
      </div>
    </dl>
  );
}
