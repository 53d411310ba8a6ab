import { useLingui } from "@lingui/react/macro";
import { Button, Placeholder, Spinner } from "@telegram-apps/telegram-ui";
import type { PolicyType } from "../../../domain/enums.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { ApiError, errorText } from "../../../lib/api-client.ts";
import { RichText } from "../../../lib/rich-text.tsx";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePolicy } from "../api/get-policy.ts";
import { POLICY_TITLES } from "../policy-titles.ts";

/**
 * The brand's own text: about the company (/about), public offer (/offerta) or privacy policy
 * (/privacy): the Markdown the console writes (src/lib/rich-text.tsx: HTML never run).
 */
export function PolicyPage({ type }: { type: PolicyType }) {
  const { t, i18n } = useLingui();
  const { merchant } = useRequiredTenant();
  const language = useContentLanguage();
  const policy = usePolicy(merchant.id, type);
  const title = i18n._(POLICY_TITLES[type]);

  usePageTitle(title);

  const text = policy.data ? pickText(policy.data.text, language) : "";

  return (
    <article className="page policy-page" aria-labelledby="policy-title" aria-busy={policy.isPending}>
      <h1 id="policy-title" className="page__title">
        {title}
      </h1>
      {policy.isPending ? (
        <div className="page__center">
          <Spinner size="m" />
        </div>
      ) : policy.isError && !(policy.error instanceof ApiError && policy.error.status === 404) ? (
        <Placeholder
          header={t`Could not load the text`}
          description={policy.error instanceof ApiError ? errorText(policy.error) : undefined}
          action={
            <Button mode="bezeled" onClick={() => void policy.refetch()}>
              {t`Try again`}
            </Button>
          }
        />
      ) : text.trim() === "" ? (
        <Placeholder description={t`The text has not been published yet.`} />
      ) : (
        <RichText className="policy-page__text" text={text} dir="auto" />
      )}
    </article>
  );
}
