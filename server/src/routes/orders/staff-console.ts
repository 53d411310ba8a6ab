// The staff console's branch calls (issue 18): who the caller is and where they work, a branch's
// stop-list (products and options, at a branch or at every branch the caller sees), its day switches (closed for the day, delivery
// off) and short pauses of a service (issue 44) with the day's totals, the day's totals of every branch the caller sees (revenue paid,
// pending apart), and its tables with their printable QR sheet. Every route runs
// requireStaff and the one branch rule (requireStaffBranch) of staff.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  branchPauseBodySchema,
  branchTodayBodySchema,
  branchTodaySchema,
  staffBranchItemParamsSchema,
  staffBranchParamsSchema,
  staffItemParamsSchema,
  staffMeSchema,
  staffTableSchema,
  staffTotalsQuerySchema,
  staffTotalsSchema,
  stopBodySchema,
  stopListSchema,
  stopResultSchema,
  tableQrQuerySchema,
  type BranchToday,
} from "#domain/contract/staff.ts";
import { HOLIDAY, isOpenAt, localDate, PAUSE_MINUTES, workHoursOn } from "#domain/hours.ts";
import { WORK_HOUR_TYPES } from "#domain/enums.ts";
import { pickText } from "#domain/multilingual.ts";
import { tableQrFileBase } from "#domain/file-names.ts";
import { canSeeBranch, managedAreas, mayActBrandWide } from "#domain/staff-scope.ts";
import { tableQrPages } from "../../services/dine-in/table-qr.ts";
import { AppError } from "../../lib/errors.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { findBranch, listBranches } from "../../services/geo/places.ts";
import { getWebSettings } from "../../services/merchant/settings.ts";
import {
  dayTotals,
  findDaySwitches,
  findPauses,
  setDaySwitches,
  setPauses,
  sumDayTotals,
} from "../../services/staff/branches.ts";
import { branchStopList, stopAtBranch, stopAtEveryBranch } from "../../services/staff/stop-list.ts";
import { listBranchTables } from "../../services/dine-in/branch-tables.ts";
import { requireStaff, requireStaffBranch, staffScope } from "./staff.ts";

/** The languages of the console, as the QR sheet's card word. */
const TABLE_WORD: Record<string, string> = {
  uz: "Stol",
  ru: "Стол",
  en: "Table",
  ar: "طاولة",
  kz: "Үстел",
  tr: "Masa",
  zh: "餐桌",
};
const CONTENT_LANG: Record<string, "uz" | "ru" | "eng" | "ar" | "kz" | "tr" | "zh"> = {
  uz: "uz",
  ru: "ru",
  en: "eng",
  ar: "ar",
  kz: "kz",
  tr: "tr",
  zh: "zh",
};

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

