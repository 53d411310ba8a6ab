// The back office's content (issue 36): the brand's texts (about, offer, privacy and the three
// extra pages) and its vacancies, edited from the staff console. Texts stay plain text: the
// storefront shows line breaks and never interprets markup, so nothing here is HTML.
import { z } from "zod";
import { POLICY_TYPES } from "../enums.ts";
import { parsePhone } from "../phone.ts";
import { EXTRA_PAGE_SLUGS } from "./content.ts";
import { dateTimeSchema, MONEY_MAX, multilingualSchema, uuidSchema } from "./common.ts";

/** The brand's pages: the three policies and the three extra pages. */
export const PAGE_KINDS = [...POLICY_TYPES, ...EXTRA_PAGE_SLUGS] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
export const pageKindSchema = z.enum(PAGE_KINDS);

export const isExtraPage = (kind: PageKind) => (EXTRA_PAGE_SLUGS as readonly string[]).includes(kind);

/** Only the languages with words, trimmed; a page's text may be long. */
const texts = (max: number) =>
  multilingualSchema.transform((text) =>
    Object.fromEntries(
      Object.entries(text).flatMap(([lang, v]) =>
        typeof v === "string" && v.trim() !== "" ? [[lang, v.trim().slice(0, max)]] : [],
      ),
    ),
  );

const hasWords = (text: Record<string, unknown>) =>
  Object.values(text).some((v) => typeof v === "string" && v.trim() !== "");

export const editorPageSchema = z
  .object({
    kind: pageKindSchema,
    /** An extra page's title (its link in the menu); null for the policies, whose titles are fixed. */
    title: multilingualSchema.nullable(),
    body: multilingualSchema,
    /** When it was last saved; null = not published. The form sends it back as its version. */
    savedAt: dateTimeSchema.nullable(),
  })
  .meta({ id: "EditorPage" });
export type EditorPage = z.infer<typeof editorPageSchema>;

export const editorPageBodySchema = z
  .object({
    /** The page's `savedAt` when the form was opened: a save over a newer one is 409 EDIT_CONFLICT. */
    savedAt: dateTimeSchema.nullable(),
    title: texts(200).optional(),
    /** Empty in every language: the page is taken down. */
    body: texts(20_000),
  })
  .meta({ id: "EditorPageBody" });
export type EditorPageBody = z.input<typeof editorPageBodySchema>;

export const editorVacancySchema = z
  .object({
    id: uuidSchema,
    position: multilingualSchema,
    requirements: multilingualSchema,
    responsible: z.string().nullable(),
    phone: z.string().nullable(),
    telegram: z.string().nullable(),
    /** Monthly; null = negotiable. */
    salary: z.number().nullable(),
    branchId: uuidSchema.nullable(),
    isActive: z.boolean(),
    priority: z.number().int(),
    savedAt: dateTimeSchema,
  })
  .meta({ id: "EditorVacancy" });
export type EditorVacancy = z.infer<typeof editorVacancySchema>;

const optionalLine = z
  .string()
  .trim()
  .max(120, { error: "is too long" })
  .nullable()
  .transform((v) => (v === "" ? null : v));

export const editorVacancyBodySchema = z
  .object({
    /** The vacancy's `savedAt` when the form was opened (absent for a new one). */
    savedAt: dateTimeSchema.optional(),
    position: texts(200).refine(hasWords, { error: "a position in at least one language" }),
    requirements: texts(4000),
    responsible: optionalLine,
    phone: z
      .string()
      .nullable()
      .transform((v, ctx) => {
        if (v === null || v.trim() === "") return null;
        const parsed = parsePhone(v);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: "must be a phone number like +998 90 123 45 67" });
          return z.NEVER;
        }
        return parsed.e164;
      }),
    telegram: z
      .string()
      .trim()
      .transform((v) => v.replace(/^@/, ""))
      .refine((v) => v === "" || /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(v), {
        error: "must be a Telegram username (5-32 letters, digits, '_')",
      })
      .nullable()
      .transform((v) => (v === "" ? null : v)),
    salary: z
      .number({ error: "must be a number" })
      .min(0, { error: "must be 0 or more" })
      .max(MONEY_MAX, { error: "is too large" })
      .nullable(),
    branchId: uuidSchema.nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: "EditorVacancyBody" });
export type EditorVacancyBody = z.input<typeof editorVacancyBodySchema>;
