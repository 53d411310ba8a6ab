import { describe, expect, it } from "vitest";
import {
  basketKey,
  buildOverall,
  checkSelection,
  defaultSelection,
  firstScreenOf,
  FIRST_SCREEN_STRIP_PRODUCTS,
  foldText,
  menuTree,
  searchProducts,
  type MenuSource,
  type SourceProduct,
} from "./menu.ts";

const id = (n: number) => `0190c0de-0000-7000-8000-${String(n).padStart(12, "0")}`;
const BRANCH_A = id(901);
const BRANCH_B = id(902);

function product(n: number, over: Partial<SourceProduct> = {}): SourceProduct {
  return {
    id: id(n),
    categoryId: id(100),
    name: { eng: `Product ${n}`, ru: `Продукт ${n}` },
    description: null,
    image: null,
    gallery: [],
    labels: [],
    tags: [],
    calorie: null,
    timeCookingMin: null,
    timeCookingMax: null,
    costPrice: 1000,
    discount: 0,
    additionalPrice: 0,
    unit: "COUNT",
    type: "NONE",
    stock: null,
    priority: 0,
    deliveryEnabled: true,
    isCartRecommendation: false,
    modificationGroups: [],
    active: true,
    isAvailable: true,
    tgEnabled: true,
    webEnabled: true,
    branches: [],
    ...over,
  };
}

const category = (n: number, over: object = {}) => ({
  id: id(n),
  groupId: id(10),
  name: { eng: `Category ${n}` },
  image: null,
  priority: 0,
  textColor: null,
  viewType: "MEDIUM" as const,
  scrollType: "VERTICAL" as const,
  navigationType: "SHEET" as const,
  isWithoutCart: false,
  isActive: true,
  ...over,
});

const group = (n: number, over: object = {}) => ({
  id: id(n),
  name: { eng: `Group ${n}` },
  icon: null,
  image: null,
  bgColor: null,
  iconBgColor: null,
  priority: 0,
  isActive: true,
  ...over,
});

function source(): MenuSource {
  return {
    groups: [
      group(11, { priority: 2 }),
      group(10, { priority: 1 }),
      group(12, { priority: 3, isActive: false }),
    ],
    categories: [
      category(100, { priority: 5 }),
      category(101, { priority: 1, groupId: id(11) }),
      category(102, { priority: 0 }), // no products: hidden
      category(103, { groupId: id(12) }), // in a switched-off group: hidden
      category(104, { groupId: null, priority: 9 }),
    ],
    products: [
      product(1, { priority: 3, branches: [{ branchId: BRANCH_A, isActive: true }] }),
      product(2, {
        priority: 1,
        branches: [
          { branchId: BRANCH_A, isActive: false },
          { branchId: BRANCH_B, isActive: true },
        ],
      }),
      product(3, { priority: 2, categoryId: id(101), tgEnabled: false }),
      product(4, { categoryId: id(103) }),
      product(5, { active: false }),
      product(6, { categoryId: id(104), stock: 0 }),
      product(7, { priority: 2, webEnabled: false, isAvailable: false }),
    ],
  };
}

