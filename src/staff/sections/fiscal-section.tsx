// Fiscal receipts (issue 40, owner only): every online payment carries a receipt the payment provider
// registers with the tax authority, so the brand's tax id and each product's MXIK and package codes
// must be set. The section says whether online payment is taken, lists what keeps it from being
// taken, and lets the owner fill the codes in place.
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { BrandFiscalBody, FiscalStatus } from "../../domain/contract/fiscal.ts";
import { isMxikCode, isPackageCode, isTaxId } from "../../domain/fiscal.ts";
import { refusalText } from "./brand-api.ts";
import { useFiscalSave, useFiscalStatus, useProductCodesSave } from "./fiscal-api.ts";
import { Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";

export default function FiscalSection(_props: StaffSectionProps) {
  const { t } = useLingui();
  const status = useFiscalStatus();
  return (
    <SectionFrame
      title={t`Fiscal receipts`}
      lead={t`Online payments send a fiscal receipt to the tax authority: the brand's tax id and each product's MXIK and package codes are required.`}
    >
      {status.isPending ? (
        <Loading />
      ) : status.isError ? (
        <Failed onRetry={() => void status.refetch()} error={status.error} />
      ) : (
        <>
          <StatusNote status={status.data} />
          <BrandForm settings={status.data.settings} />
          <UncodedProducts status={status.data} />
        </>
      )}
    </SectionFrame>
  );
}

function StatusNote({ status }: { status: FiscalStatus }) {
  const { t } = useLingui();
  if (status.onlinePaymentReady)
    return (
      <p className="staff-note" role="status" data-testid="fiscal-status">
        {t`Online payment is on: every product has its codes.`}
      </p>
    );
  const reasons = status.gaps.map((gap) =>
    gap === "TAX_ID"
      ? t`the brand's tax id (TIN or PINFL)`
      : gap === "DELIVERY_CODE"
        ? t`the codes of delivery`
        : t`the codes of the service fee`,
  );
  if (status.products.length > 0) reasons.push(t`product codes (missing: ${status.products.length})`);
  return (
    <p className="staff-note staff-note--warning" role="alert" data-testid="fiscal-status">
      {t`Online payment is refused until these are set: ${reasons.join(", ")}.`}
    </p>
  );
}

const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());

