// The brand as a brand file (issue 36): what the owner downloads from the console, and what
// `npm run import` takes back. Importing it into an empty database reproduces the brand
// (server/test/brand-export.test.ts proves the round trip).
//
// Rows made in the console have no file key, so every entity's key is its row id; an import derives
// new ids from (sub, entity, key) as for any file. Secrets are left out: a file lies in a Downloads
// folder and travels by chat, so the payment keys, the bot token and the other passwords are null
// and are entered again in the console after an import into another database.
import { z } from "zod";
import { WEEK_NAMES, WORK_HOUR_TYPES } from "#domain/enums.ts";
import type { BrandFileInput } from "../../import/brand-file.ts";
import { parseBrandFile } from "../../import/brand-file.ts";
import { integrationsSchema, webSettingsSchema } from "../../import/brand-file/merchant.ts";
import { branchSettingsSchema } from "../../import/brand-file/geography.ts";
import { orderSettingsSchema } from "../../import/brand-file/orders.ts";
import { AppError } from "../../lib/errors.ts";
import { collectMedia } from "../../import/brand-media.ts";
import type { ObjectStorage } from "../../lib/object-storage.ts";
import { readBrandRows, type BrandRows } from "../../repositories/brand-export.ts";
import type { Db } from "../../db/types.ts";

/** Integration fields that are secrets: never in an exported file. */
export const SECRET_INTEGRATIONS = [
  "smsPassword",
  "deliveryProviderKey",
  "kitchenLogin",
  "mapKey",
  "telegramBotToken",
  "clickSecretKey",
  "clickWebSessionToken",
  "paymeKey",
  "uzumApiKey",
  "uzumFiscalApiKey",
  "uzumWebhookPassword",
] as const satisfies readonly (keyof z.infer<typeof integrationsSchema>)[];

/** The fields of `row` a file section has, so a column the file does not know is never written. */
function pick(schema: z.ZodObject, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema.shape).flatMap((k) => (k in row ? [[k, row[k]]] : [])));
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function withoutEmpty<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The cities, branches (with hours, halls and tables) and delivery regions. */
function geography(rows: BrandRows) {
  const m = rows.merchant;
  const cityIds = new Set(rows.cities.map((c) => c.id));
  const fallbackCity = m.mainCityId ?? rows.cities[0]?.id;
  const cityOf = (id: string | null) => (id !== null && cityIds.has(id) ? id : fallbackCity);
  const exportedBranches = rows.branches.filter((b) => cityOf(b.cityId) !== undefined);
  const branchIds = new Set(exportedBranches.map((b) => b.id));

  const hoursOf = (branchId: string) => {
    const types = new Map<
      string,
      { weekName: string; open: string | null; close: string | null; isDayOff: boolean }[]
    >();
    for (const h of rows.workHours.filter((w) => w.branchId === branchId)) {
      const list = types.get(h.type) ?? [];
      list.push({ weekName: h.weekName, open: h.open, close: h.close, isDayOff: h.isDayOff });
      types.set(h.type, list);
    }
    const rank = (list: readonly string[], value: string) => list.indexOf(value);
    return [...types.entries()]
      .sort(([a], [b]) => rank(WORK_HOUR_TYPES, a) - rank(WORK_HOUR_TYPES, b))
      .map(([type, hours]) => ({
        type,
        hours: hours.sort((a, b) => rank(WEEK_NAMES, a.weekName) - rank(WEEK_NAMES, b.weekName)),
      }));
  };

  return {
    cityIds,
    branchIds,
    part: {
      cities: rows.cities.map((c) => ({
        key: c.id,
        name: c.name,
        description: c.description,
        latitude: c.latitude,
        longitude: c.longitude,
        isMain: c.id === m.mainCityId,
        isTaximeter: c.isTaximeter,
        taximeterComment: c.taximeterComment,
      })),
      branches: exportedBranches.map((b) => ({
        key: b.id,
        cityKey: cityOf(b.cityId) ?? "",
        name: b.name,
        address: b.address,
        phone: b.phone,
        bookingPhone: b.bookingPhone,
        latitude: b.latitude,
        longitude: b.longitude,
        isActive: b.isActive,
        isMain: b.isMain,
        open: b.open,
        close: b.close,
        deliveryPrice: b.deliveryPrice,
        deliveryStart: b.deliveryStart,
        deliveryEnd: b.deliveryEnd,
        companyId: b.companyId,
        paymentId: b.paymentId,
        iikoId: b.iikoId,
        iikoTerminalGroupId: b.iikoTerminalGroupId,
        // A secret, as the brand's own keys: entered again in the console after an import.
        yandexToken: null,
        yandexPickupName: b.yandexPickupName,
        yandexPickupPhone: b.yandexPickupPhone,
        paymentTypes: b.paymentTypes,
        settings: pick(branchSettingsSchema, b),
        workHours: hoursOf(b.id),
        holidays: rows.holidays.filter((h) => h.branchId === b.id).map((h) => ({ day: h.day, note: h.note })),
        halls: rows.halls
          .filter((h) => h.branchId === b.id)
          .map((h) => ({
            key: h.id,
            name: h.name,
            isActive: h.isActive,
            tables: rows.tables
              .filter((t) => t.hallId === h.id)
              .map((t) => ({ key: t.id, name: t.name, code: t.code, seats: t.seats, isActive: t.isActive })),
          })),
      })),
      deliveryRegions: rows.regions.flatMap((r) => {
        const cityKey = cityOf(r.cityId);
        return cityKey === undefined
          ? []
          : [
              {
                key: r.id,
                cityKey,
                name: r.name,
                polygon: r.polygon,
                color: r.color,
                price: r.price,
                minOrderAmount: r.minOrderAmount,
                priority: r.priority,
              },
            ];
      }),
    },
  };
}

