// The brand's order rules (issues 36 and 42, owner only): cashback, the service fee, free delivery,
// the smallest and largest orders, the time to pay online and the couriers' speed. Checked field by
// field with the server's own schema before it is sent; a refused save keeps what was typed.
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import {
  orderRulesBodySchema,
  type OrderRules,
  type OrderRulesBody,
  type OrderRulesField,
} from "../../domain/contract/order-rules.ts";
import { ApiError } from "../../lib/api-client.ts";
import { refusalText } from "./brand-api.ts";
import { useOrderRulesSave, useOrderRulesSettings } from "./order-rules-api.ts";
import { Failed, Loading, SectionFrame } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";

export default function OrderRulesSection(_props: StaffSectionProps) {
  const { t } = useLingui();
  const rules = useOrderRulesSettings();
  return (
    <SectionFrame
      title={t`Order rules`}
      lead={t`What every basket is held to: cashback, the service fee, free delivery, the smallest and largest order.`}
    >
      {rules.isPending ? (
        <Loading />
      ) : rules.isError ? (
        <Failed onRetry={() => void rules.refetch()} error={rules.error} />
      ) : (
        <RulesForm rules={rules.data} />
      )}
    </SectionFrame>
  );
}

type Values = Record<Exclude<OrderRulesField, "serviceFeeEnabled">, string> & { serviceFeeEnabled: boolean };
type Errors = Partial<Record<OrderRulesField, string>>;

/** Fields an empty box leaves unset (null): no free delivery, no largest order, the default speed. */
const OPTIONAL = new Set<OrderRulesField>(["feeFreeThreshold", "maxOrderAmount", "courierSpeedKmh"]);

const shown = (value: number | null) => (value === null ? "" : String(value));

function valuesOf(rules: OrderRules): Values {
  return {
    cashbackPercent: shown(rules.cashbackPercent),
    serviceFeeEnabled: rules.serviceFeeEnabled,
    feeAmount: shown(rules.feeAmount),
    feeFreeThreshold: shown(rules.feeFreeThreshold),
    minimalDeliveryPrice: shown(rules.minimalDeliveryPrice),
    minOrderAmount: shown(rules.minOrderAmount),
    minDeliveryProductCount: shown(rules.minDeliveryProductCount),
    maxOrderAmount: shown(rules.maxOrderAmount),
    paymentTimeoutMinutes: shown(rules.paymentTimeoutMinutes),
    courierSpeedKmh: shown(rules.courierSpeedKmh),
  };
}

