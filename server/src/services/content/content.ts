/** Extra pages and vacancies. */
export {
  findExtraPage,
  findVacancy,
  listExtraPages,
  listVacancies,
  type VacancyRow,
} from "../../repositories/content.ts";
