// "plov" (dark theme, pickup and dine-in, booking) and "closed" (an inactive merchant).
import type { Brand, Text } from "./common.ts";
import { TASHKENT, aroundTheClock, hours, paymentMethods, price } from "./common.ts";
import { BrandImages, faviconSvg, foodSvg, logoSvg, type Shape } from "./images.ts";

type Group = NonNullable<NonNullable<Brand["menu"]>["groups"]>[number];
type Category = NonNullable<Group["categories"]>[number];

/** [uz, ru, price] */
type Dish = [string, string, number];

interface PlovKind {
  key: string;
  name: Text;
  shape: Shape;
  portions: { key: string; uz: string; ru: string; factor: number }[];
  dishes: Dish[];
}

const ONE = [{ key: "one", uz: "", ru: "", factor: 1 }];

const PLOV_KINDS: PlovKind[] = [
  {
    key: "plov",
    name: { uz: "Osh", ru: "Плов" },
    shape: "plate",
    portions: [
      { key: "half", uz: "yarim porsiya", ru: "половина порции", factor: 0.6 },
      { key: "full", uz: "to'liq porsiya", ru: "полная порция", factor: 1 },
    ],
    dishes: [
      ["Toshkent oshi", "Ташкентский плов", 38_000],
      ["Samarqand oshi", "Самаркандский плов", 40_000],
      ["To'y oshi", "Свадебный плов", 42_000],
      ["Choyxona oshi", "Чайханский плов", 39_000],
      ["Buxoro oshi", "Бухарский плов", 41_000],
      ["Farg'ona oshi", "Ферганский плов", 37_000],
      ["Qazili osh", "Плов с казы", 52_000],
      ["Bedana tuxumli osh", "Плов с перепелиными яйцами", 45_000],
    ],
  },
  {
    key: "soups",
    name: { uz: "Sho'rvalar", ru: "Супы" },
    shape: "bowl",
    portions: ONE,
    dishes: [
      ["Sho'rva", "Шурпа", 30_000],
      ["Mastava", "Мастава", 26_000],
      ["Lag'mon", "Лагман", 32_000],
      ["Mosh xo'rda", "Мошхурда", 24_000],
      ["Chuchvara", "Чучвара", 28_000],
      ["Norin sho'rva", "Суп нарын", 27_000],
    ],
  },
  {
    key: "salads",
    name: { uz: "Salatlar", ru: "Салаты" },
    shape: "bowl",
    portions: ONE,
    dishes: [
      ["Achchiq-chuchuk", "Ачичук", 12_000],
      ["Toshkent salati", "Салат Ташкент", 26_000],
      ["Suzma bilan salat", "Салат с сузьмой", 18_000],
      ["Turp salati", "Салат из редьки", 14_000],
      ["Baqlajon salati", "Салат из баклажанов", 20_000],
      ["Ko'k salat", "Зелёный салат", 15_000],
    ],
  },
  {
    key: "samsa",
    name: { uz: "Somsa va non", ru: "Самса и лепёшки" },
    shape: "pastry",
    portions: ONE,
    dishes: [
      ["Tandir somsa", "Самса из тандыра", 9_000],
      ["Qovoqli somsa", "Самса с тыквой", 7_000],
      ["Ko'katli somsa", "Самса с зеленью", 7_000],
      ["Patir non", "Патыр", 8_000],
      ["Obi non", "Лепёшка", 5_000],
      ["Go'shtli somsa", "Самса с мясом", 10_000],
    ],
  },
  {
    key: "drinks",
    name: { uz: "Ichimliklar", ru: "Напитки" },
    shape: "cup",
    portions: ONE,
    dishes: [
      ["Ko'k choy", "Зелёный чай", 5_000],
      ["Qora choy", "Чёрный чай", 5_000],
      ["Limonli choy", "Чай с лимоном", 8_000],
      ["Kompot", "Компот", 7_000],
      ["Ayron", "Айран", 7_000],
      ["Mineral suv", "Минеральная вода", 6_000],
    ],
  },
];

const PLOV_COLOR = "#8D5524";

function plovMenu(images: BrandImages): Group[] {
  const categories: Category[] = PLOV_KINDS.map((kind, ci) => {
    const image = images.add(kind.key, foodSvg(kind.shape, "#3E2723", "#D7A86E", kind.name.uz ?? kind.key));
    return {
      key: kind.key,
      name: kind.name,
      image,
      priority: ci + 1,
      viewType: "BIG",
      products: kind.dishes.flatMap(([uz, ru, base], di) =>
        kind.portions.map((p, pi) => ({
          key: `${kind.key}-${di + 1}-${p.key}`,
          name: p.uz ? { uz: `${uz}, ${p.uz}`, ru: `${ru}, ${p.ru}` } : { uz, ru },
          description: {
            uz: `${uz} — an'anaviy retsept bo'yicha tayyorlanadi.`,
            ru: `${ru} — готовим по традиционному рецепту.`,
          },
          image,
          costPrice: price(base * p.factor),
          discount: di === 2 && pi === 0 ? 10 : 0,
          isCartRecommendation: kind.key === "samsa" && di < 2,
          priority: di * 10 + pi,
        })),
      ),
    };
  });
  return [{ key: "menu", name: { uz: "Menyu", ru: "Меню" }, priority: 1, categories }];
}

