/** True when an If-None-Match list names one of `etags` (weak comparison, as RFC 9110 asks for GET). */
export function etagMatchesHeader(header: string | string[] | undefined, etags: readonly string[]): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value.trim() === "*") return true;
  return value
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => etags.includes(t));
}
