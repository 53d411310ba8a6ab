// The demo's kitchen (issue 38): when `npm start` runs the demo, the brand plov is wired to the fake
// iiko through the owner's own save (services/kitchen/iiko-setup.ts: login checked, webhook pointed
// here, every branch bound to a terminal group), its menu carries iiko ids, and the fake "cooks" each
// order it takes, sending its statuses back to our webhook a few seconds apart. The fake's
// nomenclature is plov's menu as iiko would hold it, with one dish more: the console's "Menu from
// iiko" preview shows it to add.
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/types.ts";
import type { IikoNomenclature } from "../integrations/iiko.ts";
import { assignDemoIikoIds } from "../repositories/kitchen.ts";
import { currentMenuForImport } from "../repositories/kitchen-menu.ts";
import { listBranches } from "../repositories/geo.ts";
import { findMerchantBySub } from "../repositories/merchants.ts";
import { IIKO_WEBHOOK_PATH, saveIikoSettings } from "../services/kitchen/iiko-setup.ts";
import { DEMO_IIKO_API_LOGIN, DEMO_IIKO_TERMINAL_GROUPS, fakeIiko } from "./fake-iiko.ts";

/** The demo brand whose orders go to the fake iiko. */
export const DEMO_IIKO_BRAND = "plov";

export async function wireDemoKitchen(app: FastifyInstance, sub = DEMO_IIKO_BRAND): Promise<string | null> {
  const db = app.database.db;
  const merchant = await findMerchantBySub(db, sub);
  if (!merchant) return null;
  await assignDemoIikoIds(db, merchant.id);
  fakeIiko.setNomenclature(DEMO_IIKO_API_LOGIN, await demoNomenclature(db, merchant.id));
  const branches = await listBranches(db, { merchantId: merchant.id });
  await saveIikoSettings(
    { db, config: app.config, standIns: app.standIns },
    {
      merchantId: merchant.id,
      webhookUrl: `http://localhost${IIKO_WEBHOOK_PATH}`,
      body: {
        apiLogin: DEMO_IIKO_API_LOGIN,
        branches: branches.map((b, i) => ({
          id: b.id,
          terminalGroupId:
            b.iikoTerminalGroupId ??
            DEMO_IIKO_TERMINAL_GROUPS[i % DEMO_IIKO_TERMINAL_GROUPS.length]?.id ??
            null,
        })),
      },
    },
  );
  return merchant.id;
}

/** The dish the demo's iiko has and plov's menu not yet (what a first import adds). */
export const DEMO_IIKO_NEW_DISH = {
  id: "2c9e0d56-8a3f-4c1e-9b7a-5d4e3f2a1b0c",
  name: "Манты с тыквой",
  price: 9_000,
};

/** The brand's menu as iiko's nomenclature: its folders, dishes, modifier groups and modifiers. */
export async function demoNomenclature(
  db: Db,
  merchantId: string,
): Promise<Omit<IikoNomenclature, "revision">> {
  const menu = await currentMenuForImport(db, merchantId);
  const price = (currentPrice: number, included = true) => [
    { sizeId: null, price: { currentPrice, isIncludedInMenu: included } },
  ];
  const folders = menu.categories.flatMap((c, order) =>
    c.iikoId && c.isActive
      ? [{ id: c.iikoId, name: c.name.ru ?? "", order, isGroupModifier: false, isIncludedInMenu: true }]
      : [],
  );
  const folderOf = new Map(menu.categories.map((c) => [c.id, c.iikoId]));
  const groups = menu.products.flatMap((p) => p.groups);
  const modifierGroups = groups.flatMap((g) =>
    g.iikoId ? [{ id: g.iikoId, name: g.name.ru ?? "", isGroupModifier: true }] : [],
  );
  const modifiers = groups.flatMap((g) =>
    g.options.flatMap((o) =>
      o.iikoId && o.isActive
        ? [{ id: o.iikoId, name: o.name.ru ?? "", type: "Modifier", sizePrices: price(o.price) }]
        : [],
    ),
  );
  const dishes = menu.products.flatMap((p, order) => {
    const parentGroup = folderOf.get(p.categoryId);
    if (!p.iikoId || !parentGroup) return [];
    return [
      {
        id: p.iikoId,
        name: p.name.ru ?? "",
        description: p.description?.ru ?? "",
        parentGroup,
        type: "Dish",
        order,
        sizePrices: price(p.costPrice, p.active),
        groupModifiers: p.groups.flatMap((g) =>
          g.iikoId
            ? [
                {
                  id: g.iikoId,
                  minAmount: g.minSelect,
                  maxAmount: g.maxSelect,
                  required: g.minSelect > 0,
                  childModifiers: g.options.flatMap((o) =>
                    o.iikoId && o.isActive ? [{ id: o.iikoId, minAmount: 0, maxAmount: 1 }] : [],
                  ),
                },
              ]
            : [],
        ),
      },
    ];
  });
  const first = folders[0];
  const extra = first
    ? [
        {
          id: DEMO_IIKO_NEW_DISH.id,
          name: DEMO_IIKO_NEW_DISH.name,
          description: "",
          parentGroup: first.id,
          type: "Dish",
          order: dishes.length,
          sizePrices: price(DEMO_IIKO_NEW_DISH.price),
        },
      ]
    : [];
  return {
    groups: [...folders, ...modifierGroups],
    products: [...dishes, ...extra, ...modifiers],
    sizes: [],
  };
}
