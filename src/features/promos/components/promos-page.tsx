import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { Link } from "wouter";
import { ActionButton } from "../../../components/action-button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { useFormatMinor } from "../../../shared/brand/price.tsx";
import { toMinor } from "../../../domain/money.ts";
import type { Promo } from "../../../domain/contract/orders.ts";
import { errorText } from "../../../lib/api-client.ts";
import { joinNames } from "../../../lib/i18n.ts";
import { notify } from "../../../lib/notify.ts";
import { sessionAtom } from "../../../shared/session/session-atom.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useAddPromo } from "../api/add-promo.ts";
import { usePromos } from "../api/get-promos.ts";
import "./promos.css";

/** /profile/promos: the customer's promo codes; add one, copy one. */
export function PromosPage() {
  const { t } = useLingui();
  const session = useAtomValue(sessionAtom);
  usePageTitle(t`Promo codes`);
  const userId = session.token && session.user ? session.user.id : null;
  if (!userId) {
    return (
      <div className="page promos">
        <div className="promos__state">
          <p>{t`Log in to order and to track your orders.`}</p>
          <Link href="/login?redirect=%2Fprofile%2Fpromos" asChild>
            <ActionButton Component="a">{t`Log in`}</ActionButton>
          </Link>
        </div>
      </div>
    );
  }
  return <PromosList userId={userId} />;
}

function PromosList({ userId }: { userId: string }) {
  const { t } = useLingui();
  const promos = usePromos(userId);
  const add = useAddPromo(userId);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t`Please fill in this field!`);
      return;
    }
    add.mutate(value, {
      onSuccess: ([failure]) => {
        if (failure) {
          setError(errorText(failure));
          return;
        }
        setError(null);
        setCode("");
        notify({ kind: "success", text: t`Promo code added successfully` });
      },
    });
  };

  return (
    <div className="page promos">
      <h1 className="page__title">{t`Promo codes`}</h1>
      <form className="promos__form" onSubmit={submit} noValidate>
        <div className="promos__row">
          <TextField
            className="promos__field"
            label={t`Promo code`}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            error={error}
            onChange={(e) => {
              setCode(e.target.value);
            }}
          />
          <ActionButton type="submit" size="m" className="promos__add" loading={add.isPending}>
            {t`Add`}
          </ActionButton>
        </div>
      </form>
      {promos.isPending ? (
        <PageSpinner />
      ) : promos.data && promos.data.length > 0 ? (
        <ul className="promos__list" aria-label={t`My promo codes`}>
          {promos.data.map((p) => (
            <PromoRow key={p.id} promo={p} />
          ))}
        </ul>
      ) : (
        <p className="promos__empty">{t`You have no promo codes yet`}</p>
      )}
    </div>
  );
}

function PromoRow({ promo }: { promo: Promo }) {
  const { t } = useLingui();
  const format = useFormatMinor();
  const { merchant } = useRequiredTenant();
  const value =
    promo.discountType === "PERCENTAGE"
      ? [
          promo.productDiscount > 0 && t`${promo.productDiscount}% off products`,
          promo.deliveryDiscount > 0 && t`${promo.deliveryDiscount}% off delivery`,
        ]
      : [
          promo.productDiscount > 0 && t`${format(toMinor(promo.productDiscount))} off products`,
          promo.deliveryDiscount > 0 && t`${format(toMinor(promo.deliveryDiscount))} off delivery`,
        ];
  const until = promo.endDate
    ? new Date(promo.endDate)
        .toLocaleDateString("en-GB", { timeZone: merchant.timezone })
        .replaceAll("/", ".")
    : null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(promo.code);
    } catch {
      // Clipboard refused (insecure context): the code stays visible to copy by hand.
    }
    notify({ kind: "success", text: t`Promo code copied` });
  };
  return (
    <li className={`promo-card${promo.used ? " promo-card--used" : ""}`} data-testid="promo-card">
      <div>
        <p className="promo-card__code">{promo.code}</p>
        <p className="promo-card__value">{joinNames(value.filter((part): part is string => !!part))}</p>
        {promo.minPrice > 0 && (
          <p className="promo-card__note">{t`From ${format(toMinor(promo.minPrice))}`}</p>
        )}
        {until && <p className="promo-card__note">{t`Valid until ${until}`}</p>}
        {promo.used && <p className="promo-card__note">{t`Used`}</p>}
      </div>
      <ActionButton kind="secondary" size="s" onClick={() => void copy()} aria-label={t`Copy ${promo.code}`}>
        {t`Copy`}
      </ActionButton>
    </li>
  );
}
