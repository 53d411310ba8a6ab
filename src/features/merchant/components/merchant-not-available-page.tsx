import { useLingui } from "@lingui/react/macro";
import { StoreIcon } from "../../../components/icons.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";

/** /merchantNotAvailable: where a visitor goes when no brand can be resolved (spec section 2). */
export function MerchantNotAvailablePage() {
  const { t } = useLingui();
  usePageTitle(t`Store not found`);
  return (
    <StatusScreen
      titleId="unavailable-title"
      visual={<StoreIcon className="status-icon" />}
      title={t`Store not found`}
      description={t`This address does not lead to a store. Check the link or open the store from its own page.`}
    />
  );
}
