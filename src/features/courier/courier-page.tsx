// /courier (issue 39): the brand's own courier on their phone. Sign in with the phone and an SMS code
// (the staff's flow), switch the shift on, take an offer or an order staff gave, and walk it: accepted,
// picked up, arrived, delivered. While an order is theirs the phone's position goes to the server.
import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type SyntheticEvent } from "react";
import { OtpCodeField } from "../../components/otp-code-field.tsx";
import { PhoneField } from "../../components/phone-field.tsx";
import type { CourierOrder, CourierOrderDetail } from "../../domain/contract/courier-app.ts";
import type { CourierMove } from "../../domain/courier-app.ts";
import { OTP_CODE_LENGTH } from "../../domain/contract/users.ts";
import { formatPhone, parsePhone, phoneCountriesFor } from "../../domain/phone.ts";
import { ApiError, errorText } from "../../lib/api-client.ts";
import { pickText } from "../../domain/multilingual.ts";
import { currentContentLanguage } from "../../lib/i18n.ts";
import { formatAmount, ltr } from "../../lib/format.ts";
import { useRequiredTenant } from "../../shared/brand/tenant.ts";
import { usePageTitle } from "../../shared/brand/use-page-title.ts";
import { ORDER_STATUS_LABELS } from "../../shared/orders/status-labels.ts";
import {
  askCode,
  forgetCourier,
  getMe,
  getOrder,
  getOrders,
  makeMove,
  readCourierToken,
  setShift,
  verifyCode,
  writeCourierToken,
} from "./api.ts";
import { mapsLink } from "./maps-link.ts";
import { usePositionReporting } from "./use-position-reporting.ts";
import "./courier.css";

/** How often the list asks for new offers while the page is open. */
const REFRESH_MS = 10_000;

export function CourierPage() {
  const { t } = useLingui();
  const { sub } = useRequiredTenant();
  const [token, setToken] = useState(() => readCourierToken(sub));
  usePageTitle(t`Courier`);
  if (!token)
    return (
      <CourierSignIn
        onSignedIn={(value) => {
          writeCourierToken(sub, value);
          setToken(value);
        }}
      />
    );
  return (
    <CourierHome
      token={token}
      onSignOut={() => {
        forgetCourier(sub);
        setToken(null);
      }}
    />
  );
}

function CourierSignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const [phone, setPhone] = useState("+998 ");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submitPhone = async (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = parsePhone(phone, { countries: phoneCountriesFor(merchant.currency) });
    if (!parsed.ok) {
      setError(t`Enter a mobile number, e.g. +998 90 123 45 67`);
      return;
    }
    setBusy(true);
    const [failure, issued] = await askCode(parsed.e164);
    setBusy(false);
    if (failure && failure.code !== "OTP_RESEND_TOO_EARLY") {
      setError(errorText(failure));
      return;
    }
    setError(null);
    setSentTo(issued?.phone ?? parsed.e164);
  };

  const check = async (value: string) => {
    if (!sentTo || busy) return;
    if (value.length !== OTP_CODE_LENGTH) {
      setError(t`The code has ${OTP_CODE_LENGTH} digits`);
      return;
    }
    setBusy(true);
    const [failure, result] = await verifyCode(sentTo, value);
    setBusy(false);
    if (failure) {
      setError(errorText(failure));
      setCode("");
      return;
    }
    onSignedIn(result.token);
  };

  return (
    <div className="courier courier--center">
      <h1 className="courier__title">{t`Courier sign-in`}</h1>
      {sentTo === null ? (
        <form className="courier__form" noValidate onSubmit={(e) => void submitPhone(e)}>
          <p className="courier__lead">{t`Enter the phone the brand gave the courier role: we will send a code by SMS.`}</p>
          <PhoneField
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setError(null);
            }}
            error={error}
            autoFocus
          />
          <Button type="submit" mode="filled" size="l" stretched loading={busy}>
            {t`Get the code`}
          </Button>
        </form>
      ) : (
        <form
          className="courier__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void check(code);
          }}
        >
          <p className="courier__lead">{t`We sent a code by SMS to ${ltr(formatPhone(sentTo))}.`}</p>
          <OtpCodeField
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            onComplete={(value) => void check(value)}
            error={error}
            disabled={busy}
          />
          <Button type="submit" mode="filled" size="l" stretched loading={busy}>
            {t`Log in`}
          </Button>
        </form>
      )}
    </div>
  );
}

const courierKeys = {
  me: (token: string) => ["courier", token, "me"] as const,
  orders: (token: string) => ["courier", token, "orders"] as const,
  order: (token: string, id: string) => ["courier", token, "order", id] as const,
};

function thrown<T>([error, data]: readonly [ApiError, null] | readonly [null, T]): T {
  if (error) throw error;
  return data;
}

