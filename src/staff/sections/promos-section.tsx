// The brand's promo codes (issue 36, owner only): each with its discount, limits and how many
// orders used it; make one, pause or resume it. A code made here works at checkout at once.
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { PromoCode } from "../../domain/contract/back-office-brand.ts";
import { StaffDialog } from "../dialog.tsx";
import { refusalText, usePromoChange, usePromoCodes } from "./brand-api.ts";
import { Empty, Failed, Loading, moneyOf, SectionFrame, Switch } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";

export default function PromosSection(_props: StaffSectionProps) {
  const { t } = useLingui();
  const [making, setMaking] = useState(false);
  return (
    <SectionFrame
      title={t`Promo codes`}
      lead={t`Discounts guests type at checkout, their limits and how often orders used them.`}
      actions={
        <button
          type="button"
          className="staff-button staff-button--primary"
          onClick={() => {
            setMaking(true);
          }}
        >
          {t`New promo code`}
        </button>
      }
    >
      <Codes />
      {making && (
        <NewCode
          onClose={() => {
            setMaking(false);
          }}
        />
      )}
    </SectionFrame>
  );
}

function Codes() {
  const { t } = useLingui();
  const list = usePromoCodes();
  const change = usePromoChange();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  if (list.data.length === 0)
    return <Empty title={t`No promo codes yet`} text={t`Make the first one with “New promo code”.`} />;
  const discount = (p: PromoCode) => {
    const value = (n: number) => (p.discountType === "PERCENTAGE" ? `${String(n)}%` : moneyOf(n));
    return [
      p.productDiscount > 0 ? t`${value(p.productDiscount)} off the dishes` : null,
      p.deliveryDiscount > 0 ? t`${value(p.deliveryDiscount)} off delivery` : null,
    ]
      .filter(Boolean)
      .join(", ");
  };
  return (
    <>
      {refusal && (
        <p className="staff-note staff-note--warning" role="alert">
          {refusal}
        </p>
      )}
      <ul className="staff-list" aria-label={t`Promo codes`}>
        {list.data.map((p) => (
          <li key={p.id} className={`staff-row${p.isActive ? "" : " staff-row--off"}`}>
            <div className="staff-row__main">
              <div className="staff-row__text">
                <span className="staff-row__title">
                  <bdi>{p.code}</bdi>
                </span>
                <span className="staff-row__meta brand-member__meta">
                  <span>{discount(p)}</span>
                  {p.minPrice > 0 && <span>{t`from ${moneyOf(p.minPrice)}`}</span>}
                  <span className="staff-badge">
                    {p.usageLimit === null
                      ? t`Used ${String(p.uses)} times`
                      : t`Used ${String(p.uses)} of ${String(p.usageLimit)}`}
                  </span>
                  <span className="staff-badge">
                    {p.perCustomerLimit === null
                      ? t`Any number per guest`
                      : p.perCustomerLimit === 1
                        ? t`Once per guest`
                        : t`Up to ${String(p.perCustomerLimit)} per guest`}
                  </span>
                  {!p.isActive && <span className="staff-badge staff-badge--off">{t`Paused`}</span>}
                </span>
              </div>
              <Switch
                checked={p.isActive}
                label={t`${p.code} is on`}
                disabled={change.isPending}
                onChange={(isActive) => {
                  setRefusal(null);
                  change.mutate(
                    { kind: "pause", promo: p, isActive },
                    {
                      onError: (e) => {
                        setRefusal(
                          refusalText(
                            e,
                            t`This was not saved. Check your internet connection and try again.`,
                          ),
                        );
                      },
                    },
                  );
                }}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

type Field = "code" | "productDiscount" | "usageLimit" | "perCustomerLimit" | "minPrice";

function NewCode({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const change = usePromoChange();
  const [values, setValues] = useState({
    code: "",
    percent: true,
    productDiscount: "10",
    minPrice: "0",
    usageLimit: "",
    perCustomerLimit: "1",
    endDate: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field | "form", string>>>({});
  const number = (text: string) => Number(text.replace(/\s/g, "").replace(",", "."));

  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!/^[A-Za-z0-9_-]{2,40}$/.test(values.code.trim()))
      found.code = t`2 to 40 Latin letters, digits, “_” or “-”.`;
    const discount = number(values.productDiscount);
    if (!Number.isFinite(discount) || discount <= 0 || (values.percent && discount > 100))
      found.productDiscount = values.percent ? t`A percent from 1 to 100.` : t`A sum above 0.`;
    const min = number(values.minPrice || "0");
    if (!Number.isFinite(min) || min < 0) found.minPrice = t`A sum of 0 or more.`;
    const limit = values.usageLimit.trim() === "" ? null : number(values.usageLimit);
    if (limit !== null && (!Number.isInteger(limit) || limit < 1))
      found.usageLimit = t`A whole number, or empty for no limit.`;
    const perCustomer = values.perCustomerLimit.trim() === "" ? null : number(values.perCustomerLimit);
    if (perCustomer !== null && (!Number.isInteger(perCustomer) || perCustomer < 1 || perCustomer > 10_000))
      found.perCustomerLimit = t`A whole number from 1 to 10 000, or empty for no limit.`;
    else if (perCustomer !== null && limit !== null && perCustomer > limit)
      found.perCustomerLimit = t`Not more than the uses in total.`;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    change.mutate(
      {
        kind: "create",
        body: {
          code: values.code.trim(),
          discountType: values.percent ? "PERCENTAGE" : "AMOUNT",
          productDiscount: discount,
          deliveryDiscount: 0,
          minPrice: min,
          startDate: null,
          endDate: values.endDate ? new Date(`${values.endDate}T23:59:59`).toISOString() : null,
          isActive: true,
          usageLimit: limit,
          perCustomerLimit: perCustomer,
        },
      },
      {
        onSuccess: onClose,
        onError: (e) => {
          setErrors({
            form: refusalText(e, t`This was not saved. Check your internet connection and try again.`),
          });
        },
      },
    );
  };

  const field = (name: Field | "endDate", label: string, extra: Record<string, string> = {}) => (
    <div className="brand-field">
      <label className="staff-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="staff-input brand-input"
        value={values[name]}
        aria-invalid={name !== "endDate" && errors[name] ? true : undefined}
        aria-describedby={name !== "endDate" && errors[name] ? `${id}-${name}-error` : undefined}
        {...extra}
        onChange={(e) => {
          setValues((v) => ({ ...v, [name]: e.target.value }));
        }}
      />
      {name !== "endDate" && errors[name] && (
        <p id={`${id}-${name}-error`} className="staff-error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <StaffDialog
      title={t`New promo code`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="staff-button staff-button--primary"
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {change.isPending ? t`Saving…` : t`Create`}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="brand-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {errors.form && (
          <p className="staff-note staff-note--warning" role="alert">
            {errors.form}
          </p>
        )}
        {field("code", t`Code`, { "data-autofocus": "", autoComplete: "off", dir: "ltr" })}
        <label className="staff-check">
          <input
            type="checkbox"
            checked={values.percent}
            onChange={(e) => {
              setValues((v) => ({ ...v, percent: e.target.checked }));
            }}
          />
          {t`The discount is a percent (else a sum)`}
        </label>
        {field("productDiscount", t`Discount on the dishes`, { inputMode: "decimal" })}
        {field("minPrice", t`Minimum order sum`, { inputMode: "decimal" })}
        {field("usageLimit", t`Uses in total (empty: no limit)`, { inputMode: "numeric" })}
        {field("perCustomerLimit", t`Uses by one guest (empty: no limit)`, { inputMode: "numeric" })}
        {field("endDate", t`Last day (optional)`, { type: "date" })}
      </form>
    </StaffDialog>
  );
}