export async function staffConsoleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const preHandler = [requireUser, requireStaff];
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

  /** The brand's branch the caller named, when they work there (403 otherwise, 404 if not the brand's). */
  const branchOf = async (request: FastifyRequest, branchId: string) => {
    await requireStaffBranch(request, branchId);
    const branch = await findBranch(db, { merchantId: request.tenant.id, branchId });
    if (!branch) throw new AppError("NOT_FOUND");
    return branch;
  };

  const today = async (request: FastifyRequest, branchId: string): Promise<BranchToday> => {
    const branch = await branchOf(request, branchId);
    const merchantId = request.tenant.id;
    const timeZone = request.tenant.timezone;
    const now = new Date();
    const day = localDate(now, timeZone);
    const [switches, pauses, totals, web] = await Promise.all([
      findDaySwitches(db, { merchantId, branchId, day }),
      findPauses(db, { merchantId, branchId, now }),
      dayTotals(db, { merchantId, branchId, day, timeZone }),
      getWebSettings(db, { merchantId }),
    ]);
    const { day: _day, ...rest } = totals;
    return {
      branchId,
      day,
      closed: switches.closed,
      deliveryOff: switches.deliveryOff,
      deliveryOffered: branch.deliveryEnabled,
      // What guests can still do with delivery off: only the services the branch and the brand offer.
      pickupOffered: branch.pickupEnabled && web.pickupActive,
      dineInOffered: branch.dineInEnabled && web.dineInActive,
      // The hours as the storefront reads them: the day switches are already in them.
      hours: WORK_HOUR_TYPES.map((type) => {
        const h = workHoursOn(branch.workHours, type, now, timeZone);
        return h === HOLIDAY ? { type, open: null, close: null } : { type, open: h.open, close: h.close };
      }),
      openNow: WORK_HOUR_TYPES.some((type) => isOpenAt(branch.workHours, type, now, timeZone)),
      paused: pauses.map((p) => ({ type: p.type, until: p.until.toISOString() })),
      totals: rest,
    };
  };

  r.get(
    "/staff/v1/me",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The signed-in staff member and the brand's branches they work at",
        response: { 200: staffMeSchema, ...errors },
      },
    },
    async (request) => {
      const scope = staffScope(request);
      const all = (await listBranches(db, { merchantId: request.tenant.id })).filter((b) =>
        canSeeBranch(scope, b.id),
      );
      return {
        userId: scope.userId,
        role: scope.role,
        bound: !mayActBrandWide(scope),
        branches: all.map((b) => ({ id: b.id, name: b.name, address: b.address ?? null })),
        brandRole: scope.brandRole,
        manages: managedAreas(scope),
      };
    },
  );

  r.get(
    "/staff/v1/totals",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "A local day's totals per branch and summed: revenue is what was paid (online, or cash collected on receipt), pending what is placed, unpaid and not cancelled; cancelled orders are in neither. Staff bound to branches get their branches only",
        querystring: staffTotalsQuerySchema,
        response: { 200: staffTotalsSchema, ...errors },
      },
    },
    async (request) => {
      const scope = staffScope(request);
      const merchantId = request.tenant.id;
      const timeZone = request.tenant.timezone;
      const day = request.query.day ?? localDate(new Date(), timeZone);
      const seen = (await listBranches(db, { merchantId })).filter((b) => canSeeBranch(scope, b.id));
      const per = await Promise.all(
        seen.map(async (b) => {
          const { day: _day, ...totals } = await dayTotals(db, { merchantId, branchId: b.id, day, timeZone });
          return { branchId: b.id, name: b.name, totals };
        }),
      );
      const { day: _day, ...chain } = sumDayTotals(
        day,
        per.map((p) => ({ day, ...p.totals })),
      );
      return { day, branches: per, chain };
    },
  );

  r.get(
    "/staff/v1/branches/:branchId/stop-list",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "What the branch sells, in menu order, and the options its products offer, each once; each with whether it is stopped here and at which of the caller's branches",
        params: staffBranchParamsSchema,
        response: { 200: stopListSchema, ...errors },
      },
    },
    async (request) => {
      await branchOf(request, request.params.branchId);
      return branchStopList(db, {
        merchantId: request.tenant.id,
        branchId: request.params.branchId,
        scope: staffScope(request),
      });
    },
  );

  r.get(
    "/staff/v1/stop-list",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "What any of the caller's branches sells, and the options offered, each once; stopped = at every one of the caller's branches that sells it",
        response: { 200: stopListSchema, ...errors },
      },
    },
    async (request) =>
      branchStopList(db, { merchantId: request.tenant.id, branchId: null, scope: staffScope(request) }),
  );

  for (const kind of ["product", "modifier"] as const) {
    r.put(
      `/staff/v1/branches/:branchId/stop-list/${kind}s/:id`,
      {
        preHandler,
        schema: {
          ...base,
          summary:
            kind === "product"
              ? "Stop a product at the branch (the branch's menu shows it unavailable, orders with it are refused) or put it back"
              : "Stop an option at the branch, named by any of its modifier ids: it is left out of the branch's menu under every product that offers it, and orders with it are refused; or put it back",
          params: staffBranchItemParamsSchema,
          body: stopBodySchema,
          response: { 200: stopResultSchema, ...errors },
        },
      },
      async (request) => {
        const { branchId, id } = request.params;
        await branchOf(request, branchId);
        const ok = await stopAtBranch(db, {
          merchantId: request.tenant.id,
          branchId,
          item: { kind, id },
          stopped: request.body.stopped,
          userId: authOf(request).user.id,
        });
        if (!ok) throw new AppError("NOT_FOUND");
        return { id, stopped: request.body.stopped, branchIds: [branchId] };
      },
    );

    r.put(
      `/staff/v1/stop-list/${kind}s/:id`,
      {
        preHandler,
        schema: {
          ...base,
          summary:
            kind === "product"
              ? "Stop a product, or put it back, at every branch the caller works at (a branch-bound employee: their branches only), in one transaction"
              : "Stop an option under every product that offers it, or put it back, at every branch the caller works at (a branch-bound employee: their branches only), in one transaction",
          params: staffItemParamsSchema,
          body: stopBodySchema,
          response: { 200: stopResultSchema, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const branchIds = await stopAtEveryBranch(db, {
          merchantId: request.tenant.id,
          scope: staffScope(request),
          item: { kind, id },
          stopped: request.body.stopped,
          userId: authOf(request).user.id,
        });
        if (!branchIds) throw new AppError("NOT_FOUND");
        return { id, stopped: request.body.stopped, branchIds };
      },
    );
  }

  r.get(
    "/staff/v1/branches/:branchId/today",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The branch today: closed for the day or not, delivery on or off, today's hours and totals",
        params: staffBranchParamsSchema,
        response: { 200: branchTodaySchema, ...errors },
      },
    },
    async (request) => today(request, request.params.branchId),
  );

  r.put(
    "/staff/v1/branches/:branchId/today",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Close the branch for the rest of the local day (a holiday) or open it again, switch delivery off or on for the day; the storefront follows at once",
        params: staffBranchParamsSchema,
        body: branchTodayBodySchema,
        response: { 200: branchTodaySchema, ...errors },
      },
    },
    async (request) => {
      const { branchId } = request.params;
      await branchOf(request, branchId);
      const set: { closed?: boolean; deliveryOff?: boolean } = {};
      if (request.body.closed !== undefined) set.closed = request.body.closed;
      if (request.body.deliveryOff !== undefined) set.deliveryOff = request.body.deliveryOff;
      await setDaySwitches(db, {
        merchantId: request.tenant.id,
        branchId,
        day: localDate(new Date(), request.tenant.timezone),
        set,
      });
      return today(request, branchId);
    },
  );

  r.put(
    "/staff/v1/branches/:branchId/pause",
    {
      preHandler,
      schema: {
        ...base,
        summary: `Pause services of the branch for ${String(PAUSE_MINUTES)} minutes (the storefront refuses them as when switched off for the day, and offers them again by itself after), or resume them now`,
        params: staffBranchParamsSchema,
        body: branchPauseBodySchema,
        response: { 200: branchTodaySchema, ...errors },
      },
    },
    async (request) => {
      const { branchId } = request.params;
      await branchOf(request, branchId);
      const { services, paused } = request.body;
      await setPauses(db, {
        merchantId: request.tenant.id,
        branchId,
        types: [...new Set(services)],
        until: paused ? new Date(Date.now() + PAUSE_MINUTES * 60_000) : null,
        userId: authOf(request).user.id,
      });
      return today(request, branchId);
    },
  );

  r.get(
    "/staff/v1/branches/:branchId/tables",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The branch's active tables with their halls, in the order guests see them",
        params: staffBranchParamsSchema,
        response: { 200: z.array(staffTableSchema), ...errors },
      },
    },
    async (request) => {
      await branchOf(request, request.params.branchId);
      return listBranchTables(db, { merchantId: request.tenant.id, branchId: request.params.branchId });
    },
  );

  r.get(
    "/staff/v1/branches/:branchId/table-qr",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The branch's printable QR sheet: an HTML page of A4 SVG pages, six tables each; 404 TABLE_NOT_FOUND when it has no active tables",
        params: staffBranchParamsSchema,
        querystring: tableQrQuerySchema,
        response: { 200: z.string().describe("text/html"), ...errors },
      },
    },
    async (request, reply) => {
      const branch = await branchOf(request, request.params.branchId);
      const merchant = request.tenant;
      const lang = request.query.lang ?? "ru";
      const content = CONTENT_LANG[lang] ?? "ru";
      const rows = await listBranchTables(db, { merchantId: merchant.id, branchId: branch.id });
      if (rows.length === 0) throw new AppError("TABLE_NOT_FOUND");
      // The links go to the brand's own domain, else to the host the console was opened on.
      const baseUrl = merchant.domainUrl
        ? /^https?:\/\//.test(merchant.domainUrl)
          ? merchant.domainUrl
          : `https://${merchant.domainUrl}`
        : `${request.protocol}://${request.host}`;
      const brandName = pickText(merchant.name, content);
      const branchName = pickText(branch.name, content);
      const pages = await tableQrPages(
        rows.map((t) => ({ code: t.code, name: t.name, hall: pickText(t.hall, content) })),
        {
          brandName,
          branchName,
          baseUrl,
          botUsername: merchant.telegramBotUsername,
          appName: null,
          tableWord: TABLE_WORD[lang] ?? "Table",
        },
      );
      const title = escapeHtml(`${brandName} · ${branchName} · QR`);
      const html = `<!doctype html>
<html lang="${lang === "en" ? "en" : lang}"${lang === "ar" ? ' dir="rtl"' : ""}>
<head><meta charset="utf-8"><title>${title}</title>
<style>
@page { size: A4; margin: 0; }
html, body { margin: 0; background: #e9e9ec; }
.page { width: 210mm; height: 297mm; margin: 8mm auto; background: #fff; box-shadow: 0 1px 6px rgb(0 0 0 / 18%); }
.page svg { display: block; width: 210mm; height: 297mm; }
@media print { html, body { background: #fff; } .page { margin: 0; box-shadow: none; break-after: page; } }
</style></head>
<body>
${pages.map((p) => `<section class="page">${p}</section>`).join("\n")}
</body></html>`;
      return reply
        .type("text/html; charset=utf-8")
        .header(
          "content-disposition",
          `inline; filename="${tableQrFileBase(merchant.sub, pickText(branch.name, "uz"), branch.id)}.html"`,
        )
        .send(html);
    },
  );
}