function CourierHome({ token, onSignOut }: { token: string; onSignOut: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);
  const [shiftError, setShiftError] = useState<string | null>(null);
  const me = useQuery({
    queryKey: courierKeys.me(token),
    queryFn: async ({ signal }) => thrown(await getMe(token, signal)),
    retry: false,
  });
  const orders = useQuery({
    queryKey: courierKeys.orders(token),
    queryFn: async ({ signal }) => thrown(await getOrders(token, signal)),
    enabled: me.isSuccess,
    refetchInterval: REFRESH_MS,
  });
  const carrying = (orders.data ?? []).some(
    (o) => o.mine && (o.status === "ATTACHED" || o.status === "ON_WAY"),
  );
  const position = usePositionReporting(token, carrying);

  if (me.isPending) return <p className="courier courier__muted" role="status">{t`Loading…`}</p>;
  if (me.isError) {
    const refused = me.error instanceof ApiError && (me.error.status === 403 || me.error.status === 401);
    return (
      <div className="courier courier--center">
        <p className="courier__lead" role="alert">
          {refused
            ? t`This number is not a courier of the brand. Ask the owner to add you in the staff console.`
            : t`The courier app could not load. Check your internet connection and try again.`}
        </p>
        <Button mode="bezeled" size="l" stretched onClick={onSignOut}>
          {t`Sign in with another number`}
        </Button>
      </div>
    );
  }

  if (openId)
    return (
      <CourierOrderScreen
        token={token}
        id={openId}
        onBack={() => {
          setOpenId(null);
          void queryClient.invalidateQueries({ queryKey: courierKeys.orders(token) });
        }}
      />
    );

  const toggleShift = async () => {
    setShiftError(null);
    const [failure, next] = await setShift(token, !me.data.onShift);
    if (failure) {
      setShiftError(errorText(failure));
      return;
    }
    queryClient.setQueryData(courierKeys.me(token), next);
    void queryClient.invalidateQueries({ queryKey: courierKeys.orders(token) });
  };

  const list = orders.data ?? [];
  const mine = list.filter((o) => o.mine);
  const offered = list.filter((o) => !o.mine);
  return (
    <div className="courier">
      <div className="courier__shift">
        <div>
          <p className="courier__name">{me.data.name ?? ltr(formatPhone(me.data.phone ?? ""))}</p>
          <p className="courier__muted">{me.data.onShift ? t`On shift` : t`Off shift`}</p>
        </div>
        <label className="courier-switch">
          <input
            type="checkbox"
            role="switch"
            checked={me.data.onShift}
            onChange={() => void toggleShift()}
            aria-label={t`On shift`}
          />
          <span aria-hidden="true" className="courier-switch__track" />
        </label>
      </div>
      {shiftError ? (
        <p className="courier__error" role="alert">
          {shiftError}
        </p>
      ) : null}
      {carrying ? (
        <p className="courier__note" role="status">
          {position === "denied"
            ? t`Location is off: allow it for this site so the customer sees you coming.`
            : position === "unavailable"
              ? t`This phone does not give its location.`
              : t`Your location is shared with the customer while you deliver.`}
        </p>
      ) : null}
      <h2 className="courier__heading">{t`My orders`}</h2>
      {orders.isPending ? (
        <p className="courier__muted" role="status">{t`Loading…`}</p>
      ) : mine.length === 0 ? (
        <p className="courier__muted">{t`No orders yet.`}</p>
      ) : (
        <OrderList orders={mine} onOpen={setOpenId} />
      )}
      <h2 className="courier__heading">{t`Offered to the branch`}</h2>
      {!me.data.onShift ? (
        <p className="courier__muted">{t`Start your shift to see the branch's offers.`}</p>
      ) : offered.length === 0 ? (
        <p className="courier__muted">{t`No offers right now.`}</p>
      ) : (
        <OrderList orders={offered} onOpen={setOpenId} />
      )}
      <button type="button" className="courier__link" onClick={onSignOut}>
        {t`Sign out`}
      </button>
    </div>
  );
}

function distanceText(m: number, locale: string): string {
  const km = m >= 1000;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: km ? "kilometer" : "meter",
    maximumFractionDigits: km ? 1 : 0,
  }).format(km ? m / 1000 : m);
}