/** A demo table: its QR code is `code` (fixed, so printed demo codes keep working after a re-import). */
function table(name: string, code: string, seats: number) {
  return { key: name.toLowerCase(), name, code: `plov-${code}`, seats };
}

export function plov(): { file: Brand; images: BrandImages } {
  const images = new BrandImages("plov");
  const logo = images.add("logo", logoSvg("OM", PLOV_COLOR, "#FFF3E0", "Plov Centre"));
  const favicon = images.add("favicon", faviconSvg("O", PLOV_COLOR, "#FFF3E0"));
  const branchSettings = { pickupEnabled: true, dineInEnabled: true, bookingEnabled: true };
  const file: Brand = {
    version: 1,
    merchant: {
      sub: "plov",
      name: { uz: "Osh Markazi", ru: "Плов Центр" },
      logo,
      color: PLOV_COLOR,
      integrations: {
        telegramBotToken: "7000000002:DEMO_plov_bot_token_for_local_testing_only",
        telegramBotUsername: "savat_plov_demo_bot",
        paymeMerchantId: "000000000000000000000002",
        paymeKey: "DEMO-plov-payme-test-key-for-local-testing-only",
        // Click's SHOP-API: the demo's fake Click pay page signs its calls with this secret key.
        clickServiceId: "10002",
        clickMerchantId: "20002",
        clickSecretKey: "DEMO-plov-click-secret-key-for-local-testing-only",
        // Click's Merchant API (payment reversals when an order is cancelled): the Auth header's user.
        clickMerchantUserId: "30002",
      },
    },
    webSettings: {
      logo,
      favicon,
      brand: "Plov Centre",
      title: "Osh Markazi",
      mainColor: PLOV_COLOR,
      mainColorType: "DARK",
      isDark: true,
      mainLanguage: "ru",
      uzLangActive: true,
      ruLangActive: true,
      deliveryActive: false,
      pickupActive: true,
      dineInActive: true,
      bookingActive: true,
      branchesActive: true,
      favouriteActive: true,
      cartPageActive: true,
      aboutMerchantActive: true,
      privacyActive: true,
      termsOfUseActive: true,
      cashActive: true,
      terminalActive: true,
      // Customers may pay online with Click (the demo's fake pay page, CLICK_CHECKOUT_URL).
      clickActive: true,
      phone: "+998712000101",
      phoneActive: true,
      telegramBotActive: true,
      telegramBotLink: "https://t.me/savat_plov_demo_bot",
      isCategoryImageVisible: true,
    },
    policies: {
      TERMS: {
        uz: "Stol band qilish 15 daqiqa saqlanadi. Bu demo do'kon.",
        ru: "Бронь стола сохраняется 15 минут. Это демонстрационный магазин.",
      },
      ABOUT_COMPANY: {
        uz: "Osh Markazi — 1998 yildan beri osh tayyorlaydigan to'qima choyxona.",
        ru: "Плов Центр — вымышленная чайхана, где готовят плов с 1998 года.",
      },
      PRIVACY_POLICY: {
        uz: "Telefon raqamingiz faqat buyurtma va band qilish uchun ishlatiladi.",
        ru: "Ваш телефон используется только для заказов и бронирования.",
      },
    },
    cities: [{ key: "tashkent", name: { uz: "Toshkent", ru: "Ташкент" }, ...TASHKENT, isMain: true }],
    branches: [
      {
        key: "beshyogoch",
        cityKey: "tashkent",
        name: { uz: "Beshyog'och", ru: "Бешагач" },
        address: { uz: "Furqat ko'chasi, 1", ru: "ул. Фурката, 1" },
        phone: "+998712000101",
        bookingPhone: "+998712000102",
        latitude: 41.292142,
        longitude: 69.254731,
        isMain: true,
        // Open around the clock, so paying a pickup order with Click never depends on the hour.
        open: "00:00",
        close: "23:59",
        settings: branchSettings,
        workHours: aroundTheClock(["PICK_UP", "DINE_IN"]),
        halls: [
          {
            key: "main",
            name: { uz: "Asosiy zal", ru: "Основной зал", eng: "Main hall" },
            tables: [
              table("1", "Kq7mT2", 4),
              table("2", "Rz4pW9", 4),
              table("3", "Hd8sN3", 2),
              table("4", "Vb2xL6", 2),
              table("5", "Mf6cJ8", 6),
              table("6", "Tg3yQ5", 6),
              table("7", "Wn9eP4", 4),
              table("8", "Ys5uD7", 8),
            ],
          },
          {
            key: "terrace",
            name: { uz: "Ayvon", ru: "Терраса", eng: "Terrace" },
            tables: [table("T1", "Ja4rF2", 4), table("T2", "Lc7vB9", 4), table("T3", "Px2kG6", 2)],
          },
        ],
      },
      {
        key: "yunusabad",
        cityKey: "tashkent",
        name: { uz: "Yunusobod", ru: "Юнусабад" },
        address: { uz: "Bog'ishamol ko'chasi, 21", ru: "ул. Богишамол, 21" },
        phone: "+998712000103",
        latitude: 41.364512,
        longitude: 69.291402,
        open: "09:00",
        close: "21:00",
        settings: branchSettings,
        workHours: [
          hours("PICK_UP", "09:00", "21:00", ["MONDAY"]),
          hours("DINE_IN", "09:00", "21:00", ["MONDAY"]),
        ],
        halls: [
          {
            key: "main",
            name: { uz: "Zal", ru: "Зал", eng: "Hall" },
            tables: [table("1", "Ue8hZ3", 4), table("2", "Ni5wS7", 4), table("3", "Co3tA8", 6)],
          },
        ],
      },
    ],
    // At a table (its QR code) guests pay the waiter: cash or card through the terminal.
    paymentMethods: [
      ...paymentMethods(["CASH", "TERMINAL", "CLICK"]).map((m) => ({
        ...m,
        qrEnabled: m.type !== "CLICK",
      })),
      // The brand's other way to pay on receipt (OTHER), named by its title: at the counter, not at a table.
      {
        type: "OTHER" as const,
        name: "Card transfer",
        title: {
          uz: "Kartaga o'tkazma (olayotganda)",
          ru: "Перевод на карту при получении",
          eng: "Card transfer on pickup",
        },
        priority: 3,
        webEnabled: true,
        botEnabled: true,
        appEnabled: false,
        operatorEnabled: true,
      },
    ],
    menu: { groups: plovMenu(images) },
    vacancies: [
      {
        key: "oshpaz",
        position: { uz: "Oshpaz", ru: "Повар-ошпаз" },
        responsible: "Rustam",
        phone: "+998712000104",
        salary: 8_000_000,
      },
    ],
    brands: [
      {
        key: "lavash",
        sub: "lavash",
        name: { uz: "Lavash Ekspress", ru: "Лаваш Экспресс" },
        image: "/demo/lavash/logo.svg",
        priority: 1,
      },
      { key: "plov", sub: "plov", name: { uz: "Osh Markazi", ru: "Плов Центр" }, image: logo, priority: 2 },
    ],
  };
  return { file, images };
}

