import { useLingui } from "@lingui/react/macro";
import { Button, Placeholder, Spinner } from "@telegram-apps/telegram-ui";
import { NotFoundPage } from "../../../components/error-page.tsx";
import type { ExtraPageSlug } from "../../../domain/contract/content.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { RichText } from "../../../lib/rich-text.tsx";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useExtraPage } from "../api/get-extra-pages.ts";

/**
 * A page of the brand's own (/extra, /extra2, /extr3) in the extra layout: its title and body, the
 * Markdown the console writes (src/lib/rich-text.tsx: HTML never run). A 404 where it has none.
 */
export function ExtraPageScreen({ slug }: { slug: ExtraPageSlug }) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const language = useContentLanguage();
  const page = useExtraPage(merchant.id, slug);
  const title = page.data ? pickText(page.data.title, language) : "";
  usePageTitle(title || t`Loading`);

  if (page.isError && page.error instanceof ApiError && page.error.status === 404) {
    return <NotFoundPage path={`/${slug}`} />;
  }
  if (page.isPending) {
    return (
      <div className="page page__center" aria-busy="true">
        <Spinner size="m" />
      </div>
    );
  }
  if (page.isError) {
    return (
      <Placeholder
        header={t`Could not load the text`}
        action={
          <Button mode="bezeled" onClick={() => void page.refetch()}>
            {t`Try again`}
          </Button>
        }
      />
    );
  }
  const body = pickText(page.data.body, language);
  return (
    <article className="page policy-page" aria-labelledby="extra-title">
      <h1 id="extra-title" className="page__title">
        {title}
      </h1>
      <RichText className="policy-page__text" text={body} dir="auto" />
    </article>
  );
}
