// Names of the files the console and the command line write for a brand (the tables' QR sheet):
// readable, the same wherever they are made, and safe in any file system and HTTP header.

/**
 * A text as part of a file name: Latin letters and digits in lower case, accents and apostrophes
 * dropped, other runs turned into one "-" ("Beshyog'och" -> "beshyogoch", "Chilonzor 2" ->
 * "chilonzor-2"); empty when nothing Latin is left (a Cyrillic-only name).
 */
export function fileNamePart(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['`\u2018\u2019\u02bb\u02bc]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The tables' QR sheet of a branch, without its extension: "table-qr-plov-beshyogoch", by the
 * brand's sub and the branch's name (its Uzbek, Latin one), the branch id when the name has no Latin
 * letters.
 */
export function tableQrFileBase(brandSub: string, branchName: string, branchId: string): string {
  return ["table-qr", fileNamePart(brandSub), fileNamePart(branchName) || branchId].filter(Boolean).join("-");
}