export function closed(): { file: Brand; images: BrandImages } {
  const images = new BrandImages("closed");
  const logo = images.add("logo", logoSvg("SB", "#9E9E9E", "#FFFFFF", "Somsa Bazaar"));
  const favicon = images.add("favicon", faviconSvg("S", "#9E9E9E", "#FFFFFF"));
  const image = images.add("samsa", foodSvg("pastry", "#EEEEEE", "#BF8040", "Somsa"));
  const dishes: [string, string, string, number][] = [
    ["Go'shtli somsa", "Самса с мясом", "Meat samsa", 9_000],
    ["Tovuqli somsa", "Самса с курицей", "Chicken samsa", 8_000],
    ["Qovoqli somsa", "Самса с тыквой", "Pumpkin samsa", 7_000],
    ["Ko'k choy", "Зелёный чай", "Green tea", 5_000],
    ["Ayron", "Айран", "Ayran", 6_000],
  ];
  const file: Brand = {
    version: 1,
    merchant: {
      sub: "closed",
      name: { uz: "Somsa Bozori", ru: "Самса Базар", eng: "Somsa Bazaar" },
      logo,
      isActive: false,
    },
    webSettings: {
      logo,
      favicon,
      title: "Somsa Bazaar",
      mainColor: "#9E9E9E",
      uzLangActive: true,
      ruLangActive: true,
      engLangActive: true,
      pickupActive: true,
      cashActive: true,
    },
    cities: [
      {
        key: "tashkent",
        name: { uz: "Toshkent", ru: "Ташкент", eng: "Tashkent" },
        ...TASHKENT,
        isMain: true,
      },
    ],
    branches: [
      {
        key: "chorsu",
        cityKey: "tashkent",
        name: { uz: "Chorsu", ru: "Чорсу", eng: "Chorsu" },
        latitude: 41.326521,
        longitude: 69.235412,
        isActive: false,
        settings: { pickupEnabled: true },
        workHours: [hours("PICK_UP", "09:00", "18:00")],
      },
    ],
    paymentMethods: paymentMethods(["CASH"]),
    menu: {
      groups: [
        {
          key: "menu",
          name: { uz: "Menyu", ru: "Меню", eng: "Menu" },
          categories: [
            {
              key: "samsa",
              name: { uz: "Somsa", ru: "Самса", eng: "Samsa" },
              image,
              products: dishes.map(([uz, ru, eng, cost], i) => ({
                key: `dish-${i + 1}`,
                name: { uz, ru, eng },
                image,
                costPrice: cost,
                priority: i,
              })),
            },
          ],
        },
      ],
    },
  };
  return { file, images };
}
