import { useLingui } from "@lingui/react/macro";
import type { VacancySummary } from "../../../domain/contract/content.ts";
import { toMinor } from "../../../domain/money.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { joinNames } from "../../../lib/i18n.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useFormatMinor } from "../../../shared/brand/price.tsx";

/** "6 500 000 so'm a month", or "Salary negotiable". */
export function Salary({ salary }: { salary: number | null }) {
  const { t } = useLingui();
  const format = useFormatMinor();
  return <>{salary === null ? t`Salary negotiable` : t`${format(toMinor(salary))} a month`}</>;
}

/** "Chilonzor, Tashkent": the branch and its city, or only the city. */
export function usePlace(vacancy: Pick<VacancySummary, "branch" | "city">): string {
  const lang = useContentLanguage();
  return joinNames(
    [
      vacancy.branch && pickText(vacancy.branch.name, lang),
      vacancy.city && pickText(vacancy.city.name, lang),
    ].filter((part): part is string => !!part),
  );
}
