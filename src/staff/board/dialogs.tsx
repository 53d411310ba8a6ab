import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Spinner } from "@telegram-apps/telegram-ui";
import { useId, useState } from "react";
import type { Courier } from "../../domain/contract/orders.ts";
import type { StaffBoardOrder, StaffHistoryEntry } from "../../domain/contract/staff-board.ts";
import { pickText } from "../../domain/multilingual.ts";
import { formatPhone } from "../../domain/phone.ts";
import { errorText } from "../../lib/api-client.ts";
import { ltr } from "../../lib/format.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";
import { COURIER_STATUS_LABELS, ORDER_STATUS_LABELS } from "../../shared/orders/status-labels.ts";
import { createCourier, getCouriers } from "../api.ts";
import { staffKeys } from "../query-keys.ts";
import { StaffDialog } from "../dialog.tsx";
import { cancelRefunds } from "./board-model.ts";
import { clockTime, consoleNow, money } from "./format.ts";
import { historyNote } from "./history-notes.ts";
import { AddressLines, deliveryFee, ItemList, PaymentLine, tableText, WantedTime } from "./order-card.tsx";

export function CancelDialog({
  order,
  onCancel,
  onClose,
}: {
  order: StaffBoardOrder;
  onCancel: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const number = String(order.number);
  const refund = cancelRefunds(order);
  const amount = money(order.totalPrice);
  const submit = async () => {
    if (reason.trim() === "") {
      setError(t`Say why the order is cancelled: the customer sees it`);
      return;
    }
    setBusy(true);
    const done = await onCancel(reason.trim());
    setBusy(false);
    if (done) onClose();
  };
  return (
    <StaffDialog
      title={t`Cancel order #${number}?`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Keep the order`}
          </button>
          <button
            type="button"
            className="staff-button staff-button--danger-filled"
            disabled={busy}
            onClick={() => void submit()}
          >
            {t`Cancel the order`}
          </button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {refund ? (
          <p className="staff-note staff-note--warning" role="note">
            {t`This order is paid online: cancelling it refunds ${amount} to the customer.`}
          </p>
        ) : null}
        <label htmlFor={id} className="staff-label">
          {t`Reason`}
        </label>
        <textarea
          id={id}
          className="staff-textarea"
          rows={3}
          maxLength={500}
          value={reason}
          data-autofocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </StaffDialog>
  );
}

/**
 * A new courier by name and phone, of the order's branch: the couriers' list shows them at once
 * (the cached list is updated) and they are chosen for the order.
 */
function AddCourier({
  merchantId,
  branchId,
  onAdded,
}: {
  merchantId: string;
  branchId: string | null;
  onAdded: (courier: Courier) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async () => {
    if (name.trim() === "" || phone.trim() === "") {
      setError(t`Type the courier's name and phone`);
      return;
    }
    setBusy(true);
    const [failure, courier] = await createCourier({ name: name.trim(), phone, branchId });
    setBusy(false);
    if (failure) {
      setError(errorText(failure));
      return;
    }
    queryClient.setQueryData<Courier[]>(staffKeys.couriers(merchantId), (list) =>
      list?.some((c) => c.id === courier.id) ? list : [...(list ?? []), courier],
    );
    void queryClient.invalidateQueries({ queryKey: staffKeys.couriers(merchantId) });
    setName("");
    setPhone("");
    setError(null);
    onAdded(courier);
  };
  return (
    <form
      className="courier-add"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`} className="order-detail__subtitle">
        {t`A new courier`}
      </h3>
      <div className="courier-add__fields">
        <label className="staff-label" htmlFor={`${id}-name`}>
          {t`Name`}
          <input
            id={`${id}-name`}
            className="courier-add__input"
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
        </label>
        <label className="staff-label" htmlFor={`${id}-phone`}>
          {t`Phone`}
          <input
            id={`${id}-phone`}
            className="courier-add__input"
            type="tel"
            dir="ltr"
            value={phone}
            maxLength={40}
            autoComplete="off"
            placeholder="+998 90 123 45 67"
            onChange={(event) => {
              setPhone(event.target.value);
              setError(null);
            }}
          />
        </label>
        <button type="submit" className="staff-button" disabled={busy}>
          {t`Add the courier`}
        </button>
      </div>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function CourierDialog({
  order,
  merchantId,
  onAttach,
  onOffer,
  onClose,
}: {
  order: StaffBoardOrder;
  merchantId: string;
  onAttach: (courierId: string) => Promise<boolean>;
  /** Offers the order to the branch's couriers on shift (the courier app); the first to accept takes it. */
  onOffer: () => Promise<boolean>;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const couriers = useQuery({
    queryKey: staffKeys.couriers(merchantId),
    queryFn: async ({ signal }) => {
      const [error, data] = await getCouriers(signal);
      if (error) throw error;
      return data;
    },
  });
  const [chosen, setChosen] = useState<string | null>(order.courierId);
  const [busy, setBusy] = useState(false);
  const number = String(order.number);
  const list = (couriers.data ?? []).filter(
    (c) => !c.branchId || !order.branchId || c.branchId === order.branchId,
  );
  return (
    <StaffDialog
      title={t`A courier for order #${number}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Back`}
          </button>
          {!order.courierId && order.branchId ? (
            <button
              type="button"
              className="staff-button"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void onOffer().then((done) => {
                  setBusy(false);
                  if (done) onClose();
                });
              }}
            >
              {t`Offer to the branch's couriers on shift`}
            </button>
          ) : null}
          <button
            type="button"
            className="staff-button staff-button--primary"
            disabled={!chosen || busy}
            onClick={() => {
              if (!chosen) return;
              setBusy(true);
              void onAttach(chosen).then((done) => {
                setBusy(false);
                if (done) onClose();
              });
            }}
          >
            {t`Give the order to this courier`}
          </button>
        </>
      }
    >
      {couriers.isPending ? (
        <div role="status" aria-label={t`Loading`} className="staff-center-small">
          <Spinner size="m" />
        </div>
      ) : couriers.isError ? (
        <p className="staff-error" role="alert">{t`The couriers could not be loaded. Try again.`}</p>
      ) : list.length === 0 ? (
        <p className="staff-note">{t`This branch has no couriers yet: add one below.`}</p>
      ) : (
        <fieldset className="courier-list">
          <legend className="visually-hidden">{t`Couriers`}</legend>
          {list.map((c) => (
            <label key={c.id} className="courier-list__row">
              <input
                type="radio"
                name="courier"
                value={c.id}
                checked={chosen === c.id}
                onChange={() => {
                  setChosen(c.id);
                }}
              />
              <span className="courier-list__name">{c.name || t`Courier without a name`}</span>
              {c.phone ? <span className="order-card__muted">{ltr(formatPhone(c.phone))}</span> : null}
              {c.status ? (
                <span className="order-card__muted">{i18n._(COURIER_STATUS_LABELS[c.status])}</span>
              ) : null}
            </label>
          ))}
        </fieldset>
      )}
      <AddCourier
        merchantId={merchantId}
        branchId={order.branchId}
        onAdded={(courier) => {
          setChosen(courier.id);
        }}
      />
    </StaffDialog>
  );
}