function OrderList({ orders, onOpen }: { orders: CourierOrder[]; onOpen: (id: string) => void }) {
  const { t, i18n } = useLingui();
  const { merchant } = useRequiredTenant();
  return (
    <ul className="courier-list">
      {orders.map((o) => (
        <li key={o.id}>
          <button
            type="button"
            className="courier-card"
            data-order-number={o.number}
            onClick={() => {
              onOpen(o.id);
            }}
          >
            <span className="courier-card__top">
              <span className="courier-card__number">#{o.number}</span>
              <span className="courier-card__status">{i18n._(ORDER_STATUS_LABELS[o.status])}</span>
            </span>
            <span className="courier-card__address">{o.address.text}</span>
            <span className="courier-card__facts">
              {o.distanceM !== null ? <span>{distanceText(o.distanceM, i18n.locale)}</span> : null}
              <span>{t`${o.itemCount} items`}</span>
              <span className={o.cashToCollect > 0 ? "courier-card__cash" : undefined}>
                {o.cashToCollect > 0 ? t`Cash ${formatAmount(o.cashToCollect, merchant.currency)}` : t`Paid`}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function CourierOrderScreen({ token, id, onBack }: { token: string; id: string; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const { merchant } = useRequiredTenant();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const order = useQuery({
    queryKey: courierKeys.order(token, id),
    queryFn: async ({ signal }) => thrown(await getOrder(token, id, signal)),
    retry: false,
  });
  const moveLabels: Record<CourierMove, string> = {
    ACCEPT: t`Accept`,
    PICK_UP: t`Picked up`,
    ARRIVE: t`Arrived`,
    DELIVER:
      order.data && order.data.cashToCollect > 0
        ? t`Delivered, ${formatAmount(order.data.cashToCollect, merchant.currency)} collected`
        : t`Delivered`,
  };

  const move = async (m: CourierMove) => {
    setBusy(true);
    setError(null);
    const [failure, next] = await makeMove(token, id, m);
    setBusy(false);
    if (failure) {
      setError(
        failure.code === "COURIER_OFFER_TAKEN"
          ? t`Another courier has taken this order.`
          : errorText(failure),
      );
      void order.refetch();
      return;
    }
    queryClient.setQueryData<CourierOrderDetail>(courierKeys.order(token, id), next);
    void queryClient.invalidateQueries({ queryKey: courierKeys.orders(token) });
  };

  return (
    <div className="courier">
      <button type="button" className="courier__back" onClick={onBack}>
        <span className="mirror-rtl" aria-hidden="true">
          ‹
        </span>{" "}
        {t`My orders`}
      </button>
      {order.isPending ? (
        <p className="courier__muted" role="status">{t`Loading…`}</p>
      ) : order.isError ? (
        <p className="courier__error" role="alert">{t`This order is no longer yours or offered to you.`}</p>
      ) : (
        <OrderDetail
          order={order.data}
          busy={busy}
          error={error}
          moveLabels={moveLabels}
          statusText={i18n._(ORDER_STATUS_LABELS[order.data.status])}
          onMove={(m) => void move(m)}
        />
      )}
    </div>
  );
}

function OrderDetail({
  order,
  busy,
  error,
  moveLabels,
  statusText,
  onMove,
}: {
  order: CourierOrderDetail;
  busy: boolean;
  error: string | null;
  moveLabels: Record<CourierMove, string>;
  statusText: string;
  onMove: (m: CourierMove) => void;
}) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const a = order.address;
  const door = [
    a.entrance ? t`Entrance ${a.entrance}` : null,
    a.floor ? t`Floor ${a.floor}` : null,
    a.office ? t`Flat ${a.office}` : null,
    a.intercom ? t`Intercom ${a.intercom}` : null,
  ].filter(Boolean);
  return (
    <>
      <h1 className="courier__title">
        {t`Order #${order.number}`} <span className="courier-card__status">{statusText}</span>
      </h1>
      <section className="courier-block" aria-label={t`Customer`}>
        <p className="courier__name">{order.customerName ?? t`Customer`}</p>
        {order.customerPhone ? (
          <a className="courier-action" href={`tel:${order.customerPhone}`}>
            {t`Call ${ltr(formatPhone(order.customerPhone))}`}
          </a>
        ) : null}
      </section>
      <section className="courier-block" aria-label={t`Address`}>
        <p>{order.address.text}</p>
        {door.length > 0 ? <p className="courier__muted">{door.join(" · ")}</p> : null}
        {a.comment ? <p className="courier__muted">{a.comment}</p> : null}
        <a
          className="courier-action"
          href={mapsLink(a, navigator.userAgent)}
          target="_blank"
          rel="noreferrer"
        >
          {t`Open in maps`}
        </a>
      </section>
      {order.comment ? (
        <section className="courier-block" aria-label={t`Comment`}>
          <p>{order.comment}</p>
        </section>
      ) : null}
      <section className="courier-block" aria-label={t`Items`}>
        <ul className="courier-items">
          {order.items.map((item, i) => (
            <li key={i}>
              <span>{pickText(item.name, currentContentLanguage())}</span>
              <span>×{item.count}</span>
            </li>
          ))}
        </ul>
        <p className={order.cashToCollect > 0 ? "courier-card__cash" : "courier__muted"}>
          {order.cashToCollect > 0
            ? t`Cash to collect: ${formatAmount(order.cashToCollect, merchant.currency)}`
            : t`Paid`}
        </p>
      </section>
      {error ? (
        <p className="courier__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="courier-moves">
        {order.moves.map((m) => (
          <Button
            key={m}
            data-move={m}
            mode="filled"
            size="l"
            stretched
            loading={busy}
            onClick={() => {
              onMove(m);
            }}
          >
            {moveLabels[m]}
          </Button>
        ))}
      </div>
    </>
  );
}
