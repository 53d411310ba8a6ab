import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { isRetryable, LoadFailed } from "../../../components/load-failed.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import type { Vacancy } from "../../../domain/contract/content.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { formatPhone } from "../../../domain/phone-format.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useVacancy } from "../api/get-vacancies.ts";
import { Salary, usePlace } from "./vacancy-parts.tsx";
import "./vacancies.css";

/** `/vacancy/{id}` (vacanciesActive): one position, its requirements and whom to call. */
export function VacancyPage({ params }: { params: Record<string, string | undefined> }) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const lang = useContentLanguage();
  const vacancy = useVacancy(merchant.id, params.id ?? "");
  usePageTitle(vacancy.data ? pickText(vacancy.data.position, lang) : t`Vacancy`);

  if (vacancy.isPending) return <PageSpinner />;
  if (vacancy.isError) {
    if (isRetryable(vacancy.error))
      return <LoadFailed onRetry={() => void vacancy.refetch()} retrying={vacancy.isFetching} />;
    return (
      <StatusScreen
        titleId="vacancy-missing"
        title={t`This position is no longer open`}
        action={<Link href="/vacancy">{t`All vacancies`}</Link>}
      />
    );
  }
  return <VacancyView vacancy={vacancy.data} />;
}

function VacancyView({ vacancy }: { vacancy: Vacancy }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const place = usePlace(vacancy);
  const requirements = (vacancy.requirements ? pickText(vacancy.requirements, lang) : "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const phone = vacancy.phone?.replace(/[^\d+]/g, "");

  return (
    <article className="page vacancy-page" aria-labelledby="vacancy-title">
      <p className="vacancy-page__back">
        <Link href="/vacancy">{t`All vacancies`}</Link>
      </p>
      <h1 id="vacancy-title" className="page__title">
        {pickText(vacancy.position, lang)}
      </h1>
      <p className="vacancy-page__salary">
        <Salary salary={vacancy.salary} />
      </p>
      {place && <p className="vacancy-page__place">{place}</p>}

      <section aria-labelledby="vacancy-requirements">
        <h2 id="vacancy-requirements" className="vacancy-page__heading">{t`Requirements`}</h2>
        {requirements.length === 0 ? (
          <p>{t`We will tell you everything at the interview.`}</p>
        ) : (
          <ul className="vacancy-page__requirements">
            {requirements.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        )}
      </section>

      {(vacancy.responsible || phone || vacancy.telegram) && (
        <section aria-labelledby="vacancy-contact" className="vacancy-contact">
          <h2 id="vacancy-contact" className="vacancy-page__heading">{t`Contact person`}</h2>
          {vacancy.responsible && <p className="vacancy-contact__name">{vacancy.responsible}</p>}
          <div className="vacancy-contact__actions">
            {phone && (
              <a className="vacancy-contact__action" href={`tel:${phone}`}>
                {t`Call ${formatPhone(vacancy.phone)}`}
              </a>
            )}
            {vacancy.telegram && (
              <a
                className="vacancy-contact__action"
                href={`https://t.me/${encodeURIComponent(vacancy.telegram)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t`Write in Telegram`}
              </a>
            )}
          </div>
        </section>
      )}
    </article>
  );
}
