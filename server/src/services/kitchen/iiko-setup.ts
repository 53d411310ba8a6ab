// The owner switches iiko on from the console (issue 38): on save the API login is checked with
// access_token, organizations and terminal_groups, and what iiko found is answered (the organisation,
// its terminal groups to bind each branch to), or iiko's refusal; then webhooks/update_settings points
// iiko at our webhook with a token made here, and the login, organisation, token and the branches'
// terminal groups are stored. The login is write-only: it is never answered.
import { randomBytes } from "node:crypto";
import type { IikoSettings, IikoSettingsBody } from "#domain/contract/kitchen.ts";
import type { Db } from "../../db/types.ts";
import { IikoError, type IikoOrganization, type IikoTerminalGroup } from "../../integrations/iiko.ts";
import { AppError } from "../../lib/errors.ts";
import { listBranches } from "../../repositories/geo.ts";
import { findKitchenCredentials, saveKitchenSetup } from "../../repositories/kitchen.ts";
import { menuImportState } from "../../repositories/kitchen-menu.ts";
import { findMerchantById } from "../../repositories/merchants.ts";
import type { Outside } from "../stand-ins.ts";
import { iikoClientFor } from "./iiko-client.ts";

export const IIKO_WEBHOOK_PATH = "/api/integrations/v1/iiko/webhook";

/** iiko's refusal or absence as the console shows it: our code, iiko's own words kept. */
export function iikoAppError(error: unknown): never {
  if (error instanceof IikoError) {
    if (error.kind === "UNAVAILABLE") throw new AppError("IIKO_UNAVAILABLE");
    const reason = error.message;
    throw new AppError("IIKO_REFUSED", {
      uz: `iiko rad etdi: ${reason}`,
      ru: `iiko отклонил запрос: ${reason}`,
      eng: `iiko refused: ${reason}`,
    });
  }
  throw error;
}

async function menuOf(db: Db, merchantId: string): Promise<IikoSettings["menu"]> {
  const state = await menuImportState(db, merchantId);
  return { revision: state.revision, importedAt: state.syncedAt?.toISOString() ?? null };
}

async function branchesOf(db: Db, merchantId: string): Promise<IikoSettings["branches"]> {
  const rows = await listBranches(db, { merchantId });
  return rows.map((b) => ({ id: b.id, name: b.name, terminalGroupId: b.iikoTerminalGroupId ?? null }));
}

/**
 * What is stored (the console's first look), with the names iiko gives the organisation and its
 * terminal groups when iiko answers in time; without them when it does not (the ids stay shown).
 */
export async function iikoSettings(
  deps: Outside & { db: Db },
  merchantId: string,
  webhookUrl: string,
): Promise<IikoSettings> {
  const { db } = deps;
  const credentials = await findKitchenCredentials(db, merchantId);
  const merchant = await findMerchantById(db, merchantId);
  let organizations: IikoOrganization[] = [];
  let terminalGroups: IikoTerminalGroup[] = [];
  if (credentials) {
    const client = iikoClientFor(credentials.apiLogin, deps);
    try {
      organizations = (await client?.organizations()) ?? [];
      terminalGroups = (await client?.terminalGroups(credentials.organizationId)) ?? [];
    } catch (error) {
      if (!(error instanceof IikoError)) throw error;
    }
  }
  const named = organizations.find((o) => o.id === credentials?.organizationId);
  return {
    loginSet: Boolean(merchant?.kitchenLogin),
    organization: credentials ? { id: credentials.organizationId, name: named?.name ?? null } : null,
    organizations,
    terminalGroups: terminalGroups.map((g) => ({ id: g.id, name: g.name })),
    webhookUrl,
    branches: await branchesOf(db, merchantId),
    menu: await menuOf(db, merchantId),
  };
}

/** Checks the login with iiko, points iiko's webhooks here and stores it all; answers what iiko found. */
export async function saveIikoSettings(
  deps: Outside & { db: Db },
  input: { merchantId: string; webhookUrl: string; body: IikoSettingsBody },
): Promise<IikoSettings> {
  const { db } = deps;
  const { merchantId, webhookUrl, body } = input;
  const merchant = await findMerchantById(db, merchantId);
  const apiLogin = body.apiLogin ?? merchant?.kitchenLogin ?? null;
  if (!apiLogin) throw new AppError("IIKO_NOT_SET_UP");
  const client = iikoClientFor(apiLogin, deps);
  if (!client) throw new AppError("IIKO_UNAVAILABLE");
  let organizations: IikoOrganization[];
  try {
    organizations = await client.organizations();
  } catch (error) {
    iikoAppError(error);
  }
  const wanted = body.organizationId ?? merchant?.kitchenOrganizationId ?? null;
  const organization =
    organizations.find((o) => o.id === wanted) ?? (organizations.length === 1 ? organizations[0] : undefined);
  const branches = await branchesOf(db, merchantId);
  if (!organization) {
    // Several organisations (or none named): the owner picks one; nothing is stored yet.
    return {
      loginSet: Boolean(merchant?.kitchenLogin),
      organization: null,
      organizations,
      terminalGroups: [],
      webhookUrl,
      branches,
      menu: await menuOf(db, merchantId),
    };
  }
  let terminalGroups: IikoTerminalGroup[];
  const webhookToken = randomBytes(24).toString("base64url");
  try {
    terminalGroups = await client.terminalGroups(organization.id);
    await client.updateWebhookSettings({
      organizationId: organization.id,
      webHooksUri: webhookUrl,
      authToken: webhookToken,
    });
  } catch (error) {
    iikoAppError(error);
  }
  const known = new Set(terminalGroups.map((g) => g.id));
  const own = new Set(branches.map((b) => b.id));
  for (const b of body.branches) {
    if (!own.has(b.id)) throw new AppError("NOT_FOUND");
    if (b.terminalGroupId !== null && !known.has(b.terminalGroupId)) throw new AppError("VALIDATION_FAILED");
  }
  await saveKitchenSetup(db, {
    merchantId,
    apiLogin,
    organizationId: organization.id,
    webhookToken,
    branches: body.branches,
  });
  return {
    loginSet: true,
    organization: { id: organization.id, name: organization.name },
    organizations,
    terminalGroups: terminalGroups.map((g) => ({ id: g.id, name: g.name })),
    webhookUrl,
    branches: await branchesOf(db, merchantId),
    menu: await menuOf(db, merchantId),
  };
}
