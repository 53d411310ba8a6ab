// The page every fake provider shows (demo and development only): the amount, the merchant and the
// order, Pay and Decline, or the provider's refusal with a way back. Each provider has its own look,
// so a tester sees at a glance whose page this is.
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { apiErrorBody } from "#domain/api-errors.ts";
import { AppError } from "../lib/errors.ts";

export interface ProviderLook {
  /** "Payme", "Click", "Uzum Bank": in the title and the note. */
  name: string;
  /** The header's mark (trusted HTML). */
  logo: string;
  demoLabel: string;
  page: string;
  ink: string;
  muted: string;
  header: string;
  headerText: string;
  /** A line under a light header. */
  headerBorder?: string;
  accent: string;
  accentHover: string;
  link: string;
  decline: string;
}

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** 4500000 tiyin -> "45 000" so'm (tiyin shown only when there are some). */
export function soumsOfTiyin(tiyin: number): string {
  const grouped = String(Math.floor(tiyin / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  const rest = tiyin % 100;
  return rest ? `${grouped}.${String(rest).padStart(2, "0")}` : grouped;
}

/**
 * Refuses (400 VALIDATION_FAILED) a return URL off this server's own origin (the page's own, or
 * PUBLIC_URL's). Pay links of this server send the payer back to the storefront they came from, on
 * the same origin as the page; any other return URL is a link made to use the page as an open
 * redirect, so neither the page nor its redirect follows it.
 */
export function checkOwnReturnUrl(request: FastifyRequest, returnUrl: string): void {
  const own = [`${request.protocol}://${request.host}`, request.server.config.publicUrl].flatMap((o) =>
    o !== undefined && URL.canParse(o) ? [new URL(o).origin] : [],
  );
  if (URL.canParse(returnUrl) && own.includes(new URL(returnUrl).origin)) return;
  const d = apiErrorBody("VALIDATION_FAILED").description;
  throw new AppError("VALIDATION_FAILED", {
    uz: `${d.uz}: qaytish manzili bu serverning manzili emas`,
    ru: `${d.ru}: адрес возврата не на этом сервере`,
    eng: `${d.eng}: the return URL is not on this server's origin`,
  });
}

/** The form the page posts: which button was pressed. */
export const payFormSchema = z.object({ action: z.enum(["pay", "decline"]) });

function style(look: ProviderLook): string {
  return `
  :root { --page: ${look.page}; --ink: ${look.ink}; --muted: ${look.muted}; --accent: ${look.accent}; --accent-hover: ${look.accentHover}; --link: ${look.link}; --decline: ${look.decline}; }
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; }
  body { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--page); color: var(--ink); min-height: 100vh; display: flex; flex-direction: column; align-items: center; }
  header { width: 100%; background: ${look.header}; color: ${look.headerText}; ${look.headerBorder ? `border-bottom: 1px solid ${look.headerBorder};` : ""} padding: 14px 20px; display: flex; align-items: center; gap: 10px; }
  .logo { font-weight: 800; font-size: 22px; letter-spacing: -0.5px; }
  .logo b { color: var(--accent); }
  .demo { margin-left: auto; font-size: 12px; border: 1px solid currentColor; border-radius: 999px; padding: 2px 10px; opacity: .8; }
  main { width: 100%; max-width: 420px; padding: 20px 16px 32px; }
  .card { background: #fff; border-radius: 16px; padding: 20px; box-shadow: 0 2px 10px rgba(20,33,61,.08); }
  .label { font-size: 13px; color: var(--muted); margin: 0; }
  .amount { font-size: 34px; font-weight: 700; margin: 2px 0 16px; letter-spacing: -0.5px; word-break: break-word; }
  .amount small { font-size: 18px; font-weight: 600; color: var(--muted); }
  dl { margin: 0 0 20px; display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; font-size: 14px; }
  dt { color: var(--muted); }
  dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
  form { display: grid; gap: 10px; margin: 0; }
  button { font: inherit; font-weight: 600; min-height: 48px; border-radius: 12px; border: 0; cursor: pointer; }
  .pay { background: var(--accent); color: #fff; }
  .pay:hover { background: var(--accent-hover); }
  .decline { background: var(--decline); color: var(--ink); }
  button:focus-visible, a:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
  .error { border-left: 4px solid #e5484d; background: #fff5f5; border-radius: 10px; padding: 12px 14px; margin: 0 0 16px; }
  .error strong { display: block; }
  a.back { display: block; text-align: center; margin-top: 14px; color: var(--link); }
  .note { font-size: 12px; color: var(--muted); text-align: center; margin-top: 16px; }
`;
}

function page(look: ProviderLook, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style(look)}</style>
</head>
<body>
<header><span class="logo">${look.logo}</span><span class="demo">${escapeHtml(look.demoLabel)}</span></header>
<main>${body}</main>
</body>
</html>`;
}

/** The pay page; with a refusal, the provider's message and a link back instead of the buttons. */
export function payPageHtml(
  look: ProviderLook,
  input: { amount: string; brand: string; orderId: string; backUrl: string; refusal?: string },
): string {
  const refusal = input.refusal
    ? `<p class="error" role="alert"><strong>Payment refused</strong> ${escapeHtml(input.refusal)}</p>`
    : "";
  const actions = input.refusal
    ? `<a class="back" href="${escapeHtml(input.backUrl)}">Back to the shop</a>`
    : `<form method="post">
  <button class="pay" type="submit" name="action" value="pay">Pay</button>
  <button class="decline" type="submit" name="action" value="decline">Decline</button>
</form>`;
  return page(
    look,
    `${look.name}: ${input.amount} so'm`,
    `<section class="card" aria-labelledby="amount-label">
<p class="label" id="amount-label">Amount to pay</p>
<p class="amount">${input.amount} <small>so'm</small></p>
${refusal}<dl>
  <dt>Merchant</dt><dd>${escapeHtml(input.brand)}</dd>
  <dt>Order</dt><dd>${escapeHtml(input.orderId)}</dd>
</dl>
${actions}
</section>
<p class="note">A local stand-in for ${escapeHtml(look.name)}: no card is charged.</p>`,
  );
}

/** 404 for a link the fake cannot read. */
export function sendUnknownLink(reply: FastifyReply, look: ProviderLook): FastifyReply {
  return reply
    .status(404)
    .type("text/html; charset=utf-8")
    .send(
      page(
        look,
        `${look.name}: unknown link`,
        `<section class="card"><p>This payment link is not valid.</p></section>`,
      ),
    );
}
