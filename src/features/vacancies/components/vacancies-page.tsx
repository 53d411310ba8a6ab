import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import type { VacancySummary } from "../../../domain/contract/content.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useVacancies } from "../api/get-vacancies.ts";
import { Salary, usePlace } from "./vacancy-parts.tsx";
import "./vacancies.css";

/** `/vacancy` (vacanciesActive): the brand's open positions. */
export function VacanciesPage() {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const vacancies = useVacancies(merchant.id);
  const title = t`Vacancies`;
  usePageTitle(title);

  return (
    <article
      className="page vacancies-page"
      aria-labelledby="vacancies-title"
      aria-busy={vacancies.isPending}
    >
      <h1 id="vacancies-title" className="page__title">
        {title}
      </h1>
      {vacancies.isPending ? (
        <PageSpinner />
      ) : vacancies.isError ? (
        <LoadFailed onRetry={() => void vacancies.refetch()} retrying={vacancies.isFetching} />
      ) : vacancies.data.length === 0 ? (
        <StatusScreen
          titleId="vacancies-empty"
          title={t`No open positions right now`}
          description={t`Please look in again later.`}
        />
      ) : (
        <ul className="vacancy-list">
          {vacancies.data.map((v) => (
            <VacancyCard key={v.id} vacancy={v} />
          ))}
        </ul>
      )}
    </article>
  );
}

function VacancyCard({ vacancy }: { vacancy: VacancySummary }) {
  const lang = useContentLanguage();
  const place = usePlace(vacancy);
  return (
    <li>
      <Link
        href={`/vacancy/${encodeURIComponent(vacancy.id)}`}
        className="vacancy-card"
        data-testid="vacancy-card"
      >
        <span className="vacancy-card__position">{pickText(vacancy.position, lang)}</span>
        <span className="vacancy-card__salary">
          <Salary salary={vacancy.salary} />
        </span>
        {place && <span className="vacancy-card__place">{place}</span>}
        <span className="vacancy-card__arrow mirror-rtl" aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}