/** A typed number ("150 000", "2,5"); NaN for what is not one, so the schema names the field. */
function numberOf(text: string): number {
  const cleaned = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

function bodyOf(values: Values, version: string): Record<string, unknown> {
  const body: Record<string, unknown> = { version, serviceFeeEnabled: values.serviceFeeEnabled };
  for (const [field, text] of Object.entries(values)) {
    if (field === "serviceFeeEnabled") continue;
    const typed = text as string;
    body[field] = OPTIONAL.has(field as OrderRulesField) && typed.trim() === "" ? null : numberOf(typed);
  }
  return body;
}

function useFieldMessages(): Record<OrderRulesField, string> {
  const { t } = useLingui();
  const sum = t`Enter a sum of 0 or more.`;
  return {
    cashbackPercent: t`Cashback is a whole percent from 0 to 100.`,
    serviceFeeEnabled: "",
    feeAmount: sum,
    feeFreeThreshold: t`Enter a sum of 0 or more, or leave it empty: delivery is then never free.`,
    minimalDeliveryPrice: sum,
    minOrderAmount: sum,
    minDeliveryProductCount: t`A whole number of items from 0 (none) to 999.`,
    maxOrderAmount: t`Enter a sum above 0 and not below the minimum order, or leave it empty for no limit.`,
    paymentTimeoutMinutes: t`Whole minutes from 0 (never cancelled) to 10080 (a week).`,
    courierSpeedKmh: t`A whole speed from 3 to 120 km/h, or leave it empty for 20 km/h.`,
  };
}

function RulesForm({ rules }: { rules: OrderRules }) {
  const { t } = useLingui();
  const id = useId();
  const save = useOrderRulesSave();
  const current = useOrderRulesSettings();
  const messages = useFieldMessages();
  const [values, setValues] = useState(() => valuesOf(rules));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<{ text: string; conflict: boolean } | null>(null);
  const [saved, setSaved] = useState(false);

  const change = (field: OrderRulesField, value: string | boolean) => {
    setSaved(false);
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  // After a refusal over a newer save: that save's rules, in place of what was typed.
  const reload = async () => {
    const fresh = await current.refetch();
    if (!fresh.data) return;
    setValues(valuesOf(fresh.data));
    setErrors({});
    setRefusal(null);
  };

  const submit = () => {
    setRefusal(null);
    const parsed = orderRulesBodySchema.safeParse(bodyOf(values, rules.version));
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as OrderRulesField | undefined;
        if (field && !(field in found)) found[field] = messages[field];
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const body: OrderRulesBody = parsed.data;
    save.mutate(body, {
      onSuccess: () => {
        setSaved(true);
      },
      onError: (error) => {
        setRefusal({
          text: refusalText(error, t`This was not saved. Check your internet connection and try again.`),
          conflict: error instanceof ApiError && error.status === 409,
        });
      },
    });
  };

  const field = (name: Exclude<OrderRulesField, "serviceFeeEnabled">, label: string, hint?: string) => (
    <RuleField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => {
        change(name, value);
      }}
    />
  );

  return (
    <form
      className="brand-settings"
      noValidate
      aria-label={t`Order rules`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="brand-settings__main">
        {refusal && (
          <div className="staff-note staff-note--warning" role="alert">
            <p>{refusal.text}</p>
            {refusal.conflict && (
              <button type="button" className="staff-button" onClick={() => void reload()}>
                {t`Load the saved rules`}
              </button>
            )}
          </div>
        )}
        <fieldset className="brand-fieldset">
          <legend className="staff-label">{t`Cashback`}</legend>
          {field(
            "cashbackPercent",
            t`Cashback, % of the products`,
            t`Earned on a delivered or closed order. Customers spend it while Cashback is on in Brand settings.`,
          )}
        </fieldset>
        <fieldset className="brand-fieldset">
          <legend className="staff-label">{t`Delivery`}</legend>
          {field("minOrderAmount", t`Minimum order for delivery`, t`0: none. A zone may ask more.`)}
          {field("minDeliveryProductCount", t`Fewest items for delivery`, t`0: none.`)}
          {field("feeFreeThreshold", t`Free delivery from`, t`Empty: delivery is never free.`)}
          {field("minimalDeliveryPrice", t`Delivery costs at least`)}
          {field(
            "courierSpeedKmh",
            t`Couriers' speed in the city, km/h`,
            t`For the arrival time customers are promised. Empty: 20 km/h.`,
          )}
        </fieldset>
        <fieldset className="brand-fieldset">
          <legend className="staff-label">{t`Every order`}</legend>
          <label className="staff-check">
            <input
              type="checkbox"
              checked={values.serviceFeeEnabled}
              onChange={(e) => {
                change("serviceFeeEnabled", e.target.checked);
              }}
            />{" "}
            {t`Add a service fee`}
          </label>
          {field("feeAmount", t`Service fee`)}
          {field("maxOrderAmount", t`Largest order`, t`Empty: no limit.`)}
          {field(
            "paymentTimeoutMinutes",
            t`Minutes to pay online`,
            t`An order left unpaid longer is cancelled. 0: never.`,
          )}
        </fieldset>
        <div className="brand-settings__save">
          <button
            type="submit"
            className="staff-button staff-button--primary"
            disabled={save.isPending}
            aria-busy={save.isPending}
          >
            {save.isPending ? t`Saving…` : t`Save`}
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

function RuleField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string | undefined;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="brand-field">
      <label className="staff-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="staff-input brand-input"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      {hint && (
        <p id={`${id}-hint`} className="staff-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="staff-error">
          {error}
        </p>
      )}
    </div>
  );
}