function BrandForm({ settings }: { settings: BrandFiscalBody }) {
  const { t } = useLingui();
  const id = useId();
  const save = useFiscalSave();
  const [values, setValues] = useState(() => ({
    taxId: settings.taxId ?? "",
    vatPayer: settings.vatPayer,
    vatPercent: String(settings.vatPercent),
    deliveryMxicCode: settings.deliveryMxicCode ?? "",
    deliveryPackageCode: settings.deliveryPackageCode ?? "",
    serviceMxicCode: settings.serviceMxicCode ?? "",
    servicePackageCode: settings.servicePackageCode ?? "",
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const text = (key: Exclude<keyof typeof values, "vatPayer">, label: string, hint?: string) => (
    <div className="brand-field">
      <label className="staff-label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="staff-input brand-input"
        inputMode="numeric"
        autoComplete="off"
        value={values[key]}
        placeholder={hint}
        onChange={(e) => {
          setSaved(false);
          setValues((v) => ({ ...v, [key]: e.target.value }));
        }}
      />
    </div>
  );
  const submit = () => {
    setProblem(null);
    const body: BrandFiscalBody = {
      taxId: blankToNull(values.taxId),
      vatPayer: values.vatPayer,
      vatPercent: Number(values.vatPercent),
      deliveryMxicCode: blankToNull(values.deliveryMxicCode),
      deliveryPackageCode: blankToNull(values.deliveryPackageCode),
      serviceMxicCode: blankToNull(values.serviceMxicCode),
      servicePackageCode: blankToNull(values.servicePackageCode),
    };
    if (body.taxId !== null && !isTaxId(body.taxId)) {
      setProblem(t`A TIN is 9 digits, a PINFL 14.`);
      return;
    }
    if (
      [body.deliveryMxicCode, body.serviceMxicCode].some((c) => c !== null && !isMxikCode(c)) ||
      [body.deliveryPackageCode, body.servicePackageCode].some((c) => c !== null && !isPackageCode(c))
    ) {
      setProblem(t`An IKPU code is 17 digits; a package code is digits only.`);
      return;
    }
    if (!Number.isInteger(body.vatPercent) || body.vatPercent < 0 || body.vatPercent > 100) {
      setProblem(t`The VAT rate is a whole percent from 0 to 100.`);
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        setSaved(true);
      },
      onError: (e) => {
        setProblem(refusalText(e, t`This was not saved. Check your internet connection and try again.`));
      },
    });
  };
  return (
    <form
      className="brand-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="brand-settings__main">
        {problem && (
          <p className="staff-note staff-note--warning" role="alert">
            {problem}
          </p>
        )}
        <fieldset className="brand-fieldset">
          <legend className="staff-label">{t`Seller`}</legend>
          {text("taxId", t`TIN or PINFL`, t`9 or 14 digits`)}
          <label className="brand-field">
            <input
              type="checkbox"
              checked={values.vatPayer}
              onChange={(e) => {
                setSaved(false);
                setValues((v) => ({ ...v, vatPayer: e.target.checked }));
              }}
            />{" "}
            {t`The brand pays VAT`}
          </label>
          {text("vatPercent", t`VAT rate of products, %`)}
        </fieldset>
        <fieldset className="brand-fieldset">
          <legend className="staff-label">{t`Delivery and service fee`}</legend>
          {text("deliveryMxicCode", t`Delivery: IKPU code`, t`17 digits`)}
          {text("deliveryPackageCode", t`Delivery: package code`)}
          {text("serviceMxicCode", t`Service fee: IKPU code`, t`17 digits`)}
          {text("servicePackageCode", t`Service fee: package code`)}
        </fieldset>
        <div className="brand-settings__save">
          <button
            type="submit"
            className="staff-button staff-button--primary"
            disabled={save.isPending}
            aria-busy={save.isPending}
          >
            {t`Save`}
          </button>
          {saved && (
            <span role="status" className="brand-saved">
              {t`Saved`}
            </span>
          )}
        </div>
      </div>
    </form>
  );
}

function UncodedProducts({ status }: { status: FiscalStatus }) {
  const { t } = useLingui();
  if (status.products.length === 0) return null;
  return (
    <section className="brand-fieldset" aria-labelledby="fiscal-uncoded">
      <h2 id="fiscal-uncoded" className="staff-label">
        {t`Products without codes`}
      </h2>
      <ul className="fiscal-products" data-testid="fiscal-uncoded">
        {status.products.map((p) => (
          <ProductCodesRow key={p.id} product={p} />
        ))}
      </ul>
    </section>
  );
}

function ProductCodesRow({ product }: { product: FiscalStatus["products"][number] }) {
  const { t } = useLingui();
  const id = useId();
  const save = useProductCodesSave();
  const [mxic, setMxic] = useState(product.mxicCode ?? "");
  const [pack, setPack] = useState(product.packageCode ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const name = textOf(product.name);
  return (
    <li className="brand-field">
      <strong>{name}</strong>
      <label className="staff-label" htmlFor={`${id}-mxic`}>
        {t`IKPU code`}
      </label>
      <input
        id={`${id}-mxic`}
        className="staff-input brand-input"
        inputMode="numeric"
        value={mxic}
        onChange={(e) => {
          setMxic(e.target.value);
        }}
      />
      <label className="staff-label" htmlFor={`${id}-pack`}>
        {t`Package code`}
      </label>
      <input
        id={`${id}-pack`}
        className="staff-input brand-input"
        inputMode="numeric"
        value={pack}
        onChange={(e) => {
          setPack(e.target.value);
        }}
      />
      {problem && (
        <span className="staff-note staff-note--warning" role="alert">
          {problem}
        </span>
      )}
      <button
        type="button"
        className="staff-button"
        disabled={save.isPending}
        aria-label={t`Save the codes of ${name}`}
        onClick={() => {
          setProblem(null);
          if (!isMxikCode(mxic.trim()) || !isPackageCode(pack.trim())) {
            setProblem(t`An IKPU code is 17 digits; a package code is digits only.`);
            return;
          }
          save.mutate(
            { id: product.id, body: { mxicCode: mxic.trim(), packageCode: pack.trim() } },
            {
              onError: (e) => {
                setProblem(
                  refusalText(e, t`This was not saved. Check your internet connection and try again.`),
                );
              },
            },
          );
        }}
      >
        {t`Save`}
      </button>
    </li>
  );
}
