// The stop-list's rules shared by the console and the server (issue 44, point 14).
//
// An option (a modifier such as "Cheese") is one thing whatever products offer it: the menu stores
// it once per product's choice, so the brand's 135 wraps with cheese hold 135 rows of it. Those rows
// are the same option when they carry the same POS id (iikoId), else the same name in every
// language (folded as search folds it: case, accents, apostrophes).
import { foldText } from "./menu.ts";

type Names = Readonly<Record<string, string | null | undefined>>;

/** The identity of an option across the products that offer it. */
export function optionKey(option: { name: Names; iikoId?: string | null }): string {
  if (option.iikoId) return `iiko:${option.iikoId}`;
  const parts = Object.entries(option.name)
    .filter((e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== "")
    .map(([lang, text]) => `${lang}=${foldText(text.trim())}`)
    .sort();
  return `name:${parts.join("|")}`;
}

/** Where an item is stopped among the branches the staff member sees that sell it. */
export interface StopSpread {
  /** The staff member's branches that sell the item (or offer the option). */
  soldAt: readonly string[];
  /** Those of them where it is stopped. */
  stoppedAt: readonly string[];
}

/** "everywhere" (stopped at every branch that sells it), "some", or "nowhere". */
export function stopReach(spread: StopSpread): "everywhere" | "some" | "nowhere" {
  if (spread.stoppedAt.length === 0) return "nowhere";
  return spread.stoppedAt.length >= spread.soldAt.length ? "everywhere" : "some";
}
