import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { StaffSection } from "./types.ts";

/** The console's sections after the board, in the order the shell's navigation shows them. */
export const staffSections: StaffSection[] = [
  {
    id: "stop-list",
    title: msg`Stop-list`,
    shortcut: "s",
    component: lazy(() => import("./stop-list-section.tsx")),
  },
  {
    id: "today",
    title: msg`Today`,
    shortcut: "t",
    component: lazy(() => import("./today-section.tsx")),
  },
  {
    id: "waiter-calls",
    title: msg`Waiter calls`,
    dineIn: true,
    shortcut: "w",
    component: lazy(() => import("./waiter-calls-section.tsx")),
  },
  {
    id: "bookings",
    title: msg`Bookings`,
    dineIn: true,
    // R for reservations: B is the board's.
    shortcut: "r",
    component: lazy(() => import("./bookings-section.tsx")),
  },
  {
    id: "tables",
    title: msg`Tables`,
    dineIn: true,
    shortcut: "q",
    component: lazy(() => import("./tables-section.tsx")),
  },
  {
    id: "phone-order",
    title: msg`Phone order`,
    phoneOrders: true,
    // V for voice: O and P are taken.
    shortcut: "v",
    component: lazy(() => import("./phone-order-section.tsx")),
  },
  {
    id: "menu",
    title: msg`Menu`,
    manages: "menu",
    shortcut: "m",
    component: lazy(() => import("./menu-section.tsx")),
  },
  {
    id: "menu-builder",
    title: msg`Categories and dishes`,
    manages: "menu",
    shortcut: "c",
    component: lazy(() => import("./menu-builder-section.tsx")),
  },
  {
    id: "branches",
    title: msg`Branches`,
    manages: "branches",
    shortcut: "f",
    component: lazy(() => import("./branches-section.tsx")),
  },
  {
    id: "zones",
    title: msg`Delivery zones`,
    manages: "places",
    shortcut: "z",
    component: lazy(() => import("./zones-section.tsx")),
  },
  {
    id: "content",
    title: msg`Content`,
    manages: "content",
    shortcut: "p",
    component: lazy(() => import("./content-section.tsx")),
  },
  {
    id: "banners",
    title: msg`Banners`,
    manages: "banners",
    shortcut: "n",
    component: lazy(() => import("./banners-section.tsx")),
  },
  {
    id: "stories",
    title: msg`Stories`,
    manages: "banners",
    // O for the round previews: S is the stop-list's.
    shortcut: "o",
    component: lazy(() => import("./stories-section.tsx")),
  },
  {
    id: "news",
    title: msg`News`,
    manages: "content",
    // U for updates: N is the banners'.
    shortcut: "u",
    component: lazy(() => import("./news-section.tsx")),
  },
  {
    id: "audit",
    title: msg`Change log`,
    manages: "audit",
    shortcut: "l",
    component: lazy(() => import("./audit-section.tsx")),
  },
  {
    id: "staff",
    title: msg`Staff`,
    manages: "staff",
    // E for employees: S is the stop-list's.
    shortcut: "e",
    component: lazy(() => import("./staff-section.tsx")),
  },
  {
    id: "settings",
    title: msg`Brand settings`,
    manages: "settings",
    shortcut: "g",
    component: lazy(() => import("./settings-section.tsx")),
  },
  {
    id: "kitchen",
    title: msg`Kitchen (iiko)`,
    manages: "settings",
    // I for iiko: K is the promo codes'.
    shortcut: "i",
    component: lazy(() => import("./kitchen-section.tsx")),
  },
  {
    id: "yandex-delivery",
    title: msg`Yandex Delivery`,
    manages: "settings",
    // Y for Yandex.
    shortcut: "y",
    component: lazy(() => import("./delivery-section.tsx")),
  },
  {
    id: "fiscal",
    title: msg`Fiscal receipts`,
    manages: "settings",
    // X for tax: F is taken.
    shortcut: "x",
    component: lazy(() => import("./fiscal-section.tsx")),
  },
  {
    id: "order-rules",
    title: msg`Order rules`,
    manages: "settings",
    // D for delivery and its limits: O is the stories'.
    shortcut: "d",
    component: lazy(() => import("./order-rules-section.tsx")),
  },
  {
    id: "promos",
    title: msg`Promo codes`,
    manages: "promos",
    shortcut: "k",
    component: lazy(() => import("./promos-section.tsx")),
  },
  {
    id: "webhooks",
    title: msg`Webhooks`,
    manages: "webhooks",
    // H for hooks: W is the waiter calls'.
    shortcut: "h",
    component: lazy(() => import("./webhooks-section.tsx")),
  },
  {
    id: "reports",
    title: msg`Reports`,
    manages: "reports",
    // A for analytics: R is the bookings'.
    shortcut: "a",
    component: lazy(() => import("./reports-section.tsx")),
  },
];
