// The printable QR sheet of a branch's tables: A4 pages of six cards, each with the table's name, its
// hall and branch, a QR code of the table's storefront link (drawn here by `qrcode`, no service) and
// the links as text: the website's `?table=<code>` and, when the brand has a bot, Telegram's
// `startapp=table_<code>`.
import QRCode from "qrcode";

export interface SheetTable {
  code: string;
  name: string;
  hall: string;
}

export interface SheetOptions {
  brandName: string;
  branchName: string;
  /** The storefront's address, e.g. "https://plov.example.uz" (no trailing slash needed). */
  baseUrl: string;
  /** The brand's bot username, when it has one. */
  botUsername: string | null;
  /** The mini app's short name (t.me/<bot>/<app>); without it the bot's main mini app opens. */
  appName: string | null;
  /** The words of the card ("Table"), in the restaurant's language. */
  tableWord: string;
}

const PAGE = { width: 210, height: 297 } as const;
const COLUMNS = 2;
const ROWS = 3;
const CARD = { width: 95, height: 92 } as const;
const QR_SIZE = 54;

export function tableUrl(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/?table=${encodeURIComponent(code)}`;
}

export function telegramTableUrl(botUsername: string, appName: string | null, code: string): string {
  const app = appName ? `/${appName}` : "";
  return `https://t.me/${botUsername}${app}?startapp=table_${code}`;
}

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** The QR code as an <svg> placed at x, y with the given size (millimetres of the page). */
async function qrAt(text: string, x: number, y: number, size: number): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  const start = svg.indexOf("<svg");
  return svg
    .slice(start)
    .replace(
      "<svg ",
      `<svg x="${String(x)}" y="${String(y)}" width="${String(size)}" height="${String(size)}" `,
    )
    .trim();
}

async function card(table: SheetTable, options: SheetOptions, x: number, y: number): Promise<string> {
  const web = tableUrl(options.baseUrl, table.code);
  const telegram = options.botUsername
    ? telegramTableUrl(options.botUsername, options.appName, table.code)
    : null;
  const cx = x + CARD.width / 2;
  const text = (dy: number, size: number, value: string, weight = "normal") =>
    `<text x="${String(cx)}" y="${String(y + dy)}" font-size="${String(size)}" font-weight="${weight}" text-anchor="middle">${escapeXml(value)}</text>`;
  return [
    `<g>`,
    `<rect x="${String(x)}" y="${String(y)}" width="${String(CARD.width)}" height="${String(CARD.height)}" rx="4" fill="#fff" stroke="#999" stroke-width="0.3" stroke-dasharray="2 1.5"/>`,
    text(10, 7, `${options.tableWord} ${table.name}`, "bold"),
    text(16, 3.6, `${table.hall} · ${options.branchName}`),
    await qrAt(web, cx - QR_SIZE / 2, y + 19, QR_SIZE),
    text(78, 2.6, web),
    telegram ? text(82.5, 2.3, telegram) : "",
    text(88, 2.6, options.brandName, "bold"),
    `</g>`,
  ].join("");
}

/** The sheet's pages: one SVG document per A4 page of six tables. */
export async function tableQrPages(tables: readonly SheetTable[], options: SheetOptions): Promise<string[]> {
  const perPage = COLUMNS * ROWS;
  const marginX = (PAGE.width - COLUMNS * CARD.width) / 3;
  const marginY = (PAGE.height - ROWS * CARD.height) / 4;
  const pages: string[] = [];
  for (let first = 0; first < tables.length; first += perPage) {
    const cards = await Promise.all(
      tables.slice(first, first + perPage).map((table, i) => {
        const column = i % COLUMNS;
        const row = Math.floor(i / COLUMNS);
        return card(
          table,
          options,
          marginX + column * (CARD.width + marginX),
          marginY + row * (CARD.height + marginY),
        );
      }),
    );
    pages.push(
      [
        `<?xml version="1.0" encoding="UTF-8"?>`,
        `<svg xmlns="http://www.w3.org/2000/svg" width="${String(PAGE.width)}mm" height="${String(PAGE.height)}mm" viewBox="0 0 ${String(PAGE.width)} ${String(PAGE.height)}" font-family="Helvetica, Arial, sans-serif" fill="#111">`,
        `<rect width="100%" height="100%" fill="#fff"/>`,
        ...cards,
        `</svg>`,
        "",
      ].join("\n"),
    );
  }
  return pages;
}
