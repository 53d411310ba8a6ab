import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { ActionButton } from "../../../components/action-button.tsx";
import { errorText } from "../../../lib/api-client.ts";
import { notify } from "../../../lib/notify.ts";
import { getPlatform } from "../../../platform/index.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { shareTelegramContact } from "../../../shared/session/host-sign-in.ts";

/**
 * Signed in by Telegram without a phone: the courier and the restaurant need one, so it is asked
 * for here, where the order needs it, and not when the app opens. Inside Telegram its own popup
 * asks at once (the signed contact puts the phone on this account); declined, or elsewhere, the
 * code login proves it (the server adds it to this same account).
 */
export function PhoneNeeded() {
  const { t } = useLingui();
  const { sub, merchant } = useRequiredTenant();
  const host = getPlatform();
  const canShare = host.kind === "telegram" && Boolean(host.initData);
  const [asking, setAsking] = useState(false);
  const asked = useRef(false);

  const share = () => {
    setAsking(true);
    void shareTelegramContact(host, { sub, merchantId: merchant.id }).then((outcome) => {
      setAsking(false);
      if (outcome.status === "failed") notify({ kind: "error", text: errorText(outcome.error) });
    });
  };
  useEffect(() => {
    if (!canShare || asked.current) return;
    asked.current = true;
    share();
    // Asked once when the page opens; the button asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canShare]);

  return (
    <div className="page checkout">
      <h1 className="page__title">{t`Checkout`}</h1>
      <p>{t`Add your phone number to place the order: the restaurant and the courier will call it if needed.`}</p>
      <div className="checkout__state">
        {canShare && (
          <ActionButton onClick={share} disabled={asking}>
            {t`Share my phone number`}
          </ActionButton>
        )}
        <Link href="/login?redirect=%2Fcheckout" className="button-link">
          {canShare ? t`Enter another number` : t`Add a phone number`}
        </Link>
      </div>
    </div>
  );
}
