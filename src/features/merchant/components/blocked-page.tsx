import { useLingui } from "@lingui/react/macro";
import { BlockedIcon } from "../../../components/icons.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import { pickText } from "../../../domain/multilingual.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";

/** /blocked: every visitor of a switched-off merchant lands here (spec sections 2 and 6). */
export function BlockedPage() {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const language = useContentLanguage();
  const name = pickText(merchant.name, language);
  usePageTitle(t`Not available`);
  return (
    <StatusScreen
      titleId="blocked-title"
      visual={
        merchant.logo ? (
          <img className="status-logo status-logo--muted" src={merchant.logo} alt="" width={96} height={96} />
        ) : (
          <BlockedIcon className="status-icon" />
        )
      }
      title={name ? t`${name} is not available` : t`Not available`}
      description={t`System deleted by admin. If this site belongs to you, please contact your manager`}
    />
  );
}
