import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ActionButton } from "../../../components/action-button.tsx";
import { CheckIcon } from "../../../components/icons.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import type { PaymentReturn } from "../../../domain/contract/payments.ts";
import { miniAppStartLink, orderStartParam } from "../../../domain/telegram.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { activateLocale, currentLocale, merchantLocales, toLocale } from "../../../lib/i18n.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";

/** How often the page asks again while the provider's confirmation is on its way. */
const POLL_MS = 3_000;

/**
 * /paid/:id?via=telegram|click&lang=: where a pay page opened from a mini app returns the payer, in
 * the phone's browser, where nobody is signed in. It needs no login and shows only what its address
 * may show: whether the payment arrived, and the way back into the host app, where the customer is
 * signed in and the order opens (Telegram: the bot's link with startapp=order_<id>; Click: the
 * order's page, which Click's web view signs in by its own session cookie).
 */
export function PaidReturnPage({ id }: { id: string }) {
  const { t } = useLingui();
  const { settings } = useRequiredTenant();
  const query = new URLSearchParams(window.location.search);
  const via = query.get("via") === "click" ? "click" : "telegram";

  // The language the customer used in the mini app, when the brand has it (this browser may not).
  const lang = toLocale(query.get("lang"));
  useEffect(() => {
    if (lang && lang !== currentLocale() && merchantLocales(settings).includes(lang))
      void activateLocale(lang);
  }, [lang, settings]);

  const status = useQuery({
    queryKey: ["payment-return", id],
    queryFn: async () =>
      unwrap(
        await api<PaymentReturn>(`/payments/v2/checkout/${encodeURIComponent(id)}/return/NO_TOKEN`, {
          silent: true,
        }),
      ),
    refetchInterval: (q) => (q.state.data?.isPaid || q.state.status === "error" ? false : POLL_MS),
  });
  const paid = status.data?.isPaid === true;
  usePageTitle(paid ? t`Payment received` : t`Payment`);

  const telegramLink = miniAppStartLink(settings.telegramBotLink, orderStartParam(id));
  const back =
    via === "click"
      ? { href: `/profile/orders/${encodeURIComponent(id)}`, text: t`Return to Click` }
      : telegramLink
        ? { href: telegramLink, text: t`Return to Telegram` }
        : null;

  return (
    <StatusScreen
      titleId="paid-return-title"
      visual={paid ? <CheckIcon className="status-icon" /> : undefined}
      title={
        <span data-testid="paid-return-status" data-paid={String(paid)}>
          {paid ? t`Payment received` : status.isError ? t`Payment` : t`Waiting for the payment`}
        </span>
      }
      description={
        <>
          {!paid && !status.isError && (
            <span role="status">{t`If you have paid, this page will say so in a moment.`} </span>
          )}
          {via === "click"
            ? t`Your order is in the Click app: return there to follow it.`
            : t`Your order is in Telegram: return there to follow it.`}
        </>
      }
      action={
        back && (
          <ActionButton Component="a" href={back.href} stretched>
            {back.text}
          </ActionButton>
        )
      }
    />
  );
}