describe("the overall menu", () => {
  it("sorts by priority and keeps only categories with products and groups with categories", () => {
    const m = buildOverall(source(), { channel: "WEB" });
    expect(m.groups.map((g) => g.id)).toEqual([id(10), id(11)]);
    expect(m.categories.map((c) => c.id)).toEqual([id(101), id(100), id(104)]);
    expect(m.products.map((p) => p.id)).toEqual([id(3), id(2), id(1), id(6)]);
    expect(m.products.find((p) => p.id === id(6))?.isAvailable).toBe(false);
    expect(m.products[0]).not.toHaveProperty("tgEnabled");
    expect(m.products[0]).toMatchObject({ count: 1, amount: 1 });
  });

  it("serves each channel what is published to it", () => {
    const tg = buildOverall(source(), { channel: "TG" });
    expect(tg.products.map((p) => p.id)).toEqual([id(2), id(7), id(1), id(6)]);
    expect(tg.categories.map((c) => c.id)).toEqual([id(100), id(104)]);
    expect(tg.groups.map((g) => g.id)).toEqual([id(10)]);
    expect(tg.products.find((p) => p.id === id(7))?.isAvailable).toBe(false);
  });

  it("keeps only products with an active link to the nearest branch", () => {
    expect(buildOverall(source(), { channel: "WEB", branchId: BRANCH_A }).products.map((p) => p.id)).toEqual([
      id(1),
    ]);
    expect(buildOverall(source(), { channel: "WEB", branchId: BRANCH_B }).products.map((p) => p.id)).toEqual([
      id(2),
    ]);
    expect(buildOverall(source(), { channel: "WEB", branchId: id(999) })).toEqual({
      groups: [],
      categories: [],
      products: [],
    });
  });

  it("sorts modification groups and modifications by priority", () => {
    const base = source();
    const src: MenuSource = { ...base, products: [...base.products] };
    (src.products as SourceProduct[])[0] = product(1, {
      modificationGroups: [
        { id: id(51), name: {}, minSelect: 0, maxSelect: 1, priority: 2, modifications: [] },
        {
          id: id(50),
          name: {},
          minSelect: 1,
          maxSelect: 1,
          priority: 1,
          modifications: [
            { id: id(61), name: {}, image: null, price: 0, priority: 2 },
            { id: id(60), name: {}, image: null, price: 0, priority: 1 },
          ],
        },
      ],
    });
    const p = buildOverall(src, { channel: "WEB" }).products.find((x) => x.id === id(1));
    expect(p?.modificationGroups.map((g) => g.id)).toEqual([id(50), id(51)]);
    expect(p?.modificationGroups[0]?.modifications.map((m) => m.id)).toEqual([id(60), id(61)]);
  });

  it("applies the branch's stop-list: a stopped product unavailable there, a stopped option left out there", () => {
    const base = source();
    const src: MenuSource = {
      ...base,
      products: base.products.map((p) =>
        p.id === id(1)
          ? {
              ...p,
              modificationGroups: [
                {
                  id: id(50),
                  name: {},
                  minSelect: 2,
                  maxSelect: 2,
                  priority: 1,
                  modifications: [
                    { id: id(60), name: {}, image: null, price: 0, priority: 1 },
                    { id: id(61), name: {}, image: null, price: 0, priority: 2 },
                  ],
                },
              ],
            }
          : p,
      ),
      stops: [
        { branchId: BRANCH_A, productId: id(1), modificationId: null },
        { branchId: BRANCH_A, productId: null, modificationId: id(60) },
      ],
    };
    const atA = buildOverall(src, { channel: "WEB", branchId: BRANCH_A }).products.find(
      (p) => p.id === id(1),
    );
    expect(atA?.isAvailable).toBe(false);
    expect(atA?.modificationGroups[0]?.modifications.map((m) => m.id)).toEqual([id(61)]);
    expect(atA?.modificationGroups[0]?.minSelect).toBe(1);
    // The brand's menu (no branch yet) stops an item only where every selling branch stopped it.
    // Product 1 sells only at A, which stopped it: unavailable everywhere.
    const anywhere = buildOverall(src, { channel: "WEB" }).products.find((p) => p.id === id(1));
    expect(anywhere?.isAvailable).toBe(false);
    const everywhere = buildOverall(
      {
        ...src,
        products: src.products.map((p) =>
          p.id === id(1)
            ? {
                ...p,
                branches: [
                  { branchId: BRANCH_A, isActive: true },
                  { branchId: BRANCH_B, isActive: true },
                ],
              }
            : p,
        ),
      },
      { channel: "WEB" },
    ).products.find((p) => p.id === id(1));
    expect(everywhere?.isAvailable).toBe(true);
    expect(everywhere?.modificationGroups[0]?.modifications).toHaveLength(2);
    const stoppedBoth = buildOverall(
      {
        ...src,
        stops: [...(src.stops ?? []), { branchId: BRANCH_B, productId: id(1), modificationId: null }],
        products: src.products.map((p) =>
          p.id === id(1)
            ? {
                ...p,
                branches: [
                  { branchId: BRANCH_A, isActive: true },
                  { branchId: BRANCH_B, isActive: true },
                ],
              }
            : p,
        ),
      },
      { channel: "WEB" },
    ).products.find((p) => p.id === id(1));
    expect(stoppedBoth?.isAvailable).toBe(false);
  });

  it("arranges the menu as a tree for the client", () => {
    const tree = menuTree(buildOverall(source(), { channel: "WEB" }));
    expect(tree.groups.map((g) => g.categories.map((c) => c.id))).toEqual([[id(100)], [id(101)]]);
    expect(tree.categoryById.get(id(100))?.products.map((p) => p.id)).toEqual([id(2), id(1)]);
    expect(tree.productById.get(id(6))?.categoryId).toBe(id(104));
  });
});

describe("search", () => {
  const products = buildOverall(
    {
      ...source(),
      products: [
        product(1, {
          name: { eng: "Chicken lavash", ru: "Лаваш с курицей" },
          description: { eng: "with cheese" },
        }),
        product(2, { name: { eng: "Cheeseburger", ru: "Чизбургер" }, description: { ru: "Тёплый" } }),
        product(3, { name: { eng: "Cola" }, description: { eng: "Chilled, with ice" } }),
        product(4, { name: { uz: "Qo'y go‘shti" } }),
      ],
    },
    { channel: "WEB" },
  ).products;

  it("finds every word in the name or description, names first, in the current language", () => {
    expect(searchProducts(products, "cheese", "eng").map((p) => p.id)).toEqual([id(2), id(1)]);
    expect(searchProducts(products, "CHICKEN  lavash", "eng").map((p) => p.id)).toEqual([id(1)]);
    expect(searchProducts(products, "лаваш", "ru").map((p) => p.id)).toEqual([id(1)]);
    expect(searchProducts(products, "теплый", "ru").map((p) => p.id)).toEqual([id(2)]);
    expect(searchProducts(products, "go'sht", "uz").map((p) => p.id)).toEqual([id(4)]);
    expect(searchProducts(products, "pizza", "eng")).toEqual([]);
    expect(searchProducts(products, "   ", "eng")).toEqual([]);
  });

  it("folds case, accents and apostrophes", () => {
    expect(foldText("Crème BRÛLÉE")).toBe("creme brulee");
    expect(foldText("Ёлка")).toBe("елка");
    expect(foldText("o‘g’il")).toBe("o'g'il");
  });
});

