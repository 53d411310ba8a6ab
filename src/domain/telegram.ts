// Telegram Mini App rules both sides apply (spec sections 4, 5 and 9).

/** initData is valid only when longer than 10 characters. */
export const INIT_DATA_MIN_LENGTH = 11;

export function isUsableInitData(value: string | null | undefined): value is string {
  return typeof value === "string" && value.length >= INIT_DATA_MIN_LENGTH;
}
