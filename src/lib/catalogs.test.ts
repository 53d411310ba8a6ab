import { describe, expect, it } from "vitest";
import { LOCALES } from "./i18n.ts";

// Every interface language is fully translated (docs/decisions.md, Languages): a catalog with a
// missing or empty translation fails here, before a customer sees English in the middle of Uzbek.
// Two sets: the storefront's (locales/) and the staff console's own messages (locales/staff/).

const files = import.meta.glob<string>("../../locales/**/*.po", {
  query: "?raw",
  import: "default",
  eager: true,
});

interface Entry {
  msgid: string;
  msgstr: string;
  obsolete: boolean;
}

function unquote(line: string): string {
  return JSON.parse(line.trim()) as string;
}

/** A small PO reader: msgid/msgstr with continuation lines; obsolete (#~) entries are marked. */
function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: Partial<Entry> & { obsolete: boolean } = { obsolete: false };
  let field: "msgid" | "msgstr" | null = null;
  const flush = () => {
    if (current.msgid !== undefined && current.msgstr !== undefined) {
      entries.push({ msgid: current.msgid, msgstr: current.msgstr, obsolete: current.obsolete });
    }
    current = { obsolete: false };
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const obsolete = raw.startsWith("#~");
    const line = obsolete ? raw.slice(2).trim() : raw;
    if (line.trim() === "") {
      flush();
    } else if (line.startsWith("msgid ")) {
      if (current.msgstr !== undefined) flush();
      current.msgid = unquote(line.slice(6));
      current.obsolete = obsolete;
      field = "msgid";
    } else if (line.startsWith("msgstr ")) {
      current.msgstr = unquote(line.slice(7));
      field = "msgstr";
    } else if (line.startsWith('"') && field) {
      current[field] = (current[field] ?? "") + unquote(line);
    }
  }
  flush();
  return entries.filter((e) => e.msgid !== "" && !e.obsolete);
}

function catalog(set: string, locale: string): Entry[] {
  const text = files[`../../locales/${set}${locale}.po`];
  if (text === undefined) throw new Error(`locales/${set}${locale}.po is missing`);
  return parsePo(text);
}

// The names, each once: a plural message repeats a placeholder in each of its forms, and languages
// have different numbers of forms (zh one, en two, ru four, ar six).
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe("translation catalogs", () => {
  it("exist for every interface language, the storefront's and the staff console's", () => {
    expect(Object.keys(files).sort()).toEqual(
      ["", "staff/"].flatMap((set) => LOCALES.map((l) => `../../locales/${set}${l}.po`)).sort(),
    );
  });

  for (const set of ["", "staff/"]) {
    const source = catalog(set, "en");
    it(`locales/${set}: holds the source messages`, () => {
      expect(source.length).toBeGreaterThan(20);
    });

    for (const locale of LOCALES) {
      it(`locales/${set}${locale}: every message is translated, with its placeholders`, () => {
        const entries = catalog(set, locale);
        expect(entries.map((e) => e.msgid).sort()).toEqual(source.map((e) => e.msgid).sort());
        const empty = entries.filter((e) => e.msgstr.trim() === "").map((e) => e.msgid);
        expect(empty, `untranslated in ${set}${locale}.po`).toEqual([]);
        for (const e of entries) {
          expect(placeholders(e.msgstr), `${set}${locale}: ${e.msgid}`).toEqual(placeholders(e.msgid));
        }
      });
    }
  }
});