/** The menu: groups, categories, products with their options and the branches that sell them. */
function menu(rows: BrandRows, branchIds: ReadonlySet<string>) {
  const soldAt = new Map<string, string[]>();
  for (const pb of rows.productBranches) {
    if (!pb.isActive || !branchIds.has(pb.branchId)) continue;
    soldAt.set(pb.productId, [...(soldAt.get(pb.productId) ?? []), pb.branchId]);
  }
  const branchesOf = (productId: string) => {
    const list = (soldAt.get(productId) ?? []).sort();
    // Sold everywhere: the file says so by leaving the list out (every branch of the file).
    return list.length === branchIds.size ? undefined : list;
  };

  return {
    groups: rows.groups.map((g) => ({
      key: g.id,
      name: g.name,
      icon: g.icon,
      image: g.image,
      bgColor: g.bgColor,
      iconBgColor: g.iconBgColor,
      priority: g.priority,
      isActive: g.isActive,
      categories: rows.categories
        .filter((c) => c.groupId === g.id)
        .map((c) => ({
          key: c.id,
          name: c.name,
          image: c.image,
          priority: c.priority,
          textColor: c.textColor,
          viewType: c.viewType,
          scrollType: c.scrollType,
          navigationType: c.navigationType,
          isWithoutCart: c.isWithoutCart,
          isActive: c.isActive,
          iikoId: c.iikoId,
          products: rows.products
            .filter((p) => p.categoryId === c.id)
            .map((p) =>
              withoutEmpty({
                key: p.id,
                name: p.name,
                description: p.description,
                image: p.image,
                gallery: p.gallery,
                barcode: p.barcode,
                mxicCode: p.mxicCode,
                packageCode: p.packageCode,
                unitCode: p.unitCode,
                vatPercent: p.vatPercent,
                labels: p.labels,
                tags: p.tags,
                calorie: p.calorie,
                timeCookingMin: p.timeCookingMin,
                timeCookingMax: p.timeCookingMax,
                costPrice: p.costPrice,
                discount: p.discount,
                additionalPrice: p.additionalPrice,
                unit: p.unit,
                active: p.active,
                isAvailable: p.isAvailable,
                stock: p.stock,
                priority: p.priority,
                deliveryEnabled: p.deliveryEnabled,
                eatsPrice: p.eatsPrice,
                enabledEats: p.enabledEats,
                expressPrice: p.expressPrice,
                enabledExpress: p.enabledExpress,
                isCartRecommendation: p.isCartRecommendation,
                tgEnabled: p.tgEnabled,
                webEnabled: p.webEnabled,
                systems: p.systems,
                iikoId: p.iikoId,
                branches: branchesOf(p.id),
                modificationGroups: rows.modificationGroups
                  .filter((mg) => mg.productId === p.id)
                  .map((mg) => ({
                    key: mg.id,
                    name: mg.name,
                    minSelect: mg.minSelect,
                    maxSelect: mg.maxSelect,
                    priority: mg.priority,
                    iikoId: mg.iikoId,
                    modifications: rows.modifications
                      .filter((mod) => mod.groupId === mg.id)
                      .map((mod) => ({
                        key: mod.id,
                        name: mod.name,
                        image: mod.image,
                        price: mod.price,
                        priority: mod.priority,
                        isActive: mod.isActive,
                        iikoId: mod.iikoId,
                        mxicCode: mod.mxicCode,
                        packageCode: mod.packageCode,
                      })),
                  }))
                  // A group left without options is not a choice a file can hold.
                  .filter((mg) => mg.modifications.length > 0),
              }),
            ),
        })),
    })),
  };
}

