// Relations for Drizzle's relational queries (db.query.x.findMany({ with: ... })). They add no
// constraints to the database; the foreign keys are declared on the tables.
import { relations } from "drizzle-orm";
import { favourites, grades } from "./content.ts";
import { branches, branchWorkHours, deliveryRegions } from "./geo.ts";
import {
  categories,
  menuGroups,
  modificationGroups,
  modifications,
  productBranches,
  products,
} from "./menu.ts";
import { cities, merchants, merchantWebSettings } from "./merchants.ts";
import { couriers, orderHistory, orderItems, orders } from "./orders.ts";
import { paymentMethods, paymentMethodSettings } from "./payments.ts";
import { addresses, users } from "./users.ts";

export const merchantsRelations = relations(merchants, ({ one, many }) => ({
  webSettings: one(merchantWebSettings),
  mainCity: one(cities, {
    fields: [merchants.mainCityId],
    references: [cities.id],
    relationName: "merchantMainCity",
  }),
  cities: many(cities, { relationName: "merchantCities" }),
}));

export const merchantWebSettingsRelations = relations(merchantWebSettings, ({ one }) => ({
  merchant: one(merchants, {
    fields: [merchantWebSettings.merchantId],
    references: [merchants.id],
  }),
}));

export const citiesRelations = relations(cities, ({ one, many }) => ({
  merchant: one(merchants, {
    fields: [cities.merchantId],
    references: [merchants.id],
    relationName: "merchantCities",
  }),
  branches: many(branches),
  deliveryRegions: many(deliveryRegions),
}));

export const branchesRelations = relations(branches, ({ one, many }) => ({
  city: one(cities, { fields: [branches.cityId], references: [cities.id] }),
  workHours: many(branchWorkHours),
  productBranches: many(productBranches),
}));

export const branchWorkHoursRelations = relations(branchWorkHours, ({ one }) => ({
  branch: one(branches, { fields: [branchWorkHours.branchId], references: [branches.id] }),
}));

export const deliveryRegionsRelations = relations(deliveryRegions, ({ one }) => ({
  city: one(cities, { fields: [deliveryRegions.cityId], references: [cities.id] }),
}));

export const menuGroupsRelations = relations(menuGroups, ({ many }) => ({
  categories: many(categories),
}));

export const categoriesRelations = relations(categories, ({ one, many }) => ({
  group: one(menuGroups, { fields: [categories.groupId], references: [menuGroups.id] }),
  products: many(products),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  modificationGroups: many(modificationGroups),
  productBranches: many(productBranches),
  favourites: many(favourites),
  grades: many(grades),
}));

export const modificationGroupsRelations = relations(modificationGroups, ({ one, many }) => ({
  product: one(products, { fields: [modificationGroups.productId], references: [products.id] }),
  modifications: many(modifications),
}));

export const modificationsRelations = relations(modifications, ({ one }) => ({
  group: one(modificationGroups, {
    fields: [modifications.groupId],
    references: [modificationGroups.id],
  }),
}));

export const productBranchesRelations = relations(productBranches, ({ one }) => ({
  product: one(products, { fields: [productBranches.productId], references: [products.id] }),
  branch: one(branches, { fields: [productBranches.branchId], references: [branches.id] }),
}));

export const favouritesRelations = relations(favourites, ({ one }) => ({
  product: one(products, { fields: [favourites.productId], references: [products.id] }),
}));

export const gradesRelations = relations(grades, ({ one }) => ({
  product: one(products, { fields: [grades.productId], references: [products.id] }),
}));

export const usersRelations = relations(users, ({ many }) => ({
  addresses: many(addresses),
}));

export const addressesRelations = relations(addresses, ({ one }) => ({
  user: one(users, { fields: [addresses.userId], references: [users.id] }),
  city: one(cities, { fields: [addresses.cityId], references: [cities.id] }),
}));

export const paymentMethodsRelations = relations(paymentMethods, ({ one }) => ({
  settings: one(paymentMethodSettings),
}));

export const paymentMethodSettingsRelations = relations(paymentMethodSettings, ({ one }) => ({
  paymentMethod: one(paymentMethods, {
    fields: [paymentMethodSettings.paymentMethodId],
    references: [paymentMethods.id],
  }),
}));

export const couriersRelations = relations(couriers, ({ one }) => ({
  user: one(users, { fields: [couriers.userId], references: [users.id] }),
  branch: one(branches, { fields: [couriers.branchId], references: [branches.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  items: many(orderItems),
  history: many(orderHistory),
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  branch: one(branches, { fields: [orders.branchId], references: [branches.id] }),
  courier: one(couriers, { fields: [orders.courierId], references: [couriers.id] }),
  deliveryTariff: one(deliveryRegions, {
    fields: [orders.deliveryTariffId],
    references: [deliveryRegions.id],
  }),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderItems.productId], references: [products.id] }),
}));

export const orderHistoryRelations = relations(orderHistory, ({ one }) => ({
  order: one(orders, { fields: [orderHistory.orderId], references: [orders.id] }),
}));