describe("modification choices", () => {
  const p = {
    modificationGroups: [
      {
        id: "size",
        name: {},
        minSelect: 1,
        maxSelect: 1,
        priority: 0,
        modifications: [
          { id: "s", name: {}, image: null, price: 0, priority: 0 },
          { id: "l", name: {}, image: null, price: 5, priority: 1 },
        ],
      },
      {
        id: "extras",
        name: {},
        minSelect: 0,
        maxSelect: 2,
        priority: 1,
        modifications: ["a", "b", "c"].map((x) => ({ id: x, name: {}, image: null, price: 1, priority: 0 })),
      },
    ],
  };
  it("enforces the minimum and maximum of each group", () => {
    expect(checkSelection(p, [])).toEqual({ kind: "MIN", groupId: "size", min: 1 });
    expect(checkSelection(p, ["s"])).toBeNull();
    expect(checkSelection(p, ["s", "l"])).toEqual({ kind: "MAX", groupId: "size", max: 1 });
    expect(checkSelection(p, ["l", "a", "b"])).toBeNull();
    expect(checkSelection(p, ["l", "a", "b", "c"])).toEqual({ kind: "MAX", groupId: "extras", max: 2 });
    expect(checkSelection(p, ["s", "zzz"])).toEqual({ kind: "UNKNOWN", modificationId: "zzz" });
    expect(checkSelection(p, ["s", "s"])).toBeNull();
  });

  it("opens a product with the first option of each required single choice and nothing else", () => {
    const chosen = defaultSelection(p);
    expect(chosen).toEqual(["s"]);
    expect(checkSelection(p, chosen)).toBeNull();
    const optional = { modificationGroups: p.modificationGroups.map((g) => ({ ...g, minSelect: 0 })) };
    expect(defaultSelection(optional)).toEqual([]);
    const pickTwo = {
      modificationGroups: p.modificationGroups.map((g) => ({ ...g, minSelect: 2, maxSelect: 2 })),
    };
    expect(defaultSelection(pickTwo)).toEqual([]);
  });

  it("keys a basket line by product and choices in any order", () => {
    expect(basketKey("p", ["b", "a"])).toBe(basketKey("p", ["a", "b", "a"]));
    expect(basketKey("p", [])).toBe("p");
    expect(basketKey("p", ["a"])).not.toBe(basketKey("q", ["a"]));
  });
});

describe("the first screen of a menu carried by the app shell", () => {
  const overall = buildOverall(
    {
      groups: [group(10, { priority: 2 }), group(11, { priority: 1 })],
      categories: [
        category(100, { priority: 1 }),
        category(101, { priority: 2, groupId: id(11) }),
        category(102, { priority: 3, groupId: null }),
      ],
      products: [
        ...[1, 2, 3].map((n) => product(n)),
        ...[4, 5].map((n) => product(n, { categoryId: id(101) })),
        product(6, { categoryId: id(102) }),
      ],
    },
    { channel: "WEB" },
  );

  it("keeps every group and category and the first products in the order the page lists them", () => {
    // With groups shown, group 11 (priority 1) and its category 101 come first.
    const grouped = firstScreenOf(overall, true, 3);
    expect(grouped.complete).toBe(false);
    expect(grouped.overall.groups).toEqual(overall.groups);
    expect(grouped.overall.categories).toEqual(overall.categories);
    expect(grouped.overall.products.map((p) => p.id)).toEqual([id(1), id(4), id(5)]);
    // Without groups, the categories' own order: category 100 first.
    expect(firstScreenOf(overall, false, 3).overall.products.map((p) => p.id)).toEqual([id(1), id(2), id(3)]);
  });

  it("takes a few cards of a sideways strip and gives the rest of its budget to the categories below", () => {
    const strips = buildOverall(
      {
        groups: [],
        categories: [
          category(200, { priority: 1, groupId: null, scrollType: "HORIZONTAL" }),
          category(201, { priority: 2, groupId: null, scrollType: "HORIZONTAL" }),
        ],
        products: [
          ...Array.from({ length: 10 }, (_, i) => product(300 + i, { categoryId: id(200) })),
          ...Array.from({ length: 10 }, (_, i) => product(400 + i, { categoryId: id(201) })),
        ],
      },
      { channel: "WEB" },
    );
    const first = firstScreenOf(strips, false, 12).overall.products;
    expect(first.filter((p) => p.categoryId === id(200))).toHaveLength(FIRST_SCREEN_STRIP_PRODUCTS);
    expect(first.filter((p) => p.categoryId === id(201))).toHaveLength(12 - FIRST_SCREEN_STRIP_PRODUCTS);
  });

  it("is the whole menu when it is no longer than a first screen", () => {
    const all = firstScreenOf(overall, true, 6);
    expect(all).toEqual({ overall, complete: true });
  });
});