/** Promos, vacancies, banners, stories, pages, news and the brand switcher's cards. */
function content(
  rows: BrandRows,
  { cityIds, branchIds }: { cityIds: ReadonlySet<string>; branchIds: ReadonlySet<string> },
) {
  const promoKeyOf = new Map(rows.promos.map((p) => [p.code.toUpperCase(), p.id]));
  const productIds = new Set(rows.products.map((p) => p.id));
  return {
    promos: rows.promos.map((p) => ({
      key: p.id,
      code: p.code,
      discountType: p.discountType,
      productDiscount: p.productDiscount,
      deliveryDiscount: p.deliveryDiscount,
      minPrice: p.minPrice,
      startDate: iso(p.startDate),
      endDate: iso(p.endDate),
      isActive: p.isActive,
      usageLimit: p.usageLimit,
      perCustomerLimit: p.perCustomerLimit,
    })),
    vacancies: rows.vacancies.map((v) =>
      withoutEmpty({
        key: v.id,
        position: v.position,
        responsible: v.responsible,
        phone: v.phone,
        salary: v.salary,
        requirements: v.requirements,
        branchKey: v.branchId !== null && branchIds.has(v.branchId) ? v.branchId : undefined,
        cityKey: v.cityId !== null && cityIds.has(v.cityId) ? v.cityId : undefined,
        telegram: v.telegram,
        isActive: v.isActive,
        priority: v.priority,
      }),
    ),
    banners: rows.banners.flatMap((b) => {
      const target =
        b.productId !== null && productIds.has(b.productId)
          ? { productKey: b.productId }
          : b.categoryId !== null
            ? { categoryKey: b.categoryId }
            : b.promoCode !== null && promoKeyOf.has(b.promoCode.toUpperCase())
              ? { promoKey: promoKeyOf.get(b.promoCode.toUpperCase()) }
              : b.link !== null
                ? { link: b.link }
                : undefined;
      // A banner whose target is gone opens nothing: a file cannot hold it.
      if (target === undefined || b.width === null || b.height === null) return [];
      return [
        {
          key: b.id,
          title: b.title,
          image: b.image,
          width: b.width,
          height: b.height,
          ...target,
          priority: b.priority,
          isActive: b.isActive,
          startDate: iso(b.startDate),
          endDate: iso(b.endDate),
        },
      ];
    }),
    stories: rows.stories.flatMap((s) =>
      s.preview === null || s.media.length === 0
        ? []
        : [
            {
              key: s.id,
              title: s.title,
              preview: s.preview,
              priority: s.priority,
              isActive: s.isActive,
              slides: s.media.map((slide) =>
                withoutEmpty({
                  type: slide.type,
                  url: slide.url,
                  poster: slide.poster,
                  duration: slide.duration,
                  button:
                    slide.button === undefined
                      ? undefined
                      : withoutEmpty({
                          label: slide.button.label,
                          productKey: slide.button.productId,
                          link: slide.button.link,
                        }),
                }),
              ),
            },
          ],
    ),
    extraPages: rows.extraPages.map((p) => ({ slug: p.slug, title: p.title, body: p.body })),
    notifications: rows.news.map((n) => ({
      key: n.id,
      title: n.title,
      body: n.body,
      image: n.image,
      date: n.createdDate.toISOString(),
    })),
    // A switcher card whose brand is not on this deployment has no sub to name it by.
    brands: rows.brands.flatMap(({ brand: b, sub }) =>
      sub === null
        ? []
        : [
            {
              key: b.id,
              sub,
              name: b.name,
              domainUrl: b.domainUrl,
              color: b.color,
              image: b.image,
              priority: b.priority,
            },
          ],
    ),
  };
}