/** Who made a change of the history: "by the customer", "by Aziza Karimova", else their phone. */
function ChangedBy({ by }: { by: StaffHistoryEntry["by"] }) {
  const { t } = useLingui();
  if (!by) return null;
  const who = by.customer ? null : by.name || (by.phone ? ltr(formatPhone(by.phone)) : null);
  if (!by.customer && !who) return null;
  return (
    <span className="order-card__muted" data-testid="history-by">
      {" "}
      · {by.customer ? t`by the customer` : t`by ${who}`}
    </span>
  );
}

/** Enter on a card: the whole order with its history, and its two printouts. */
export function OrderDialog({
  order,
  onClose,
  onPrint,
}: {
  order: StaffBoardOrder;
  onClose: () => void;
  onPrint: (what: "ticket" | "slip") => void;
}) {
  const { t, i18n } = useLingui();
  const language = useContentLanguage();
  const [now] = useState(consoleNow);
  const number = String(order.number);
  const customer = order.receiver ?? order.customer;
  const table = tableText(order, language);
  const fee = deliveryFee(order);
  return (
    <StaffDialog
      title={t`Order #${number}`}
      onClose={onClose}
      wide
      footer={
        <>
          <button
            type="button"
            className="staff-button"
            onClick={() => {
              onPrint("ticket");
            }}
          >
            {t`Print the kitchen ticket`}
          </button>
          <button
            type="button"
            className="staff-button staff-button--primary"
            onClick={() => {
              onPrint("slip");
            }}
          >
            {t`Print the customer's slip`}
          </button>
        </>
      }
    >
      <div className="order-detail">
        <section aria-label={t`Items`}>
          <ItemList order={order} prices />
          {fee !== null ? (
            <p className="order-detail__sum" data-testid="order-detail-delivery-fee">
              {t`Delivery fee`}: {order.deliveryByTaximeter ? t`By taximeter` : money(fee)}
            </p>
          ) : null}
          <p className="order-card__total">
            {t`Total`}: {money(order.totalPrice)}
          </p>
        </section>
        <dl className="order-card__facts">
          <dt>{t`When`}</dt>
          <dd>
            <WantedTime order={order} now={now} />
          </dd>
          <dt>{t`Payment`}</dt>
          <dd>
            <PaymentLine order={order} />
          </dd>
          {customer ? (
            <>
              <dt>{t`Customer`}</dt>
              <dd>
                {customer.name} {customer.phone ? ltr(formatPhone(customer.phone)) : null}
              </dd>
            </>
          ) : null}
          {order.address ? (
            <>
              <dt>{t`Address`}</dt>
              <dd>
                <AddressLines order={order} />
              </dd>
            </>
          ) : null}
          {order.branch ? (
            <>
              <dt>{t`Branch`}</dt>
              <dd>{pickText(order.branch.name, language)}</dd>
            </>
          ) : null}
          {table ? (
            <>
              <dt>{t`Table`}</dt>
              <dd data-testid="order-detail-table">{table}</dd>
            </>
          ) : null}
          {order.courier ? (
            <>
              <dt>{t`Courier`}</dt>
              <dd data-testid="order-detail-courier">
                {order.courier.name} {order.courier.phone ? ltr(formatPhone(order.courier.phone)) : null}
              </dd>
            </>
          ) : null}
          {order.comment ? (
            <>
              <dt>{t`Comment`}</dt>
              <dd>{order.comment}</dd>
            </>
          ) : null}
        </dl>
        <section aria-label={t`History`}>
          <h3 className="order-detail__subtitle">{t`History`}</h3>
          <ol className="order-detail__history">
            {order.history.map((h, i) => (
              <li key={i} data-testid="history-line">
                <time dateTime={h.createdDate}>{clockTime(h.createdDate)}</time>{" "}
                {h.status ? i18n._(ORDER_STATUS_LABELS[h.status]) : null}
                {h.courierStatus && h.reason === "CHANGE_COURIER_STATUS"
                  ? ` · ${i18n._(COURIER_STATUS_LABELS[h.courierStatus])}`
                  : null}
                {h.comment ? (
                  <span className="order-card__muted"> · {historyNote(h.comment, i18n)}</span>
                ) : null}
                <ChangedBy by={h.by} />
              </li>
            ))}
          </ol>
        </section>
      </div>
    </StaffDialog>
  );
}

export function HelpDialog({
  onClose,
  sections,
}: {
  onClose: () => void;
  sections: { key: string; title: string }[];
}) {
  const { t } = useLingui();
  const rows: [string, string][] = [
    ["← ↑ → ↓", t`Move between orders`],
    ["Enter", t`Open the order`],
    ["N", t`Move the order to its next status`],
    ["C", t`Cancel the order`],
    ["P", t`Print the kitchen ticket`],
    ["?", t`Show these shortcuts`],
    ["Alt + B", t`The order board`],
    ...sections.map((s): [string, string] => [`Alt + ${s.key.toUpperCase()}`, s.title]),
  ];
  return (
    <StaffDialog title={t`Keyboard shortcuts`} onClose={onClose}>
      <table className="shortcut-table">
        <tbody>
          {rows.map(([keys, what]) => (
            <tr key={keys}>
              <th scope="row">
                <kbd>{keys}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </StaffDialog>
  );
}