function buildFile(rows: BrandRows): BrandFileInput {
  const m = rows.merchant;
  const integrations = pick(integrationsSchema, m);
  for (const secret of SECRET_INTEGRATIONS) integrations[secret] = null;
  const places = geography(rows);
  const file = {
    version: 1,
    merchant: {
      sub: m.sub,
      name: m.name,
      logo: m.logo,
      color: m.color,
      isActive: m.isActive,
      appId: m.appId,
      domainUrl: m.domainUrl,
      timezone: m.timezone,
      currency: m.currency,
      location: { latitude: m.latitude, longitude: m.longitude },
      integrations,
      fiscal: m.fiscal,
    },
    ...(rows.webSettings ? { webSettings: pick(webSettingsSchema, rows.webSettings) } : {}),
    policies: Object.fromEntries(rows.policies.map((p) => [p.type, p.text])),
    ...places.part,
    ...(rows.orderSettings ? { orderSettings: pick(orderSettingsSchema, rows.orderSettings) } : {}),
    paymentMethods: rows.paymentMethods.map(({ method: p, settings: s }) => ({
      type: p.type,
      name: p.name,
      icon: p.icon,
      title: p.title,
      iikoId: p.iikoId,
      priority: p.priority,
      isActive: s?.isActive ?? true,
      webEnabled: s?.webEnabled ?? false,
      botEnabled: s?.botEnabled ?? false,
      operatorEnabled: s?.operatorEnabled ?? false,
      appEnabled: s?.appEnabled ?? false,
      qrEnabled: s?.qrEnabled ?? false,
    })),
    serviceTypeChannels: rows.serviceTypeChannels.map((r) => ({
      serviceType: r.serviceType,
      webEnabled: r.webEnabled,
      botEnabled: r.botEnabled,
      operatorEnabled: r.operatorEnabled,
      appEnabled: r.appEnabled,
      qrEnabled: r.qrEnabled,
    })),
    menu: menu(rows, places.branchIds),
    ...content(rows, places),
  };
  // The rows' own types are wider than the format's (texts as records, enums as strings): the
  // format's check in exportBrand is what holds the file to it.
  return file as unknown as BrandFileInput;
}

/**
 * The brand as a brand file. The file is checked against the format before it is answered: a brand
 * whose rows the format cannot hold is a fault of ours, reported as one (never a broken download).
 */
export async function exportBrand(
  db: Db,
  merchantId: string,
  storage?: ObjectStorage,
): Promise<BrandFileInput> {
  const rows = await readBrandRows(db, merchantId);
  if (!rows) throw new AppError("NOT_FOUND");
  const built = buildFile(rows);
  // The uploaded pictures and clips it names travel with it (where the storage is at hand).
  const file = storage ? { ...built, media: await collectMedia(storage, built) } : built;
  const checked = parseBrandFile(file);
  if (!checked.success) {
    throw new Error(
      `the brand's export is not a valid brand file: ${checked.issues
        .slice(0, 5)
        .map((i) => `${i.path}: ${i.message}`)
        .join("; ")}`,
    );
  }
  return file;
}
